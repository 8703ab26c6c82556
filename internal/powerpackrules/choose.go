package powerpackrules

import (
	"fmt"
	"slices"
	"strings"
)

// How a pool picks the source number of a message (Docs "Powerpack":
// sticky sender, local connect, number priority), as the emulator applies
// it. The service publishes the rules, not an algorithm; the order here is
// the emulator's documented reading:
//
//  1. Only members that can reach the destination count (Reach): a short
//     code reaches its own country; a toll-free number or a long code its
//     own country, and the US and Canada reach each other (one numbering
//     plan); an MMS needs a member added with service mms; a US long code
//     sending to the US must be linked to an ACTIVE 10DLC campaign, and a
//     toll-free number sending to the US or Canada needs an APPROVED
//     toll-free verification. None: the send is refused, naming each
//     member's reason.
//  2. Sticky sender: the member that sent to the destination last, while
//     it still can.
//  3. Number priority: the kinds in the order number_priority gives for
//     the destination's country and the message's service (default short
//     code, toll-free, long code); the first kind with a member wins.
//  4. Local connect, among long codes: a number of the destination's area
//     code, else of its region (state or province), else any.
//  5. Among equals, the lowest number.

// Member is one number of a pool, with what the rules need to know of it.
type Member struct {
	Number     string
	Kind       string // KindShortcode, KindTollfree or KindLongcode
	Service    string // sms or mms; "" for a short code (it sends both)
	CountryISO string
	// AreaCode and Region of a long code ("415", "California"); "" when
	// it has none.
	AreaCode, Region string
	// Linked10DLC: linked to an ACTIVE 10DLC campaign. TollfreeVerified:
	// its toll-free verification is APPROVED.
	Linked10DLC, TollfreeVerified bool
}

// Destination is where a message goes.
type Destination struct {
	Number, CountryISO, AreaCode, Region string
}

// Pool is a powerpack's settings and what it remembers.
type Pool struct {
	StickySender, LocalConnect bool
	Priorities                 []Priority
	// Sticky maps a destination to the member that sent to it last.
	Sticky map[string]string
}

// Rules a choice is made by, as Choice.Rule names them.
const (
	RuleSticky   = "sticky sender"
	RuleAreaCode = "local connect (area code)"
	RuleRegion   = "local connect (region)"
	RulePriority = "number priority"
)

// Choice is the member picked and the rule that picked it.
type Choice struct {
	Number, Kind, Rule string
}

func nanp(iso string) bool { return iso == "US" || iso == "CA" }

// Reach says why m cannot send a message of service to d, or "" when it
// can.
func Reach(m Member, d Destination, service string) string {
	sameCountry := m.CountryISO == d.CountryISO || (m.Kind != KindShortcode && nanp(m.CountryISO) && nanp(d.CountryISO))
	switch {
	case !sameCountry && m.Kind == KindShortcode:
		return fmt.Sprintf("short code %s of %s reaches only %s, not %s", m.Number, m.CountryISO, m.CountryISO, d.CountryISO)
	case !sameCountry:
		return fmt.Sprintf("%s %s is a number of %s and cannot reach %s", m.Kind, m.Number, m.CountryISO, d.CountryISO)
	case service == ServiceMMS && m.Kind != KindShortcode && m.Service != ServiceMMS:
		return fmt.Sprintf("%s %s is in the pool for sms only, not mms", m.Kind, m.Number)
	case m.Kind == KindLongcode && m.CountryISO == "US" && d.CountryISO == "US" && !m.Linked10DLC:
		return fmt.Sprintf("long code %s is a US long code not linked to an ACTIVE 10DLC campaign, so it cannot send to the US", m.Number)
	case m.Kind == KindTollfree && nanp(d.CountryISO) && !m.TollfreeVerified:
		return fmt.Sprintf("toll-free %s has no APPROVED toll-free verification, so it cannot send to the US or Canada", m.Number)
	}
	return ""
}

// NoSenderError is a pool with no member that can reach a destination:
// Reasons has one line per member.
type NoSenderError struct {
	Destination string
	Reasons     []string
}

func (e *NoSenderError) Error() string {
	if len(e.Reasons) == 0 {
		return fmt.Sprintf("no number of the pool can reach %s: the pool has no numbers", e.Destination)
	}
	return fmt.Sprintf("no number of the pool can reach %s: %s", e.Destination, strings.Join(e.Reasons, "; "))
}

// Choose picks the source number of a message of service (sms or mms)
// to d from members, by the rules above.
func Choose(p Pool, members []Member, d Destination, service string) (Choice, error) {
	var eligible []Member
	var reasons []string
	for _, m := range members {
		if why := Reach(m, d, service); why != "" {
			reasons = append(reasons, why)
			continue
		}
		eligible = append(eligible, m)
	}
	if len(eligible) == 0 {
		return Choice{}, &NoSenderError{Destination: d.Number, Reasons: reasons}
	}
	slices.SortFunc(eligible, func(a, b Member) int { return strings.Compare(a.Number, b.Number) })
	if p.StickySender {
		if prior, ok := p.Sticky[d.Number]; ok {
			if i := slices.IndexFunc(eligible, func(m Member) bool { return m.Number == prior }); i >= 0 {
				return Choice{Number: prior, Kind: eligible[i].Kind, Rule: RuleSticky}, nil
			}
		}
	}
	for _, kind := range OrderFor(p.Priorities, d.CountryISO, service) {
		var of []Member
		for _, m := range eligible {
			if m.Kind == kind {
				of = append(of, m)
			}
		}
		if len(of) == 0 {
			continue
		}
		if kind == KindLongcode && p.LocalConnect {
			if m, ok := first(of, func(m Member) bool { return d.AreaCode != "" && m.AreaCode == d.AreaCode }); ok {
				return Choice{Number: m.Number, Kind: kind, Rule: RuleAreaCode}, nil
			}
			if m, ok := first(of, func(m Member) bool { return d.Region != "" && m.Region == d.Region }); ok {
				return Choice{Number: m.Number, Kind: kind, Rule: RuleRegion}, nil
			}
		}
		return Choice{Number: of[0].Number, Kind: kind, Rule: RulePriority}, nil
	}
	// Unreachable: every eligible member has one of the three kinds.
	return Choice{Number: eligible[0].Number, Kind: eligible[0].Kind, Rule: RulePriority}, nil
}

func first(ms []Member, keep func(Member) bool) (Member, bool) {
	for _, m := range ms {
		if keep(m) {
			return m, true
		}
	}
	return Member{}, false
}
