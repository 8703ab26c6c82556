package emulator

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/trunkingrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The SIP trunking area (Zentrunk/): trunks, credentials lists, IP access
// control lists and origination URIs, as the service's documentation
// gives them (no client library implements it). Creates answer 201,
// updates 202 and deletes 204 with no body; a list's meta has a next
// without a leading slash. A credentials list, IP access list or
// origination URI a trunk still names cannot be deleted: the 400 names the
// trunk (the documentation is silent; the service's most likely answer).

type sipTrunk struct {
	Seq                                        uint64
	ID, Name, Direction, Status                string
	Secure                                     bool
	IPACL, Credential, PrimaryURI, FallbackURI string
}

type sipCredential struct {
	Seq                uint64
	ID, Name, Username string
	PasswordSHA256     string // only the digest is kept
}

type sipIPACL struct {
	Seq         uint64
	ID, Name    string
	IPAddresses []string
}

type sipOriginationURI struct {
	Seq            uint64
	ID, Name, URI  string
	AuthNeeded     bool
	Username       string
	PasswordSHA256 string
}

// trunkingState is an account's SIP trunking objects.
type trunkingState struct {
	Trunks      map[string]*sipTrunk          `json:"trunks"`
	Credentials map[string]*sipCredential     `json:"credentials"`
	IPACLs      map[string]*sipIPACL          `json:"ip_acls"`
	URIs        map[string]*sipOriginationURI `json:"origination_uris"`
}

func newTrunkingState() trunkingState {
	return trunkingState{Trunks: map[string]*sipTrunk{}, Credentials: map[string]*sipCredential{},
		IPACLs: map[string]*sipIPACL{}, URIs: map[string]*sipOriginationURI{}}
}

// orEmptyTrunking gives a loaded state its missing maps.
func orEmptyTrunking(t trunkingState) trunkingState {
	return trunkingState{Trunks: orEmpty(t.Trunks), Credentials: orEmpty(t.Credentials), IPACLs: orEmpty(t.IPACLs), URIs: orEmpty(t.URIs)}
}

func secretDigest(p string) string {
	sum := sha256.Sum256([]byte(p))
	return hex.EncodeToString(sum[:])
}

// trunkingAccounts is the area's state: each account's trunking objects.
var trunkingAccounts = &accountState[trunkingState]{
	fresh:   func() *trunkingState { t := newTrunkingState(); return &t },
	saved:   func(_ *account, st *trunkingState) []savedField { return []savedField{{key: "sip_trunking", ptr: st}} },
	restore: func(_ *Server, _ *account, st *trunkingState) { *st = orEmptyTrunking(*st) },
}

func (a *account) trunking() *trunkingState { return stateOf[trunkingState](a) }

func (s *Server) trunkingRoutes() []route {
	return []route{
		r(http.MethodPost, "Zentrunk/Trunk", s.createTrunk),
		r(http.MethodGet, "Zentrunk/Trunk", s.listTrunks),
		r(http.MethodGet, "Zentrunk/Trunk/{id}", s.getTrunk),
		r(http.MethodPost, "Zentrunk/Trunk/{id}", s.updateTrunk),
		r(http.MethodDelete, "Zentrunk/Trunk/{id}", s.deleteTrunk),
		r(http.MethodPost, "Zentrunk/Credential", s.createCredential),
		r(http.MethodGet, "Zentrunk/Credential", s.listCredentials),
		r(http.MethodGet, "Zentrunk/Credential/{id}", s.getCredential),
		r(http.MethodPost, "Zentrunk/Credential/{id}", s.updateCredential),
		r(http.MethodDelete, "Zentrunk/Credential/{id}", s.deleteCredential),
		r(http.MethodPost, "Zentrunk/IPAccessControlList", s.createIPACL),
		r(http.MethodGet, "Zentrunk/IPAccessControlList", s.listIPACLs),
		r(http.MethodGet, "Zentrunk/IPAccessControlList/{id}", s.getIPACL),
		r(http.MethodPost, "Zentrunk/IPAccessControlList/{id}", s.updateIPACL),
		r(http.MethodDelete, "Zentrunk/IPAccessControlList/{id}", s.deleteIPACL),
		r(http.MethodPost, "Zentrunk/URI", s.createURI),
		r(http.MethodGet, "Zentrunk/URI", s.listURIs),
		r(http.MethodGet, "Zentrunk/URI/{id}", s.getURI),
		r(http.MethodPost, "Zentrunk/URI/{id}", s.updateURI),
		r(http.MethodDelete, "Zentrunk/URI/{id}", s.deleteURI),
	}
}

// trunkingPage is pageOf with the documentation's meta: next and previous
// without a leading slash.
func trunkingPage[T, V any](c *call, objects map[string]T, seq func(T) uint64, keep func(T) bool, view func(T) V) (wire.Page[V], bool) {
	meta, out, ok := pageOf(c, trunkingrules.ListMaxLimit, objects, seq, keep, view)
	for _, l := range []*string{meta.Next, meta.Previous} {
		if l != nil {
			*l = strings.TrimPrefix(*l, "/")
		}
	}
	return wire.Page[V]{APIID: newAPIID(), Meta: meta, Objects: out}, ok
}

// unprocessable writes the 422 the documentation gives for a missing
// required field.
func (c *call) unprocessable(format string, args ...any) {
	c.fail(http.StatusUnprocessableEntity, fmt.Sprintf(format, args...))
}

// deleteUnused deletes object id of objects unless a trunk names it (a
// 400 naming the trunk); 404 when there is none, 204 when deleted.
func deleteUnused[T any](c *call, objects map[string]T, kind, id string, names func(*sipTrunk) string) {
	c.s.mu.Lock()
	_, ok := objects[id]
	var user *sipTrunk
	if ok {
		for _, t := range c.acct.trunking().Trunks {
			if names(t) == id && (user == nil || t.Seq < user.Seq) {
				user = t
			}
		}
		if user == nil {
			delete(objects, id)
		}
	}
	c.s.mu.Unlock()
	switch {
	case !ok:
		c.notFound(kind, id)
	case user != nil:
		c.badRequest("%s %s is in use by trunk %s (%q): remove it from the trunk, or delete the trunk, first", kind, id, user.ID, user.Name)
	default:
		c.noContent()
	}
}

// --- trunks ---

func (s *Server) viewTrunk(t *sipTrunk) wire.Trunk {
	link := func(v string) *string {
		if v == "" {
			return nil
		}
		return &v
	}
	return wire.Trunk{
		Name: t.Name, TrunkID: t.ID, TrunkDomain: t.ID + ".zt." + s.opts.SIPDomain, TrunkStatus: t.Status, Secure: t.Secure,
		TrunkDirection: t.Direction, IPACLUUID: link(t.IPACL), CredentialUUID: link(t.Credential),
		PrimaryURIUUID: link(t.PrimaryURI), FallbackURIUUID: link(t.FallbackURI),
	}
}

// checkTrunkLinksLocked checks t's links against its direction and that
// each names an object of the account. Callers hold s.mu.
func checkTrunkLinksLocked(a *account, t *sipTrunk) error {
	set := [4]bool{t.IPACL != "", t.Credential != "", t.PrimaryURI != "", t.FallbackURI != ""}
	if errs := trunkingrules.CheckLinks(t.Direction, set, trunkingrules.APILinkNames); len(errs) > 0 {
		return errs[0].Err
	}
	exists := []struct {
		name, id, what string
		ok             bool
	}{
		{"ipacl_uuid", t.IPACL, "IP access control list", a.trunking().IPACLs[t.IPACL] != nil},
		{"credential_uuid", t.Credential, "credentials list", a.trunking().Credentials[t.Credential] != nil},
		{"primary_uri_uuid", t.PrimaryURI, "origination URI", a.trunking().URIs[t.PrimaryURI] != nil},
		{"fallback_uri_uuid", t.FallbackURI, "origination URI", a.trunking().URIs[t.FallbackURI] != nil},
	}
	for _, e := range exists {
		if e.id != "" && !e.ok {
			return fmt.Errorf("%s %q names no %s of the account", e.name, e.id, e.what)
		}
	}
	if t.FallbackURI != "" && t.FallbackURI == t.PrimaryURI {
		return fmt.Errorf("fallback_uri_uuid %q is the primary URI: name another origination URI", t.FallbackURI)
	}
	return nil
}

// applyTrunkUpdate sets what in carries on t, after checking the status.
func applyTrunkUpdate(in *wire.TrunkUpdate, t *sipTrunk) error {
	if in.TrunkStatus != nil {
		if err := trunkingrules.CheckStatus("trunk_status", *in.TrunkStatus); err != nil {
			return err
		}
		t.Status = *in.TrunkStatus
	}
	if in.Name != nil {
		t.Name = *in.Name
	}
	if in.Secure != nil {
		t.Secure = *in.Secure
	}
	for _, f := range []struct {
		v   *string
		dst *string
	}{{in.IPACLUUID, &t.IPACL}, {in.CredentialUUID, &t.Credential}, {in.PrimaryURIUUID, &t.PrimaryURI}, {in.FallbackURIUUID, &t.FallbackURI}} {
		if f.v != nil {
			*f.dst = *f.v
		}
	}
	return nil
}

func (s *Server) createTrunk(c *call) {
	var in wire.TrunkCreate
	if !c.decode(&in) {
		return
	}
	switch {
	case strings.TrimSpace(in.Name) == "":
		c.badRequest("Missing trunk name: name must be present.")
		return
	case !in.Has("trunk_direction"):
		c.badRequest("Missing trunk_direction: it must be one of %s.", strings.Join(trunkingrules.Directions, ", "))
		return
	}
	if err := trunkingrules.CheckDirection("trunk_direction", in.TrunkDirection); err != nil {
		c.badRequest("%v", err)
		return
	}
	t := &sipTrunk{
		Direction: in.TrunkDirection, Status: trunkingrules.Enabled, Name: in.Name, Secure: in.Secure != nil && *in.Secure,
		IPACL: in.IPACLUUID, Credential: in.CredentialUUID, PrimaryURI: in.PrimaryURIUUID, FallbackURI: in.FallbackURIUUID,
	}
	if in.Has("trunk_status") { // sent empty, it is refused; left out, the trunk is enabled
		if err := trunkingrules.CheckStatus("trunk_status", in.TrunkStatus); err != nil {
			c.badRequest("%v", err)
			return
		}
		t.Status = in.TrunkStatus
	}
	s.mu.Lock()
	if err := checkTrunkLinksLocked(c.acct, t); err != nil {
		s.mu.Unlock()
		c.badRequest("%v", err)
		return
	}
	t.Seq, t.ID = s.nextSeq(), s.randDigits(14)
	c.acct.trunking().Trunks[t.ID] = t
	s.mu.Unlock()
	c.reply(http.StatusCreated, wire.TrunkCreated{APIID: newAPIID(), Message: "Trunk created successfully.", TrunkID: t.ID})
}

func (s *Server) getTrunk(c *call) {
	if v, ok := viewOf(c, c.acct.trunking().Trunks, "trunk", c.param("id"), s.viewTrunk); ok {
		c.reply(http.StatusOK, v)
	}
}

func (s *Server) listTrunks(c *call) {
	q := c.req.URL.Query()
	for _, f := range []struct {
		name  string
		check func(string, string) error
	}{{"trunk_status", trunkingrules.CheckStatus}, {"trunk_direction", trunkingrules.CheckDirection}} {
		if v := q.Get(f.name); v != "" {
			if err := f.check(f.name, v); err != nil {
				c.badRequest("%v", err)
				return
			}
		}
	}
	if v := q.Get("secure"); v != "" && v != "true" && v != "false" {
		c.badRequest("secure %q is invalid: it must be true or false", v)
		return
	}
	keep := func(t *sipTrunk) bool {
		v := s.viewTrunk(t)
		for name, got := range map[string]string{
			"trunk_status": v.TrunkStatus, "trunk_direction": v.TrunkDirection, "secure": fmt.Sprint(v.Secure),
			"ipacl_uuid": t.IPACL, "credential_uuid": t.Credential, "primary_uri_uuid": t.PrimaryURI, "fallback_uri_uuid": t.FallbackURI,
		} {
			if want := q.Get(name); want != "" && want != got {
				return false
			}
		}
		return true
	}
	if page, ok := trunkingPage(c, c.acct.trunking().Trunks, func(t *sipTrunk) uint64 { return t.Seq }, keep, s.viewTrunk); ok {
		c.reply(http.StatusOK, page)
	}
}

func (s *Server) updateTrunk(c *call) {
	var in wire.TrunkUpdate
	if !c.decode(&in) {
		return
	}
	id := c.param("id")
	s.mu.Lock()
	t, ok := c.acct.trunking().Trunks[id]
	var err error
	if ok {
		next := *t
		switch {
		case in.TrunkDirection != nil && *in.TrunkDirection != t.Direction:
			err = fmt.Errorf("trunk_direction cannot change (trunk %s is %s): create another trunk", id, t.Direction)
		case in.Name != nil && strings.TrimSpace(*in.Name) == "":
			err = fmt.Errorf("name must not be empty")
		}
		if err == nil {
			err = applyTrunkUpdate(&in, &next)
		}
		if err == nil {
			err = checkTrunkLinksLocked(c.acct, &next)
		}
		if err == nil {
			*t = next
		}
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("trunk", id)
	case err != nil:
		c.badRequest("%v", err)
	default:
		c.reply(http.StatusAccepted, wire.TrunkCreated{APIID: newAPIID(), Message: "Trunk updated successfully.", TrunkID: id})
	}
}

func (s *Server) deleteTrunk(c *call) {
	id := c.param("id")
	s.mu.Lock()
	var ringing string
	for _, n := range s.ownedNumbersSorted(c.acct) {
		if n.AppID == id && c.acct.trunking().Trunks[id] != nil {
			ringing = n.Number
			break
		}
	}
	s.mu.Unlock()
	if ringing != "" {
		c.badRequest("trunk %s receives the calls of number %s: point the number elsewhere (its app_id) first", id, ringing)
		return
	}
	deleteUnused(c, c.acct.trunking().Trunks, "trunk", id, func(*sipTrunk) string { return "" })
}

// checkNumberTarget refuses a number's app_id that names neither an
// application nor an inbound trunk of acct. The documentation says an
// inbound trunk receives a number's calls once the number is assigned to
// it, but gives no API for the assignment: the number's app_id naming the
// trunk is our choice (a number sends its calls to one target, an
// application or a trunk). Callers hold s.mu.
func checkNumberTarget(acct *account, appID *string) error {
	if appID == nil || *appID == "" || acct.applications()[*appID] != nil {
		return nil
	}
	if t := acct.trunking().Trunks[*appID]; t != nil {
		if t.Direction != trunkingrules.Inbound {
			return fmt.Errorf("app_id %q is an outbound trunk: only an inbound trunk receives a number's calls", *appID)
		}
		return nil
	}
	return checkAppID(acct, appID)
}

// --- credentials lists ---

func viewCredential(x *sipCredential) wire.Credential {
	return wire.Credential{CredentialUUID: x.ID, Name: x.Name, Username: x.Username}
}

// checkCredential applies the rules (trunkingrules) to what a body sets; the
// password's error gives its length only.
func checkCredential(username, password *string) error {
	if username != nil {
		if err := trunkingrules.CheckSIPUsername("username", *username); err != nil {
			return err
		}
	}
	if password != nil {
		return trunkingrules.CheckSIPPassword("password", *password)
	}
	return nil
}

func (s *Server) createCredential(c *call) {
	// "password", and "Password" as the documentation's examples send it
	// (JSON keys match a field whatever their case).
	var in wire.CredentialCreate
	if !c.decode(&in) {
		return
	}
	switch {
	case in.Username == "":
		c.badRequest("Mandatory parameter missing. username must be present.")
		return
	case in.Password == "":
		c.badRequest("Mandatory parameter missing. password must be present.")
		return
	}
	if err := checkCredential(&in.Username, &in.Password); err != nil {
		c.badRequest("%s", err)
		return
	}
	x := &sipCredential{Name: in.Name, Username: in.Username, PasswordSHA256: secretDigest(in.Password)}
	s.mu.Lock()
	x.Seq, x.ID = s.nextSeq(), s.newUUID()
	c.acct.trunking().Credentials[x.ID] = x
	s.mu.Unlock()
	c.reply(http.StatusCreated, wire.CredentialCreated{APIID: newAPIID(), Message: "credential created successfully.", CredentialUUID: x.ID})
}

func (s *Server) getCredential(c *call) {
	if v, ok := viewOf(c, c.acct.trunking().Credentials, "credentials list", c.param("id"), viewCredential); ok {
		c.reply(http.StatusOK, v)
	}
}

func (s *Server) listCredentials(c *call) {
	if page, ok := trunkingPage(c, c.acct.trunking().Credentials, func(x *sipCredential) uint64 { return x.Seq }, nil, viewCredential); ok {
		c.reply(http.StatusOK, page)
	}
}

func (s *Server) updateCredential(c *call) {
	var in wire.CredentialUpdate
	if !c.decode(&in) {
		return
	}
	switch {
	case in.Username != nil && *in.Username == "":
		c.badRequest("username must not be empty")
		return
	case in.Password != nil && *in.Password == "":
		c.badRequest("password must not be empty")
		return
	}
	if err := checkCredential(in.Username, in.Password); err != nil {
		c.badRequest("%s", err)
		return
	}
	id := c.param("id")
	s.mu.Lock()
	x, ok := c.acct.trunking().Credentials[id]
	if ok {
		if in.Name != nil {
			x.Name = *in.Name
		}
		if in.Username != nil {
			x.Username = *in.Username
		}
		if in.Password != nil {
			x.PasswordSHA256 = secretDigest(*in.Password)
		}
	}
	s.mu.Unlock()
	if !ok {
		c.notFound("credentials list", id)
		return
	}
	c.reply(http.StatusAccepted, wire.CredentialCreated{APIID: newAPIID(), Message: "Credential updated successfully.", CredentialUUID: id})
}

func (s *Server) deleteCredential(c *call) {
	deleteUnused(c, c.acct.trunking().Credentials, "credentials list", c.param("id"), func(t *sipTrunk) string { return t.Credential })
}

// --- IP access control lists ---

func viewIPACL(x *sipIPACL) wire.IPACL {
	return wire.IPACL{IPACLUUID: x.ID, Name: x.Name, IPAddresses: slices.Clone(x.IPAddresses)}
}

func checkIPs(ips []string) error {
	if errs := trunkingrules.CheckIPAddresses("ip_addresses", ips); len(errs) > 0 {
		return errs[0]
	}
	return nil
}

func (s *Server) createIPACL(c *call) {
	var in wire.IPACLCreate
	if !c.decode(&in) {
		return
	}
	if in.IPAddresses == nil {
		c.unprocessable("Mandatory parameter missing. ip_addresses must be present.")
		return
	}
	if err := checkIPs(in.IPAddresses); err != nil {
		c.badRequest("%v", err)
		return
	}
	x := &sipIPACL{Name: in.Name, IPAddresses: slices.Clone(in.IPAddresses)}
	s.mu.Lock()
	x.Seq, x.ID = s.nextSeq(), s.newUUID()
	c.acct.trunking().IPACLs[x.ID] = x
	s.mu.Unlock()
	c.reply(http.StatusCreated, wire.IPACLCreated{APIID: newAPIID(), Message: "IP access control list created successfully.", IPACLUUID: x.ID})
}

func (s *Server) getIPACL(c *call) {
	if v, ok := viewOf(c, c.acct.trunking().IPACLs, "IP access control list", c.param("id"), viewIPACL); ok {
		c.reply(http.StatusOK, v)
	}
}

func (s *Server) listIPACLs(c *call) {
	if page, ok := trunkingPage(c, c.acct.trunking().IPACLs, func(x *sipIPACL) uint64 { return x.Seq }, nil, viewIPACL); ok {
		c.reply(http.StatusOK, page)
	}
}

func (s *Server) updateIPACL(c *call) {
	var in wire.IPACLUpdate
	if !c.decode(&in) {
		return
	}
	if in.IPAddresses != nil {
		if err := checkIPs(in.IPAddresses); err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	id := c.param("id")
	s.mu.Lock()
	x, ok := c.acct.trunking().IPACLs[id]
	if ok {
		if in.Name != nil {
			x.Name = *in.Name
		}
		if in.IPAddresses != nil {
			x.IPAddresses = slices.Clone(in.IPAddresses)
		}
	}
	s.mu.Unlock()
	if !ok {
		c.notFound("IP access control list", id)
		return
	}
	c.reply(http.StatusAccepted, wire.IPACLCreated{APIID: newAPIID(), Message: "IP access control list updated successfully.", IPACLUUID: id})
}

func (s *Server) deleteIPACL(c *call) {
	deleteUnused(c, c.acct.trunking().IPACLs, "IP access control list", c.param("id"), func(t *sipTrunk) string { return t.IPACL })
}

// --- origination URIs ---

func viewURI(x *sipOriginationURI) wire.OriginationURI {
	v := wire.OriginationURI{URIUUID: x.ID, Name: x.Name, URI: x.URI, AuthenticationNeeded: x.AuthNeeded}
	if x.AuthNeeded {
		u := x.Username
		v.Username = &u
	}
	return v
}

// applyURI sets what in carries on x (a copy), checking the URI and the
// authentication rule on the result; missing reports a 422 (a required
// field missing) rather than a 400.
func applyURI(in *wire.OriginationURIUpdate, x *sipOriginationURI) (err error, missing bool) {
	if in.URI != nil {
		if err := trunkingrules.CheckURI("uri", *in.URI); err != nil {
			return err, false
		}
		x.URI = *in.URI
	}
	if in.Name != nil {
		x.Name = *in.Name
	}
	wasNeeded := x.AuthNeeded
	if in.AuthenticationNeeded != nil {
		x.AuthNeeded = *in.AuthenticationNeeded
	}
	hasUser := in.Username != nil && *in.Username != "" || x.AuthNeeded && wasNeeded && x.Username != ""
	hasPass := in.Password != nil && *in.Password != "" || x.AuthNeeded && wasNeeded && x.PasswordSHA256 != ""
	if !x.AuthNeeded {
		hasUser, hasPass = in.Username != nil && *in.Username != "", in.Password != nil && *in.Password != ""
	}
	errs := trunkingrules.CheckOriginationAuth(x.AuthNeeded, hasUser, hasPass, "username", "password")
	for _, f := range []string{"username", "password"} {
		if e := errs[f]; e != nil {
			return e, x.AuthNeeded
		}
	}
	if !x.AuthNeeded {
		x.Username, x.PasswordSHA256 = "", ""
		return nil, false
	}
	if in.Username != nil && *in.Username != "" {
		x.Username = *in.Username
	}
	if in.Password != nil && *in.Password != "" {
		x.PasswordSHA256 = secretDigest(*in.Password)
	}
	return nil, false
}

func (s *Server) createURI(c *call) {
	var in wire.OriginationURICreate
	if !c.decode(&in) {
		return
	}
	if in.URI == "" {
		c.unprocessable("Mandatory parameter missing. uri must be present.")
		return
	}
	x := &sipOriginationURI{}
	// A create sets what an update would on a fresh URI ("" is unset).
	set := wire.OriginationURIUpdate{Name: &in.Name, URI: &in.URI, AuthenticationNeeded: &in.AuthenticationNeeded, Username: &in.Username, Password: &in.Password}
	if err, missing := applyURI(&set, x); err != nil {
		if missing {
			c.unprocessable("%v", err)
		} else {
			c.badRequest("%v", err)
		}
		return
	}
	s.mu.Lock()
	x.Seq, x.ID = s.nextSeq(), s.newUUID()
	c.acct.trunking().URIs[x.ID] = x
	s.mu.Unlock()
	c.reply(http.StatusCreated, wire.OriginationURICreated{APIID: newAPIID(), Message: "Origination URI created successfully.", URIUUID: x.ID})
}

func (s *Server) getURI(c *call) {
	if v, ok := viewOf(c, c.acct.trunking().URIs, "origination URI", c.param("id"), viewURI); ok {
		c.reply(http.StatusOK, v)
	}
}

func (s *Server) listURIs(c *call) {
	if page, ok := trunkingPage(c, c.acct.trunking().URIs, func(x *sipOriginationURI) uint64 { return x.Seq }, nil, viewURI); ok {
		c.reply(http.StatusOK, page)
	}
}

func (s *Server) updateURI(c *call) {
	var in wire.OriginationURIUpdate
	if !c.decode(&in) {
		return
	}
	id := c.param("id")
	s.mu.Lock()
	x, ok := c.acct.trunking().URIs[id]
	var err error
	var missing bool
	if ok {
		next := *x
		if err, missing = applyURI(&in, &next); err == nil {
			*x = next
		}
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("origination URI", id)
	case err != nil && missing:
		c.unprocessable("%v", err)
	case err != nil:
		c.badRequest("%v", err)
	default:
		c.reply(http.StatusAccepted, wire.OriginationURICreated{APIID: newAPIID(), Message: "Origination URI updated successfully.", URIUUID: id})
	}
}

func (s *Server) deleteURI(c *call) {
	deleteUnused(c, c.acct.trunking().URIs, "origination URI", c.param("id"), func(t *sipTrunk) string {
		if t.FallbackURI == c.param("id") {
			return t.FallbackURI
		}
		return t.PrimaryURI
	})
}

// trunkingInventory is the SIP trunking area's part of Objects.
func trunkingInventory(a *account, _ time.Time) map[string][]string {
	return map[string][]string{
		"sip_trunks": keys(a.trunking().Trunks), "sip_credential_lists": keys(a.trunking().Credentials),
		"sip_ip_acls": keys(a.trunking().IPACLs), "sip_origination_uris": keys(a.trunking().URIs),
	}
}

// TrunkingPasswordIs reports whether the credentials list or origination
// URI id of account authID holds password. The API never returns either;
// tests ask the emulator this way.
func (s *Server) TrunkingPasswordIs(authID, id, password string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return false
	}
	if x, ok := a.trunking().Credentials[id]; ok {
		return x.PasswordSHA256 == secretDigest(password)
	}
	if x, ok := a.trunking().URIs[id]; ok {
		return x.PasswordSHA256 != "" && x.PasswordSHA256 == secretDigest(password)
	}
	return false
}
