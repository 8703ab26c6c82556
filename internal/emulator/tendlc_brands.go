package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

type brand struct {
	seq              uint64
	ID               string
	Alias            string
	Type             string
	ProfileUUID      string
	SecondaryVetting bool
	URL, Method      string
	Status           string // PROCESSING, COMPLETED, FAILED
	// VettingStatus is "" (no secondary vetting asked), PENDING, ACTIVE
	// (the recorded value of a vetted brand) or FAILED; VettingScore is
	// set once vetting accepted the brand.
	VettingStatus string
	VettingScore  *int64
	Declined      []tendlcrules.Reason
	CreatedAt     time.Time
	// Profile is the data of the profile ProfileUUID names, copied at
	// create: what the registry judges (profiles.go), and what the brand
	// record carries.
	Profile wire.ProfileFields
	// OTPsSent counts the one-time confirmation texts sent to the
	// brand's contact (POST 10dlc/Brand/{id}/OTP/).
	OTPsSent int `json:",omitempty"`
	// unlisted leaves the brand out of the brand list (HideBrandFromList),
	// as for a brand no listing shows: only its GET, which has no alias,
	// reads it. Not persisted: a test's knob.
	unlisted bool
}

// HideBrandFromList leaves brand id of account authID out of the brand
// list from now on, so that nothing the API returns carries its alias;
// false when there is no such brand.
func (s *Server) HideBrandFromList(authID, id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok || a.brands()[id] == nil {
		return false
	}
	a.brands()[id].unlisted = true
	return true
}

func (s *Server) createBrand(c *call) {
	var in wire.BrandCreate
	if !c.decode(&in) {
		return
	}
	switch {
	case in.BrandAlias == "":
		c.badRequest("Mandatory parameter missing. brand_alias must be present.")
		return
	case in.ProfileUUID == "":
		c.badRequest("Mandatory parameter missing. profile_uuid must be present.")
		return
	}
	if err := tendlcrules.CheckLength("brand_alias", in.BrandAlias, 1, tendlcrules.MaxAliasLength); err != nil {
		c.badRequest("%v", err)
		return
	}
	if !tendlcrules.UUIDPattern.MatchString(in.ProfileUUID) {
		c.badRequest("profile_uuid %q must be %s", in.ProfileUUID, tendlcrules.UUIDRule)
		return
	}
	btype := tendlcrules.DefaultBrandType
	if in.BrandType != "" {
		btype = in.BrandType
	}
	if err := tendlcrules.CheckBrandType("brand_type", btype); err != nil {
		c.badRequest("%v", err)
		return
	}
	if !checkCallback(c, in.URL, in.Method) {
		return
	}
	s.mu.Lock()
	p, refusal := brandProfileOf(c.acct, strings.ToLower(in.ProfileUUID), btype)
	if refusal != "" {
		s.mu.Unlock()
		c.badRequest("%s", refusal)
		return
	}
	b := &brand{
		seq: s.nextSeq(), ID: s.freshID("B", func(id string) bool { return c.acct.brands()[id] != nil }), Alias: in.BrandAlias, Type: btype,
		ProfileUUID: p.UUID, Profile: viewProfile(p).ProfileFields, URL: in.URL, Method: in.Method,
		Status: tendlcrules.StatusProcessing, CreatedAt: s.clock.Now(),
	}
	if in.SecondaryVetting.Value {
		b.SecondaryVetting, b.VettingStatus = true, "PENDING"
	}
	c.acct.brands()[b.ID] = b
	s.submit(s.brandRegistration(c.acct, b))
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.BrandCreated{
		APIID: newAPIID(), BrandID: b.ID, Message: "Request to create brand was received and is being processed.",
	})
}

// viewBrand is b as the service returns it: empty fields left out, the
// profile's data copied on, the address's five keys always present and an
// empty contact as {}. The GET leaves the alias out (brandGet); list items
// carry it.
func viewBrand(b *brand) wire.Brand {
	p := b.Profile
	v := wire.Brand{
		BrandID: b.ID, BrandAlias: b.Alias, BrandType: b.Type, ProfileUUID: b.ProfileUUID,
		CompanyName: p.CompanyName, EIN: p.EIN, EINIssuingCountry: p.EINIssuingCountry, EntityType: p.EntityType, Vertical: p.Vertical,
		Website: p.Website, StockSymbol: p.StockSymbol, StockExchange: p.StockExchange, AltBusinessID: p.AltBusinessID,
		AltBusinessIDType: p.AltBusinessIDType, Address: &wire.Address{}, AuthorizedContact: &wire.AuthorizedContact{},
	}
	if a := p.Address; a != nil {
		v.Address = &wire.Address{Street: a.Street, City: a.City, State: a.State, PostalCode: a.PostalCode, Country: a.Country}
	}
	if ct := p.AuthorizedContact; ct != nil {
		v.AuthorizedContact = &wire.AuthorizedContact{FirstName: ct.FirstName, LastName: ct.LastName, Email: ct.Email, Phone: ct.Phone,
			Title: ct.Title, Seniority: ct.Seniority}
	}
	v.RegistrationStatus, v.VettingStatus, v.VettingScore = b.Status, b.VettingStatus, b.VettingScore
	v.DeclinedReasons = slices.Clone(b.Declined)
	v.CreatedAt = wire.RecordTime(b.CreatedAt)
	return v
}

// brandGet is the GET's view: the service's GET leaves brand_alias out.
func brandGet(b *brand) wire.Brand {
	v := viewBrand(b)
	v.BrandAlias = ""
	return v
}

func (s *Server) getBrand(c *call) {
	v, ok := viewOf(c, c.acct.brands(), "brand", c.param("id"), brandGet)
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.BrandReply{APIID: newAPIID(), Brand: v})
}

func (s *Server) listBrands(c *call) {
	q := c.req.URL.Query()
	// The filters under each SDK's names: type and registration_status
	// (docs), status (Python), Type and Status (Go, which sends fields
	// without a url tag under their Go names).
	btype := firstOf(q, "type", "Type")
	status := firstOf(q, "registration_status", "status", "Status")
	keep := func(b *brand) bool {
		return !b.unlisted && (btype == "" || strings.EqualFold(b.Type, btype)) && (status == "" || strings.EqualFold(b.Status, status))
	}
	meta, out, ok := pageOf(c, tendlcrules.ListMaxLimit, c.acct.brands(), func(b *brand) uint64 { return b.seq }, keep, viewBrand)
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.BrandList{APIID: newAPIID(), Meta: meta, Brands: out})
}

func (s *Server) deleteBrand(c *call) {
	id := c.param("id")
	s.mu.Lock()
	_, ok := c.acct.brands()[id]
	var using []string
	for _, cp := range c.acct.campaigns() {
		if cp.BrandID == id {
			using = append(using, cp.ID)
		}
	}
	if ok && len(using) == 0 {
		delete(c.acct.brands(), id)
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("brand", id)
	case len(using) > 0:
		slices.Sort(using)
		c.badRequest("brand %s still has campaigns (%s); delete them before the brand", id, strings.Join(using, ", "))
	default:
		c.reply(http.StatusOK, wire.BrandDeleted{APIID: newAPIID(), BrandID: id, Message: "Brand Deactivated"})
	}
}

// The emulator's secondary vetting: a brand that asked for it is vetted
// with the registry's decision, ACTIVE with a score of 80 (the recorded
// values) when registered, FAILED when rejected.
const (
	VettingActive = "ACTIVE"
	VettingScore  = 80
)

// firstOf is the first of the query parameters names that is set.
func firstOf(q url.Values, names ...string) string {
	for _, n := range names {
		if v := q.Get(n); v != "" {
			return v
		}
	}
	return ""
}

// brandUsecases answers GET 10dlc/Brand/{id}/usecases/: the use cases the
// brand may register (tendlcrules.BrandUsecases).
func (s *Server) brandUsecases(c *call) {
	id := c.param("id")
	s.mu.Lock()
	b, ok := c.acct.brands()[id]
	var btype string
	if ok {
		btype = b.Type
	}
	s.mu.Unlock()
	if !ok {
		c.notFound("brand", id)
		return
	}
	c.reply(http.StatusOK, wire.BrandUsecases{APIID: newAPIID(), BrandID: id, UseCases: tendlcrules.BrandUsecases(btype)})
}

// brandProfileOf is the profile a new brand of type btype is registered
// for, or the service's refusal: the profile must be one of the account's,
// back no other brand (Docs "Register a Standard brand"), and have an EIN
// for a STANDARD brand. Callers hold s.mu.
func brandProfileOf(acct *account, id, btype string) (*profile, string) {
	p, ok := acct.profiles()[id]
	if !ok {
		return nil, fmt.Sprintf("profile_uuid %s is not a profile of this account: create the profile first (POST Profile/)", id)
	}
	for _, other := range acct.brands() {
		if other.ProfileUUID == id {
			return nil, fmt.Sprintf("profile_uuid %s has already been used for brand %s: a profile can back only one brand", id, other.ID)
		}
	}
	if err := tendlcrules.CheckStandardBrand(btype, brandProfile(p)); err != nil {
		return nil, err.Error()
	}
	return p, ""
}

// brandEvent sends a brand callback. Callers hold s.mu.
func (s *Server) brandEvent(acct *account, b *brand, event string) {
	var reasons []string
	for _, r := range b.Declined {
		reasons = append(reasons, r.Code+": "+r.Message)
	}
	s.tendlcCallback(acct, objectKey(acct, "brand", b.ID), b.URL, b.Method, map[string]string{
		"Kind": tendlcrules.KindBrand, "Status": event, "BrandID": b.ID,
		"RegistrationStatus": b.Status, "Reason": strings.Join(reasons, "; "),
	})
}

// brandRegistration is how the registry decides on b: registered, or
// rejected when tendlcrules says so, BrandRegistrationDelay after its
// create.
func (s *Server) brandRegistration(acct *account, b *brand) registration {
	declined := tendlcrules.BrandDeclinedReasons(tendlcrules.BrandProfile{
		ProfileUUID: b.ProfileUUID, CompanyName: b.Profile.CompanyName, EntityType: b.Profile.EntityType, EIN: b.Profile.EIN,
	})
	vetting := func(outcome string) {
		if b.SecondaryVetting {
			b.VettingStatus = outcome
			if outcome == VettingActive {
				score := int64(VettingScore)
				b.VettingScore = &score
			}
		}
	}
	return registration{
		due:     b.CreatedAt.Add(s.opts.BrandRegistrationDelay),
		current: func() bool { return acct.brands()[b.ID] == b },
		decide: func() string {
			if declined != nil {
				b.Status, b.Declined = tendlcrules.StatusFailed, declined
				vetting("FAILED")
				return tendlcrules.EventRejected
			}
			b.Status = tendlcrules.StatusCompleted
			vetting(VettingActive)
			return tendlcrules.EventRegistered
		},
		send: func(event string) { s.brandEvent(acct, b, event) },
	}
}

// The state file's form of a brand holds its unexported fields too.

func (b *brand) MarshalJSON() ([]byte, error) {
	type plain brand
	return json.Marshal(struct {
		Seq uint64
		*plain
	}{b.seq, (*plain)(b)})
}

func (b *brand) UnmarshalJSON(data []byte) error {
	type plain brand
	v := struct {
		Seq uint64
		*plain
	}{plain: (*plain)(b)}
	err := json.Unmarshal(data, &v)
	b.seq = v.Seq
	return err
}

// sendBrandOTP answers POST 10dlc/Brand/{id}/OTP/: it texts a one-time
// confirmation to the STARTER brand's contact phone (the phone of its
// profile's authorized contact), which confirms the registration by
// replying YES. The emulator sends nothing; it counts the texts
// (BrandOTPsSent). The route takes no fields.
func (s *Server) sendBrandOTP(c *call) {
	// The route takes no fields: decode ignores its body, whatever it is.
	if !c.decode(&struct{}{}) {
		return
	}
	id := c.param("id")
	s.mu.Lock()
	b, ok := c.acct.brands()[id]
	var refused error
	var phone string
	if ok {
		refused = tendlcrules.CheckBrandOTP(b.ID, b.Type)
		if ct := b.Profile.AuthorizedContact; ct != nil {
			phone = ct.Phone
		}
		if refused == nil && phone == "" {
			refused = fmt.Errorf("brand %s has no contact phone to text: its profile %s names no authorized_contact.phone", b.ID, b.ProfileUUID)
		}
		if refused == nil {
			b.OTPsSent++
		}
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("brand", id)
	case refused != nil:
		c.badRequest("%v", refused)
	default:
		c.reply(http.StatusOK, wire.BrandOTPSent{APIID: newAPIID(), BrandID: id, Message: tendlcrules.BrandOTPMessage(phone)})
	}
}

// BrandOTPsSent is how many one-time confirmation texts brand id of
// account authID was sent; false when there is no such brand.
func (s *Server) BrandOTPsSent(authID, id string) (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok || a.brands()[id] == nil {
		return 0, false
	}
	return a.brands()[id].OTPsSent, true
}
