// Package compliancerules holds the rules of regulatory compliance that
// both the provider (at plan time) and the emulator (on the wire) enforce:
// which countries need proof before a number is rented, which family of
// the API serves which country, the statuses of a compliance application,
// the document types and the requirement of each country, number type and
// user type (the emulator's catalogue, which the API serves and the
// provider reads), the checks of a configuration against a requirement,
// and the emulator's documented rule for the reviewer's decision.
package compliancerules

import (
	"fmt"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"net/mail"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Statuses of an application of the one-call API (PhoneNumber/Compliance)
// and of the ComplianceApplication (which starts as draft).
const (
	StatusDraft     = "draft"
	StatusSubmitted = "submitted"
	StatusAccepted  = "accepted"
	StatusRejected  = "rejected"
)

// Statuses lists the statuses of the one-call API.
var Statuses = []string{StatusSubmitted, StatusAccepted, StatusRejected}

// ApplicationStatuses lists the statuses of the compliance application family.
var ApplicationStatuses = []string{StatusDraft, StatusSubmitted, StatusAccepted, StatusRejected}

// User types and number types as the API spells them.
const (
	UserIndividual = "individual"
	UserBusiness   = "business"

	NumberLocal    = "local"
	NumberMobile   = "mobile"
	NumberTollfree = "tollfree"
)

// UserTypes and NumberTypes list them.
var (
	UserTypes   = []string{UserIndividual, UserBusiness}
	NumberTypes = []string{NumberLocal, NumberMobile, NumberTollfree}
)

// CallbackMethods are the methods of callback_method.
var CallbackMethods = []string{"GET", "POST"}

// Limits in characters (Unicode code points) where the service publishes
// none: the emulator's documented choice.
const (
	MaxAlias = 100
	MaxName  = 100
	// ListMaxLimit is the largest page of the compliance lists (Node: max 100).
	ListMaxLimit = 100
	// MaxFileBytes is the largest file a document may carry.
	MaxFileBytes = 5 << 20
)

// OneCallCountries are the countries the one-call API
// (PhoneNumber/Compliance) covers: India only, so far. Every other
// regulated country goes through the EndUser, ComplianceDocument and
// ComplianceApplication family.
var OneCallCountries = []string{"IN"}

// RegulatedCountries are the countries whose numbers are rented only
// against an accepted compliance application (the emulator's inventory
// marks each of their numbers with a compliance requirement).
var RegulatedCountries = []string{"AU", "DE", "FR", "IN"}

// Regulated reports whether numbers of country (ISO 3166 alpha-2) need an
// accepted application.
func Regulated(country string) bool {
	return slices.Contains(RegulatedCountries, strings.ToUpper(country))
}

// OneCall reports whether the one-call API covers country.
func OneCall(country string) bool { return slices.Contains(OneCallCountries, strings.ToUpper(country)) }

// Words name the two compliance families in an error: the API's replies
// name the API's objects, the provider's errors its resource types.
type Words struct {
	Covered    string // "%s" country covered by the one-call family
	NotCovered string // "%s" country, "%s" the one-call countries
	// ThreePartServes: the end user, document and application family
	// serves (the other countries).
	ThreePartServes string
}

var (
	// APIWords are the API's names, for the emulator's replies.
	APIWords = Words{
		Covered:         "%s is covered by the one-call API (cpaas_phone_number_compliance)",
		NotCovered:      "%s is not covered by the one-call API, which serves %s only: use the EndUser, ComplianceDocument and ComplianceApplication API",
		ThreePartServes: "the EndUser, ComplianceDocument and ComplianceApplication API serves",
	}
	// ResourceWords are the provider's resource types, for plan-time errors.
	ResourceWords = Words{
		Covered: "%s is covered by cpaas_phone_number_compliance",
		NotCovered: "%s is not covered by cpaas_phone_number_compliance, whose one-call API serves %s only: declare its application " +
			"with cpaas_end_user, cpaas_compliance_document and cpaas_compliance_application instead",
		ThreePartServes: "cpaas_end_user, cpaas_compliance_document and cpaas_compliance_application serve",
	}
)

// FamilyAdvice says which family a country's application goes through,
// for the API's errors and docs.
func FamilyAdvice(country string) string { return FamilyAdviceIn(APIWords, country) }

// FamilyAdviceIn is FamilyAdvice naming the families in w.
func FamilyAdviceIn(w Words, country string) string {
	if OneCall(country) {
		return fmt.Sprintf(w.Covered, strings.ToUpper(country))
	}
	return fmt.Sprintf(w.NotCovered, strings.ToUpper(country), strings.Join(OneCallCountries, ", "))
}

// NumberTypeOf is the compliance number type of a number of the inventory
// by its type and sub_type: "toll-free" is tollfree, "mobile" mobile,
// anything else (local and national landlines) local.
func NumberTypeOf(typ, subType string) string {
	switch {
	case typ == "toll-free" || typ == "tollfree" || subType == "toll-free":
		return NumberTollfree
	case typ == "mobile" || subType == "mobile":
		return NumberMobile
	}
	return NumberLocal
}

func oneOf(field, v string, values []string) error {
	if !slices.Contains(values, v) {
		return fmt.Errorf("%s %q is not one of %s", field, v, strings.Join(values, ", "))
	}
	return nil
}

// CheckUserType, CheckNumberType and CheckCallbackMethod check the
// enumerations.
func CheckUserType(field, v string) error   { return oneOf(field, v, UserTypes) }
func CheckNumberType(field, v string) error { return oneOf(field, v, NumberTypes) }

// CheckStatus and CheckApplicationStatus check a status of the one-call
// API and of the compliance application family (which has draft too).
func CheckStatus(field, v string) error            { return oneOf(field, v, Statuses) }
func CheckApplicationStatus(field, v string) error { return oneOf(field, v, ApplicationStatuses) }
func CheckCallbackMethod(field, v string) error {
	return oneOf(field, v, CallbackMethods)
}

// CheckCountry checks a country code: two upper-case letters.
func CheckCountry(field, v string) error {
	if len(v) != 2 || strings.ToUpper(v) != v || strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		return fmt.Errorf("%s %q must be an ISO 3166 alpha-2 country code in upper case (IN, DE)", field, v)
	}
	return nil
}

// CheckOneCallCountry refuses a country the one-call API does not cover.
func CheckOneCallCountry(field, v string) error { return CheckOneCallCountryIn(APIWords, field, v) }

// CheckOneCallCountryIn is CheckOneCallCountry naming the families in w.
func CheckOneCallCountryIn(w Words, field, v string) error {
	if err := CheckCountry(field, v); err != nil {
		return err
	}
	if !OneCall(v) {
		return fmt.Errorf("%s %q: %s", field, v, FamilyAdviceIn(w, v))
	}
	return nil
}

// CheckLength checks a text against 1 to maxLen characters.
func CheckLength(field, v string, maxLen int) error {
	if n := utf8.RuneCountInString(v); n < 1 || n > maxLen {
		return fmt.Errorf("%s must be 1 to %d characters long, got %d", field, maxLen, n)
	}
	return nil
}

// CheckAlias checks an application's alias.
func CheckAlias(field, v string) error { return CheckLength(field, v, MaxAlias) }

// CheckEmail checks an end user's email address.
func CheckEmail(field, v string) error {
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v {
		return fmt.Errorf("%s must be a plain email address such as ops@example.com", field)
	}
	return nil
}

// CheckURL requires an absolute http or https URL with a host.
func CheckURL(field, v string) error {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%s %q must be an absolute http:// or https:// URL", field, v)
	}
	return nil
}

// EndUser is what an application says of the person or business that will
// use the numbers. Its values are personal data: no error quotes them.
type EndUser struct {
	Type, Name, LastName, Email, AddressLine1, AddressLine2, City, State, PostalCode, Country, RegistrationNumber string
}

// broken is a broken rule of the field at p; its message (err) names the
// field itself and quotes no personal data.
func broken(p fielderr.Path, err error) fielderr.Error {
	return fielderr.Error{Path: p, Rule: err.Error(), Layout: fielderr.Stated}
}

// prefixOf is how the messages name the object at p: "documents[0]." or
// "end_user.", "" for a top-level one.
func prefixOf(at fielderr.Path) string {
	if len(at) == 0 {
		return ""
	}
	return at.String() + "."
}

// CheckEndUser checks an end user at the path at (nil when its fields are
// top-level); create says whether type and name are required (an update
// may leave them out, and cannot change the type).
func CheckEndUser(at fielderr.Path, u EndUser, create bool) fielderr.List {
	var errs fielderr.List
	prefix := prefixOf(at)
	add := func(field string, err error) {
		if err != nil {
			errs = append(errs, broken(at.At(field), err))
		}
	}
	if create || u.Type != "" {
		add("type", CheckUserType(prefix+"type", u.Type))
	}
	if create || u.Name != "" {
		add("name", CheckLength(prefix+"name", u.Name, MaxName))
	}
	if u.LastName != "" {
		add("last_name", CheckLength(prefix+"last_name", u.LastName, MaxName))
	}
	if u.Email != "" {
		add("email", CheckEmail(prefix+"email", u.Email))
	}
	if u.Country != "" {
		add("country", CheckCountry(prefix+"country", u.Country))
	}
	return errs
}

// Field types of a document's data fields.
const (
	FieldString = "string"
	FieldDate   = "date"
	FieldEnum   = "enum"
)

// DateFormat is the format of a date field, as the requirement names it,
// and DateLayout the same for Go.
const (
	DateFormat = "yyyy-mm-dd"
	DateLayout = "2006-01-02"
)

// Field is one data field of a document type.
type Field struct {
	Name, FriendlyName, Type string
	Required                 bool
	MinLength, MaxLength     int
	HelpText, Format         string
	Description              string
	// Enums are the allowed values of an enum field.
	Enums []string
}

// DocumentType is a kind of proof: what it is called, its data fields,
// and whether a file must be uploaded with it.
type DocumentType struct {
	ID, Name, Description string
	ProofRequired         bool
	Fields                []Field
}

// The document types of the emulator's catalogue. The ids are the
// emulator's own, fixed so that configurations can name them.
var (
	DocBusinessRegistration = DocumentType{
		ID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c01", Name: "Business registration certificate",
		Description: "Certificate of incorporation or registration issued by the registrar of companies.", ProofRequired: true,
		Fields: []Field{
			{Name: "business_name", FriendlyName: "Legal name", Type: FieldString, Required: true, MinLength: 1, MaxLength: 100},
			{Name: "registration_date", FriendlyName: "Date of registration", Type: FieldDate, Format: DateFormat, MinLength: 10, MaxLength: 10},
		},
	}
	DocAddressProof = DocumentType{
		ID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c02", Name: "Proof of address",
		Description: "A utility bill or bank statement of the last three months showing the address.", ProofRequired: true,
		Fields: []Field{
			{Name: "address_line_1", FriendlyName: "Address", Type: FieldString, Required: true, MinLength: 1, MaxLength: 100},
			{Name: "city", FriendlyName: "City", Type: FieldString, Required: true, MinLength: 1, MaxLength: 50},
			{Name: "postal_code", FriendlyName: "Postal code", Type: FieldString, Required: true, MinLength: 3, MaxLength: 12,
				HelpText: "As printed on the bill."},
			{Name: "type_of_utility", FriendlyName: "Kind of bill", Type: FieldEnum, Enums: []string{"electricity", "water", "gas", "telephone", "bank_statement"}},
		},
	}
	DocIdentity = DocumentType{
		ID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c03", Name: "Government-issued identity document",
		Description: "Passport, national identity card or driving licence of the end user.", ProofRequired: true,
		Fields: []Field{
			{Name: "first_name", FriendlyName: "First name", Type: FieldString, Required: true, MinLength: 1, MaxLength: 50},
			{Name: "last_name", FriendlyName: "Last name", Type: FieldString, Required: true, MinLength: 1, MaxLength: 50},
			{Name: "date_of_birth", FriendlyName: "Date of birth", Type: FieldDate, Required: true, Format: DateFormat, MinLength: 10, MaxLength: 10,
				Description: "As printed on the document."},
			{Name: "unique_identification_number", FriendlyName: "Document number", Type: FieldString, Required: true, MinLength: 4, MaxLength: 20},
		},
	}
	DocUseCase = DocumentType{
		ID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c04", Name: "Use case declaration",
		Description: "What the numbers are used for, in the end user's words.", ProofRequired: false,
		Fields: []Field{
			{Name: "use_case_description", FriendlyName: "Use case", Type: FieldString, Required: true, MinLength: 10, MaxLength: 500,
				HelpText: "Who calls or texts whom, and why."},
		},
	}
)

// DocumentTypes is the catalogue, in a fixed order.
var DocumentTypes = []DocumentType{DocBusinessRegistration, DocAddressProof, DocIdentity, DocUseCase}

// DocumentTypeByID finds a document type of the catalogue.
func DocumentTypeByID(id string) (DocumentType, bool) {
	for _, d := range DocumentTypes {
		if strings.EqualFold(d.ID, id) {
			return d, true
		}
	}
	return DocumentType{}, false
}

// Requirement is what an application for one country, number type and
// user type must hold: one document of each type.
type Requirement struct {
	ID                            string
	Country, NumberType, UserType string
	DocumentTypes                 []DocumentType
}

// RequirementFor is the emulator's catalogue: a regulated country needs
// proof of who the end user is (a registration for a business, an
// identity document for an individual), proof of address for local
// numbers, and a use case declaration for toll-free ones; a country that
// is not regulated needs nothing (an empty list). ok is false for an
// unknown number or user type.
func RequirementFor(country, numberType, userType string) (Requirement, bool) {
	country = strings.ToUpper(country)
	if !slices.Contains(NumberTypes, numberType) || !slices.Contains(UserTypes, userType) {
		return Requirement{}, false
	}
	r := Requirement{ID: requirementID(country, numberType, userType), Country: country, NumberType: numberType, UserType: userType,
		DocumentTypes: []DocumentType{}}
	if !Regulated(country) {
		return r, true
	}
	if userType == UserBusiness {
		r.DocumentTypes = append(r.DocumentTypes, DocBusinessRegistration)
	} else {
		r.DocumentTypes = append(r.DocumentTypes, DocIdentity)
	}
	switch numberType {
	case NumberLocal:
		r.DocumentTypes = append(r.DocumentTypes, DocAddressProof)
	case NumberTollfree:
		r.DocumentTypes = append(r.DocumentTypes, DocUseCase)
	}
	return r, true
}

// requirementID is a fixed id of the form of a UUID per combination.
func requirementID(country, numberType, userType string) string {
	h := uint32(2166136261)
	for _, b := range []byte(country + "/" + numberType + "/" + userType) {
		h = (h ^ uint32(b)) * 16777619
	}
	return fmt.Sprintf("7e1c%04x-%04x-4%03x-8%03x-%012x", h>>16, h&0xffff, h&0xfff, (h>>12)&0xfff, uint64(h)*2654435761&0xffffffffffff)
}

// RequirementByID finds a requirement of the catalogue by its id.
func RequirementByID(id string) (Requirement, bool) {
	for _, c := range append(append([]string{}, RegulatedCountries...), "US", "GB", "CA") {
		for _, n := range NumberTypes {
			for _, u := range UserTypes {
				if r, _ := RequirementFor(c, n, u); strings.EqualFold(r.ID, id) {
					return r, true
				}
			}
		}
	}
	return Requirement{}, false
}

// Document is one document of an application as configured: its type, its
// data fields and whether a file comes with it.
type Document struct {
	TypeID  string
	Fields  map[string]string
	HasFile bool
}

// CheckDocument checks one document against its type: every required
// field given, no field the type does not have, lengths in characters,
// dates as yyyy-mm-dd, enum values, and the file where proof is required.
// at is the document's path (documents[0]), nil for a document on its
// own. No error quotes a value: they are personal data.
func CheckDocument(at fielderr.Path, t DocumentType, d Document) fielderr.List {
	var errs fielderr.List
	prefix := prefixOf(at)
	add := func(field, format string, args ...any) {
		errs = append(errs, broken(at.At(field), fmt.Errorf(format, args...)))
	}
	known := map[string]bool{}
	for _, f := range t.Fields {
		known[f.Name] = true
		v, given := d.Fields[f.Name]
		if !given || v == "" {
			if f.Required {
				add("data_fields", "%sdata_fields must hold %q (%s): the %s document type requires it", prefix, f.Name, f.FriendlyName, t.Name)
			}
			continue
		}
		n := utf8.RuneCountInString(v)
		if f.MaxLength > 0 && (n < f.MinLength || n > f.MaxLength) {
			add("data_fields", "%sdata_fields[%q] must be %d to %d characters long, got %d", prefix, f.Name, f.MinLength, f.MaxLength, n)
			continue
		}
		switch f.Type {
		case FieldDate:
			if _, err := time.Parse(DateLayout, v); err != nil {
				add("data_fields", "%sdata_fields[%q] must be a date %s", prefix, f.Name, DateFormat)
			}
		case FieldEnum:
			if !slices.Contains(f.Enums, v) {
				add("data_fields", "%sdata_fields[%q] must be one of %s", prefix, f.Name, strings.Join(f.Enums, ", "))
			}
		}
	}
	var unknown []string
	for k := range d.Fields {
		if !known[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		add("data_fields", "%sdata_fields has %s, which the %s document type does not have (it has %s)", prefix,
			quoteAll(unknown), t.Name, quoteAll(fieldNames(t)))
	}
	if t.ProofRequired && !d.HasFile {
		add("file", "%sfile is required: the %s document type needs the document itself uploaded", prefix, t.Name)
	}
	return errs
}

func fieldNames(t DocumentType) []string {
	var out []string
	for _, f := range t.Fields {
		out = append(out, f.Name)
	}
	return out
}

func quoteAll(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = fmt.Sprintf("%q", v)
	}
	if len(q) == 0 {
		return "no data fields"
	}
	return strings.Join(q, ", ")
}

// CheckDocuments checks the documents of an application against its
// requirement: one document of each required type, none of another type,
// and each document against its type. types resolves a document type id
// (the catalogue, or what the API said); documents of an unknown type are
// refused.
func CheckDocuments(r Requirement, docs []Document) fielderr.List {
	var errs fielderr.List
	seen := map[string]int{}
	for i, d := range docs {
		at := fielderr.Root("documents").AtIndex(i)
		prefix := prefixOf(at)
		var t *DocumentType
		for j := range r.DocumentTypes {
			if strings.EqualFold(r.DocumentTypes[j].ID, d.TypeID) {
				t = &r.DocumentTypes[j]
			}
		}
		if t == nil {
			errs = append(errs, broken(at.At("document_type_id"), fmt.Errorf("%sdocument_type_id %q is not a document type the requirement "+
				"of %s %s numbers for a %s end user asks for (%s)", prefix, d.TypeID, r.Country, r.NumberType, r.UserType, typeList(r))))
			continue
		}
		if prior, dup := seen[strings.ToLower(t.ID)]; dup {
			errs = append(errs, broken(at.At("document_type_id"), fmt.Errorf("%sdocument_type_id %q (%s) is given twice, in documents[%d] "+
				"and documents[%d]", prefix, t.ID, t.Name, prior, i)))
			continue
		}
		seen[strings.ToLower(t.ID)] = i
		errs = append(errs, CheckDocument(at, *t, d)...)
	}
	for _, t := range r.DocumentTypes {
		if _, ok := seen[strings.ToLower(t.ID)]; !ok {
			errs = append(errs, broken(fielderr.Root("documents"), fmt.Errorf("documents must include a %s (document_type_id %q): the requirement of %s %s "+
				"numbers for a %s end user asks for %s", t.Name, t.ID, r.Country, r.NumberType, r.UserType, typeList(r))))
		}
	}
	return errs
}

func typeList(r Requirement) string {
	if len(r.DocumentTypes) == 0 {
		return "no documents"
	}
	var out []string
	for _, t := range r.DocumentTypes {
		out = append(out, fmt.Sprintf("%s %q", t.Name, t.ID))
	}
	return strings.Join(out, ", ")
}

// RejectMarker in the end user's name makes the emulator's reviewer reject
// the application.
const RejectMarker = "REJECT"

// RejectionReason is the reviewer's words on a rejected application.
const RejectionReason = "The name on the submitted documents does not match the end user's name; upload documents issued to the end user " +
	"and resubmit. (The emulator's reviewer rejects every application whose end user name contains \"" + RejectMarker + "\".)"

// Decide is the emulator's reviewer, deterministic on the application's
// data: documents whose type needs proof but came without a file (named
// in unproved) are rejected for it; an end user name containing
// RejectMarker is rejected with RejectionReason; any other application is
// accepted.
func Decide(endUserName string, unproved []string) (status, reason string) {
	switch {
	case len(unproved) > 0:
		return StatusRejected, "No file was uploaded for " + strings.Join(unproved, ", ") + ": the reviewer needs the document itself. " +
			"Upload it and resubmit."
	case strings.Contains(endUserName, RejectMarker):
		return StatusRejected, RejectionReason
	}
	return StatusAccepted, ""
}

// Unproved names the documents of docs whose type needs proof and that
// have no file.
func Unproved(docs []Document) []string {
	var out []string
	for _, d := range docs {
		if t, ok := DocumentTypeByID(d.TypeID); ok && t.ProofRequired && !d.HasFile {
			out = append(out, t.Name)
		}
	}
	return out
}

// Link report statuses and the remarks the emulator writes.
const (
	LinkSuccess = "success"
	LinkFailed  = "failed"
)
