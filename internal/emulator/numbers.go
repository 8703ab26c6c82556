package emulator

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// numberAccounts is the area's state: each account's numbers. A loaded
// number takes its details from the inventory, as when it was bought
// (some are not in its JSON form), and a bought one leaves the search
// again; a regulated number still pending is activated when due.
var numberAccounts = objectsState[*ownedNumber]("numbers").restoring(func(s *Server, a *account, st *map[string]*ownedNumber) {
	starters := map[string]numberdata.PhoneNumber{}
	for _, n := range numberdata.StarterNumbers() {
		starters[n.Number] = n
	}
	for n, o := range *st {
		if o.Starter {
			if pn, ok := starters[n]; ok {
				o.PhoneNumber = pn
			}
			continue
		}
		if pn, err := s.inventory.Take(n); err == nil {
			o.PhoneNumber = pn
		}
	}
	for _, o := range *st {
		if o.ComplianceStatus == NumberPending {
			s.activateNumber(a, o)
		}
	}
})

func (a *account) numbers() map[string]*ownedNumber { return *stateOf[map[string]*ownedNumber](a) }

func (s *Server) numberRoutes() []route {
	return []route{
		r(http.MethodGet, "PhoneNumber", s.searchPhoneNumbers),
		r(http.MethodPost, "PhoneNumber/{number}", s.buyPhoneNumber),
		r(http.MethodGet, "Number", s.listNumbers),
		r(http.MethodPost, "Number", s.addOwnCarrierNumbers),
		r(http.MethodGet, "Number/{number}", s.getNumber),
		r(http.MethodPost, "Number/{number}", s.updateNumber),
		r(http.MethodDelete, "Number/{number}", s.releaseNumber),
	}
}

func (s *Server) searchPhoneNumbers(c *call) {
	q, err := numberdata.ParseQuery(c.req.URL.Query())
	if err != nil {
		c.badRequest("%v", err)
		return
	}
	// The inventory has its own lock; s.mu is not needed to read it.
	items, total := s.inventory.Search(q)
	objects := make([]wire.PhoneNumber, len(items))
	for i := range items {
		objects[i] = items[i].WithResourceURI(c.acct.ID).PhoneNumber
	}
	c.reply(http.StatusOK, wire.PhoneNumberList{
		APIID: newAPIID(), Meta: numberdata.Meta(q, total, resourceURI(c.acct, "PhoneNumber")), Objects: objects,
	})
}

func (s *Server) buyPhoneNumber(c *call) {
	number := c.param("number")
	var in wire.PhoneNumberBuy
	if !c.decode(&in) {
		return
	}
	if err := numberrules.CheckNumber("number", number); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	if _, owned := s.ownsNumber(c.acct, number); owned {
		s.mu.Unlock()
		c.badRequest("number %s already belongs to this account", number)
		return
	}
	if err := checkNumberTarget(c.acct, &in.AppID); err != nil {
		s.mu.Unlock()
		c.badRequest("%v", err)
		return
	}
	if pn, ok := s.inventory.Get(number); ok && s.inventory.Available(number) {
		// Refused before the number is taken: nothing half-bought.
		if err := s.checkBuyCompliance(c.acct, &ownedNumber{PhoneNumber: pn}, in.ComplianceApplicationID); err != nil {
			s.mu.Unlock()
			c.badRequest("%v", err)
			return
		}
	}
	pn, err := s.inventory.Take(number)
	bought := "Success"
	if err == nil {
		o := &ownedNumber{PhoneNumber: pn, AddedAt: s.clock.Now()}
		o.AppID = in.AppID
		_ = s.checkBuyCompliance(c.acct, o, in.ComplianceApplicationID) // checked above; sets the link
		if o.ComplianceStatus == NumberPending {
			bought = NumberPending
			s.activateNumber(c.acct, o)
		}
		c.acct.numbers()[number] = o
	}
	s.mu.Unlock()
	switch {
	case errors.Is(err, numberdata.ErrNumberTaken):
		c.fail(http.StatusNotFound, "number "+number+" is not available for purchase: it has already been bought")
		return
	case err != nil:
		c.fail(http.StatusNotFound, "number "+number+" is not available for purchase: it is not in the inventory")
		return
	}
	c.reply(http.StatusCreated, wire.PhoneNumberBought{
		APIID: newAPIID(), Message: "created", Numbers: []wire.BoughtNumber{{Number: number, Status: bought}}, Status: "fulfilled",
	})
}

func viewNumber(acct *account, o *ownedNumber) wire.AccountNumber {
	v := wire.AccountNumber{
		AddedOn:           o.AddedAt.UTC().Format("2006-01-02"),
		Alias:             o.Alias,
		Carrier:           carrierOf(o),
		NumberType:        numberTypeOf(o),
		City:              o.City,
		Country:           o.Country,
		CountryISO:        o.CountryISO,
		LATA:              o.LATA,
		MonthlyRentalRate: o.MonthlyRentalRate,
		Number:            o.Number,
		Prefix:            o.Prefix,
		RateCenter:        o.RateCenter,
		Region:            o.Region,
		ResourceURI:       resourceURI(acct, "Number", o.Number),
		SMSEnabled:        o.SMSEnabled,
		SMSRate:           o.SMSRate,
		SubType:           o.SubType,
		Type:              o.Type,
		VoiceEnabled:      o.VoiceEnabled,
		VoiceRate:         o.VoiceRate,
	}
	if o.AppID != "" {
		v.Application = resourceURI(acct, "Application", o.AppID)
		if acct.trunking().Trunks[o.AppID] != nil {
			v.Application = resourceURI(acct, "Zentrunk", "Trunk", o.AppID)
		}
	}
	v.SubAccount = subaccountOf(acct)
	v.TendlcCampaignID, v.TendlcRegistrationStatus = tendlcOfNumber(acct, o)
	// The toll-free verification fields follow the number's requests
	// (tollfree.go): null on a number that is not toll-free, "unverified"
	// until a request names it; the id and order status are left out until
	// one does.
	var id, order *string
	v.TollfreeSMSVerification, id, order = numberVerification(acct, o)
	v.TollfreeSMSVerificationID, v.TollfreeSMSVerificationOrderStatus = wire.Deref(id), wire.Deref(order)
	v.ComplianceApplicationID, v.ComplianceStatus = o.ComplianceApplicationID, o.ComplianceStatus
	return v
}

// tendlcOfNumber is a number's 10DLC campaign and registration status, as
// the service's number record gives them: both null unless the number is
// an SMS-enabled US local one; then the campaign it is linked to (or a
// link is pending for) with the link's status, PROCESSING or COMPLETED,
// or no campaign and UNREGISTERED. Callers hold s.mu.
func tendlcOfNumber(acct *account, o *ownedNumber) (campaign, status *string) {
	if o.CountryISO != "US" || o.SubType != numberrules.TypeLocal || !o.SMSEnabled {
		return nil, nil
	}
	cp, link := numberHolder(acct, o.Number)
	if cp == nil || link.Status == "" {
		return nil, new(numberrules.TendlcUnregistered)
	}
	st := numberrules.TendlcProcessing
	if link.Status == tendlcrules.StatusCompleted {
		st = numberrules.TendlcCompleted
	}
	return new(cp.ID), &st
}

// findNumber finds number among those acct reaches (family): its own and,
// for a main account, its subaccounts'. Callers hold s.mu.
func findNumber(acct *account, number string) (*account, *ownedNumber) {
	for _, owner := range family(acct) {
		if o, ok := owner.numbers()[number]; ok {
			return owner, o
		}
	}
	return nil, nil
}

func (s *Server) getNumber(c *call) {
	s.mu.Lock()
	owner, o := findNumber(c.acct, c.param("number"))
	var v wire.AccountNumber
	if o != nil {
		v = viewNumber(owner, o)
	}
	s.mu.Unlock()
	if o == nil {
		c.notFound("number", c.param("number"))
		return
	}
	v.APIID = newAPIID()
	c.reply(http.StatusOK, v)
}

func (s *Server) listNumbers(c *call) {
	limit, offset, ok := c.paging(numberrules.AccountListMaxLimit)
	if !ok {
		return
	}
	q := c.req.URL.Query()
	startsWith := q.Get("number_startswith")
	if startsWith != "" && !numberrules.AllDigits(startsWith) {
		c.badRequest("invalid parameter number_startswith=%q: must be digits", startsWith)
		return
	}
	var typ string
	// The docs and the Python library send type, the Go library number_type.
	for _, name := range []string{"type", "number_type"} {
		if raw := q.Get(name); raw != "" {
			t, ok := numberrules.NormalizeType(raw)
			if !ok {
				c.badRequest("invalid parameter %s=%q: %s", name, raw, numberrules.RuleType)
				return
			}
			if typ != "" && typ != t {
				c.badRequest("invalid parameters type=%q and number_type=%q: they name different types", q.Get("type"), raw)
				return
			}
			typ = t
		}
	}
	var tendlc, tollfree string
	if raw := q.Get("tendlc_registration_status"); raw != "" {
		var ok bool
		if tendlc, ok = numberrules.TendlcStatusOfFilter(raw); !ok {
			c.badRequest("invalid parameter tendlc_registration_status=%q: %s", raw, numberrules.RuleTendlcFilter)
			return
		}
	}
	if raw := q.Get("toll_free_sms_verification"); raw != "" {
		var ok bool
		if tollfree, ok = numberrules.TollfreeStatusOfFilter(raw); !ok {
			c.badRequest("invalid parameter toll_free_sms_verification=%q: %s", raw, numberrules.RuleTollfreeFilter)
			return
		}
	}
	campaignID := q.Get("tendlc_campaign_id")
	var sms, voice bool
	if raw := q.Get("services"); raw != "" {
		var ok bool
		if sms, voice, ok = numberrules.ParseServices(raw); !ok {
			c.badRequest("invalid parameter services=%q: %s", raw, numberrules.RuleServices)
			return
		}
	}
	sub := q.Get("subaccount")
	s.mu.Lock()
	var all []ownedNumberOf
	for _, owner := range family(c.acct) {
		if sub != "" && owner.ID != sub {
			continue
		}
		for _, o := range s.ownedNumbersSorted(owner) {
			switch {
			case !strings.HasPrefix(o.Number, startsWith),
				typ != "" && o.Type != typ && o.SubType != typ && !ownTypeIs(o, typ),
				sms && !o.SMSEnabled, voice && !o.VoiceEnabled:
				continue
			}
			if tendlc != "" || campaignID != "" || tollfree != "" {
				v := viewNumber(owner, o)
				if (tendlc != "" && wire.Deref(v.TendlcRegistrationStatus) != tendlc) ||
					(campaignID != "" && wire.Deref(v.TendlcCampaignID) != campaignID) ||
					(tollfree != "" && wire.Deref(v.TollfreeSMSVerification) != tollfree) {
					continue
				}
			}
			all = append(all, ownedNumberOf{owner, o})
		}
	}
	slices.SortFunc(all, func(a, b ownedNumberOf) int { return strings.Compare(a.number.Number, b.number.Number) })
	objects := viewPage(all, limit, offset, func(o ownedNumberOf) wire.AccountNumber { return viewNumber(o.owner, o.number) })
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.AccountNumberList{APIID: newAPIID(), Meta: c.meta(len(all), limit, offset), Objects: objects})
}

func (s *Server) updateNumber(c *call) {
	var in wire.NumberUpdate
	if !c.decode(&in) {
		return
	}
	number := c.param("number")
	s.mu.Lock()
	owner, o := findNumber(c.acct, number)
	var err error
	to := owner
	if o != nil {
		var placed *account
		if placed, err = placement(c.acct, in.Subaccount); placed != nil {
			to = placed
		}
		if err == nil {
			err = checkNumberTarget(to, in.AppID)
		}
		if err == nil && in.ComplianceApplicationID != nil && *in.ComplianceApplicationID != o.ComplianceApplicationID {
			app := s.acceptedApplication(owner, *in.ComplianceApplicationID)
			switch {
			case *in.ComplianceApplicationID == "" && o.ComplianceRequirement != "":
				err = fmt.Errorf("compliance_application_id: number %s is a regulated %s number and cannot be unlinked; link it to another accepted application", number, o.CountryISO)
			case *in.ComplianceApplicationID == "":
			case app.status == "":
				err = fmt.Errorf("compliance_application_id %s is not a compliance application of this account", *in.ComplianceApplicationID)
			default:
				err = app.covers(o)
			}
		}
		if err == nil && to != owner && in.AppID == nil && o.AppID != "" {
			err = fmt.Errorf("subaccount: number %s uses application %s of its account; send app_id (another application of %s, or \"\" to detach) with the move", number, o.AppID, to.ID)
		}
	}
	if o != nil && err == nil {
		if in.AppID != nil {
			o.AppID = *in.AppID
		}
		if in.Alias != nil {
			o.Alias = new(*in.Alias)
		}
		if in.ComplianceApplicationID != nil && *in.ComplianceApplicationID != o.ComplianceApplicationID {
			o.ComplianceApplicationID, o.ComplianceStatus = strings.ToLower(*in.ComplianceApplicationID), compliancerules.StatusAccepted
			if o.ComplianceApplicationID == "" {
				o.ComplianceStatus = ""
			}
		}
		if to != owner {
			delete(owner.numbers(), number)
			to.numbers()[number] = o
		}
	}
	s.mu.Unlock()
	switch {
	case o == nil:
		c.notFound("number", number)
	case err != nil:
		c.badRequest("%v", err)
	default:
		c.reply(http.StatusAccepted, wire.Reply{APIID: newAPIID(), Message: "changed"})
	}
}

// ownedNumberOf is a number with the account that holds it.
type ownedNumberOf struct {
	owner  *account
	number *ownedNumber
}

// releaseNumber gives a number up: it goes back into the search results at
// once, a starter number as well as a bought one. A number from the
// account's own carrier only leaves the account: it stays with its
// carrier and never goes on sale.
func (s *Server) releaseNumber(c *call) {
	number := c.param("number")
	s.mu.Lock()
	owner, o := findNumber(c.acct, number)
	ok := o != nil
	if ok {
		delete(owner.numbers(), number)
		if o.Carrier == "" {
			s.inventory.Return(number)
		}
	}
	s.mu.Unlock()
	if !ok {
		c.notFound("number", number)
		return
	}
	c.noContent()
}
