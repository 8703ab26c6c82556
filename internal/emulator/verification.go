package emulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The oldest compliance generation (only the service's Python library calls it):
// Verification/Address/ and Verification/Identity/, each a create
// (multipart: the form fields and an optional "file" part), an update
// (POST .../{id}/, the same form: what it carries replaces), a get, a list
// and a delete. Replies as recorded: a create answers {api_id, message:
// "Your request has been accepted."} with no id, an update adds status
// "success"; records have a 14-digit id, the account, subaccount null and
// the record's full URL. Where the service is silent this emulator
// chooses:
//   - a create or update leaves both statuses pending; the reviewer
//     decides ComplianceReviewDelay later, both statuses the same:
//     compliancerules.DecideVerification on the last name;
//   - the fields Python's create takes positionally are required on
//     create; each field is checked by compliancerules (lengths in
//     characters, dates yyyy-mm-dd, country codes, Python's enumerations,
//     the ES and DK fields, the file's extension);
//   - a body that is not multipart is read as a JSON object of the form
//     fields (no file);
//   - deletes answer 204; an identity's record leaves out the birth data,
//     the ID's issue and the address, as the recording does.

type verificationRecord struct {
	Seq uint64
	ID  string
	// Fields are the form's fields as sent (the wire shape's JSON keys),
	// the unset ones left out.
	Fields                   map[string]string
	FileName                 string
	File                     []byte
	Validation, Verification string
	CreatedAt, DecideAt      time.Time
	Gen                      int
}

// verifications is an account's share of the area.
type verifications struct {
	Addresses  map[string]*verificationRecord `json:"addresses"`
	Identities map[string]*verificationRecord `json:"identities"`
}

func newVerifications() *verifications {
	return &verifications{Addresses: map[string]*verificationRecord{}, Identities: map[string]*verificationRecord{}}
}

// verificationAccounts is the area's state, under the state file's key
// verifications; a restart queues the pending reviews again.
var verificationAccounts = &accountState[verifications]{
	fresh: newVerifications,
	saved: func(_ *account, st *verifications) []savedField {
		return []savedField{{key: "verifications", ptr: st, empty: func() bool { return len(st.Addresses)+len(st.Identities) == 0 }}}
	},
	restore: func(s *Server, a *account, st *verifications) {
		st.Addresses, st.Identities = orEmpty(st.Addresses), orEmpty(st.Identities)
		for _, m := range []map[string]*verificationRecord{st.Addresses, st.Identities} {
			for _, v := range m {
				if v.Verification == compliancerules.VerificationPending {
					s.queueVerificationReview(v)
				}
			}
		}
	},
}

func (a *account) verifications() *verifications { return stateOf[verifications](a) }

func (s *Server) verificationRoutes() []route {
	return []route{
		r(http.MethodPost, "Verification/Address", s.createVerificationAddress),
		r(http.MethodGet, "Verification/Address", s.listVerificationAddresses),
		r(http.MethodGet, "Verification/Address/{id}", s.getVerificationAddress),
		r(http.MethodPost, "Verification/Address/{id}", s.updateVerificationAddress),
		r(http.MethodDelete, "Verification/Address/{id}", s.deleteVerificationAddress),
		r(http.MethodPost, "Verification/Identity", s.createVerificationIdentity),
		r(http.MethodGet, "Verification/Identity", s.listVerificationIdentities),
		r(http.MethodGet, "Verification/Identity/{id}", s.getVerificationIdentity),
		r(http.MethodPost, "Verification/Identity/{id}", s.updateVerificationIdentity),
		r(http.MethodDelete, "Verification/Identity/{id}", s.deleteVerificationIdentity),
	}
}

// verificationFile is the file part of a form, when it had one.
type verificationFile struct {
	name string
	data []byte
}

// verificationForm reads a multipart body: its file part, and its other
// fields, which it leaves as the request's body, a JSON object, for the
// handler to decode into its wire shape. A body that is not multipart is
// left as it is. It writes the error reply and returns false on failure.
func (c *call) verificationForm() (*verificationFile, bool) {
	mt, params, _ := mime.ParseMediaType(c.req.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		return nil, true
	}
	var file *verificationFile
	fields := map[string]string{}
	if !c.eachPart(params["boundary"], func(p *multipart.Part, data []byte) bool {
		if p.FormName() != wire.VerificationFilePart {
			fields[p.FormName()] = string(data)
			return true
		}
		if len(data) == 0 {
			return true // Python sends an empty part when there is no file
		}
		if len(data) > compliancerules.MaxFileBytes {
			c.fail(http.StatusRequestEntityTooLarge, fmt.Sprintf("file is larger than the limit of %d bytes", compliancerules.MaxFileBytes))
			return false
		}
		if err := compliancerules.CheckVerificationFile("file", p.FileName()); err != nil {
			c.badRequest("%v", err)
			return false
		}
		file = &verificationFile{name: p.FileName(), data: data}
		return true
	}) {
		return nil, false
	}
	body, _ := json.Marshal(fields)
	c.req.Body = io.NopCloser(bytes.NewReader(body))
	return file, true
}

// formFields are the fields a decoded form set, by their JSON keys.
func formFields(in any) map[string]string {
	raw, _ := json.Marshal(in)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	out := map[string]string{}
	for k, v := range m {
		switch v := v.(type) {
		case string:
			if v != "" {
				out[k] = v
			}
		case bool:
			out[k] = fmt.Sprint(v)
		}
	}
	return out
}

// verificationKind is what differs between addresses and identities.
type verificationKind struct {
	what, segment string
	objects       func(*account) map[string]*verificationRecord
	// required are the fields a create must carry.
	required []string
	// dates, countries and enums are checked as such; every other field
	// as text.
	dates     []string
	countries []string
	enums     map[string]func(field, v string) error
}

var (
	addressKind = verificationKind{what: "Address", segment: "Address",
		objects: func(a *account) map[string]*verificationRecord { return a.verifications().Addresses },
		required: []string{"country_iso", "salutation", "first_name", "last_name", "address_line1", "address_line2", "city", "region",
			"postal_code", "address_proof_type", "phone_number_country", "number_type"},
		countries: []string{"country_iso", "phone_number_country"},
		enums: map[string]func(string, string) error{"salutation": compliancerules.CheckSalutation,
			"address_proof_type": compliancerules.CheckAddressProofType, "number_type": compliancerules.CheckNumberType,
			"callback_url": compliancerules.CheckURL, "auto_correct_address": func(string, string) error { return nil }},
	}
	identityKind = verificationKind{what: "Identity", segment: "Identity",
		objects: func(a *account) map[string]*verificationRecord { return a.verifications().Identities },
		required: []string{"country_iso", "salutation", "first_name", "last_name", "birth_place", "birth_date", "nationality",
			"id_nationality", "id_issue_date", "id_type", "id_number", "address_line1", "address_line2", "city", "region", "postal_code"},
		dates:     []string{"birth_date", "id_issue_date"},
		countries: []string{"country_iso", "nationality", "id_nationality"},
		enums: map[string]func(string, string) error{"salutation": compliancerules.CheckSalutation, "callback_url": compliancerules.CheckURL,
			"auto_correct_address": func(string, string) error { return nil }},
	}
)

// check checks the fields a create (create) or an update carries.
func (k verificationKind) check(fields map[string]string, create bool) error {
	if create {
		for _, f := range k.required {
			if fields[f] == "" {
				return fmt.Errorf("mandatory parameter missing: %s must be present", f)
			}
		}
	}
	names := make([]string, 0, len(fields))
	for f := range fields {
		names = append(names, f)
	}
	slices.Sort(names)
	for _, f := range names {
		v := fields[f]
		var err error
		switch {
		case slices.Contains(k.dates, f):
			err = compliancerules.CheckVerificationDate(f, v)
		case slices.Contains(k.countries, f):
			err = compliancerules.CheckCountry(f, v)
		case k.enums[f] != nil:
			err = k.enums[f](f, v)
		default:
			err = compliancerules.CheckVerificationText(f, v)
		}
		if err != nil {
			return err
		}
	}
	if k.segment == "Address" && create {
		if errs := compliancerules.CheckAddressCountryFields(fields["country_iso"], fields["fiscal_identification_code"],
			fields["street_code"], fields["municipal_code"]); len(errs) > 0 {
			return errs
		}
	}
	return nil
}

// newVerificationID is a fresh 14-digit id. Callers hold s.mu.
func (s *Server) newVerificationID(acct *account) string {
	for {
		b := make([]byte, 14)
		b[0] = byte('1' + s.rng.IntN(9))
		for i := 1; i < len(b); i++ {
			b[i] = byte('0' + s.rng.IntN(10))
		}
		id := string(b)
		if acct.verifications().Addresses[id] == nil && acct.verifications().Identities[id] == nil {
			return id
		}
	}
}

func (s *Server) createVerification(c *call, k verificationKind, fields map[string]string, file *verificationFile) {
	if err := k.check(fields, true); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	now := s.clock.Now()
	v := &verificationRecord{Seq: s.nextSeq(), ID: s.newVerificationID(c.acct), Fields: fields, Validation: compliancerules.VerificationPending,
		Verification: compliancerules.VerificationPending, CreatedAt: now, DecideAt: now.Add(s.opts.ComplianceReviewDelay)}
	if file != nil {
		v.FileName, v.File = file.name, file.data
	}
	k.objects(c.acct)[v.ID] = v
	s.queueVerificationReview(v)
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.VerificationAccepted{APIID: newAPIID(), Message: "Your request has been accepted."})
}

func (s *Server) updateVerification(c *call, k verificationKind, fields map[string]string, file *verificationFile) {
	if err := k.check(fields, false); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	v, ok := k.objects(c.acct)[c.param("id")]
	if ok {
		for f, val := range fields {
			v.Fields[f] = val
		}
		if file != nil {
			v.FileName, v.File = file.name, file.data
		}
		v.Gen++
		v.Validation, v.Verification = compliancerules.VerificationPending, compliancerules.VerificationPending
		v.DecideAt = s.clock.Now().Add(s.opts.ComplianceReviewDelay)
		s.queueVerificationReview(v)
	}
	s.mu.Unlock()
	if !ok {
		c.notFound(k.what, c.param("id"))
		return
	}
	c.reply(http.StatusOK, wire.VerificationAccepted{APIID: newAPIID(), Message: "Your request has been accepted.", Status: "success"})
}

// queueVerificationReview queues the reviewer's decision on v's current
// submission. Callers hold s.mu.
func (s *Server) queueVerificationReview(v *verificationRecord) {
	gen := v.Gen
	s.sched.At(v.DecideAt, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if v.Gen != gen || v.Verification != compliancerules.VerificationPending {
			return
		}
		d := compliancerules.DecideVerification(v.Fields["last_name"])
		v.Validation, v.Verification = d, d
	})
}

// verificationURL is the record's full URL.
func verificationURL(c *call, k verificationKind, id string) string {
	return requestBase(c.req) + resourceURI(c.acct, "Verification", k.segment, id)
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// details is document_details: the record's fields named.
func details(v *verificationRecord, names ...string) map[string]string {
	out := map[string]string{}
	for _, n := range names {
		if x := v.Fields[n]; x != "" {
			out[n] = x
		}
	}
	return out
}

func viewAddress(c *call, v *verificationRecord) wire.VerificationAddress {
	f := v.Fields
	return wire.VerificationAddress{Account: c.acct.ID, AddressLine1: f["address_line1"], AddressLine2: f["address_line2"], Alias: nullable(f["alias"]),
		City: f["city"], CountryISO: f["country_iso"],
		DocumentDetails: details(v, "address_line1", "address_line2", "city", "first_name", "last_name", "postal_code", "region", "salutation"),
		FirstName:       f["first_name"], ID: v.ID, LastName: f["last_name"], PostalCode: f["postal_code"], Region: f["region"], Salutation: f["salutation"],
		URL: verificationURL(c, addressKind, v.ID), ValidationStatus: v.Validation, VerificationStatus: v.Verification}
}

func viewIdentity(c *call, v *verificationRecord) wire.VerificationIdentity {
	f := v.Fields
	return wire.VerificationIdentity{Account: c.acct.ID, Alias: nullable(f["alias"]), CountryISO: f["country_iso"],
		DocumentDetails: details(v, "first_name", "id_number", "id_type", "last_name", "nationality", "salutation"),
		FirstName:       f["first_name"], ID: v.ID, IDNumber: f["id_number"], IDType: f["id_type"], LastName: f["last_name"], Nationality: f["nationality"],
		Salutation: f["salutation"], URL: verificationURL(c, identityKind, v.ID), ValidationStatus: v.Validation, VerificationStatus: v.Verification}
}

// verificationListFilter is the list's filters; it writes the 400 of a
// bad status and returns false.
func verificationListFilter(c *call, withValidation bool) (func(*verificationRecord) bool, bool) {
	q := c.req.URL.Query()
	country, alias, name, verification, validation := q.Get("country_iso"), q.Get("alias"), q.Get("customer_name"), q.Get("verification_status"), ""
	if withValidation {
		validation = q.Get("validation_status")
	}
	for _, st := range [][2]string{{"verification_status", verification}, {"validation_status", validation}} {
		if st[1] != "" {
			if err := compliancerules.CheckVerificationStatus(st[0], st[1]); err != nil {
				c.badRequest("%v", err)
				return nil, false
			}
		}
	}
	return func(v *verificationRecord) bool {
		f := v.Fields
		return (country == "" || f["country_iso"] == country) && (alias == "" || f["alias"] == alias) &&
			(name == "" || strings.Contains(strings.ToLower(f["first_name"]+" "+f["last_name"]), strings.ToLower(name))) &&
			(verification == "" || v.Verification == verification) && (validation == "" || v.Validation == validation)
	}, true
}

func (s *Server) createVerificationAddress(c *call) {
	file, ok := c.verificationForm()
	if !ok {
		return
	}
	var in wire.VerificationAddressData
	if !c.decode(&in) {
		return
	}
	s.createVerification(c, addressKind, formFields(in), file)
}

func (s *Server) updateVerificationAddress(c *call) {
	file, ok := c.verificationForm()
	if !ok {
		return
	}
	var in wire.VerificationAddressData
	if !c.decode(&in) {
		return
	}
	s.updateVerification(c, addressKind, formFields(in), file)
}

func (s *Server) getVerificationAddress(c *call) {
	v, ok := viewOf(c, c.acct.verifications().Addresses, "Address", c.param("id"), func(v *verificationRecord) wire.VerificationAddress {
		return viewAddress(c, v)
	})
	if ok {
		v.APIID = newAPIID()
		c.reply(http.StatusOK, v)
	}
}

func (s *Server) listVerificationAddresses(c *call) {
	keep, ok := verificationListFilter(c, true)
	if !ok {
		return
	}
	meta, out, ok := pageOf(c, compliancerules.VerificationListMaxLimit, c.acct.verifications().Addresses,
		func(v *verificationRecord) uint64 { return v.Seq }, keep, func(v *verificationRecord) wire.VerificationAddress { return viewAddress(c, v) })
	if ok {
		c.reply(http.StatusOK, wire.VerificationAddressList{APIID: newAPIID(), Meta: meta, Objects: out})
	}
}

func (s *Server) deleteVerificationAddress(c *call) {
	deleteOf(c, c.acct.verifications().Addresses, "Address not found.")
}

func (s *Server) createVerificationIdentity(c *call) {
	file, ok := c.verificationForm()
	if !ok {
		return
	}
	var in wire.VerificationIdentityData
	if !c.decode(&in) {
		return
	}
	s.createVerification(c, identityKind, formFields(in), file)
}

func (s *Server) updateVerificationIdentity(c *call) {
	file, ok := c.verificationForm()
	if !ok {
		return
	}
	var in wire.VerificationIdentityData
	if !c.decode(&in) {
		return
	}
	s.updateVerification(c, identityKind, formFields(in), file)
}

func (s *Server) getVerificationIdentity(c *call) {
	v, ok := viewOf(c, c.acct.verifications().Identities, "Identity", c.param("id"), func(v *verificationRecord) wire.VerificationIdentity {
		return viewIdentity(c, v)
	})
	if ok {
		v.APIID = newAPIID()
		c.reply(http.StatusOK, v)
	}
}

func (s *Server) listVerificationIdentities(c *call) {
	keep, ok := verificationListFilter(c, false)
	if !ok {
		return
	}
	meta, out, ok := pageOf(c, compliancerules.VerificationListMaxLimit, c.acct.verifications().Identities,
		func(v *verificationRecord) uint64 { return v.Seq }, keep, func(v *verificationRecord) wire.VerificationIdentity { return viewIdentity(c, v) })
	if ok {
		c.reply(http.StatusOK, wire.VerificationIdentityList{APIID: newAPIID(), Meta: meta, Objects: out})
	}
}

func (s *Server) deleteVerificationIdentity(c *call) {
	deleteOf(c, c.acct.verifications().Identities, "Identity not found.")
}

// verificationInventory is the area's part of Objects.
func verificationInventory(a *account, _ time.Time) map[string][]string {
	return map[string][]string{"verification_addresses": keys(a.verifications().Addresses),
		"verification_identities": keys(a.verifications().Identities)}
}
