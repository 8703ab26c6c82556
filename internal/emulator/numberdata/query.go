package numberdata

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Paging limits of the search (numberrules holds the rules).
const (
	DefaultLimit        = numberrules.DefaultLimit
	MaxLimit            = numberrules.MaxLimit
	MaxPatternLength    = numberrules.MaxPatternLength
	MaxRateCenterLength = numberrules.MaxRateCenterLength
)

// Query is a parsed, validated number search (the rules' own Params). The
// zero value of a filter field means "not filtered". Build it with
// ParseQuery; Search also copes with a hand-made one.
type Query = numberrules.Params

// ParseQuery validates the query parameters of a number search with
// numberrules.Parse, the rules the provider checks at plan time too. On any invalid
// parameter it returns a fielderr.List naming every problem (meant for a 400 reply).
func ParseQuery(v url.Values) (Query, error) {
	p, err := numberrules.Parse(v)
	if err != nil {
		return Query{}, err
	}
	return p, nil
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

// Meta builds the list meta of a search q with total matches, with next and
// previous links under basePath (the search path, e.g.
// "/v1/Account/MA.../PhoneNumber/"). next is nil on the last page, previous nil
// on the first; both repeat the query's filters.
func Meta(q Query, total int, basePath string) wire.ListMeta {
	q = normalized(q)
	m := wire.ListMeta{Limit: q.Limit, Offset: q.Offset, TotalCount: total}
	if q.Offset+q.Limit < total {
		s := link(q, basePath, q.Offset+q.Limit)
		m.Next = &s
	}
	if q.Offset > 0 {
		s := link(q, basePath, max(0, q.Offset-q.Limit))
		m.Previous = &s
	}
	return m
}

// link is basePath with limit and offset first, then the query's filters.
func link(q Query, basePath string, offset int) string {
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
	add("services", services(q))
	if q.LATA != 0 {
		add("lata", strconv.Itoa(q.LATA))
	}
	add("rate_center", q.RateCenter)
	add("compliance_requirement", q.ComplianceRequirement)
	return b.String()
}

func services(q Query) string {
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
func normalized(q Query) Query {
	if q.Limit <= 0 {
		q.Limit = DefaultLimit
	}
	q.Limit = min(q.Limit, MaxLimit)
	q.Offset = max(q.Offset, 0)
	q.CountryISO = strings.ToUpper(q.CountryISO)
	if t, ok := numberrules.NormalizeType(q.Type); ok {
		q.Type = t
	}
	return q
}
