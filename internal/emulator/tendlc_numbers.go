package emulator

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// campaignNumber is one number's link with a campaign, or the last request
// about it.
type campaignNumber struct {
	Number    string
	Status    string // PROCESSING, COMPLETED (linked), FAILED (link refused)
	Unlinking bool   // the PROCESSING status belongs to an unlink request
	Reason    string // why the last request failed
	URL       string
	Method    string
	// RequestedAt and PendingReason belong to the request in progress: when
	// it was made, and why it will fail ("" when it will not).
	RequestedAt   time.Time
	PendingReason string
}

// numberHolder returns the campaign that has number linked or a request
// pending for it. Callers hold s.mu.
func numberHolder(acct *account, number string) (*campaign, *campaignNumber) {
	for _, cp := range acct.campaigns() {
		if n, ok := cp.numbers[number]; ok && n.Status != tendlcrules.StatusFailed {
			return cp, n
		}
	}
	return nil, nil
}

// refused records that a request ("number/link" or "number/unlink") was
// made once: the emulator's FAIL_LINK and FAIL_UNLINK fail only the first.
func (cp *campaign) refused(request string) {
	if cp.Refused == nil {
		cp.Refused = map[string]bool{}
	}
	cp.Refused[request] = true
}

// linkedCount is how many numbers count against the campaign's number
// pool: linked, or with a link request in progress. Callers hold s.mu.
func (cp *campaign) linkedCount() int {
	n := 0
	for _, link := range cp.numbers {
		if link.Status != tendlcrules.StatusFailed {
			n++
		}
	}
	return n
}

// campaignOf returns the account's campaign id, or writes its 404 and
// returns nil. Callers hold s.mu.
func campaignOf(c *call, id string) *campaign {
	cp := c.acct.campaigns()[id]
	if cp == nil {
		c.notFound("campaign", id)
	}
	return cp
}

func (s *Server) linkNumbers(c *call) {
	var in wire.NumberLink
	if !c.decode(&in) {
		return
	}
	if len(in.Numbers) == 0 {
		c.badRequest("Mandatory parameter missing. numbers must be present and hold at least one number.")
		return
	}
	if !checkCallback(c, in.URL, in.Method) {
		return
	}
	id := c.param("id")
	s.mu.Lock()
	defer s.mu.Unlock()
	cp := campaignOf(c, id)
	if cp == nil {
		return
	}
	if cp.Status != tendlcrules.StatusActive {
		c.badRequest("campaign %s is not registered (registration_status %s); numbers can only be linked to a registered campaign (registration_status ACTIVE)", id, cp.Status)
		return
	}
	// The docs ask for E.164 numbers; the service's messages show them
	// without the +: both are taken.
	for i, n := range in.Numbers {
		in.Numbers[i] = strings.TrimPrefix(n, "+")
	}
	if err := tendlcrules.CheckNumberPool(id, cp.linkedCount(), len(in.Numbers), s.opts.NumberPoolLimit); err != nil {
		c.badRequest("%v", err)
		return
	}
	seen := map[string]bool{}
	for _, n := range in.Numbers {
		if !tendlcrules.NumberPattern.MatchString(n) {
			c.badRequest("The number %s is not a valid number: it must be %s", n, tendlcrules.NumberRule)
			return
		}
		if seen[n] {
			c.badRequest("number %s is given twice", n)
			return
		}
		seen[n] = true
		if _, owned := s.ownsNumber(c.acct, n); !owned {
			c.badRequest("number %s does not belong to this account; buy it (or use one of the account's numbers) before linking it", n)
			return
		}
		if holder, link := numberHolder(c.acct, n); holder != nil {
			if link.Status == tendlcrules.StatusProcessing && !link.Unlinking {
				c.badRequest("The number %s is already requested for linking (to campaign %s)", n, holder.ID)
				return
			}
			what := "is already linked to"
			if link.Status == tendlcrules.StatusProcessing {
				what = "already has a request in progress with"
			}
			c.badRequest("number %s %s campaign %s; unlink it first", n, what, holder.ID)
			return
		}
	}
	acct := c.acct
	for _, n := range in.Numbers {
		link := &campaignNumber{Number: n, Status: tendlcrules.StatusProcessing, URL: in.URL, Method: in.Method}
		cp.numbers[n] = link
		s.numberEvent(acct, cp, link, tendlcrules.KindNumberLinking, tendlcrules.EventCreated)
		link.RequestedAt, link.PendingReason = s.clock.Now(), tendlcrules.LinkFailureReason(cp.Alias, n, cp.Refused[n+"/link"])
		cp.refused(n + "/link")
		s.scheduleLinkDecision(acct, cp, link)
	}
	c.reply(http.StatusOK, wire.Reply{
		APIID: newAPIID(), Message: fmt.Sprintf("Request to link %s to campaign %s was received and is being processed", strings.Join(in.Numbers, ", "), id),
	})
}

// numberEvent sends a number_linking or number_unlinking callback. Callers
// hold s.mu.
func (s *Server) numberEvent(acct *account, cp *campaign, link *campaignNumber, kind, event string) {
	reason := ""
	if event == tendlcrules.EventFailed {
		reason = link.Reason
	}
	s.tendlcCallback(acct, objectKey(acct, "campaign_number", cp.ID+"/"+link.Number), link.URL, link.Method, map[string]string{
		"Kind": kind, "Status": event, "BrandID": cp.BrandID, "CampaignID": cp.ID, "Number": link.Number,
		"RegistrationStatus": link.Status, "Reason": reason,
	})
}

func (s *Server) listCampaignNumbers(c *call) {
	id := c.param("id")
	s.mu.Lock()
	cp, ok := c.acct.campaigns()[id]
	var out []wire.CampaignNumber
	var alias, usecase string
	if ok {
		alias, usecase = cp.Alias, cp.Usecase
		for _, n := range keys(cp.numbers) {
			link := cp.numbers[n]
			out = append(out, wire.CampaignNumber{Number: n, Status: link.Status, Reason: link.Reason})
		}
	}
	s.mu.Unlock()
	if !ok {
		c.notFound("campaign", id)
		return
	}
	slices.SortFunc(out, func(a, b wire.CampaignNumber) int { return strings.Compare(a.Number, b.Number) })
	if out == nil {
		out = []wire.CampaignNumber{}
	}
	summary := map[string]int{}
	for _, n := range out {
		summary[n.Status]++
	}
	limit := int64(s.opts.NumberPoolLimit)
	c.reply(http.StatusOK, wire.CampaignNumbers{
		APIID: newAPIID(), CampaignID: id, CampaignAlias: alias, Usecase: usecase, PhoneNumbers: out,
		PhoneNumbersSummary: summary, NumberPoolLimit: &limit,
	})
}

func (s *Server) getCampaignNumber(c *call) {
	id, number := c.param("id"), c.param("number")
	s.mu.Lock()
	cp, ok := c.acct.campaigns()[id]
	var link *campaignNumber
	var v wire.CampaignNumber
	var alias, usecase string
	if ok {
		alias, usecase = cp.Alias, cp.Usecase
		if link = cp.numbers[number]; link != nil {
			v = wire.CampaignNumber{Number: number, Status: link.Status, Reason: link.Reason}
		}
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("campaign", id)
	case link == nil:
		c.notFound("number", number+" of campaign "+id)
	default:
		c.reply(http.StatusOK, wire.CampaignNumbers{APIID: newAPIID(), CampaignID: id, CampaignAlias: alias, Usecase: usecase, PhoneNumbers: []wire.CampaignNumber{v}})
	}
}

func (s *Server) unlinkNumber(c *call) {
	var in wire.NumberUnlink
	if !c.decode(&in) || !checkCallback(c, in.URL, in.Method) {
		return
	}
	id, number := c.param("id"), c.param("number")
	s.mu.Lock()
	defer s.mu.Unlock()
	cp := campaignOf(c, id)
	if cp == nil {
		return
	}
	link := cp.numbers[number]
	if link == nil {
		c.notFound("number", number+" of campaign "+id)
		return
	}
	if link.Status != tendlcrules.StatusCompleted {
		state := "its link request failed"
		if link.Status == tendlcrules.StatusProcessing {
			state = "a request for it is still being processed"
		}
		c.badRequest("number %s is not linked to campaign %s (%s); only a linked number (status COMPLETED) can be unlinked", number, id, state)
		return
	}
	link.Status, link.Unlinking, link.Reason = tendlcrules.StatusProcessing, true, ""
	if in.Has("url") { // sent empty, it drops the link's callbacks; left out, they stay
		link.URL, link.Method = in.URL, in.Method
	}
	acct := c.acct
	s.numberEvent(acct, cp, link, tendlcrules.KindNumberUnlinking, tendlcrules.EventCreated)
	link.RequestedAt, link.PendingReason = s.clock.Now(), tendlcrules.UnlinkFailureReason(cp.Alias, number, cp.Refused[number+"/unlink"])
	cp.refused(number + "/unlink")
	s.scheduleLinkDecision(acct, cp, link)
	c.reply(http.StatusAccepted, wire.Reply{
		APIID: newAPIID(), Message: fmt.Sprintf("Request to unlink %s from campaign %s was received and is being processed", number, id),
	})
}

// scheduleLinkDecision queues the operators' decision on the link or
// unlink request pending on link (link.Unlinking tells which), due
// NumberLinkDelay after it was made; the outcome was decided then, from the
// campaign alias's markers. Callers hold s.mu.
func (s *Server) scheduleLinkDecision(acct *account, cp *campaign, link *campaignNumber) {
	reason := link.PendingReason
	s.sched.At(link.RequestedAt.Add(s.opts.NumberLinkDelay), func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if acct.campaigns()[cp.ID] != cp || cp.numbers[link.Number] != link || link.Status != tendlcrules.StatusProcessing {
			return
		}
		link.PendingReason = ""
		if !link.Unlinking {
			if reason != "" {
				link.Status, link.Reason = tendlcrules.StatusFailed, reason
				s.numberEvent(acct, cp, link, tendlcrules.KindNumberLinking, tendlcrules.EventFailed)
				return
			}
			link.Status = tendlcrules.StatusCompleted
			s.numberEvent(acct, cp, link, tendlcrules.KindNumberLinking, tendlcrules.EventSuccess)
			return
		}
		link.Unlinking = false
		if reason != "" {
			// Still linked; the failure is reported on the entry.
			link.Status, link.Reason = tendlcrules.StatusCompleted, reason
			s.numberEvent(acct, cp, link, tendlcrules.KindNumberUnlinking, tendlcrules.EventFailed)
			return
		}
		delete(cp.numbers, link.Number)
		link.Status = "" // no longer linked: the callback carries no RegistrationStatus
		s.numberEvent(acct, cp, link, tendlcrules.KindNumberUnlinking, tendlcrules.EventSuccess)
	})
}
