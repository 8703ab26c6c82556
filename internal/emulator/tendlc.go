package emulator

import (
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// Default 10DLC processing delays: short, so the demo (on a real clock)
// finishes in seconds.
const (
	DefaultBrandRegistrationDelay    = time.Second
	DefaultCampaignRegistrationDelay = time.Second
	DefaultNumberLinkDelay           = time.Second
)

func (o *Options) setTenDLCDefaults() {
	if o.BrandRegistrationDelay <= 0 {
		o.BrandRegistrationDelay = DefaultBrandRegistrationDelay
	}
	if o.CampaignRegistrationDelay <= 0 {
		o.CampaignRegistrationDelay = DefaultCampaignRegistrationDelay
	}
	if o.NumberLinkDelay <= 0 {
		o.NumberLinkDelay = DefaultNumberLinkDelay
	}
}

type brand struct {
	seq              uint64
	ID               string
	Alias            string
	Type             string
	ProfileUUID      string
	SecondaryVetting bool
	URL, Method      string
	Status           string // PROCESSING, COMPLETED, FAILED
	VettingStatus    string
	Declined         []tendlcrules.Reason
	CreatedAt        time.Time
}

type campaignAttributes struct {
	EmbeddedLink       bool `json:"embedded_link"`
	EmbeddedPhone      bool `json:"embedded_phone"`
	AgeGated           bool `json:"age_gated"`
	DirectLending      bool `json:"direct_lending"`
	AffiliateMarketing bool `json:"affiliate_marketing"`
	SubscriberOptin    bool `json:"subscriber_optin"`
	SubscriberOptout   bool `json:"subscriber_optout"`
	SubscriberHelp     bool `json:"subscriber_help"`
}

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
	Attrs       campaignAttributes
	URL, Method string
	Status      string // PROCESSING, ACTIVE, FAILED
	ErrorReason string
	CreatedAt   time.Time
	numbers     map[string]*campaignNumber
}

// campaignNumber is one number's link with a campaign, or the last request
// about it.
type campaignNumber struct {
	Number    string
	Status    string // PROCESSING, COMPLETED (linked), FAILED (link refused)
	Unlinking bool   // the PROCESSING status belongs to an unlink request
	Reason    string // why the last request failed
	URL       string
	Method    string
}

func (s *Server) tendlcRoutes() []route {
	return []route{
		r(http.MethodPost, "10dlc/Brand", s.createBrand),
		r(http.MethodGet, "10dlc/Brand", s.listBrands),
		r(http.MethodGet, "10dlc/Brand/{id}", s.getBrand),
		r(http.MethodDelete, "10dlc/Brand/{id}", s.deleteBrand),
		r(http.MethodPost, "10dlc/Campaign", s.createCampaign),
		r(http.MethodGet, "10dlc/Campaign", s.listCampaigns),
		r(http.MethodGet, "10dlc/Campaign/{id}", s.getCampaign),
		r(http.MethodPost, "10dlc/Campaign/{id}", s.updateCampaign),
		r(http.MethodDelete, "10dlc/Campaign/{id}", s.deleteCampaign),
		r(http.MethodPost, "10dlc/Campaign/{id}/Number", s.linkNumbers),
		r(http.MethodGet, "10dlc/Campaign/{id}/Number", s.listCampaignNumbers),
		r(http.MethodGet, "10dlc/Campaign/{id}/Number/{number}", s.getCampaignNumber),
		r(http.MethodDelete, "10dlc/Campaign/{id}/Number/{number}", s.unlinkNumber),
	}
}

// tendlcCallback sends the documented 10DLC callback payload. Callers hold
// s.mu.
func (s *Server) tendlcCallback(acct *account, target, method string, fields map[string]string) {
	if target == "" {
		return
	}
	v := url.Values{}
	for k, val := range fields {
		if val != "" {
			v.Set(k, val)
		}
	}
	v.Set("Time", s.clock.Now().Format(time.RFC3339))
	s.sendCallback(acct, target, method, v)
}

func checkCallback(c *call, u, m *string) bool {
	if u != nil {
		if err := tendlcrules.CheckCallbackURL(*u); err != nil {
			c.badRequest("%v", err)
			return false
		}
	}
	if m != nil {
		if err := tendlcrules.CheckCallbackMethod(*m); err != nil {
			c.badRequest("%v", err)
			return false
		}
	}
	return true
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// ---- brands ----

func (s *Server) createBrand(c *call) {
	var in struct {
		BrandAlias       *string `json:"brand_alias"`
		ProfileUUID      *string `json:"profile_uuid"`
		BrandType        *string `json:"brand_type"`
		SecondaryVetting *bool   `json:"secondary_vetting"`
		URL              *string `json:"url"`
		Method           *string `json:"method"`
	}
	if !c.decode(&in) {
		return
	}
	switch {
	case in.BrandAlias == nil || *in.BrandAlias == "":
		c.badRequest("Mandatory parameter missing. brand_alias must be present.")
		return
	case in.ProfileUUID == nil || *in.ProfileUUID == "":
		c.badRequest("Mandatory parameter missing. profile_uuid must be present.")
		return
	}
	if err := tendlcrules.CheckLength("brand_alias", *in.BrandAlias, 1, tendlcrules.MaxAliasLength); err != nil {
		c.badRequest("%v", err)
		return
	}
	if !tendlcrules.UUIDPattern.MatchString(*in.ProfileUUID) {
		c.badRequest("profile_uuid %q must be %s", *in.ProfileUUID, tendlcrules.UUIDRule)
		return
	}
	btype := tendlcrules.DefaultBrandType
	if in.BrandType != nil {
		btype = *in.BrandType
	}
	if err := tendlcrules.CheckBrandType(btype); err != nil {
		c.badRequest("%v", err)
		return
	}
	if !checkCallback(c, in.URL, in.Method) {
		return
	}
	s.mu.Lock()
	b := &brand{
		seq: s.nextSeq(), ID: "B" + s.randID(6), Alias: *in.BrandAlias, Type: btype,
		ProfileUUID: *in.ProfileUUID, URL: deref(in.URL), Method: deref(in.Method),
		Status: tendlcrules.StatusProcessing, VettingStatus: "NOT_REQUESTED", CreatedAt: s.clock.Now(),
	}
	if in.SecondaryVetting != nil && *in.SecondaryVetting {
		b.SecondaryVetting, b.VettingStatus = true, "PENDING"
	}
	for c.acct.brands[b.ID] != nil {
		b.ID = "B" + s.randID(6)
	}
	c.acct.brands[b.ID] = b
	acct := c.acct
	s.brandEvent(acct, b, tendlcrules.EventCreated)
	declined := tendlcrules.BrandDeclinedReasons(b.Alias, b.ProfileUUID)
	s.sched.After(s.opts.BrandRegistrationDelay, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if acct.brands[b.ID] != b {
			return // deleted meanwhile
		}
		if declined != nil {
			b.Status, b.Declined = tendlcrules.StatusFailed, declined
			if b.SecondaryVetting {
				b.VettingStatus = "FAILED"
			}
			s.brandEvent(acct, b, tendlcrules.EventRejected)
			return
		}
		b.Status = tendlcrules.StatusCompleted
		if b.SecondaryVetting {
			b.VettingStatus = "ACCEPTED"
		}
		s.brandEvent(acct, b, tendlcrules.EventRegistered)
	})
	s.mu.Unlock()
	c.reply(http.StatusOK, map[string]any{
		"api_id":   newAPIID(),
		"brand_id": b.ID,
		"message":  "Request to create brand was received and is being processed.",
	})
}

// brandEvent sends a brand callback. Callers hold s.mu.
func (s *Server) brandEvent(acct *account, b *brand, event string) {
	var reasons []string
	for _, r := range b.Declined {
		reasons = append(reasons, r.Code+": "+r.Message)
	}
	s.tendlcCallback(acct, b.URL, b.Method, map[string]string{
		"Kind": tendlcrules.KindBrand, "Status": event, "BrandID": b.ID,
		"RegistrationStatus": b.Status, "Reason": strings.Join(reasons, "; "),
	})
}

type brandView struct {
	BrandID          string               `json:"brand_id"`
	BrandAlias       string               `json:"brand_alias"`
	BrandType        string               `json:"brand_type"`
	ProfileUUID      string               `json:"profile_uuid"`
	SecondaryVetting bool                 `json:"secondary_vetting"`
	Registration     string               `json:"registration_status"`
	VettingStatus    string               `json:"vetting_status"`
	DeclinedReasons  []tendlcrules.Reason `json:"declined_reasons"`
	CreatedAt        string               `json:"created_at"`
}

func viewBrand(b *brand) brandView {
	return brandView{
		BrandID: b.ID, BrandAlias: b.Alias, BrandType: b.Type, ProfileUUID: b.ProfileUUID,
		SecondaryVetting: b.SecondaryVetting, Registration: b.Status, VettingStatus: b.VettingStatus,
		DeclinedReasons: append([]tendlcrules.Reason{}, b.Declined...), CreatedAt: b.CreatedAt.Format(time.RFC3339),
	}
}

func (s *Server) getBrand(c *call) {
	v, ok := viewOf(c, c.acct.brands, "brand", c.param("id"), viewBrand)
	if !ok {
		return
	}
	c.reply(http.StatusOK, map[string]any{"api_id": newAPIID(), "brand": v})
}

func (s *Server) listBrands(c *call) {
	limit, offset, ok := c.paging(tendlcrules.ListMaxLimit)
	if !ok {
		return
	}
	s.mu.Lock()
	all := slices.Collect(maps.Values(c.acct.brands))
	slices.SortFunc(all, func(a, b *brand) int { return int(a.seq) - int(b.seq) })
	out := viewPage(all, limit, offset, viewBrand)
	s.mu.Unlock()
	c.reply(http.StatusOK, map[string]any{"api_id": newAPIID(), "meta": c.meta(len(all), limit, offset), "brands": out})
}

func (s *Server) deleteBrand(c *call) {
	id := c.param("id")
	s.mu.Lock()
	_, ok := c.acct.brands[id]
	var using []string
	for _, cp := range c.acct.campaigns {
		if cp.BrandID == id {
			using = append(using, cp.ID)
		}
	}
	if ok && len(using) == 0 {
		delete(c.acct.brands, id)
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("brand", id)
	case len(using) > 0:
		slices.Sort(using)
		c.badRequest("brand %s still has campaigns (%s); delete them before the brand", id, strings.Join(using, ", "))
	default:
		c.reply(http.StatusOK, map[string]any{"api_id": newAPIID(), "brand_id": id, "message": "Brand Deactivated"})
	}
}

// ---- campaigns ----

type campaignTextIn struct {
	CampaignAlias  *string `json:"campaign_alias"`
	Description    *string `json:"description"`
	Sample1        *string `json:"sample1"`
	Sample2        *string `json:"sample2"`
	Sample3        *string `json:"sample3"`
	Sample4        *string `json:"sample4"`
	Sample5        *string `json:"sample5"`
	MessageFlow    *string `json:"message_flow"`
	HelpMessage    *string `json:"help_message"`
	HelpKeywords   *string `json:"help_keywords"`
	OptinKeywords  *string `json:"optin_keywords"`
	OptinMessage   *string `json:"optin_message"`
	OptoutKeywords *string `json:"optout_keywords"`
	OptoutMessage  *string `json:"optout_message"`
}

// check validates the fields that are present.
func (in *campaignTextIn) check() error {
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
	for i, p := range in.samples() {
		// sample1 and sample2 are required; 3 to 5 may be empty (cleared).
		if p != nil && (i < 2 || *p != "") {
			if err := tendlcrules.CheckSample(i+1, *p); err != nil {
				return err
			}
		}
	}
	return nil
}

func (in *campaignTextIn) samples() [5]*string {
	return [5]*string{in.Sample1, in.Sample2, in.Sample3, in.Sample4, in.Sample5}
}

// apply copies the present fields onto t.
func (in *campaignTextIn) apply(t *campaignText) {
	set := func(dst *string, p *string) {
		if p != nil {
			*dst = *p
		}
	}
	set(&t.Alias, in.CampaignAlias)
	set(&t.Description, in.Description)
	for i, p := range in.samples() {
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
		campaignTextIn
		BrandID     *string  `json:"brand_id"`
		Vertical    *string  `json:"vertical"`
		Usecase     *string  `json:"usecase"`
		SubUsecases []string `json:"sub_usecases"`
		campaignAttributes
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
		in.campaignTextIn.check(),
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
		seq: s.nextSeq(), ID: "C" + s.randID(6), BrandID: b.ID, Vertical: *in.Vertical, Usecase: *in.Usecase,
		SubUsecases: slices.Clone(in.SubUsecases), Attrs: in.campaignAttributes, URL: deref(in.URL), Method: deref(in.Method),
		Status: tendlcrules.StatusProcessing, CreatedAt: s.clock.Now(), numbers: map[string]*campaignNumber{},
	}
	in.campaignTextIn.apply(&cp.campaignText)
	for c.acct.campaigns[cp.ID] != nil {
		cp.ID = "C" + s.randID(6)
	}
	c.acct.campaigns[cp.ID] = cp
	acct := c.acct
	s.campaignEvent(acct, cp, tendlcrules.EventCreated)
	reason := tendlcrules.CampaignRejectionReason(cp.Alias)
	s.sched.After(s.opts.CampaignRegistrationDelay, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if acct.campaigns[cp.ID] != cp {
			return
		}
		if reason != "" {
			cp.Status, cp.ErrorReason = tendlcrules.StatusFailed, reason
			s.campaignEvent(acct, cp, tendlcrules.EventRejected)
			return
		}
		cp.Status = tendlcrules.StatusActive
		s.campaignEvent(acct, cp, tendlcrules.EventRegistered)
	})
	s.mu.Unlock()
	c.reply(http.StatusOK, map[string]any{
		"api_id":      newAPIID(),
		"campaign_id": cp.ID,
		"message":     "Request to create campaign was received and is being processed.",
	})
}

// campaignEvent sends a campaign callback. Callers hold s.mu.
func (s *Server) campaignEvent(acct *account, cp *campaign, event string) {
	s.tendlcCallback(acct, cp.URL, cp.Method, map[string]string{
		"Kind": tendlcrules.KindCampaign, "Status": event, "BrandID": cp.BrandID, "CampaignID": cp.ID,
		"RegistrationStatus": cp.Status, "Reason": cp.ErrorReason,
	})
}

type campaignView struct {
	CampaignID         string             `json:"campaign_id"`
	BrandID            string             `json:"brand_id"`
	CampaignAlias      string             `json:"campaign_alias"`
	Vertical           string             `json:"vertical"`
	Usecase            string             `json:"usecase"`
	SubUsecase         string             `json:"sub_usecase"`
	Description        string             `json:"description"`
	Sample1            string             `json:"sample1"`
	Sample2            string             `json:"sample2"`
	Sample3            string             `json:"sample3"`
	Sample4            string             `json:"sample4"`
	Sample5            string             `json:"sample5"`
	MessageFlow        string             `json:"message_flow"`
	HelpMessage        string             `json:"help_message"`
	HelpKeywords       string             `json:"help_keywords"`
	OptinKeywords      string             `json:"optin_keywords"`
	OptinMessage       string             `json:"optin_message"`
	OptoutKeywords     string             `json:"optout_keywords"`
	OptoutMessage      string             `json:"optout_message"`
	CampaignAttributes campaignAttributes `json:"campaign_attributes"`
	RegistrationStatus string             `json:"registration_status"`
	ErrorReason        string             `json:"error_reason"`
	CreatedAt          string             `json:"created_at"`
}

func viewCampaign(cp *campaign) campaignView {
	return campaignView{
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
	c.reply(http.StatusOK, map[string]any{"api_id": newAPIID(), "campaign": v})
}

func (s *Server) listCampaigns(c *call) {
	limit, offset, ok := c.paging(tendlcrules.ListMaxLimit)
	if !ok {
		return
	}
	brandID := c.req.URL.Query().Get("brand_id")
	s.mu.Lock()
	all := make([]*campaign, 0, len(c.acct.campaigns))
	for _, cp := range c.acct.campaigns {
		if brandID == "" || cp.BrandID == brandID {
			all = append(all, cp)
		}
	}
	slices.SortFunc(all, func(a, b *campaign) int { return int(a.seq) - int(b.seq) })
	out := viewPage(all, limit, offset, viewCampaign)
	s.mu.Unlock()
	c.reply(http.StatusOK, map[string]any{"api_id": newAPIID(), "meta": c.meta(len(all), limit, offset), "campaigns": out})
}

func (s *Server) updateCampaign(c *call) {
	var in campaignTextIn
	if !c.decode(&in) {
		return
	}
	if in.CampaignAlias != nil && *in.CampaignAlias == "" {
		c.badRequest("campaign_alias must not be empty")
		return
	}
	if err := in.check(); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	cp, ok := c.acct.campaigns[c.param("id")]
	failed := ok && cp.Status == tendlcrules.StatusFailed
	var v campaignView
	if ok && !failed {
		in.apply(&cp.campaignText)
		v = viewCampaign(cp)
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("campaign", c.param("id"))
	case failed:
		c.badRequest("campaign %s was rejected by the registry and cannot be updated; register a new campaign", c.param("id"))
	default:
		c.reply(http.StatusOK, map[string]any{"api_id": newAPIID(), "campaign": v})
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
	c.reply(http.StatusOK, map[string]any{"api_id": newAPIID(), "campaign_id": id, "message": "Campaign Deactivated"})
}

// ---- number links ----

// numberHolder returns the campaign that has number linked or a request
// pending for it. Callers hold s.mu.
func numberHolder(acct *account, number string) (*campaign, *campaignNumber) {
	for _, cp := range acct.campaigns {
		if n, ok := cp.numbers[number]; ok && n.Status != tendlcrules.StatusFailed {
			return cp, n
		}
	}
	return nil, nil
}

func (s *Server) linkNumbers(c *call) {
	var in struct {
		Numbers []string `json:"numbers"`
		URL     *string  `json:"url"`
		Method  *string  `json:"method"`
	}
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
	cp, ok := c.acct.campaigns[id]
	if !ok {
		c.notFound("campaign", id)
		return
	}
	if cp.Status != tendlcrules.StatusActive {
		c.badRequest("campaign %s is not registered (registration_status %s); numbers can only be linked to a registered campaign (registration_status ACTIVE)", id, cp.Status)
		return
	}
	seen := map[string]bool{}
	for _, n := range in.Numbers {
		if !tendlcrules.NumberPattern.MatchString(n) {
			c.badRequest("number %q must be %s", n, tendlcrules.NumberRule)
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
		link := &campaignNumber{Number: n, Status: tendlcrules.StatusProcessing, URL: deref(in.URL), Method: deref(in.Method)}
		cp.numbers[n] = link
		s.numberEvent(acct, cp, link, tendlcrules.KindNumberLinking, tendlcrules.EventCreated)
		reason := tendlcrules.LinkFailureReason(cp.Alias, n)
		s.sched.After(s.opts.NumberLinkDelay, func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			if acct.campaigns[cp.ID] != cp || cp.numbers[link.Number] != link {
				return
			}
			if reason != "" {
				link.Status, link.Reason = tendlcrules.StatusFailed, reason
				s.numberEvent(acct, cp, link, tendlcrules.KindNumberLinking, tendlcrules.EventFailed)
				return
			}
			link.Status = tendlcrules.StatusCompleted
			s.numberEvent(acct, cp, link, tendlcrules.KindNumberLinking, tendlcrules.EventSuccess)
		})
	}
	c.reply(http.StatusOK, map[string]any{
		"api_id":  newAPIID(),
		"message": fmt.Sprintf("Request to link %s to campaign %s was received and is being processed", strings.Join(in.Numbers, ", "), id),
	})
}

// numberEvent sends a number_linking or number_unlinking callback. Callers
// hold s.mu.
func (s *Server) numberEvent(acct *account, cp *campaign, link *campaignNumber, kind, event string) {
	reason := ""
	if event == tendlcrules.EventFailed {
		reason = link.Reason
	}
	s.tendlcCallback(acct, link.URL, link.Method, map[string]string{
		"Kind": kind, "Status": event, "BrandID": cp.BrandID, "CampaignID": cp.ID, "Number": link.Number,
		"RegistrationStatus": link.Status, "Reason": reason,
	})
}

type linkView struct {
	Number string `json:"number"`
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
}

func (s *Server) listCampaignNumbers(c *call) {
	id := c.param("id")
	s.mu.Lock()
	cp, ok := c.acct.campaigns[id]
	var out []linkView
	if ok {
		for _, n := range keys(cp.numbers) {
			link := cp.numbers[n]
			out = append(out, linkView{Number: n, Status: link.Status, Reason: link.Reason})
		}
	}
	s.mu.Unlock()
	if !ok {
		c.notFound("campaign", id)
		return
	}
	slices.SortFunc(out, func(a, b linkView) int { return strings.Compare(a.Number, b.Number) })
	if out == nil {
		out = []linkView{}
	}
	c.reply(http.StatusOK, map[string]any{"api_id": newAPIID(), "campaign_id": id, "phone_numbers": out})
}

func (s *Server) getCampaignNumber(c *call) {
	id, number := c.param("id"), c.param("number")
	s.mu.Lock()
	cp, ok := c.acct.campaigns[id]
	var link *campaignNumber
	var v linkView
	if ok {
		if link = cp.numbers[number]; link != nil {
			v = linkView{Number: number, Status: link.Status, Reason: link.Reason}
		}
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("campaign", id)
	case link == nil:
		c.notFound("number", number+" of campaign "+id)
	default:
		c.reply(http.StatusOK, map[string]any{"api_id": newAPIID(), "campaign_id": id, "phone_numbers": []linkView{v}})
	}
}

func (s *Server) unlinkNumber(c *call) {
	var in struct {
		URL    *string `json:"url"`
		Method *string `json:"method"`
	}
	if !c.decode(&in) || !checkCallback(c, in.URL, in.Method) {
		return
	}
	id, number := c.param("id"), c.param("number")
	s.mu.Lock()
	defer s.mu.Unlock()
	cp, ok := c.acct.campaigns[id]
	if !ok {
		c.notFound("campaign", id)
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
	if in.URL != nil {
		link.URL, link.Method = *in.URL, deref(in.Method)
	}
	acct := c.acct
	s.numberEvent(acct, cp, link, tendlcrules.KindNumberUnlinking, tendlcrules.EventCreated)
	reason := tendlcrules.UnlinkFailureReason(cp.Alias, number)
	s.sched.After(s.opts.NumberLinkDelay, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if acct.campaigns[cp.ID] != cp || cp.numbers[number] != link {
			return
		}
		link.Unlinking = false
		if reason != "" {
			// Still linked; the failure is reported on the entry.
			link.Status, link.Reason = tendlcrules.StatusCompleted, reason
			s.numberEvent(acct, cp, link, tendlcrules.KindNumberUnlinking, tendlcrules.EventFailed)
			return
		}
		delete(cp.numbers, number)
		link.Status = "" // no longer linked: the callback carries no RegistrationStatus
		s.numberEvent(acct, cp, link, tendlcrules.KindNumberUnlinking, tendlcrules.EventSuccess)
	})
	c.reply(http.StatusAccepted, map[string]any{
		"api_id":  newAPIID(),
		"message": fmt.Sprintf("Request to unlink %s from campaign %s was received and is being processed", number, id),
	})
}
