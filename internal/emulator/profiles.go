package emulator

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/profilerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Business profiles (Profile/): the company a 10DLC brand and a toll-free
// verification name by profile_uuid. The shapes are the real service's
// (the service's recorded replies): a create answers 200 with a message, a get wraps the
// record in "profile", the list key is "profiles", an update answers the
// whole record, a delete 200 with a message; empty fields are left out of
// every record. Where the service is silent this emulator chooses, as a
// user would expect:
//   - every field is checked by profilerules (allowed values, lengths in
//     characters, email form), and the entity rules hold on create and
//     after an update: only INDIVIDUAL may leave out ein and
//     ein_issuing_country, PUBLIC gives stock_symbol and stock_exchange;
//   - "" and null mean "not given" on a create and "unchanged" on an
//     update, so an update never clears a field; profile_alias,
//     customer_type, stock_symbol and stock_exchange cannot be updated
//     (a 400 names the field);
//   - a profile a brand uses cannot be deleted (400 naming the brand);
//   - the account has no primary profile: every profile is SECONDARY and
//     primary_profile is left out.

type profile struct {
	Seq  uint64
	UUID string
	wire.ProfileFields
	CreatedAt time.Time
}

// profileAccounts is the area's state: each account's profiles.
var profileAccounts = objectsState[*profile]("profiles")

func (a *account) profiles() map[string]*profile { return *stateOf[map[string]*profile](a) }

func (s *Server) profileRoutes() []route {
	return []route{
		r(http.MethodPost, "Profile", s.createProfile),
		r(http.MethodGet, "Profile", s.listProfiles),
		r(http.MethodGet, "Profile/{id}", s.getProfile),
		r(http.MethodPost, "Profile/{id}", s.updateProfile),
		r(http.MethodDelete, "Profile/{id}", s.deleteProfile),
	}
}

// profileFieldValues lists every string field of f by its API name, the
// nested ones as "address.street".
func profileFieldValues(f *wire.ProfileFields) [][2]string {
	out := [][2]string{
		{"profile_alias", f.ProfileAlias}, {"customer_type", f.CustomerType}, {"entity_type", f.EntityType},
		{"company_name", f.CompanyName}, {"ein", f.EIN}, {"ein_issuing_country", f.EINIssuingCountry},
		{"stock_symbol", f.StockSymbol}, {"stock_exchange", f.StockExchange}, {"vertical", f.Vertical}, {"website", f.Website},
		{"alt_business_id", f.AltBusinessID}, {"alt_business_id_type", f.AltBusinessIDType},
		{"business_contact_email", f.BusinessContactEmail}, {"doing_business_as", f.DoingBusinessAs},
		{"service_subaccount", f.ServiceSubaccount},
	}
	if a := f.Address; a != nil {
		out = append(out, [2]string{"address.street", a.Street}, [2]string{"address.city", a.City}, [2]string{"address.state", a.State},
			[2]string{"address.postal_code", a.PostalCode}, [2]string{"address.country", a.Country})
	}
	if c := f.AuthorizedContact; c != nil {
		out = append(out, [2]string{"authorized_contact.first_name", c.FirstName}, [2]string{"authorized_contact.last_name", c.LastName},
			[2]string{"authorized_contact.phone", c.Phone}, [2]string{"authorized_contact.email", c.Email},
			[2]string{"authorized_contact.title", c.Title}, [2]string{"authorized_contact.seniority", c.Seniority})
	}
	return out
}

// checkProfileFields applies profilerules to every field given; it writes
// the 400 and returns false on the first broken rule.
func checkProfileFields(c *call, f *wire.ProfileFields) bool {
	for _, fv := range profileFieldValues(f) {
		if err := profilerules.CheckField(fv[0], fv[1]); err != nil {
			c.badRequest("%v", err)
			return false
		}
	}
	return true
}

// checkEntity applies the entity rules to the whole record.
func checkEntity(c *call, f *wire.ProfileFields) bool {
	errs := profilerules.CheckEntity(profilerules.Entity{
		EntityType: f.EntityType, EIN: f.EIN, EINIssuingCountry: f.EINIssuingCountry, StockSymbol: f.StockSymbol, StockExchange: f.StockExchange,
	})
	if len(errs) > 0 {
		c.badRequest("%v", errs[0])
		return false
	}
	return true
}

func (s *Server) createProfile(c *call) {
	var in wire.ProfileFields
	if !c.decode(&in) {
		return
	}
	for _, req := range [][2]string{{"profile_alias", in.ProfileAlias}, {"customer_type", in.CustomerType}, {"entity_type", in.EntityType},
		{"company_name", in.CompanyName}, {"vertical", in.Vertical}} {
		if req[1] == "" {
			c.badRequest("Mandatory parameter missing. %s must be present.", req[0])
			return
		}
	}
	if in.Address == nil || *in.Address == (wire.ProfileAddress{}) {
		c.badRequest("Mandatory parameter missing. address must be present.")
		return
	}
	if in.AuthorizedContact == nil || *in.AuthorizedContact == (wire.ProfileContact{}) {
		c.badRequest("Mandatory parameter missing. authorized_contact must be present.")
		return
	}
	if !checkProfileFields(c, &in) || !checkEntity(c, &in) {
		return
	}
	s.mu.Lock()
	if !checkServiceSubaccount(c, in.ServiceSubaccount) {
		s.mu.Unlock()
		return
	}
	if in.ServiceSubaccount == c.acct.ID {
		in.ServiceSubaccount = ""
	}
	p := &profile{Seq: s.nextSeq(), UUID: s.newUUID(), ProfileFields: in, CreatedAt: s.clock.Now()}
	c.acct.profiles()[p.UUID] = p
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.ProfileCreated{APIID: newAPIID(), Message: "Profile created successfully.", ProfileUUID: p.UUID})
}

func viewProfile(p *profile) wire.Profile {
	v := wire.Profile{ProfileUUID: p.UUID, ProfileType: "SECONDARY", ProfileFields: p.ProfileFields, CreatedAt: p.CreatedAt.UTC().Format(wire.RecordTimeLayout)}
	if p.Address != nil {
		a := *p.Address
		v.Address = &a
	}
	if p.AuthorizedContact != nil {
		ac := *p.AuthorizedContact
		v.AuthorizedContact = &ac
	}
	return v
}

// checkServiceSubaccount refuses a service_subaccount that is not one of
// the account's subaccounts (or the account itself, a subaccount's own
// auth_id), with a 400 naming it. Callers hold s.mu.
func checkServiceSubaccount(c *call, id string) bool {
	if id == "" || id == c.acct.ID || c.acct.subaccounts()[id] != nil {
		return true
	}
	c.badRequest("service_subaccount %q is not a subaccount of this account", id)
	return false
}

// profileNotFound is the service's recorded reply for an unknown profile.
func profileNotFound(c *call) { c.fail(http.StatusNotFound, "Profile not found.") }

func (s *Server) getProfile(c *call) {
	s.mu.Lock()
	p, ok := c.acct.profiles()[strings.ToLower(c.param("id"))]
	var v wire.Profile
	if ok {
		v = viewProfile(p)
	}
	s.mu.Unlock()
	if !ok {
		profileNotFound(c)
		return
	}
	c.reply(http.StatusOK, wire.ProfileReply{APIID: newAPIID(), Profile: v})
}

func (s *Server) listProfiles(c *call) {
	meta, out, ok := pageOf(c, profilerules.ListMaxLimit, c.acct.profiles(), func(p *profile) uint64 { return p.Seq }, nil, viewProfile)
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.ProfileList{APIID: newAPIID(), Meta: meta, Profiles: out})
}

func (s *Server) updateProfile(c *call) {
	var in wire.ProfileFields
	if !c.decode(&in) {
		return
	}
	for _, fixed := range [][2]string{{"profile_alias", in.ProfileAlias}, {"customer_type", in.CustomerType},
		{"stock_symbol", in.StockSymbol}, {"stock_exchange", in.StockExchange}} {
		if fixed[1] != "" {
			c.badRequest("%s cannot be updated; the fields an update takes are %s", fixed[0], strings.Join(profilerules.Updatable, ", "))
			return
		}
	}
	if !checkProfileFields(c, &in) {
		return
	}
	s.mu.Lock()
	p, ok := c.acct.profiles()[strings.ToLower(c.param("id"))]
	if !ok {
		s.mu.Unlock()
		profileNotFound(c)
		return
	}
	if !checkServiceSubaccount(c, in.ServiceSubaccount) {
		s.mu.Unlock()
		return
	}
	next := p.ProfileFields
	mergeProfile(&next, &in, c.acct.ID)
	if !checkEntity(c, &next) {
		s.mu.Unlock()
		return
	}
	p.ProfileFields = next
	v := viewProfile(p)
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.ProfileReply{APIID: newAPIID(), Profile: v})
}

// mergeProfile sets in dst every field in gives; "" leaves a field as it
// is, so does a nested field left empty. A service_subaccount that is the
// account's own auth_id (mainOf) moves the profile back to it.
func mergeProfile(dst, in *wire.ProfileFields, mainOf string) {
	set := func(d *string, v string) {
		if v != "" {
			*d = v
		}
	}
	set(&dst.EntityType, in.EntityType)
	set(&dst.CompanyName, in.CompanyName)
	set(&dst.EIN, in.EIN)
	set(&dst.EINIssuingCountry, in.EINIssuingCountry)
	set(&dst.Vertical, in.Vertical)
	set(&dst.Website, in.Website)
	set(&dst.AltBusinessID, in.AltBusinessID)
	set(&dst.AltBusinessIDType, in.AltBusinessIDType)
	set(&dst.BusinessContactEmail, in.BusinessContactEmail)
	set(&dst.DoingBusinessAs, in.DoingBusinessAs)
	set(&dst.ServiceSubaccount, in.ServiceSubaccount)
	if dst.ServiceSubaccount == mainOf {
		dst.ServiceSubaccount = "" // the account's own auth_id moves it back
	}
	if a := in.Address; a != nil {
		na := wire.ProfileAddress{}
		if dst.Address != nil {
			na = *dst.Address
		}
		set(&na.Street, a.Street)
		set(&na.City, a.City)
		set(&na.State, a.State)
		set(&na.PostalCode, a.PostalCode)
		set(&na.Country, a.Country)
		dst.Address = &na
	}
	if ct := in.AuthorizedContact; ct != nil {
		nc := wire.ProfileContact{}
		if dst.AuthorizedContact != nil {
			nc = *dst.AuthorizedContact
		}
		set(&nc.FirstName, ct.FirstName)
		set(&nc.LastName, ct.LastName)
		set(&nc.Phone, ct.Phone)
		set(&nc.Email, ct.Email)
		set(&nc.Title, ct.Title)
		set(&nc.Seniority, ct.Seniority)
		dst.AuthorizedContact = &nc
	}
}

func (s *Server) deleteProfile(c *call) {
	id := strings.ToLower(c.param("id"))
	s.mu.Lock()
	_, ok := c.acct.profiles()[id]
	user := profileUser(c.acct, id)
	if ok && user == "" {
		delete(c.acct.profiles(), id)
	}
	s.mu.Unlock()
	switch {
	case !ok:
		profileNotFound(c)
	case user != "":
		c.badRequest("Profile %s is in use by %s and cannot be deleted; delete it first.", id, user)
	default:
		c.reply(http.StatusOK, wire.Reply{APIID: newAPIID(), Message: "Profile deleted successfully."})
	}
}

// profileUser names what uses profile id ("brand B1A2B3C"), or "". Callers
// hold s.mu.
func profileUser(acct *account, id string) string {
	for _, b := range acct.brands() {
		if b.ProfileUUID == id {
			return "brand " + b.ID
		}
	}
	for _, v := range acct.tollfree() {
		if v.ProfileUUID == id {
			return "toll-free verification " + v.UUID
		}
	}
	return ""
}

// brandProfile is what a brand registered for profile p carries of it.
func brandProfile(p *profile) tendlcrules.BrandProfile {
	return tendlcrules.BrandProfile{ProfileUUID: p.UUID, CompanyName: p.CompanyName, EntityType: p.EntityType, EIN: p.EIN}
}

// profileInventory is the profiles area's part of Objects.
func profileInventory(a *account, _ time.Time) map[string][]string {
	return map[string][]string{"10dlc_profiles": keys(a.profiles())}
}

// SetLegacyProfileEntityType sets a profile's entity_type past today's
// list (PUBLIC_PROFIT, as the service's recorded profile holds), so a
// test can adopt a profile as older records hold it.
func (s *Server) SetLegacyProfileEntityType(authID, profileUUID, entityType string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return fmt.Errorf("account %q not found", authID)
	}
	p, ok := a.profiles()[profileUUID]
	if !ok {
		return fmt.Errorf("profile %q not found", profileUUID)
	}
	p.EntityType = entityType
	return nil
}
