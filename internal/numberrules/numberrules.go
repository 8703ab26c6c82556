// Package numberrules holds the rules of the phone-number search and of
// account numbers that both the provider (at plan time) and the emulator
// (on the wire) enforce, so the two cannot disagree. Parse is the whole
// validation of a search query; the emulator's numberdata.ParseQuery and the
// provider's cpaas_phone_numbers data source both call it.
package numberrules

import (
	"fmt"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Limits of the search.
const (
	// DefaultLimit is the page size when limit is not given.
	DefaultLimit = 20
	// MaxLimit is the largest page the search serves (the production cap).
	MaxLimit = 20
	// AccountListMaxLimit is the largest page of the account's numbers
	// (GET Number/).
	AccountListMaxLimit = 20
	// MaxPatternLength is the longest pattern accepted: an E.164 number has
	// at most 15 digits.
	MaxPatternLength = 15
	// MaxRateCenterLength is the length of the longest NANP rate center name.
	MaxRateCenterLength = 10
	// MinRegionLength is the spec's minimum length of region.
	MinRegionLength = 2
	// MaxLATA is the largest LATA number.
	MaxLATA = 999
	// MaxNumberLength bounds a phone number (E.164: at most 15 digits).
	MaxNumberLength = 15
)

// Canonical number types. The type filter also takes "local" and
// "national", which are sub-types of fixed, and "tollfree" (the production
// spelling) as an alias of "toll-free".
const (
	TypeFixed    = "fixed"
	TypeMobile   = "mobile"
	TypeTollfree = "toll-free"
	TypeLocal    = "local"
	TypeNational = "national"
)

// IsTollfree tells whether a number of type numberType (either spelling)
// and subType is toll-free: the one decision the provider, the client and
// the emulator make about a pool member's route (PoolRoute).
func IsTollfree(numberType, subType string) bool {
	t, _ := NormalizeType(numberType)
	return t == TypeTollfree || subType == TypeTollfree
}

// PoolRoute is the NumberPool route of a member: Tollfree for a toll-free
// number, Number otherwise.
func PoolRoute(tollfree bool) string {
	if tollfree {
		return "Tollfree"
	}
	return "Number"
}

// TypeValues are the values the type filter takes, as the spec lists them.
var TypeValues = []string{TypeTollfree, TypeLocal, TypeMobile, TypeNational, TypeFixed}

// ServiceValues are the items of the services filter.
var ServiceValues = []string{"voice", "sms"}

// Compliance filter values.
const (
	// ComplianceNull keeps numbers with no regulatory requirement.
	ComplianceNull     = "{Null}"
	ComplianceAddress  = "address_proof"
	ComplianceIdentity = "identity_proof"
)

// ComplianceValues are the values compliance_requirement takes.
var ComplianceValues = []string{ComplianceNull, ComplianceAddress, ComplianceIdentity}

// Rules, as the error messages and the provider's descriptions word them.
const (
	RuleCountryISO = "must be an ISO 3166 alpha-2 code of two letters"
	RuleType       = "must be one of toll-free, local, mobile, national, fixed"
	RulePattern    = "allowed characters are A-Z, 0-9, * and ?"
	RuleNPANXX     = "must be a six-digit integer"
	RuleNANPOnly   = "applies only when country_iso is US or CA"
	RuleServices   = "must be a comma-separated list of voice and sms"
	RuleCompliance = "must be {Null}, address_proof or identity_proof"
	RuleNumber     = "must be 1 to 15 digits, starting with the country code"
)

// Params is a parsed, validated search. The zero value of a filter field
// means "not filtered".
type Params struct {
	CountryISO string // upper-case ISO 3166 alpha-2
	// Type is "", or one of the canonical types; "fixed" when region is
	// given without a type.
	Type                  string
	Pattern               string // upper-case; A-Z, 0-9, * and ?
	NPANXX                string // six digits
	LocalCallingArea      bool
	Region                string
	City                  string
	SMS                   bool // services lists sms
	Voice                 bool // services lists voice
	LATA                  int
	RateCenter            string
	ComplianceRequirement string // "", ComplianceNull, ComplianceAddress or ComplianceIdentity
	Limit                 int
	Offset                int
}

// NormalizeType maps a type filter value (case-insensitive) to its
// canonical form; ok is false for an unknown value.
func NormalizeType(raw string) (string, bool) {
	switch strings.ToLower(raw) {
	case "toll-free", "tollfree":
		return TypeTollfree, true
	case TypeLocal, TypeMobile, TypeNational, TypeFixed:
		return strings.ToLower(raw), true
	}
	return "", false
}

// CheckType returns an error naming field and the rule when raw is not a
// value the type filter takes (NormalizeType), or nil.
func CheckType(field, raw string) error {
	if _, ok := NormalizeType(raw); !ok {
		return fmt.Errorf("%s %q %s", field, raw, RuleType)
	}
	return nil
}

// NoPlaceType reports whether numbers of type t have no city and no region.
func NoPlaceType(t string) bool {
	return t == TypeTollfree || t == TypeMobile || t == TypeNational
}

// ParseServices parses the services filter: a comma-separated list of
// voice and sms, case-insensitive, blanks around items allowed.
func ParseServices(raw string) (sms, voice, ok bool) {
	for _, s := range strings.Split(raw, ",") {
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "voice":
			voice = true
		case "sms":
			sms = true
		default:
			return false, false, false
		}
	}
	return sms, voice, true
}

// NumberPattern is a phone number as the API writes it: digits with the
// country code, no "+".
var NumberPattern = regexp.MustCompile(`^[1-9][0-9]{0,14}$`)

// CheckNumber returns an error naming field and the rule when number is
// not a phone number as the API writes it (digits with the country code),
// or nil.
func CheckNumber(field, number string) error {
	if !NumberPattern.MatchString(number) {
		return fmt.Errorf("%s %q is invalid: it %s", field, number, RuleNumber)
	}
	return nil
}

// Parse validates the query parameters of a number search. On any invalid
// parameter it returns a fielderr.List naming every problem, each worded
// `invalid parameter <param>="<value>": <rule>`. An empty value
// counts as absent (country_iso is required), of a repeated parameter the
// first value counts, unknown parameters are ignored.
//
// Parameters named in unknown have a value that is not known yet (the
// provider's plan-time check of a configuration that refers to other
// resources): they count as present, their own rules are skipped, and so
// are rules that depend on their value.
func Parse(v url.Values, unknown ...string) (Params, error) {
	q := Params{Limit: DefaultLimit}
	var problems fielderr.List
	bad := func(param, value, rule string) {
		problems = append(problems, fielderr.Error{Path: fielderr.Root(param), Rule: rule, Value: value, Layout: fielderr.Param})
	}
	isUnknown := func(param string) bool { return slices.Contains(unknown, param) }
	present := func(param string) bool { return v.Get(param) != "" || isUnknown(param) }

	countryOK := false
	switch raw := v.Get("country_iso"); {
	case isUnknown("country_iso"):
	case raw == "":
		bad("country_iso", raw, "is required")
	case len(raw) != 2 || !isLetter(raw[0]) || !isLetter(raw[1]):
		bad("country_iso", raw, RuleCountryISO)
	default:
		q.CountryISO = strings.ToUpper(raw)
		countryOK = true
	}
	nanp := q.CountryISO == "US" || q.CountryISO == "CA"
	nanpOnly := func(param, raw string) bool {
		if countryOK && !nanp {
			bad(param, raw, RuleNANPOnly)
			return false
		}
		return true
	}

	// typeKnown is true when q.Type is the type the query filters by.
	typeKnown := !isUnknown("type")
	if raw := v.Get("type"); raw != "" && typeKnown {
		t, ok := NormalizeType(raw)
		if !ok {
			bad("type", raw, RuleType)
			typeKnown = false
		}
		q.Type = t
	}

	if raw := v.Get("pattern"); raw != "" && !isUnknown("pattern") {
		up := strings.ToUpper(raw)
		switch {
		case len(raw) > MaxPatternLength:
			bad("pattern", raw, fmt.Sprintf("must be at most %d characters", MaxPatternLength))
		case !ValidPattern(up):
			bad("pattern", raw, RulePattern)
		default:
			q.Pattern = up
		}
	}

	if raw := v.Get("npanxx"); raw != "" && !isUnknown("npanxx") {
		switch {
		case !AllDigits(raw) || len(raw) != 6 || raw[0] == '0':
			bad("npanxx", raw, RuleNPANXX)
		case typeKnown && q.Type != "" && q.Type != TypeLocal && q.Type != TypeFixed:
			bad("npanxx", raw, "selects local numbers and cannot be used with type "+q.Type)
		case nanpOnly("npanxx", raw):
			q.NPANXX = raw
		}
	}

	if raw := v.Get("local_calling_area"); raw != "" && !isUnknown("local_calling_area") {
		switch strings.ToLower(raw) {
		case "true":
			q.LocalCallingArea = true
			if !present("npanxx") {
				bad("local_calling_area", raw, "true needs npanxx, the centre of the local calling area")
			}
		case "false":
		default:
			bad("local_calling_area", raw, "must be true or false")
		}
	}

	if raw := v.Get("region"); raw != "" && !isUnknown("region") {
		switch {
		case len(raw) < MinRegionLength:
			bad("region", raw, fmt.Sprintf("must be at least %d characters", MinRegionLength))
		case typeKnown && q.Type != "" && q.Type != TypeFixed && q.Type != TypeLocal:
			bad("region", raw, "applies only when type is fixed (assumed when no type is given), not "+q.Type)
		default:
			q.Region = raw
			if q.Type == "" && typeKnown {
				q.Type = TypeFixed
			}
		}
	}

	if raw := v.Get("city"); raw != "" && !isUnknown("city") {
		if typeKnown && NoPlaceType(q.Type) {
			bad("city", raw, "applies only to local numbers, not type "+q.Type)
		} else {
			q.City = raw
		}
	}

	if raw := v.Get("services"); raw != "" && !isUnknown("services") {
		if sms, voice, ok := ParseServices(raw); ok {
			q.SMS, q.Voice = sms, voice
		} else {
			bad("services", raw, RuleServices)
		}
	}

	if raw := v.Get("lata"); raw != "" && !isUnknown("lata") {
		n, err := strconv.Atoi(raw)
		switch {
		case err != nil || n < 1 || n > MaxLATA || !AllDigits(raw):
			bad("lata", raw, fmt.Sprintf("must be an integer from 1 to %d", MaxLATA))
		case nanpOnly("lata", raw):
			q.LATA = n
		}
	}

	if raw := v.Get("rate_center"); raw != "" && !isUnknown("rate_center") {
		switch {
		case len(raw) > MaxRateCenterLength:
			bad("rate_center", raw, fmt.Sprintf("must be at most %d characters", MaxRateCenterLength))
		case nanpOnly("rate_center", raw):
			q.RateCenter = raw
		}
	}

	if raw := v.Get("compliance_requirement"); raw != "" && !isUnknown("compliance_requirement") {
		switch strings.ToLower(raw) {
		case strings.ToLower(ComplianceNull):
			q.ComplianceRequirement = ComplianceNull
		case ComplianceAddress, ComplianceIdentity:
			q.ComplianceRequirement = strings.ToLower(raw)
		default:
			bad("compliance_requirement", raw, RuleCompliance)
		}
	}

	if raw := v.Get("limit"); raw != "" && !isUnknown("limit") {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > MaxLimit || !AllDigits(raw) {
			bad("limit", raw, fmt.Sprintf("must be an integer from 1 to %d", MaxLimit))
		} else {
			q.Limit = n
		}
	}

	if raw := v.Get("offset"); raw != "" && !isUnknown("offset") {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 || !AllDigits(raw) {
			bad("offset", raw, "must be a non-negative integer")
		} else {
			q.Offset = n
		}
	}

	if len(problems) > 0 {
		return Params{}, problems
	}
	return q, nil
}

func isLetter(b byte) bool { return (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') }

// AllDigits reports whether s is a non-empty run of ASCII digits.
func AllDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// ValidPattern reports whether an upper-cased pattern holds only A-Z, 0-9,
// * and ?.
func ValidPattern(up string) bool {
	for i := 0; i < len(up); i++ {
		b := up[i]
		if !(b >= 'A' && b <= 'Z') && !(b >= '0' && b <= '9') && b != '*' && b != '?' {
			return false
		}
	}
	return true
}

// The stored 10DLC registration statuses of an owned number, and the
// values the list's tendlc_registration_status filter takes for them
// (the filter does not take the stored values).
const (
	TendlcUnregistered = "UNREGISTERED"
	TendlcProcessing   = "PROCESSING"
	TendlcCompleted    = "COMPLETED"
)

// tendlcFilterValues maps a tendlc_registration_status filter value to the
// stored status it selects.
var tendlcFilterValues = map[string]string{
	"unregistered": TendlcUnregistered,
	"in_progress":  TendlcProcessing,
	"registered":   TendlcCompleted,
}

// RuleTendlcFilter describes the values of the tendlc_registration_status filter.
const RuleTendlcFilter = "must be unregistered, in_progress or registered"

// TendlcStatusOfFilter is the stored status a tendlc_registration_status
// filter value selects (case-insensitive), and whether the value is one.
func TendlcStatusOfFilter(v string) (string, bool) {
	s, ok := tendlcFilterValues[strings.ToLower(v)]
	return s, ok
}

// Toll-free SMS verification statuses of an owned number, as the service
// writes them in a number record (lower case); a toll-free number is
// unverified until a verification is approved.
const (
	TollfreeUnverified          = "unverified"
	TollfreePendingVerification = "pending_verification"
	TollfreeVerified            = "verified"
)

// RuleTollfreeFilter describes the values of the toll_free_sms_verification filter.
const RuleTollfreeFilter = "must be unverified, pending_verification or verified"

// TollfreeStatusOfFilter is the stored status a toll_free_sms_verification
// filter value selects (case-insensitive), and whether the value is one.
func TollfreeStatusOfFilter(v string) (string, bool) {
	switch s := strings.ToLower(v); s {
	case TollfreeUnverified, TollfreePendingVerification, TollfreeVerified:
		return s, true
	}
	return "", false
}

// Numbers the account brings from its own carrier (POST Number/, the
// docs' "Add a number from your own carrier").
const (
	// OwnNumberTypeDefault is the number_type of an own-carrier number
	// added without one.
	OwnNumberTypeDefault = "local"
	// ServiceCarrier is the carrier a number the service rents out shows
	// in its record; an own-carrier number shows its incoming carrier's
	// name instead, which is how the two are told apart in a listing.
	ServiceCarrier = "CPaaS"

	RuleNumberType = "must be one of local, fixed, tollfree, mobile, national"
	RuleNumbers    = "must be a comma-separated list of distinct numbers, each 1 to 15 digits starting with the country code"
	RuleCarrier    = "must be the id of an incoming carrier of the account"
	RuleRegion     = "must not be empty (a free text naming the number's region)"
)

// OwnNumberTypeValues are the number_type values of the account number
// record, in the record's spelling (tollfree without a hyphen).
var OwnNumberTypeValues = []string{"local", "fixed", "tollfree", "mobile", "national"}

// CheckOwnNumberType returns an error naming field and the rule when v is
// not a number_type of the account number record, or nil.
func CheckOwnNumberType(field, v string) error {
	if !slices.Contains(OwnNumberTypeValues, v) {
		return fmt.Errorf("%s %q %s", field, v, RuleNumberType)
	}
	return nil
}

// CheckRegion returns an error naming field when region, the free text an
// own-carrier number is added with, is empty or blank.
func CheckRegion(field, region string) error {
	if strings.TrimSpace(region) == "" {
		return fmt.Errorf("%s %q %s", field, region, RuleRegion)
	}
	return nil
}

// ParseNumbers splits the numbers argument of POST Number/ (a
// comma-separated list) and checks each number; it refuses an empty list
// and a number given twice.
func ParseNumbers(raw string) ([]string, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, fmt.Errorf("numbers %q %s", raw, RuleNumbers)
	}
	var out []string
	for _, n := range strings.Split(raw, ",") {
		n = strings.TrimSpace(n)
		if err := CheckNumber("number", n); err != nil {
			return nil, fmt.Errorf("numbers %q %s: %v", raw, RuleNumbers, err)
		}
		if slices.Contains(out, n) {
			return nil, fmt.Errorf("numbers %q %s: %s is given twice", raw, RuleNumbers, n)
		}
		out = append(out, n)
	}
	return out, nil
}
