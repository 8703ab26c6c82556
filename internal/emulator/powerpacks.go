package emulator

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules/numregion"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/powerpackrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Powerpacks: named sending profiles, each with one number pool that has
// a UUID of its own. Messages sent with powerpack_uuid take their source
// from the pool (poolSenders; the rules are powerpackrules.Choose). Where
// the published API is silent this emulator chooses, as a user would
// expect:
//   - every route takes each client library's path: one trailing slash,
//     two ("Powerpack//", Go) or none; "&service=..." in the path (Node,
//     without "?") is query, as on every route (queryInPath);
//   - "" and [] in a body are unset; sticky_sender, local_connect, rent and
//     unrent are JSON booleans or the strings "true"/"false";
//   - a name is unique among the account's powerpacks (create and update
//     refuse a taken one, naming the powerpack that has it);
//   - a non-empty number_priority on an update replaces the whole list;
//     application_id "none" detaches the application;
//   - a number joins a pool only when the account owns it (or rent buys it)
//     and it sends SMS; a long code through Number/, a toll-free number
//     through Tollfree/, each refused on the other route; a number is in
//     one pool at a time; adding it again to its own pool changes its
//     service;
//   - short codes join a pool outside the API (the control API's
//     POST /_emulator/accounts/{auth_id}/powerpacks/{uuid}/shortcodes, as
//     the console does): one US and one Canadian per powerpack, each in one
//     powerpack;
//   - a number the account no longer owns leaves every pool;
//   - deleting a powerpack releases its numbers only with unrent_numbers
//     true, removing a member only with unrent true (short codes never).

type powerpack struct {
	Seq          uint64
	UUID         string
	PoolUUID     string
	Name         string
	StickySender bool
	LocalConnect bool
	AppType      string // lower case; "" for none
	AppID        string
	Priorities   []wire.NumberPriority
	CreatedAt    time.Time
	Members      map[string]*poolMember
	Shortcodes   map[string]*poolShortcode
	// Sticky maps a destination to the number that sent to it last.
	Sticky map[string]string
}

type poolMember struct {
	Seq     uint64
	Number  string
	Service string
	AddedAt time.Time
}

type poolShortcode struct {
	Seq        uint64
	Shortcode  string
	CountryISO string
	AddedAt    time.Time
}

// powerpackAccounts is the area's state: each account's powerpacks.
var powerpackAccounts = objectsState[*powerpack]("powerpacks")

func (a *account) powerpacks() map[string]*powerpack { return *stateOf[map[string]*powerpack](a) }

func (s *Server) powerpackRoutes() []route {
	return []route{
		r(http.MethodPost, "Powerpack", s.createPowerpack),
		r(http.MethodGet, "Powerpack", s.listPowerpacks),
		r(http.MethodGet, "Powerpack/{id}", s.getPowerpack),
		r(http.MethodPost, "Powerpack/{id}", s.updatePowerpack),
		r(http.MethodDelete, "Powerpack/{id}", s.deletePowerpack),
		r(http.MethodGet, "NumberPool/{id}/Number", s.listPoolNumbers(false)),
		r(http.MethodGet, "NumberPool/{id}/Number/{number}", s.getPoolNumber(false)),
		r(http.MethodPost, "NumberPool/{id}/Number/{number}", s.addPoolNumber(false)),
		r(http.MethodDelete, "NumberPool/{id}/Number/{number}", s.removePoolNumber(false)),
		r(http.MethodGet, "NumberPool/{id}/Tollfree", s.listPoolNumbers(true)),
		r(http.MethodGet, "NumberPool/{id}/Tollfree/{number}", s.getPoolNumber(true)),
		r(http.MethodPost, "NumberPool/{id}/Tollfree/{number}", s.addPoolNumber(true)),
		r(http.MethodDelete, "NumberPool/{id}/Tollfree/{number}", s.removePoolNumber(true)),
		r(http.MethodGet, "NumberPool/{id}/Shortcode", s.listPoolShortcodes),
		r(http.MethodGet, "NumberPool/{id}/Shortcode/{number}", s.getPoolShortcode),
		r(http.MethodDelete, "NumberPool/{id}/Shortcode/{number}", s.removePoolShortcode),
	}
}

// pathParam is a path parameter cut at "&": Node appends "&service=..."
// to some paths without a "?".
func (c *call) pathParam(name string) string {
	v, _, _ := strings.Cut(c.param(name), "&")
	return v
}

// asUpdate is a create's body as an update's: what it sets (the rules
// and apply take "" as unset).
func asUpdate(in *wire.PowerpackCreate) *wire.PowerpackUpdate {
	return &wire.PowerpackUpdate{Name: &in.Name, StickySender: in.StickySender, LocalConnect: in.LocalConnect,
		ApplicationType: &in.ApplicationType, ApplicationID: &in.ApplicationID, NumberPriority: in.NumberPriority}
}

// priorities converts number_priority for powerpackrules.
func priorities(in []wire.NumberPriority) []powerpackrules.Priority {
	out := make([]powerpackrules.Priority, len(in))
	for i, p := range in {
		out[i] = powerpackrules.Priority{CountryISO: p.CountryISO, ServiceType: p.ServiceType,
			Order: [3]string{p.Priority.Priority1, p.Priority.Priority2, p.Priority.Priority3}}
	}
	return out
}

// check applies the rules to what the body sets (a create's missing name
// is refused before, in the service's words).
func checkPowerpack(b *wire.PowerpackUpdate, create bool) error {
	if b.Name != nil && (create || *b.Name != "") {
		if err := powerpackrules.CheckName("name", *b.Name); err != nil {
			return err
		}
	}
	if err := powerpackrules.CheckApplication(wire.Deref(b.ApplicationType), wire.Deref(b.ApplicationID)); err != nil {
		return err
	}
	return powerpackrules.CheckPriorities("number_priority", priorities(b.NumberPriority))
}

// nameTaken returns the powerpack of acct named name other than except,
// or nil. Callers hold s.mu.
func nameTaken(acct *account, name, except string) *powerpack {
	for _, p := range acct.powerpacks() {
		if p.Name == name && p.UUID != except {
			return p
		}
	}
	return nil
}

func (s *Server) createPowerpack(c *call) {
	var in wire.PowerpackCreate
	if !c.decode(&in) {
		return
	}
	if in.Name == "" {
		c.badRequest("Mandatory parameter missing. name must be present.")
		return
	}
	if err := checkPowerpack(asUpdate(&in), true); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	if other := nameTaken(c.acct, in.Name, ""); other != nil {
		s.mu.Unlock()
		c.badRequest("name %q is invalid: powerpack %s already has it; a name is unique among the account's powerpacks", in.Name, other.UUID)
		return
	}
	p := &powerpack{
		Seq: s.nextSeq(), UUID: s.newUUID(), PoolUUID: s.newUUID(), Name: in.Name, StickySender: true, LocalConnect: true,
		CreatedAt: s.clock.Now().UTC().Truncate(time.Microsecond), Members: map[string]*poolMember{}, Shortcodes: map[string]*poolShortcode{},
		Sticky: map[string]string{},
	}
	p.apply(asUpdate(&in))
	c.acct.powerpacks()[p.UUID] = p
	v := viewPowerpack(c.acct, p)
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.PowerpackReply{APIID: newAPIID(), Powerpack: v})
}

// apply copies what in sets into p.
func (p *powerpack) apply(in *wire.PowerpackUpdate) {
	if wire.Deref(in.Name) != "" {
		p.Name = *in.Name
	}
	if in.StickySender.Set {
		p.StickySender = in.StickySender.Value
	}
	if in.LocalConnect.Set {
		p.LocalConnect = in.LocalConnect.Value
	}
	switch id := wire.Deref(in.ApplicationID); id {
	case "":
	case powerpackrules.NoApplication:
		p.AppID, p.AppType = "", ""
	default:
		p.AppID, p.AppType = id, strings.ToLower(wire.Deref(in.ApplicationType))
	}
	if len(in.NumberPriority) > 0 {
		p.Priorities = slices.Clone(in.NumberPriority)
	}
}

func viewPowerpack(acct *account, p *powerpack) wire.Powerpack {
	prio := p.Priorities
	if prio == nil {
		prio = []wire.NumberPriority{}
	}
	return wire.Powerpack{
		ApplicationID: p.AppID, ApplicationType: powerpackrules.ReplyApplicationType(p.AppType),
		CreatedOn: p.CreatedAt.Format(time.RFC3339Nano), LocalConnect: p.LocalConnect, Name: p.Name,
		NumberPool: powerpackrules.PoolPath(acct.ID, p.PoolUUID), NumberPriority: prio, StickySender: p.StickySender, UUID: p.UUID,
	}
}

func (s *Server) getPowerpack(c *call) {
	v, ok := viewOf(c, c.acct.powerpacks(), "powerpack", c.pathParam("id"), func(p *powerpack) wire.Powerpack { return viewPowerpack(c.acct, p) })
	if ok {
		c.reply(http.StatusOK, wire.PowerpackReply{APIID: newAPIID(), Powerpack: v})
	}
}

// listPowerpacks lists the account's powerpacks, oldest first. Go sends a
// service parameter no documentation lists; it is ignored.
func (s *Server) listPowerpacks(c *call) {
	meta, objects, ok := pageOf(c, powerpackrules.ListMaxLimit, c.acct.powerpacks(), func(p *powerpack) uint64 { return p.Seq }, nil,
		func(p *powerpack) wire.Powerpack { return viewPowerpack(c.acct, p) })
	if ok {
		c.reply(http.StatusOK, wire.PowerpackList{APIID: newAPIID(), Meta: meta, Objects: objects})
	}
}

func (s *Server) updatePowerpack(c *call) {
	var in wire.PowerpackUpdate
	if !c.decode(&in) {
		return
	}
	if err := checkPowerpack(&in, false); err != nil {
		c.badRequest("%v", err)
		return
	}
	id := c.pathParam("id")
	s.mu.Lock()
	p := c.acct.powerpacks()[id]
	var other *powerpack
	if p != nil && wire.Deref(in.Name) != "" {
		other = nameTaken(c.acct, *in.Name, id)
	}
	var v wire.Powerpack
	if p != nil && other == nil {
		p.apply(&in)
		v = viewPowerpack(c.acct, p)
	}
	s.mu.Unlock()
	switch {
	case p == nil:
		c.notFound("powerpack", id)
	case other != nil:
		c.badRequest("name %q is invalid: powerpack %s already has it; a name is unique among the account's powerpacks", *in.Name, other.UUID)
	default:
		c.reply(http.StatusOK, wire.PowerpackReply{APIID: newAPIID(), Powerpack: v})
	}
}

func (s *Server) deletePowerpack(c *call) {
	var in wire.PowerpackDelete
	if !c.decode(&in) {
		return
	}
	id := c.pathParam("id")
	s.mu.Lock()
	p := c.acct.powerpacks()[id]
	if p != nil {
		if in.UnrentNumbers.Value {
			for n := range p.Members {
				s.releaseOwnedNumber(c.acct, n)
			}
		}
		delete(c.acct.powerpacks(), id)
	}
	s.mu.Unlock()
	if p == nil {
		c.notFound("powerpack", id)
		return
	}
	c.reply(http.StatusOK, wire.SuccessReply{APIID: newAPIID(), Response: "success"})
}

// releaseOwnedNumber gives a number of acct up, as DELETE Number/{number}/
// does. Callers hold s.mu.
func (s *Server) releaseOwnedNumber(acct *account, number string) {
	if _, ok := acct.numbers()[number]; ok {
		delete(acct.numbers(), number)
		s.inventory.Return(number)
	}
}

// poolOf finds the powerpack whose pool is c's {pool}, or writes the 404.
// It drops the members the account no longer owns. Callers hold s.mu.
func poolOf(c *call) *powerpack {
	id := c.pathParam("id")
	for _, p := range c.acct.powerpacks() {
		if p.PoolUUID == id {
			for n := range p.Members {
				if _, owned := c.acct.numbers()[n]; !owned {
					delete(p.Members, n)
				}
			}
			return p
		}
	}
	c.notFound("number pool", id)
	return nil
}

// memberType is a member's type as the pool reports it: tollfree, or the
// number's own (fixed, mobile).
func memberType(o *ownedNumber) string {
	if isTollfree(o) {
		return "tollfree"
	}
	return o.Type
}

// viewPoolNumber is m as the pool's replies show it: both keys for a
// toll-free member, or with Options.TollfreeMembersUnderTollfreeKey only
// the Python recording's keys.
func (s *Server) viewPoolNumber(acct *account, p *powerpack, m *poolMember) wire.PoolNumber {
	o := acct.numbers()[m.Number]
	v := wire.PoolNumber{
		AccountPhoneNumberResource: resourceURI(acct, "Number", m.Number), AddedOn: m.AddedAt.Format(time.RFC3339Nano),
		CountryISO2: o.CountryISO, Number: m.Number, NumberPoolUUID: p.PoolUUID, Service: m.Service, Type: memberType(o),
	}
	if isTollfree(o) {
		v.Tollfree = m.Number
		if s.tollfreeKeyOnly.Load() {
			v.Number, v.Type, v.Service, v.AccountPhoneNumberResource = "", "", "", ""
		}
	}
	return v
}

// poolPage is pageOf with the pool lists' meta ("" for no link).
func poolPage[T, V any](c *call, objects map[string]T, seq func(T) uint64, keep func(T) bool, view func(T) V) (wire.PoolMeta, []V, bool) {
	meta, objs, ok := pageOf(c, powerpackrules.ListMaxLimit, objects, seq, keep, view)
	return wire.PoolMeta{Limit: meta.Limit, Next: wire.Deref(meta.Next), Offset: meta.Offset, Previous: wire.Deref(meta.Previous), TotalCount: meta.TotalCount}, objs, ok
}

// listPoolNumbers lists the long codes (tollfree false: with the filters
// starts_with, country_iso2, type and service) or the toll-free numbers
// of a pool, oldest first.
func (s *Server) listPoolNumbers(tollfree bool) func(*call) {
	return func(c *call) {
		q := c.req.URL.Query()
		startsWith, country, typ, service := q.Get("starts_with"), q.Get("country_iso2"), q.Get("type"), q.Get("service")
		if err := powerpackrules.CheckStartsWith(startsWith, country); err != nil {
			c.badRequest("%v", err)
			return
		}
		if typ != "" {
			if err := powerpackrules.CheckMemberType("type", typ); err != nil {
				c.badRequest("%v", err)
				return
			}
		}
		if service != "" {
			if err := powerpackrules.CheckService("service", service); err != nil {
				c.badRequest("%v", err)
				return
			}
		}
		s.mu.Lock()
		p := poolOf(c)
		s.mu.Unlock()
		if p == nil {
			return
		}
		keep := func(m *poolMember) bool {
			o := c.acct.numbers()[m.Number]
			if o == nil || isTollfree(o) != tollfree {
				return false
			}
			mt := memberType(o)
			if typ != "" && !(typ == mt || (typ == "toll-free" && mt == "tollfree")) || service != "" && m.Service != service ||
				country != "" && o.CountryISO != country {
				return false
			}
			if startsWith == "" {
				return true
			}
			national := strings.TrimPrefix(m.Number, "1")
			for _, pre := range strings.Split(startsWith, ",") {
				if strings.HasPrefix(national, pre) {
					return true
				}
			}
			return false
		}
		meta, objects, ok := poolPage(c, p.Members, func(m *poolMember) uint64 { return m.Seq }, keep,
			func(m *poolMember) wire.PoolNumber { return s.viewPoolNumber(c.acct, p, m) })
		if ok {
			c.reply(http.StatusOK, wire.PoolNumberList{APIID: newAPIID(), Meta: meta, Objects: objects})
		}
	}
}

// poolMemberOf finds the member {number} of the pool on the route's
// kind, or writes the 404. Callers hold s.mu.
func poolMemberOf(c *call, p *powerpack, tollfree bool) *poolMember {
	n := c.pathParam("number")
	m := p.Members[n]
	if m == nil || isTollfree(c.acct.numbers()[n]) != tollfree {
		what := "number"
		if tollfree {
			what = "toll-free number"
		}
		c.notFound(what+" of pool "+p.PoolUUID, n)
		return nil
	}
	return m
}

func (s *Server) getPoolNumber(tollfree bool) func(*call) {
	return func(c *call) {
		s.mu.Lock()
		var v wire.PoolNumber
		p := poolOf(c)
		var m *poolMember
		if p != nil {
			if m = poolMemberOf(c, p, tollfree); m != nil {
				v = s.viewPoolNumber(c.acct, p, m)
			}
		}
		s.mu.Unlock()
		if m != nil {
			c.reply(http.StatusOK, wire.PoolNumberReply{APIID: newAPIID(), PoolNumber: v})
		}
	}
}

// addPoolNumber adds a number the account owns to the pool (rent true
// buys it first); tollfree is the Tollfree/ route.
func (s *Server) addPoolNumber(tollfree bool) func(*call) {
	return func(c *call) {
		var in wire.PoolNumberAdd
		if !c.decode(&in) {
			return
		}
		service := in.Service
		if service == "" {
			service = powerpackrules.ServiceSMS
		}
		if err := powerpackrules.CheckService("service", service); err != nil {
			c.badRequest("%v", err)
			return
		}
		n := c.pathParam("number")
		if err := powerpackrules.CheckNumber("number", n); err != nil {
			c.badRequest("%v", err)
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		p := poolOf(c)
		if p == nil {
			return
		}
		o, owned := c.acct.numbers()[n]
		if !owned && in.Rent.Value {
			// Judged before buying: a refused add buys nothing.
			if pn, ok := s.inventory.Get(n); ok {
				switch isTF := isTollfree(&ownedNumber{PhoneNumber: pn}); {
				case isTF != tollfree:
					c.badRequest("number %s is %s, so it cannot join the pool through this route and rent does not buy it",
						n, map[bool]string{true: "a toll-free number", false: "not a toll-free number"}[isTF])
					return
				case !pn.SMSEnabled:
					c.badRequest("number %s does not send SMS, so it cannot join a pool and rent does not buy it", n)
					return
				}
			}
			pn, err := s.inventory.Take(n)
			if err != nil {
				c.fail(http.StatusNotFound, "number "+n+" is not available for purchase, so rent cannot add it to the pool")
				return
			}
			o = &ownedNumber{PhoneNumber: pn, AddedAt: s.clock.Now()}
			c.acct.numbers()[n] = o
			owned = true
		}
		other := numberrules.PoolRoute(!tollfree)
		switch {
		case !owned:
			c.badRequest("number %s is not a number of this account: buy it first (POST PhoneNumber/%s/), or send rent true", n, n)
			return
		case isTollfree(o) != tollfree:
			c.badRequest("number %s is %s: add it through NumberPool/%s/%s/%s/", n, map[bool]string{true: "a toll-free number", false: "not a toll-free number"}[isTollfree(o)],
				p.PoolUUID, other, n)
			return
		case !o.SMSEnabled:
			c.badRequest("number %s does not send SMS, so it cannot join a pool", n)
			return
		}
		for _, q := range c.acct.powerpacks() {
			if _, in := q.Members[n]; in && q != p {
				c.badRequest("number %s is already in the pool of powerpack %s (%q): remove it there first", n, q.UUID, q.Name)
				return
			}
		}
		m := p.Members[n]
		if m == nil {
			m = &poolMember{Seq: s.nextSeq(), Number: n, AddedAt: s.clock.Now().UTC().Truncate(time.Microsecond)}
			p.Members[n] = m
		}
		m.Service = service
		c.reply(http.StatusOK, wire.PoolNumberReply{APIID: newAPIID(), PoolNumber: s.viewPoolNumber(c.acct, p, m)})
	}
}

func (s *Server) removePoolNumber(tollfree bool) func(*call) {
	return func(c *call) {
		var in wire.PoolNumberRemove
		if !c.decode(&in) {
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		p := poolOf(c)
		if p == nil {
			return
		}
		m := poolMemberOf(c, p, tollfree)
		if m == nil {
			return
		}
		delete(p.Members, m.Number)
		if in.Unrent.Value {
			s.releaseOwnedNumber(c.acct, m.Number)
		}
		c.reply(http.StatusOK, wire.SuccessReply{APIID: newAPIID(), Response: "success"})
	}
}

func viewPoolShortcode(p *powerpack, sc *poolShortcode) wire.PoolShortcode {
	return wire.PoolShortcode{AddedOn: sc.AddedAt.Format(time.RFC3339Nano), CountryISO2: sc.CountryISO, NumberPoolUUID: p.PoolUUID, Shortcode: sc.Shortcode}
}

func (s *Server) listPoolShortcodes(c *call) {
	s.mu.Lock()
	p := poolOf(c)
	s.mu.Unlock()
	if p == nil {
		return
	}
	meta, objects, ok := poolPage(c, p.Shortcodes, func(sc *poolShortcode) uint64 { return sc.Seq }, nil,
		func(sc *poolShortcode) wire.PoolShortcode { return viewPoolShortcode(p, sc) })
	if ok {
		c.reply(http.StatusOK, wire.PoolShortcodeList{APIID: newAPIID(), Meta: meta, Objects: objects})
	}
}

// getPoolShortcode answers flat, without api_id, as recorded.
func (s *Server) getPoolShortcode(c *call) {
	s.mu.Lock()
	p := poolOf(c)
	var sc *poolShortcode
	if p != nil {
		sc = p.Shortcodes[c.pathParam("number")]
	}
	s.mu.Unlock()
	switch {
	case p == nil:
	case sc == nil:
		c.notFound("short code of pool "+p.PoolUUID, c.pathParam("number"))
	default:
		c.reply(http.StatusOK, viewPoolShortcode(p, sc))
	}
}

// removePoolShortcode unlinks a short code; it is never released.
func (s *Server) removePoolShortcode(c *call) {
	s.mu.Lock()
	p := poolOf(c)
	var sc *poolShortcode
	if p != nil {
		if sc = p.Shortcodes[c.pathParam("number")]; sc != nil {
			delete(p.Shortcodes, sc.Shortcode)
		}
	}
	s.mu.Unlock()
	switch {
	case p == nil:
	case sc == nil:
		c.notFound("short code of pool "+p.PoolUUID, c.pathParam("number"))
	default:
		c.reply(http.StatusOK, wire.SuccessReply{APIID: newAPIID(), Response: "success"})
	}
}

// AddPoolShortcode puts a short code in the pool of a powerpack, as the
// console does (the API has no route for it): one per country (US, CA)
// per powerpack, each short code in one powerpack.
func (s *Server) AddPoolShortcode(authID, powerpackUUID, shortcode, countryISO string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	acct := s.accounts[authID]
	if acct == nil {
		return fmt.Errorf("no account %s", authID)
	}
	p := acct.powerpacks()[powerpackUUID]
	switch {
	case p == nil:
		return fmt.Errorf("powerpack %q not found", powerpackUUID)
	case countryISO != "US" && countryISO != "CA":
		return fmt.Errorf("country_iso2 %q is invalid: a pool takes US and Canadian short codes", countryISO)
	case len(shortcode) < 5 || len(shortcode) > 6 || strings.Trim(shortcode, "0123456789") != "":
		return fmt.Errorf("shortcode %q is invalid: it must be 5 or 6 digits", shortcode)
	}
	for _, sc := range p.Shortcodes {
		if sc.CountryISO == countryISO && sc.Shortcode != shortcode {
			return fmt.Errorf("powerpack %s already has the %s short code %s: one per country", p.UUID, countryISO, sc.Shortcode)
		}
	}
	for _, q := range acct.powerpacks() {
		if _, in := q.Shortcodes[shortcode]; in && q != p {
			return fmt.Errorf("short code %s is already in powerpack %s", shortcode, q.UUID)
		}
	}
	p.Shortcodes[shortcode] = &poolShortcode{Seq: s.nextSeq(), Shortcode: shortcode, CountryISO: countryISO, AddedAt: s.clock.Now().UTC().Truncate(time.Microsecond)}
	return nil
}

// linkedToActiveCampaign reports whether number is linked (COMPLETED) to
// an ACTIVE 10DLC campaign. Callers hold s.mu.
func linkedToActiveCampaign(acct *account, number string) bool {
	cp, link := numberHolder(acct, number)
	return cp != nil && cp.Status == tendlcrules.StatusActive && link.Status == tendlcrules.StatusCompleted
}

// destination is what the pool rules know of a destination number.
func destination(number string) powerpackrules.Destination {
	d := powerpackrules.Destination{Number: number, CountryISO: numregion.Of(number)}
	if strings.HasPrefix(number, "1") && len(number) == 11 {
		d.AreaCode = number[1:4]
		if _, region, ok := numberdata.NANPArea(d.AreaCode); ok {
			d.Region = region
		}
	}
	return d
}

// poolSenders picks the source number of each destination from the pool
// of powerpack id (powerpackrules.Choose) and remembers it for the sticky
// sender; the 400's text when the powerpack does not exist or no number
// of its pool can reach a destination. Callers hold s.mu.
func (s *Server) poolSenders(acct *account, id, typ string, dsts []string) ([]string, string) {
	p := acct.powerpacks()[id]
	if p == nil {
		return nil, fmt.Sprintf("powerpack_uuid: powerpack %q does not exist in this account", id)
	}
	var members []powerpackrules.Member
	for _, m := range p.Members {
		o, owned := acct.numbers()[m.Number]
		if !owned {
			continue
		}
		pm := powerpackrules.Member{Number: m.Number, Service: m.Service, CountryISO: o.CountryISO, Kind: powerpackrules.KindLongcode}
		if isTollfree(o) {
			pm.Kind, pm.TollfreeVerified = powerpackrules.KindTollfree, tollfreeVerified(acct, m.Number)
		} else {
			pm.AreaCode, pm.Region, pm.Linked10DLC = o.Prefix, o.Region, linkedToActiveCampaign(acct, m.Number)
		}
		members = append(members, pm)
	}
	for _, sc := range p.Shortcodes {
		members = append(members, powerpackrules.Member{Number: sc.Shortcode, Kind: powerpackrules.KindShortcode, CountryISO: sc.CountryISO})
	}
	pool := powerpackrules.Pool{StickySender: p.StickySender, LocalConnect: p.LocalConnect, Priorities: priorities(p.Priorities), Sticky: p.Sticky}
	srcs := make([]string, len(dsts))
	for i, dst := range dsts {
		choice, err := powerpackrules.Choose(pool, members, destination(dst), typ)
		if err != nil {
			field := "dst"
			if len(dsts) > 1 {
				field = fmt.Sprintf("dst[%d]", i)
			}
			return nil, fmt.Sprintf("powerpack_uuid: %v (%s %q, powerpack %s)", err, field, dst, id)
		}
		srcs[i] = choice.Number
	}
	for i, dst := range dsts {
		p.Sticky[dst] = srcs[i]
	}
	return srcs, ""
}

// powerpackInventory is the powerpacks area's part of Objects: the
// powerpacks, and each long code and toll-free number of their pools as
// "<powerpack>/<number>" (the id cpaas_powerpack_number has).
func powerpackInventory(a *account, _ time.Time) map[string][]string {
	var members []string
	for id, p := range a.powerpacks() {
		for n := range p.Members {
			if _, owned := a.numbers()[n]; owned {
				members = append(members, powerpackrules.MemberID(id, n))
			}
		}
	}
	return map[string][]string{"powerpacks": keys(a.powerpacks()), "powerpack_numbers": members}
}

func (s *Server) powerpackControlRoutes() []route {
	return []route{r(http.MethodPost, "accounts/{auth_id}/powerpacks/{uuid}/shortcodes", s.controlPoolShortcode)}
}

// SetTollfreeMembersUnderTollfreeKey switches the shape of a pool's
// toll-free members (Options.TollfreeMembersUnderTollfreeKey): on, the
// Python recording's, the number under "tollfree" only; off, both keys.
func (s *Server) SetTollfreeMembersUnderTollfreeKey(on bool) { s.tollfreeKeyOnly.Store(on) }

// controlPoolShortcode is AddPoolShortcode: what the console does.
func (s *Server) controlPoolShortcode(c *call) {
	var in struct {
		Shortcode  string `json:"shortcode"`
		CountryISO string `json:"country_iso2"`
	}
	if !c.decode(&in) {
		return
	}
	if err := s.AddPoolShortcode(c.param("auth_id"), c.param("uuid"), in.Shortcode, in.CountryISO); err != nil {
		c.badRequest("%v", err)
		return
	}
	c.reply(http.StatusOK, map[string]any{"shortcode": in.Shortcode, "country_iso2": in.CountryISO})
}
