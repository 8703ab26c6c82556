package emulator

import (
	"encoding/json"
	"errors"
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
	TermsLink      string
	PrivacyLink    string
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
	ResellerID  string
	// MNO is each carrier's throughput (tendlcrules.MNOMetadata), set
	// from the brand when the registry makes the campaign ACTIVE.
	MNO        map[string]tendlcrules.Throughput
	BrandType  string
	BrandScore int64
	CreatedAt  time.Time
	// ResubmittedAt is when an update last resubmitted the campaign for
	// vetting (zero: never); Submissions counts them, so a decision due
	// for an earlier submission is dropped.
	ResubmittedAt time.Time
	Submissions   int
	// Refused holds the link and unlink requests made once, by
	// "number/link" or "number/unlink" (LinkFailureReason).
	Refused map[string]bool
	// Source is the campaign_source of a campaign imported from another
	// provider (tendlcrules.CampaignSourceShared); "" for one registered
	// here, whose source is CampaignSource.
	Source  string `json:",omitempty"`
	numbers map[string]*campaignNumber
}

// source is cp's campaign_source.
func (cp *campaign) source() string {
	if cp.Source != "" {
		return cp.Source
	}
	return CampaignSource
}

// CampaignSource is the campaign_source of a campaign created through the
// service: the service's own name in lower case.
const CampaignSource = "cpaas"

// CampaignErrorCode is the error_code of a rejected campaign.
const CampaignErrorCode = "4011"

// checkCampaignText validates the fields of a campaign's text that are
// present.
func checkCampaignText(in *wire.CampaignUpdate) error {
	if given(in.CampaignAlias) {
		if err := tendlcrules.CheckLength("campaign_alias", *in.CampaignAlias, 1, tendlcrules.MaxAliasLength); err != nil {
			return err
		}
	}
	if given(in.Description) {
		if err := tendlcrules.CheckDescription("description", *in.Description); err != nil {
			return err
		}
	}
	for i, p := range in.Samples() {
		if given(p) {
			if err := tendlcrules.CheckSample(fmt.Sprintf("sample%d", i+1), *p); err != nil {
				return err
			}
		}
	}
	if given(in.MessageFlow) {
		if err := tendlcrules.CheckMessageFlow("message_flow", *in.MessageFlow); err != nil {
			return err
		}
	}
	if given(in.HelpMessage) {
		if err := tendlcrules.CheckHelpMessage("help_message", *in.HelpMessage); err != nil {
			return err
		}
	}
	return nil
}

// given is a text field the request sets: the service reads null and ""
// as "not given" (its SDKs send "" for every field left unset).
func given(p *string) bool { return p != nil && *p != "" }

// applyCampaignText copies the given fields onto t ("" leaves a field
// unchanged).
func applyCampaignText(in *wire.CampaignUpdate, t *campaignText) {
	set := func(dst *string, p *string) {
		if given(p) {
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
	set(&t.TermsLink, in.TermsAndConditionsLink)
	set(&t.PrivacyLink, in.PrivacyPolicyLink)
}

// checkCampaignFlags applies today's create rules: all eight given (as
// JSON booleans: the shape's bool refuses a string), the three subscriber
// flags true.
func checkCampaignFlags(in *wire.CampaignCreate) error {
	f := &in.CampaignAttributes
	for _, x := range []struct {
		name string
		v    bool
	}{
		{"subscriber_optin", f.SubscriberOptin}, {"subscriber_optout", f.SubscriberOptout}, {"subscriber_help", f.SubscriberHelp},
		{"direct_lending", f.DirectLending}, {"embedded_link", f.EmbeddedLink}, {"embedded_phone", f.EmbeddedPhone},
		{"age_gated", f.AgeGated}, {"affiliate_marketing", f.AffiliateMarketing},
	} {
		if !in.Has(x.name) {
			return errors.New("Mandatory parameter missing. " + x.name + " must be present (true or false).") //nolint:staticcheck // the service's words
		}
		if strings.HasPrefix(x.name, "subscriber_") {
			if err := tendlcrules.CheckSubscriberFlag(x.name, x.v); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *Server) createCampaign(c *call) {
	var in wire.CampaignCreate
	if !c.decode(&in) {
		return
	}
	if !in.Has("reseller_id") {
		in.ResellerID = in.ResellerIDSpace
	}
	for _, f := range []struct {
		name string
		v    string
	}{
		{"brand_id", in.BrandID}, {"campaign_alias", in.CampaignAlias}, {"vertical", in.Vertical},
		{"usecase", in.Usecase}, {"description", in.Description}, {"sample1", in.Sample1}, {"sample2", in.Sample2},
	} {
		if f.v == "" {
			c.badRequest("Mandatory parameter missing. %s must be present.", f.name)
			return
		}
	}
	text := in.Text()
	for _, err := range []error{
		tendlcrules.CheckVertical("vertical", in.Vertical),
		tendlcrules.CheckUsecase("usecase", in.Usecase),
		tendlcrules.CheckSubUsecases(in.Usecase, in.SubUsecases),
		checkCampaignText(&text),
		checkCampaignFlags(&in),
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
	b, ok := c.acct.brands()[in.BrandID]
	var orderErr string
	switch {
	case !ok:
		orderErr = fmt.Sprintf("brand_id %s does not exist in this account; a campaign needs a registered brand", in.BrandID)
	case b.Status != tendlcrules.StatusCompleted:
		orderErr = fmt.Sprintf("brand %s is not registered (registration_status %s); a campaign can only be created with a registered brand (registration_status COMPLETED)", b.ID, b.Status)
		if b.Status == tendlcrules.StatusProcessing {
			orderErr += ": wait for the registration to complete"
		} else {
			orderErr += ": the brand was rejected, register a new one"
		}
	default:
		if err := tendlcrules.CheckBrandUsecase(b.ID, b.Type, in.Usecase); err != nil {
			orderErr = err.Error()
		}
	}
	if orderErr != "" {
		s.mu.Unlock()
		c.badRequest("%s", orderErr)
		return
	}
	cp := &campaign{
		seq: s.nextSeq(), ID: s.freshID("C", func(id string) bool { return c.acct.campaigns()[id] != nil }), BrandID: b.ID, Vertical: in.Vertical, Usecase: in.Usecase,
		SubUsecases: slices.Clone(in.SubUsecases), Attrs: in.CampaignAttributes, URL: in.URL, Method: in.Method,
		Status: tendlcrules.StatusProcessing, CreatedAt: s.clock.Now(), numbers: map[string]*campaignNumber{},
		ResellerID: in.ResellerID, BrandType: b.Type, BrandScore: derefInt(b.VettingScore),
	}
	applyCampaignText(&text, &cp.campaignText)
	c.acct.campaigns()[cp.ID] = cp
	s.submit(s.campaignRegistration(c.acct, cp))
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.CampaignCreated{
		APIID: newAPIID(), CampaignID: cp.ID, Message: "Request to create campaign was received and is being processed.",
	})
}

// viewCampaign is cp as the service's list items show it: empty fields
// left out, reseller_id always present, the flags without
// affiliate_marketing (seven keys), the alias and vertical (which the Go
// SDK's changelog 7.45.0 added to the list) but not the description.
// campaignGet and campaignUpdated derive the other replies.
func viewCampaign(cp *campaign) wire.Campaign {
	attrs := recordAttributes(cp.Attrs)
	attrs.AffiliateMarketing = nil
	return wire.Campaign{
		CampaignID: cp.ID, BrandID: cp.BrandID, ResellerID: cp.ResellerID, CampaignAlias: cp.Alias, Vertical: cp.Vertical, Usecase: cp.Usecase,
		SubUsecase: strings.Join(cp.SubUsecases, ","),
		Sample1:    cp.Samples[0], Sample2: cp.Samples[1], Sample3: cp.Samples[2], Sample4: cp.Samples[3], Sample5: cp.Samples[4],
		MessageFlow: cp.MessageFlow, HelpMessage: cp.HelpMessage, HelpKeywords: cp.HelpKeywords,
		OptinKeywords: cp.OptinKeywords, OptinMessage: cp.OptinMessage, OptoutKeywords: cp.OptoutKeywords, OptoutMessage: cp.OptoutMessage,
		TermsAndConditionsLink: cp.TermsLink, PrivacyPolicyLink: cp.PrivacyLink,
		CampaignAttributes: &attrs, MNOMetadata: cp.MNO, RegistrationStatus: cp.Status, CampaignSource: cp.source(),
		ErrorCode: cp.errorCode(), ErrorReason: cp.ErrorReason, ErrorDescription: cp.ErrorReason,
		CreatedAt: wire.RecordTime(cp.CreatedAt),
	}
}

// campaignGet is the GET's view: the service's GET leaves out
// campaign_alias, vertical and description.
func campaignGet(cp *campaign) wire.Campaign {
	v := viewCampaign(cp)
	v.CampaignAlias, v.Vertical = "", ""
	return v
}

// campaignUpdated is the update reply's view: description and all eight
// flags, but no alias, vertical, sub_usecase, campaign_source or
// created_at (the recorded update replies).
func campaignUpdated(cp *campaign) wire.Campaign {
	v := campaignGet(cp)
	attrs := recordAttributes(cp.Attrs)
	v.CampaignAttributes, v.Description, v.SubUsecase, v.CampaignSource, v.CreatedAt = &attrs, cp.Description, "", "", ""
	return v
}

func (cp *campaign) errorCode() string {
	if cp.ErrorReason == "" {
		return ""
	}
	return CampaignErrorCode
}

func recordAttributes(a wire.CampaignAttributes) wire.CampaignAttributesRecord {
	b := func(v bool) *bool { return &v }
	return wire.CampaignAttributesRecord{
		EmbeddedLink: b(a.EmbeddedLink), EmbeddedPhone: b(a.EmbeddedPhone), AgeGated: b(a.AgeGated), DirectLending: b(a.DirectLending),
		AffiliateMarketing: b(a.AffiliateMarketing), SubscriberOptin: b(a.SubscriberOptin), SubscriberOptout: b(a.SubscriberOptout), SubscriberHelp: b(a.SubscriberHelp),
	}
}

func derefInt(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

func (s *Server) getCampaign(c *call) {
	v, ok := viewOf(c, c.acct.campaigns(), "campaign", c.param("id"), campaignGet)
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.CampaignReply{APIID: newAPIID(), Campaign: v})
}

func (s *Server) listCampaigns(c *call) {
	q := c.req.URL.Query()
	brandID, usecase := q.Get("brand_id"), q.Get("usecase")
	status, source := q.Get("registration_status"), q.Get("campaign_source")
	keep := func(cp *campaign) bool {
		// The docs show the status filter in mixed case (Active, Failed).
		return (brandID == "" || cp.BrandID == brandID) && (usecase == "" || cp.Usecase == usecase) &&
			(status == "" || strings.EqualFold(cp.Status, status)) && (source == "" || source == cp.source())
	}
	meta, out, ok := pageOf(c, tendlcrules.ListMaxLimit, c.acct.campaigns(), func(cp *campaign) uint64 { return cp.seq }, keep, viewCampaign)
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.CampaignList{APIID: newAPIID(), Meta: meta, Campaigns: out})
}

// updateCampaign changes a campaign's text as the service does: only
// while it is FAILED, and the change resubmits it for vetting (PROCESSING,
// decided again after CampaignRegistrationDelay). "" leaves a field
// unchanged.
func (s *Server) updateCampaign(c *call) {
	var in wire.CampaignUpdate
	if !c.decode(&in) {
		return
	}
	if err := checkCampaignText(&in); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	cp, ok := c.acct.campaigns()[c.param("id")]
	var refused error
	var v wire.Campaign
	if ok {
		refused = tendlcrules.CheckCampaignUpdatable(cp.ID, cp.Status)
	}
	if ok && refused == nil {
		applyCampaignText(&in, &cp.campaignText)
		cp.Status, cp.ErrorReason = tendlcrules.StatusProcessing, ""
		cp.ResubmittedAt = s.clock.Now()
		cp.Submissions++
		s.submit(s.campaignRegistration(c.acct, cp))
		v = campaignUpdated(cp)
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("campaign", c.param("id"))
	case refused != nil:
		c.badRequest("%v", refused)
	default:
		c.reply(http.StatusOK, wire.CampaignReply{APIID: newAPIID(), Campaign: v})
	}
}

// deleteCampaign deactivates a campaign; numbers still linked to it are
// released at once (no unlink callbacks).
func (s *Server) deleteCampaign(c *call) {
	id := c.param("id")
	s.mu.Lock()
	_, ok := c.acct.campaigns()[id]
	delete(c.acct.campaigns(), id)
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
	submitted, submission := cp.CreatedAt, cp.Submissions
	if !cp.ResubmittedAt.IsZero() {
		submitted = cp.ResubmittedAt
	}
	return registration{
		due:     submitted.Add(s.opts.CampaignRegistrationDelay),
		current: func() bool { return acct.campaigns()[cp.ID] == cp && cp.Submissions == submission },
		decide: func() string {
			if reason != "" {
				cp.Status, cp.ErrorReason, cp.MNO = tendlcrules.StatusFailed, reason, nil
				return tendlcrules.EventRejected
			}
			cp.Status = tendlcrules.StatusActive
			cp.MNO = tendlcrules.MNOMetadata(cp.BrandType, cp.BrandScore)
			return tendlcrules.EventRegistered
		},
		send: func(event string) { s.campaignEvent(acct, cp, event) },
	}
}

// SetLegacyCampaignTexts sets texts of a campaign past today's create
// rules (a sample1 shorter than 20 characters, as the service's recorded
// campaign holds "OTP registration"), so a test can adopt a campaign as
// older records hold it. texts maps the API's field names (description,
// sample1 to sample5, message_flow, help_message) to their values.
func (s *Server) SetLegacyCampaignTexts(authID, campaignID string, texts map[string]string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return fmt.Errorf("account %q not found", authID)
	}
	cp, ok := a.campaigns()[campaignID]
	if !ok {
		return fmt.Errorf("campaign %q not found", campaignID)
	}
	for name, v := range texts {
		var field *string
		switch name {
		case "description":
			field = &cp.Description
		case "sample1", "sample2", "sample3", "sample4", "sample5":
			field = &cp.Samples[name[len(name)-1]-'1']
		case "message_flow":
			field = &cp.MessageFlow
		case "help_message":
			field = &cp.HelpMessage
		default:
			return fmt.Errorf("SetLegacyCampaignTexts does not set %q", name)
		}
		*field = v
	}
	return nil
}

// The state file's form of a campaign holds its unexported fields too.

func (cp *campaign) MarshalJSON() ([]byte, error) {
	type plain campaign
	return json.Marshal(struct {
		Seq     uint64
		Numbers map[string]*campaignNumber
		*plain
	}{cp.seq, cp.numbers, (*plain)(cp)})
}

func (cp *campaign) UnmarshalJSON(data []byte) error {
	type plain campaign
	v := struct {
		Seq     uint64
		Numbers map[string]*campaignNumber
		*plain
	}{plain: (*plain)(cp)}
	err := json.Unmarshal(data, &v)
	cp.seq, cp.numbers = v.Seq, v.Numbers
	return err
}
