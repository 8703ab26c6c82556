package emulator

import (
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// ownedNumber is a phone number that belongs to an account: one of the
// starter numbers every account has from the start, or one it bought. The
// other areas ask ownsNumber before using a number as a sender, a 10DLC
// link or a masking virtual number.
type ownedNumber struct {
	numberdata.PhoneNumber
	AppID   string
	Alias   *string // nil until one is set; "" once cleared (the service tells the two apart)
	AddedAt time.Time
	Starter bool // given at account creation, not bought
	// SubAccount (a bare SA id) and SubAccountName: the subaccount the
	// number belongs to; empty for the main account.
	SubAccount, SubAccountName string
	// ComplianceApplicationID is the compliance application the number is
	// rented against (compliance.go), ComplianceStatus "pending" while a
	// regulated number is activated, then "accepted"; both "" without one.
	ComplianceApplicationID, ComplianceStatus string
	// Carrier is the id of the incoming carrier an own-carrier number was
	// added with (POST Number/), "" for a number the service rents out;
	// NumberType is the number_type it was added with.
	Carrier, NumberType string `json:",omitempty"`
}

// Incoming carriers. The service keeps an account's incoming carriers
// (the ids POST Number/ takes as carrier), but no library and no
// documented route manages them, so the emulator gives every account the
// same two, fixed (BEHAVIOUR.md, "Own-carrier numbers").
const (
	IncomingCarrierNorthwind = "20190312000000001"
	IncomingCarrierFabrikam  = "20190312000000002"
)

// incomingCarriers are the incoming carriers' names by id: what an
// own-carrier number's record shows as its carrier.
var incomingCarriers = map[string]string{
	IncomingCarrierNorthwind: "Northwind Telecom",
	IncomingCarrierFabrikam:  "Fabrikam Voice",
}

// seedStarterNumbers gives a new account the documented starter numbers
// (numberdata.StarterNumbers: 14155550100, 12125550101, 13125550102, SMS
// and voice), so links, senders and masking work before anything is bought.
func (s *Server) seedStarterNumbers(a *account) {
	for _, n := range numberdata.StarterNumbers() {
		a.numbers()[n.Number] = &ownedNumber{PhoneNumber: n, AddedAt: s.clock.Now(), Starter: true}
	}
}

// ownsNumber reports whether acct owns number (digits with country code).
// Callers hold s.mu.
func (s *Server) ownsNumber(acct *account, number string) (*ownedNumber, bool) {
	n, ok := acct.numbers()[number]
	return n, ok
}

// ownedNumbersSorted lists acct's numbers in ascending order. Callers hold
// s.mu.
func (s *Server) ownedNumbersSorted(acct *account) []*ownedNumber {
	out := make([]*ownedNumber, 0, len(acct.numbers()))
	for _, n := range acct.numbers() {
		out = append(out, n)
	}
	slices.SortFunc(out, func(a, b *ownedNumber) int {
		switch {
		case a.Number < b.Number:
			return -1
		case a.Number > b.Number:
			return 1
		}
		return 0
	})
	return out
}

// numberInventory is the numbers area's part of Objects: the numbers the
// account bought ("numbers", what the orphan checks count) and the ones
// it came with ("starter_numbers", owned but not made by anyone); each an
// empty list, never null, when there are none.
func numberInventory(a *account, _ time.Time) map[string][]string {
	bought, starters := []string{}, []string{}
	for n, o := range a.numbers() {
		if o.Starter {
			starters = append(starters, n)
		} else {
			bought = append(bought, n)
		}
	}
	return map[string][]string{"numbers": bought, "starter_numbers": starters}
}

// addOwnCarrierNumbers is POST Number/: the account adds numbers that stay
// with its own carrier (the docs' "Add a number from your own carrier").
// Every number is checked before any is added: all or none. Such a number
// has no monthly rental fee, takes calls (the carrier points it at the
// service's SIP address) and no SMS, and its record names the incoming
// carrier; deleting it removes it from the account and never puts it on
// sale (releaseNumber).
func (s *Server) addOwnCarrierNumbers(c *call) {
	var in wire.OwnCarrierNumbers
	if !c.decode(&in) {
		return
	}
	numbers, err := numberrules.ParseNumbers(in.Numbers)
	if err == nil && incomingCarriers[in.Carrier] == "" {
		err = fmt.Errorf("carrier %q %s (the emulator's accounts have %s and %s)", in.Carrier, numberrules.RuleCarrier,
			IncomingCarrierNorthwind, IncomingCarrierFabrikam)
	}
	if err == nil {
		err = numberrules.CheckRegion("region", in.Region)
	}
	typ := in.NumberType
	if typ == "" {
		typ = numberrules.OwnNumberTypeDefault
	}
	if err == nil {
		err = numberrules.CheckOwnNumberType("number_type", typ)
	}
	if err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	to, err := placement(c.acct, in.Subaccount)
	if to == nil {
		to = c.acct
	}
	if err == nil {
		err = checkNumberTarget(to, in.AppID)
	}
	for _, n := range numbers {
		if err != nil {
			break
		}
		if owner, _ := findNumber(c.acct, n); owner != nil {
			err = fmt.Errorf("number %s already belongs to this account", n)
		} else if _, rented := s.inventory.Get(n); rented {
			err = fmt.Errorf("number %s is one of the service's own numbers, not your carrier's: rent it with POST PhoneNumber/%s/", n, n)
		}
	}
	if err == nil {
		for _, n := range numbers {
			o := &ownedNumber{AddedAt: s.clock.Now(), Carrier: in.Carrier, NumberType: typ}
			o.Number, o.Region, o.VoiceEnabled = n, in.Region, true
			o.MonthlyRentalRate, o.SMSRate, o.VoiceRate = "0.00000", "0.00000", "0.00000"
			if in.AppID != nil {
				o.AppID = *in.AppID
			}
			to.numbers()[n] = o
		}
	}
	s.mu.Unlock()
	if err != nil {
		c.badRequest("%v", err)
		return
	}
	c.reply(http.StatusAccepted, wire.Reply{APIID: newAPIID(), Message: "changed"})
}

// carrierOf is the carrier a number's record names: its incoming
// carrier's name, or the service's own.
func carrierOf(o *ownedNumber) string {
	if o.Carrier != "" {
		return incomingCarriers[o.Carrier]
	}
	return numberrules.ServiceCarrier
}

// numberTypeOf is a number's number_type: the one an own-carrier number
// was added with, else the number's own type in the record's spelling.
func numberTypeOf(o *ownedNumber) string {
	switch {
	case o.NumberType != "":
		return o.NumberType
	case o.Type == numberrules.TypeTollfree:
		return "tollfree"
	case o.Type == numberrules.TypeMobile:
		return numberrules.TypeMobile
	case o.SubType != "":
		return o.SubType
	}
	return numberrules.TypeFixed
}

// ownTypeIs reports whether an own-carrier number's number_type is typ, a
// canonical type filter value (numberrules.NormalizeType).
func ownTypeIs(o *ownedNumber, typ string) bool {
	t, _ := numberrules.NormalizeType(o.NumberType)
	return o.NumberType != "" && t == typ
}
