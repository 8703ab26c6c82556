package numberdata

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Paging limits of the search.
const (
	DefaultLimit = 20
	MaxLimit     = 20
	// MaxPatternLength is the longest pattern accepted: an E.164 number has at most 15
	// digits.
	MaxPatternLength = 15
	// MaxRateCenterLength is the length of the longest NANP rate center name.
	MaxRateCenterLength = 10
)

// Query is a parsed, validated number search. The zero value of a filter field means
// "not filtered". Build it with ParseQuery; Search also copes with a hand-made one.
type Query struct {
	CountryISO string // upper-case ISO 3166 alpha-2
	// Type is "", "toll-free", "local", "mobile", "national" or "fixed". ParseQuery sets
	// it to "fixed" when region is given without a type.
	Type             string
	Pattern          string // upper-case; A-Z, 0-9, * and ?
	NPANXX           string // six digits
	LocalCallingArea bool
	Region           string
	City             string
	SMS              bool // services lists sms
	Voice            bool // services lists voice
	LATA             int
	RateCenter       string
	// ComplianceRequirement is "", ComplianceNull, "address_proof" or "identity_proof".
	ComplianceRequirement string
	Limit                 int
	Offset                int
}

// ParamError is one invalid search parameter; its message names the parameter, the
// rule it breaks and the value given.
type ParamError struct {
	Param string
	Rule  string
	Value string
}

func (e *ParamError) Error() string {
	return fmt.Sprintf("invalid parameter %s=%q: %s", e.Param, e.Value, e.Rule)
}

// QueryError holds every problem of a query. errors.As finds each *ParamError in it.
type QueryError struct {
	Problems []*ParamError
}

func (e *QueryError) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		msgs[i] = p.Error()
	}
	return strings.Join(msgs, "; ")
}

// Unwrap gives the individual problems to errors.Is and errors.As.
func (e *QueryError) Unwrap() []error {
	errs := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		errs[i] = p
	}
	return errs
}

var validTypes = map[string]string{
	"toll-free": typeTollFree,
	"tollfree":  typeTollFree,
	"local":     subLocal,
	"mobile":    typeMobile,
	"national":  subNational,
	"fixed":     typeFixed,
}

// noPlaceTypes are types whose numbers have no city and no region.
func noPlaceType(t string) bool {
	return t == typeTollFree || t == typeMobile || t == subNational
}

// ParseQuery validates the query parameters of a number search. On any invalid
// parameter it returns a *QueryError naming every problem (meant for a 400 reply).
func ParseQuery(v url.Values) (Query, error) {
	q := Query{Limit: DefaultLimit}
	var problems []*ParamError
	bad := func(param, value, rule string) {
		problems = append(problems, &ParamError{Param: param, Rule: rule, Value: value})
	}

	countryOK := false
	switch raw := v.Get("country_iso"); {
	case raw == "":
		bad("country_iso", raw, "is required")
	case len(raw) != 2 || !isLetter(raw[0]) || !isLetter(raw[1]):
		bad("country_iso", raw, "must be an ISO 3166 alpha-2 code of two letters")
	default:
		q.CountryISO = strings.ToUpper(raw)
		countryOK = true
	}
	nanp := q.CountryISO == "US" || q.CountryISO == "CA"
	nanpOnly := func(param, raw string) bool {
		if countryOK && !nanp {
			bad(param, raw, "applies only when country_iso is US or CA")
			return false
		}
		return true
	}

	typeOK := true
	if raw := v.Get("type"); raw != "" {
		t, ok := validTypes[strings.ToLower(raw)]
		if !ok {
			bad("type", raw, "must be one of toll-free, local, mobile, national, fixed")
			typeOK = false
		}
		q.Type = t
	}

	if raw := v.Get("pattern"); raw != "" {
		up := strings.ToUpper(raw)
		switch {
		case len(raw) > MaxPatternLength:
			bad("pattern", raw, fmt.Sprintf("must be at most %d characters", MaxPatternLength))
		case !validPattern(up):
			bad("pattern", raw, "allowed characters are A-Z, 0-9, * and ?")
		default:
			q.Pattern = up
		}
	}

	if raw := v.Get("npanxx"); raw != "" {
		switch {
		case !allDigits(raw) || len(raw) != 6 || raw[0] == '0':
			bad("npanxx", raw, "must be a six-digit integer")
		case typeOK && q.Type != "" && q.Type != subLocal && q.Type != typeFixed:
			bad("npanxx", raw, "selects local numbers and cannot be used with type "+q.Type)
		case nanpOnly("npanxx", raw):
			q.NPANXX = raw
		}
	}

	if raw := v.Get("local_calling_area"); raw != "" {
		switch strings.ToLower(raw) {
		case "true":
			q.LocalCallingArea = true
			if v.Get("npanxx") == "" {
				bad("local_calling_area", raw, "true needs npanxx, the centre of the local calling area")
			}
		case "false":
		default:
			bad("local_calling_area", raw, "must be true or false")
		}
	}

	if raw := v.Get("region"); raw != "" {
		switch {
		case len(raw) < 2:
			bad("region", raw, "must be at least 2 characters")
		case typeOK && q.Type != "" && q.Type != typeFixed && q.Type != subLocal:
			bad("region", raw, "applies only when type is fixed (assumed when no type is given), not "+q.Type)
		default:
			q.Region = raw
			if q.Type == "" && typeOK {
				q.Type = typeFixed
			}
		}
	}

	if raw := v.Get("city"); raw != "" {
		if typeOK && noPlaceType(q.Type) {
			bad("city", raw, "applies only to local numbers, not type "+q.Type)
		} else {
			q.City = raw
		}
	}

	if raw := v.Get("services"); raw != "" {
		var sms, voice bool
		valid := true
		for _, s := range strings.Split(raw, ",") {
			switch strings.ToLower(strings.TrimSpace(s)) {
			case "voice":
				voice = true
			case "sms":
				sms = true
			default:
				valid = false
			}
		}
		if valid {
			q.SMS, q.Voice = sms, voice
		} else {
			bad("services", raw, "must be a comma-separated list of voice and sms")
		}
	}

	if raw := v.Get("lata"); raw != "" {
		n, err := strconv.Atoi(raw)
		switch {
		case err != nil || n < 1 || n > 999 || !allDigits(raw):
			bad("lata", raw, "must be an integer from 1 to 999")
		case nanpOnly("lata", raw):
			q.LATA = n
		}
	}

	if raw := v.Get("rate_center"); raw != "" {
		switch {
		case len(raw) > MaxRateCenterLength:
			bad("rate_center", raw, fmt.Sprintf("must be at most %d characters", MaxRateCenterLength))
		case nanpOnly("rate_center", raw):
			q.RateCenter = raw
		}
	}

	if raw := v.Get("compliance_requirement"); raw != "" {
		switch strings.ToLower(raw) {
		case strings.ToLower(ComplianceNull):
			q.ComplianceRequirement = ComplianceNull
		case complianceAddress, complianceIdentity:
			q.ComplianceRequirement = strings.ToLower(raw)
		default:
			bad("compliance_requirement", raw, "must be {Null}, address_proof or identity_proof")
		}
	}

	if raw := v.Get("limit"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > MaxLimit || !allDigits(raw) {
			bad("limit", raw, fmt.Sprintf("must be an integer from 1 to %d", MaxLimit))
		} else {
			q.Limit = n
		}
	}

	if raw := v.Get("offset"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 || !allDigits(raw) {
			bad("offset", raw, "must be a non-negative integer")
		} else {
			q.Offset = n
		}
	}

	if len(problems) > 0 {
		return Query{}, &QueryError{Problems: problems}
	}
	return q, nil
}

func isLetter(b byte) bool { return (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') }

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func validPattern(up string) bool {
	for i := 0; i < len(up); i++ {
		b := up[i]
		if !(b >= 'A' && b <= 'Z') && !(b >= '0' && b <= '9') && b != '*' && b != '?' {
			return false
		}
	}
	return true
}

// keypad maps pattern characters to what they match: letters to their keypad digit,
// digits and wildcards to themselves, anything else to 0 (never matches).
var keypad = func() (k [256]byte) {
	for b := '0'; b <= '9'; b++ {
		k[b] = byte(b)
	}
	k['*'], k['?'] = '*', '?'
	for i, keys := range []string{"ABC", "DEF", "GHI", "JKL", "MNO", "PQRS", "TUV", "WXYZ"} {
		for _, l := range keys {
			k[l] = byte('2' + i)
			k[l+'a'-'A'] = byte('2' + i)
		}
	}
	return k
}()

// Meta is the list meta of a search reply.
type Meta struct {
	Limit      int     `json:"limit"`
	Offset     int     `json:"offset"`
	Next       *string `json:"next"`
	Previous   *string `json:"previous"`
	TotalCount int     `json:"total_count"`
}

// Meta builds the list meta of a search with total matches, with next and previous
// links under basePath (the search path, e.g. "/v1/Account/MA.../PhoneNumber/"). next
// is nil on the last page, previous nil on the first; both repeat the query's filters.
func (q Query) Meta(total int, basePath string) Meta {
	q = q.normalized()
	m := Meta{Limit: q.Limit, Offset: q.Offset, TotalCount: total}
	if q.Offset+q.Limit < total {
		s := q.link(basePath, q.Offset+q.Limit)
		m.Next = &s
	}
	if q.Offset > 0 {
		s := q.link(basePath, max(0, q.Offset-q.Limit))
		m.Previous = &s
	}
	return m
}

// link is basePath with limit and offset first, then the query's filters.
func (q Query) link(basePath string, offset int) string {
	var b strings.Builder
	b.WriteString(basePath)
	b.WriteString("?limit=")
	b.WriteString(strconv.Itoa(q.Limit))
	b.WriteString("&offset=")
	b.WriteString(strconv.Itoa(offset))
	add := func(k, v string) {
		if v != "" {
			b.WriteString("&" + k + "=" + url.QueryEscape(v))
		}
	}
	add("country_iso", q.CountryISO)
	add("type", q.Type)
	add("pattern", q.Pattern)
	add("npanxx", q.NPANXX)
	if q.LocalCallingArea {
		add("local_calling_area", "true")
	}
	add("region", q.Region)
	add("city", q.City)
	add("services", q.services())
	if q.LATA != 0 {
		add("lata", strconv.Itoa(q.LATA))
	}
	add("rate_center", q.RateCenter)
	add("compliance_requirement", q.ComplianceRequirement)
	return b.String()
}

func (q Query) services() string {
	switch {
	case q.Voice && q.SMS:
		return "voice,sms"
	case q.Voice:
		return "voice"
	case q.SMS:
		return "sms"
	}
	return ""
}

// normalized applies defaults and bounds to a hand-made query.
func (q Query) normalized() Query {
	if q.Limit <= 0 {
		q.Limit = DefaultLimit
	}
	q.Limit = min(q.Limit, MaxLimit)
	q.Offset = max(q.Offset, 0)
	q.CountryISO = strings.ToUpper(q.CountryISO)
	if t, ok := validTypes[strings.ToLower(q.Type)]; ok {
		q.Type = t
	}
	return q
}
