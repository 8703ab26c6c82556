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

// campaignText is the part of a campaign that an update may change.
type campaignText struct {
	Alias          string
	Description    string
	Samples        [5]string
	MessageFlow    string
	HelpMessage    string
	HelpKeywords   string
	OptinKeywords  string
	OptinMessage   string
	OptoutKeywords string
	OptoutMessage  string
}

type campaign struct {
	seq         uint64
	ID          string
	BrandID     string
	Vertical    string
	Usecase     string
	SubUsecases []string
	campaignText
	Attrs       wire.CampaignAttributes
	URL, Method string
	Status      string // PROCESSING, ACTIVE, FAILED
	ErrorReason string
	CreatedAt   time.Time
	numbers     map[string]*campaignNumber
}

// checkCampaignText validates the fields of a campaign's text that are
// present.
func checkCampaignText(in *wire.CampaignUpdate) error {
	if in.CampaignAlias != nil {
		if err := tendlcrules.CheckLength("campaign_alias", *in.CampaignAlias, 1, tendlcrules.MaxAliasLength); err != nil {
			return err
		}
	}
	if in.Description != nil {
		if err := tendlcrules.CheckDescription(*in.Description); err != nil {
			return err
		}
	}
	for i, p := range in.Samples() {
		// sample1 and sample2 are required; 3 to 5 may be empty (cleared).
		if p != nil && (i < 2 || *p != "") {
			if err := tendlcrules.CheckSample(i+1, *p); err != nil {
				return err
			}
		}
	}
	return nil
}

// applyCampaignText copies the present fields onto t.
func applyCampaignText(in *wire.CampaignUpdate, t *campaignText) {
	set := func(dst *string, p *string) {
		if p != nil {
			*dst = *p
		}
	}
	set(&t.Alias, in.CampaignAlias)
	set(&t.Description, in.Description)
	for i, p := range in.Samples() {
		set(&t.Samples[i], p)
	}
	set(&t.MessageFlow, in.MessageFlow)
	set(&t.HelpMessage, in.HelpMessage)
	set(&t.HelpKeywords, in.HelpKeywords)
	set(&t.OptinKeywords, in.OptinKeywords)
	set(&t.OptinMessage, in.OptinMessage)
	set(&t.OptoutKeywords, in.OptoutKeywords)
	set(&t.OptoutMessage, in.OptoutMessage)
}

func (s *Server) createCampaign(c *call) {
	var in struct {
		wire.CampaignUpdate
		BrandID     *string  `json:"brand_id"`
		Vertical    *string  `json:"vertical"`
		Usecase     *string  `json:"usecase"`
		SubUsecases []string `json:"sub_usecases"`
		wire.CampaignAttributes
		URL    *string `json:"url"`
		Method *string `json:"method"`
	}
	if !c.decode(&in) {
		return
	}
	for _, f := range []struct {
		name string
		v    *string
	}{
		{"brand_id", in.BrandID}, {"campaign_alias", in.CampaignAlias}, {"vertical", in.Vertical},
		{"usecase", in.Usecase}, {"description", in.Description}, {"sample1", in.Sample1}, {"sample2", in.Sample2},
	} {
		if f.v == nil || *f.v == "" {
			c.badRequest("Mandatory parameter missing. %s must be present.", f.name)
			return
		}
	}
	for _, err := range []error{
		tendlcrules.CheckVertical(*in.Vertical),
		tendlcrules.CheckUsecase(*in.Usecase),
		tendlcrules.CheckSubUsecases(*in.Usecase, in.SubUsecases),
		checkCampaignText(&in.CampaignUpdate),
	} {
		if err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	if !checkCallback(c, in.URL, in.Method) {
		return
	}
	s.mu.Lock()
	b, ok := c.acct.brands[*in.BrandID]
	var orderErr string
	switch {
	case !ok:
		orderErr = fmt.Sprintf("brand_id %s does not exist in this account; a campaign needs a registered brand", *in.BrandID)
	case b.Status != tendlcrules.StatusCompleted:
		orderErr = fmt.Sprintf("brand %s is not registered (registration_status %s); a campaign can only be created with a registered brand (registration_status COMPLETED)", b.ID, b.Status)
		if b.Status == tendlcrules.StatusProcessing {
			orderErr += ": wait for the registration to complete"
		} else {
			orderErr += ": the brand was rejected, register a new one"
		}
	default:
		if err := tendlcrules.CheckBrandUsecase(b.ID, b.Type, *in.Usecase); err != nil {
			orderErr = err.Error()
		}
	}
	if orderErr != "" {
		s.mu.Unlock()
		c.badRequest("%s", orderErr)
		return
	}
	cp := &campaign{
		seq: s.nextSeq(), ID: s.freshID("C", func(id string) bool { return c.acct.campaigns[id] != nil }), BrandID: b.ID, Vertical: *in.Vertical, Usecase: *in.Usecase,
		SubUsecases: slices.Clone(in.SubUsecases), Attrs: in.CampaignAttributes, URL: deref(in.URL), Method: deref(in.Method),
		Status: tendlcrules.StatusProcessing, CreatedAt: s.clock.Now(), numbers: map[string]*campaignNumber{},
	}
	applyCampaignText(&in.CampaignUpdate, &cp.campaignText)
	c.acct.campaigns[cp.ID] = cp
	s.submit(s.campaignRegistration(c.acct, cp))
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.CampaignCreated{
		APIID: newAPIID(), CampaignID: cp.ID, Message: "Request to create campaign was received and is being processed.",
	})
}

func viewCampaign(cp *campaign) wire.Campaign {
	return wire.Campaign{
		CampaignID: cp.ID, BrandID: cp.BrandID, CampaignAlias: cp.Alias, Vertical: cp.Vertical, Usecase: cp.Usecase,
		SubUsecase: strings.Join(cp.SubUsecases, ","), Description: cp.Description,
		Sample1: cp.Samples[0], Sample2: cp.Samples[1], Sample3: cp.Samples[2], Sample4: cp.Samples[3], Sample5: cp.Samples[4],
		MessageFlow: cp.MessageFlow, HelpMessage: cp.HelpMessage, HelpKeywords: cp.HelpKeywords,
		OptinKeywords: cp.OptinKeywords, OptinMessage: cp.OptinMessage, OptoutKeywords: cp.OptoutKeywords, OptoutMessage: cp.OptoutMessage,
		CampaignAttributes: cp.Attrs, RegistrationStatus: cp.Status, ErrorReason: cp.ErrorReason,
		CreatedAt: cp.CreatedAt.Format(time.RFC3339),
	}
}

func (s *Server) getCampaign(c *call) {
	v, ok := viewOf(c, c.acct.campaigns, "campaign", c.param("id"), viewCampaign)
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.CampaignReply{APIID: newAPIID(), Campaign: v})
}

func (s *Server) listCampaigns(c *call) {
	brandID := c.req.URL.Query().Get("brand_id")
	meta, out, ok := pageOf(c, tendlcrules.ListMaxLimit, c.acct.campaigns, func(cp *campaign) uint64 { return cp.seq },
		func(cp *campaign) bool { return brandID == "" || cp.BrandID == brandID }, viewCampaign)
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.CampaignList{APIID: newAPIID(), Meta: meta, Campaigns: out})
}

func (s *Server) updateCampaign(c *call) {
	var in wire.CampaignUpdate
	if !c.decode(&in) {
		return
	}
	if in.CampaignAlias != nil && *in.CampaignAlias == "" {
		c.badRequest("campaign_alias must not be empty")
		return
	}
	if err := checkCampaignText(&in); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	cp, ok := c.acct.campaigns[c.param("id")]
	failed := ok && cp.Status == tendlcrules.StatusFailed
	var v wire.Campaign
	if ok && !failed {
		applyCampaignText(&in, &cp.campaignText)
		v = viewCampaign(cp)
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("campaign", c.param("id"))
	case failed:
		c.badRequest("campaign %s was rejected by the registry and cannot be updated; register a new campaign", c.param("id"))
	default:
		c.reply(http.StatusOK, wire.CampaignReply{APIID: newAPIID(), Campaign: v})
	}
}

// deleteCampaign deactivates a campaign; numbers still linked to it are
// released at once (no unlink callbacks).
func (s *Server) deleteCampaign(c *call) {
	id := c.param("id")
	s.mu.Lock()
	_, ok := c.acct.campaigns[id]
	delete(c.acct.campaigns, id)
	s.mu.Unlock()
	if !ok {
		c.notFound("campaign", id)
		return
	}
	c.reply(http.StatusOK, wire.CampaignDeleted{APIID: newAPIID(), CampaignID: id, Message: "Campaign Deactivated"})
}

// campaignEvent sends a campaign callback. Callers hold s.mu.
func (s *Server) campaignEvent(acct *account, cp *campaign, event string) {
	s.tendlcCallback(acct, objectKey(acct, "campaign", cp.ID), cp.URL, cp.Method, map[string]string{
		"Kind": tendlcrules.KindCampaign, "Status": event, "BrandID": cp.BrandID, "CampaignID": cp.ID,
		"RegistrationStatus": cp.Status, "Reason": cp.ErrorReason,
	})
}

// campaignRegistration is how the registry decides on cp: active, or
// rejected when tendlcrules says so (decided from the alias cp has now),
// CampaignRegistrationDelay after its create.
func (s *Server) campaignRegistration(acct *account, cp *campaign) registration {
	reason := tendlcrules.CampaignRejectionReason(cp.Alias)
	return registration{
		due:     cp.CreatedAt.Add(s.opts.CampaignRegistrationDelay),
		current: func() bool { return acct.campaigns[cp.ID] == cp },
		decide: func() string {
			if reason != "" {
				cp.Status, cp.ErrorReason = tendlcrules.StatusFailed, reason
				return tendlcrules.EventRejected
			}
			cp.Status = tendlcrules.StatusActive
			return tendlcrules.EventRegistered
		},
		send: func(event string) { s.campaignEvent(acct, cp, event) },
	}
}
