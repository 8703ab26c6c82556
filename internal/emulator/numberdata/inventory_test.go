package numberdata

import (
	"encoding/json"
	"errors"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
)

// params builds url.Values from alternating keys and values.
func params(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

func mustParse(t testing.TB, kv ...string) Query {
	t.Helper()
	q, err := ParseQuery(params(kv...))
	if err != nil {
		t.Fatalf("ParseQuery(%v): %v", kv, err)
	}
	return q
}

// collect pages through every match of q (at most 3,000) and checks the total is the
// same on every page.
func collect(t testing.TB, inv *Inventory, q Query) []PhoneNumber {
	t.Helper()
	var all []PhoneNumber
	q.Limit = MaxLimit
	for q.Offset = 0; ; q.Offset += q.Limit {
		items, total := inv.Search(q)
		all = append(all, items...)
		if len(items) < q.Limit || len(all) >= total {
			if len(all) != total {
				t.Fatalf("collected %d numbers, total says %d", len(all), total)
			}
			return all
		}
		if len(all) > 3000 {
			t.Fatalf("query %+v matches too many numbers to collect", q)
		}
	}
}

func search(t testing.TB, inv *Inventory, kv ...string) ([]PhoneNumber, int) {
	t.Helper()
	return inv.Search(mustParse(t, kv...))
}

func countByCountry() map[string]int {
	n := map[string]int{}
	for _, r := range shared().records {
		if !isStarter(r.Number) { // owned from the start, not for sale
			n[r.CountryISO]++
		}
	}
	return n
}

// isStarter reports whether number is a starter number: in the catalog but
// taken in every new Inventory.
func isStarter(number string) bool {
	for _, p := range StarterNumbers() {
		if p.Number == number {
			return true
		}
	}
	return false
}

func TestInventorySizes(t *testing.T) {
	n := countByCountry()
	t.Logf("inventory: %v, total %d", n, len(shared().records))
	if n["US"] < 10000 {
		t.Errorf("US numbers = %d, want >= 10000", n["US"])
	}
	for _, iso := range []string{"CA", "GB", "DE", "AU", "IN", "FR"} {
		if n[iso] < 2000 {
			t.Errorf("%s numbers = %d, want thousands", iso, n[iso])
		}
	}
	inv := New()
	_, total := search(t, inv, "country_iso", "US")
	if total != n["US"] {
		t.Errorf("unfiltered US search total = %d, want %d", total, n["US"])
	}
}

var rateRE = regexp.MustCompile(`^\d+\.\d{5}$`)

func TestRecordsAreWellFormed(t *testing.T) {
	cat := shared()
	pairs := map[[2]string]bool{
		{"fixed", "local"}: true, {"fixed", "national"}: true,
		{"mobile", "mobile"}: true, {"toll-free", "toll-free"}: true,
	}
	seen := map[string]bool{}
	for i, r := range cat.records {
		p := r.PhoneNumber
		for name, rate := range map[string]string{"setup_rate": p.SetupRate, "monthly_rental_rate": p.MonthlyRentalRate, "sms_rate": p.SMSRate, "voice_rate": p.VoiceRate} {
			if !rateRE.MatchString(rate) {
				t.Fatalf("%s %s = %q, want five fractional digits", p.Number, name, rate)
			}
		}
		if seen[p.Number] {
			t.Fatalf("duplicate number %s", p.Number)
		}
		seen[p.Number] = true
		if i > 0 && cat.records[i-1].Number >= p.Number {
			t.Fatalf("records not sorted at %s", p.Number)
		}
		if !numberrules.AllDigits(p.Number) || len(p.Number) > 15 {
			t.Fatalf("number %q is not up to 15 digits", p.Number)
		}
		cc := countryByISO(p.CountryISO)
		if !strings.HasPrefix(p.Number, cc.code) || r.national != p.Number[len(cc.code):] || p.Country != cc.name {
			t.Fatalf("%s: country %s/%s does not fit", p.Number, p.CountryISO, p.Country)
		}
		if !strings.HasPrefix(r.national, p.Prefix) {
			t.Fatalf("%s: prefix %q is not the start of the national number", p.Number, p.Prefix)
		}
		if !pairs[[2]string{p.Type, p.SubType}] {
			t.Fatalf("%s: type/sub_type %s/%s", p.Number, p.Type, p.SubType)
		}
		if !p.SMSEnabled && !p.VoiceEnabled {
			t.Fatalf("%s offers no service", p.Number)
		}
		if (!p.SMSEnabled && p.SMSRate != "0.00000") || (!p.VoiceEnabled && p.VoiceRate != "0.00000") {
			t.Fatalf("%s: rate of a missing service is not zero", p.Number)
		}
		localNANP := cc.nanp && p.SubType == subLocal
		if localNANP != (p.LATA != 0) || localNANP != (p.RateCenter != "") {
			t.Fatalf("%s: lata %d / rate center %q where local NANP = %v", p.Number, p.LATA, p.RateCenter, localNANP)
		}
		if len(p.RateCenter) > MaxRateCenterLength || p.RateCenter != strings.ToUpper(p.RateCenter) {
			t.Fatalf("%s: rate center %q", p.Number, p.RateCenter)
		}
		if (p.SubType == subLocal) != (p.City != "" && p.Region != "") {
			t.Fatalf("%s: city %q region %q on %s", p.Number, p.City, p.Region, p.SubType)
		}
		if (p.Restriction == nil) != (p.RestrictionText == nil) {
			t.Fatalf("%s: restriction and its text disagree", p.Number)
		}
		if len(p.Number) != 11 && cc.nanp {
			t.Fatalf("NANP number %s is not 11 digits", p.Number)
		}
	}
}

func TestServiceMixAndRestrictions(t *testing.T) {
	var voiceOnly, smsOnly, restricted, compliance int
	for _, r := range shared().records {
		switch {
		case !r.SMSEnabled:
			voiceOnly++
		case !r.VoiceEnabled:
			smsOnly++
		}
		if r.Restriction != nil {
			restricted++
		}
		if r.ComplianceRequirement != "" {
			compliance++
		}
	}
	if voiceOnly == 0 || smsOnly == 0 || restricted == 0 || compliance == 0 {
		t.Errorf("voice-only %d, sms-only %d, restricted %d, with compliance %d: want some of each",
			voiceOnly, smsOnly, restricted, compliance)
	}
}

func TestJSONShape(t *testing.T) {
	// A San Francisco number as in the spec's example.
	var sf PhoneNumber
	for _, r := range shared().records {
		if r.City == "SAN FRANCISCO" && r.RateCenter == "SNFC CNTRL" && r.SMSEnabled && r.VoiceEnabled {
			sf = r.PhoneNumber
			break
		}
	}
	b, err := json.Marshal(sf.WithResourceURI("MA0123456789ABCDEFGH"))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"number": sf.Number, "prefix": "415", "city": "SAN FRANCISCO", "country": "UNITED STATES",
		"region": "California", "rate_center": "SNFC CNTRL", "lata": float64(722),
		"type": "fixed", "sub_type": "local", "setup_rate": "0.00000",
		"monthly_rental_rate": "0.80000", "sms_enabled": true, "sms_rate": "0.00800",
		"voice_enabled": true, "voice_rate": "0.00500", "restriction": nil, "restriction_text": nil,
		"resource_uri": "/v1/Account/MA0123456789ABCDEFGH/PhoneNumber/" + sf.Number + "/",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("JSON = %s\nwant %v", b, want)
	}
}

func TestDeterminism(t *testing.T) {
	a, b := build(), build()
	if !reflect.DeepEqual(a.records, b.records) {
		t.Fatal("two builds differ")
	}
	q := mustParse(t, "country_iso", "GB", "type", "mobile", "offset", "40")
	i1, t1 := New().Search(q)
	i2, t2 := New().Search(q)
	if t1 != t2 || !reflect.DeepEqual(i1, i2) {
		t.Fatal("two inventories give different results")
	}
	// Pin a few numbers so a change of generator or tables is noticed.
	first := a.records[a.byCountry["US"][0]].Number
	if first != b.records[b.byCountry["US"][0]].Number || !strings.HasPrefix(first, "1") {
		t.Fatalf("first US number %s", first)
	}
}

func TestParseQueryDefaultsAndNormalisation(t *testing.T) {
	q := mustParse(t, "country_iso", "us", "pattern", "415call", "type", "TollFree", "services", " SMS , voice ",
		"compliance_requirement", "{null}", "local_calling_area", "False", "unknown", "x")
	want := Query{CountryISO: "US", Type: "toll-free", Pattern: "415CALL", SMS: true, Voice: true,
		ComplianceRequirement: ComplianceNull, Limit: 20}
	if !reflect.DeepEqual(q, want) {
		t.Errorf("got %+v\nwant %+v", q, want)
	}
	q = mustParse(t, "country_iso", "US", "region", "California")
	if q.Type != "fixed" {
		t.Errorf("region without type: type = %q, want fixed", q.Type)
	}
	q = mustParse(t, "country_iso", "US", "limit", "", "offset", "")
	if q.Limit != 20 || q.Offset != 0 {
		t.Errorf("empty limit/offset: %d/%d", q.Limit, q.Offset)
	}
}

func TestParseQueryErrors(t *testing.T) {
	cases := []struct {
		name  string
		kv    []string
		param string
		rule  string
	}{
		{"missing country", []string{"type", "local"}, "country_iso", "required"},
		{"long country", []string{"country_iso", "USA"}, "country_iso", "alpha-2"},
		{"digit country", []string{"country_iso", "U1"}, "country_iso", "alpha-2"},
		{"type", []string{"country_iso", "US", "type", "landline"}, "type", "toll-free, local"},
		{"pattern chars", []string{"country_iso", "US", "pattern", "415-CALL"}, "pattern", "A-Z, 0-9"},
		{"pattern length", []string{"country_iso", "US", "pattern", "1234567890123456"}, "pattern", "at most 15"},
		{"npanxx short", []string{"country_iso", "US", "npanxx", "41540"}, "npanxx", "six-digit"},
		{"npanxx letters", []string{"country_iso", "US", "npanxx", "415ABC"}, "npanxx", "six-digit"},
		{"npanxx GB", []string{"country_iso", "GB", "npanxx", "415400"}, "npanxx", "US or CA"},
		{"npanxx toll-free", []string{"country_iso", "US", "npanxx", "415400", "type", "toll-free"}, "npanxx", "local numbers"},
		{"lca value", []string{"country_iso", "US", "npanxx", "415400", "local_calling_area", "yes"}, "local_calling_area", "true or false"},
		{"lca without npanxx", []string{"country_iso", "US", "local_calling_area", "true"}, "local_calling_area", "needs npanxx"},
		{"region short", []string{"country_iso", "US", "region", "C"}, "region", "at least 2"},
		{"region mobile", []string{"country_iso", "GB", "region", "England", "type", "mobile"}, "region", "type is fixed"},
		{"city toll-free", []string{"country_iso", "US", "city", "BOSTON", "type", "toll-free"}, "city", "local numbers"},
		{"services mms", []string{"country_iso", "US", "services", "sms,mms"}, "services", "voice and sms"},
		{"services empty item", []string{"country_iso", "US", "services", "sms,"}, "services", "voice and sms"},
		{"lata text", []string{"country_iso", "US", "lata", "SF"}, "lata", "1 to 999"},
		{"lata range", []string{"country_iso", "US", "lata", "1000"}, "lata", "1 to 999"},
		{"lata DE", []string{"country_iso", "DE", "lata", "722"}, "lata", "US or CA"},
		{"rate center FR", []string{"country_iso", "FR", "rate_center", "PARIS"}, "rate_center", "US or CA"},
		{"rate center long", []string{"country_iso", "US", "rate_center", "SAN FRANCISCO"}, "rate_center", "at most 10"},
		{"compliance", []string{"country_iso", "DE", "compliance_requirement", "passport"}, "compliance_requirement", "{Null}"},
		{"limit zero", []string{"country_iso", "US", "limit", "0"}, "limit", "1 to 20"},
		{"limit over cap", []string{"country_iso", "US", "limit", "21"}, "limit", "1 to 20"},
		{"limit text", []string{"country_iso", "US", "limit", "ten"}, "limit", "1 to 20"},
		{"offset negative", []string{"country_iso", "US", "offset", "-1"}, "offset", "non-negative"},
		{"offset text", []string{"country_iso", "US", "offset", "1.5"}, "offset", "non-negative"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseQuery(params(tc.kv...))
			var pe fielderr.Error
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a fielderr.Error", err)
			}
			if pe.Path.String() != tc.param || !strings.Contains(pe.Rule, tc.rule) {
				t.Fatalf("got %+v, want param %s rule containing %q", pe, tc.param, tc.rule)
			}
			value := params(tc.kv...).Get(tc.param)
			msg := err.Error()
			if !strings.Contains(msg, tc.param) || !strings.Contains(msg, pe.Rule) || !strings.Contains(msg, `"`+value+`"`) {
				t.Fatalf("message %q does not name the parameter, the rule and the value", msg)
			}
		})
	}
}

func TestParseQueryNamesEveryProblem(t *testing.T) {
	_, err := ParseQuery(params("country_iso", "GB", "npanxx", "415400", "limit", "50", "pattern", "a#b"))
	qe, ok := fielderr.AsList(err)
	if !ok {
		t.Fatalf("err = %v, want a fielderr.List", err)
	}
	var got []string
	for _, p := range qe {
		got = append(got, p.Path.String())
	}
	sort.Strings(got)
	if want := []string{"limit", "npanxx", "pattern"}; !slices.Equal(got, want) {
		t.Fatalf("problems %v, want %v", got, want)
	}
	for _, p := range []string{"limit", "npanxx", "pattern"} {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("message %q lacks %s", err, p)
		}
	}
}

func TestUnknownCountryGivesNoResults(t *testing.T) {
	items, total := search(t, New(), "country_iso", "JP")
	if total != 0 || items == nil || len(items) != 0 {
		t.Fatalf("JP: %d items (nil=%v), total %d; want an empty non-nil list", len(items), items == nil, total)
	}
}

// bruteForce is the spec's rules applied naively to every number of the country.
func bruteForce(q Query, taken map[string]bool) []PhoneNumber {
	var out []PhoneNumber
	var lcaRegion, lcaCenter string
	if q.LocalCallingArea {
		for _, a := range nanpAreas {
			if a.iso == q.CountryISO && a.npa == q.NPANXX[:3] {
				lcaRegion, lcaCenter = a.region, centerFor(&a, atoi(q.NPANXX[3:])).rateCenter
			}
		}
	}
	for _, r := range shared().records {
		p := r.PhoneNumber
		ok := p.CountryISO == q.CountryISO && !taken[p.Number] && !isStarter(p.Number) &&
			(q.Type == "" || q.Type == p.Type || q.Type == p.SubType) &&
			(!q.SMS || p.SMSEnabled) && (!q.Voice || p.VoiceEnabled) &&
			(q.Region == "" || strings.EqualFold(q.Region, p.Region)) &&
			(q.City == "" || strings.EqualFold(q.City, p.City)) &&
			(q.RateCenter == "" || strings.EqualFold(q.RateCenter, p.RateCenter)) &&
			(q.LATA == 0 || q.LATA == int(p.LATA)) &&
			(q.Pattern == "" || globPrefix(q.Pattern, r.national))
		switch q.ComplianceRequirement {
		case "":
		case ComplianceNull:
			ok = ok && p.ComplianceRequirement == ""
		default:
			ok = ok && p.ComplianceRequirement == q.ComplianceRequirement
		}
		if q.NPANXX != "" {
			ok = ok && p.SubType == "local"
			if q.LocalCallingArea {
				ok = ok && p.Region == lcaRegion && p.RateCenter == lcaCenter && lcaCenter != ""
			} else {
				ok = ok && strings.HasPrefix(r.national, q.NPANXX)
			}
		}
		if ok {
			out = append(out, p)
		}
	}
	return out
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

func TestSearchAgreesWithBruteForce(t *testing.T) {
	inv := New()
	taken := map[string]bool{}
	for _, i := range shared().byCountry["US"][:400:400] {
		if i%3 == 0 {
			n := shared().records[i].Number
			taken[n] = true
			if _, err := inv.Take(n); err != nil {
				t.Fatal(err)
			}
		}
	}
	queries := [][]string{
		{"country_iso", "US"},
		{"country_iso", "US", "pattern", "2"},
		{"country_iso", "US", "pattern", "20?"},
		{"country_iso", "US", "pattern", "2*0*1", "services", "voice"},
		{"country_iso", "US", "pattern", "*9?9"},
		{"country_iso", "US", "pattern", "?1"},
		{"country_iso", "US", "pattern", "DAD"},
		{"country_iso", "US", "npanxx", shared().records[shared().byCountry["US"][10]].national[:6], "pattern", "20"},
		{"country_iso", "US", "npanxx", shared().records[shared().byCountry["US"][10]].national[:6], "local_calling_area", "true"},
		{"country_iso", "US", "npanxx", "628200", "local_calling_area", "true", "rate_center", "SNFC SUNST"},
		{"country_iso", "US", "region", "new york", "services", "sms,voice"},
		{"country_iso", "US", "type", "toll-free", "pattern", "8?"},
		{"country_iso", "CA", "lata", "858", "city", "toronto"},
		{"country_iso", "GB", "type", "mobile", "pattern", "79*5"},
		{"country_iso", "DE", "compliance_requirement", "address_proof", "pattern", "*00"},
		{"country_iso", "IN", "region", "Maharashtra", "city", "Pune"},
		{"country_iso", "FR", "type", "national"},
		{"country_iso", "AU", "city", "nowhere"},
	}
	for _, kv := range queries {
		q := mustParse(t, kv...)
		want := bruteForce(q, taken)
		q.Limit = MaxLimit
		for _, off := range []int{0, 20, len(want) - 1} {
			if off < 0 {
				continue
			}
			q.Offset = off
			items, total := inv.Search(q)
			if total != len(want) {
				t.Fatalf("%v: total %d, brute force %d", kv, total, len(want))
			}
			exp := want[min(off, len(want)):min(off+MaxLimit, len(want))]
			if len(items) != len(exp) || (len(exp) > 0 && !reflect.DeepEqual(items, exp)) {
				t.Fatalf("%v offset %d: page differs from brute force", kv, off)
			}
		}
		t.Logf("%v: %d", kv, len(want))
	}
}

func TestTypeFilter(t *testing.T) {
	inv := New()
	check := func(iso, typ string, ok func(PhoneNumber) bool) int {
		t.Helper()
		q := mustParse(t, "country_iso", iso, "type", typ)
		n := 0
		for _, i := range shared().byCountry[iso] {
			if p := shared().records[i].PhoneNumber; ok(p) && !isStarter(p.Number) {
				n++
			}
		}
		items, total := inv.Search(q)
		if total != n || n == 0 {
			t.Errorf("%s type=%s: total %d, want %d (> 0)", iso, typ, total, n)
		}
		for _, p := range items {
			if !ok(p) {
				t.Errorf("%s type=%s returned %s %s/%s", iso, typ, p.Number, p.Type, p.SubType)
			}
		}
		return total
	}
	fixed := check("GB", "fixed", func(p PhoneNumber) bool { return p.Type == "fixed" })
	local := check("GB", "local", func(p PhoneNumber) bool { return p.SubType == "local" })
	nat := check("GB", "national", func(p PhoneNumber) bool { return p.SubType == "national" })
	if fixed != local+nat {
		t.Errorf("fixed %d != local %d + national %d", fixed, local, nat)
	}
	check("GB", "mobile", func(p PhoneNumber) bool { return p.Type == "mobile" })
	check("US", "toll-free", func(p PhoneNumber) bool { return p.Type == "toll-free" })
	check("US", "tollfree", func(p PhoneNumber) bool { return p.Type == "toll-free" })
	check("US", "local", func(p PhoneNumber) bool { return p.Type == "fixed" && p.SubType == "local" })
	if items, _ := search(t, inv, "country_iso", "US", "type", "mobile"); len(items) != 0 {
		t.Errorf("US mobile: got %d numbers, want none", len(items))
	}
}

// globPrefix is a reference for the search's pattern matching, written the textbook
// way: a backtracking glob over keypad digits, anchored at the start only.
func globPrefix(pat, digits string) bool {
	pi, si := 0, 0
	starP, starS := -1, 0
	for {
		if pi == len(pat) {
			return true
		}
		p := keypad[pat[pi]]
		if p == '*' {
			starP, starS = pi, si
			pi++
			continue
		}
		if si < len(digits) && (p == '?' || p == digits[si]) {
			pi++
			si++
			continue
		}
		if starP >= 0 && starS < len(digits) {
			starS++
			pi, si = starP+1, starS
			continue
		}
		return false
	}
}

// matchPattern runs the search's compiled pattern matcher.
func matchPattern(pat, digits string) bool {
	m := newMatcher(shared(), Query{CountryISO: "US", Pattern: strings.ToUpper(pat)})
	return m.possible && m.match(&key{national: digits, sms: true, voice: true})
}

func TestMatchPattern(t *testing.T) {
	cases := []struct {
		pat, digits string
		want        bool
	}{
		{"415", "4155550100", true},
		{"415CALL", "4152255123", true},
		{"415call", "4152255123", true},
		{"415CALL", "4152256123", false},
		{"4?5", "4155550100", true},
		{"4?5", "4255550100", true},
		{"4?6", "4155550100", false},
		{"*2255", "4152255123", true},
		{"*2255", "4152256123", false},
		{"4*99", "4159990000", true},
		{"4*99", "4150000000", false},
		{"*", "1", true},
		{"", "123", true},
		{"1234", "123", false},
		{"12?", "12", false},
		{"**1*1*1", "1010101", true},
		{"PQRS", "7777", true},
		{"WXYZ", "9999", true},
		{"0", "0", true},
	}
	for _, tc := range cases {
		if got := matchPattern(tc.pat, tc.digits); got != tc.want {
			t.Errorf("matchPattern(%q, %q) = %v, want %v", tc.pat, tc.digits, got, tc.want)
		}
		if got := globPrefix(strings.ToUpper(tc.pat), tc.digits); got != tc.want {
			t.Errorf("globPrefix(%q, %q) = %v, want %v", tc.pat, tc.digits, got, tc.want)
		}
	}
}

// letters spells digits 2-9 with keypad letters, keeping 0 and 1.
func letters(digits string) string {
	const spell = "??ADGJMPTW"
	b := []byte(digits)
	for i, d := range b {
		if d >= '2' {
			b[i] = spell[d-'0']
		}
	}
	return string(b)
}

func TestPatternSearch(t *testing.T) {
	inv := New()
	target := shared().records[shared().byCountry["US"][100]]
	word := letters(target.national[:7]) // e.g. "415" + letters, like 415CALL
	items := collect(t, inv, mustParse(t, "country_iso", "US", "pattern", word))
	if !slices.ContainsFunc(items, func(p PhoneNumber) bool { return p.Number == target.Number }) {
		t.Fatalf("pattern %s did not find %s", word, target.Number)
	}
	for _, p := range items {
		if !strings.HasPrefix(p.Number, "1"+target.national[:7]) {
			t.Fatalf("pattern %s found %s", word, p.Number)
		}
	}

	// ? is one digit: 4?5 keeps the 415 and 425 numbers and nothing else.
	sf := collect(t, inv, mustParse(t, "country_iso", "US", "pattern", "4?5", "city", "SAN FRANCISCO"))
	if len(sf) == 0 {
		t.Fatal("pattern 4?5 found nothing in San Francisco")
	}
	for _, p := range sf {
		if p.Number[1] != '4' || p.Number[3] != '5' {
			t.Fatalf("pattern 4?5 found %s", p.Number)
		}
	}
	_, t415 := search(t, inv, "country_iso", "US", "pattern", "415")
	_, t425 := search(t, inv, "country_iso", "US", "pattern", "425")
	_, t4q5 := search(t, inv, "country_iso", "US", "pattern", "4?5")
	var t4x5 int
	for d := '0'; d <= '9'; d++ {
		_, n := search(t, inv, "country_iso", "US", "pattern", "4"+string(d)+"5")
		t4x5 += n
	}
	if t415 == 0 || t425 == 0 || t4q5 != t4x5 || t4q5 < t415+t425 {
		t.Fatalf("4?5 total %d, sum of 4d5 %d, 415 %d, 425 %d", t4q5, t4x5, t415, t425)
	}

	// * is any run: *LINE finds numbers with the digits anywhere after the code.
	tail := target.national[6:10]
	items = collect(t, inv, mustParse(t, "country_iso", "US", "pattern", "*"+tail, "city", target.City))
	if !slices.ContainsFunc(items, func(p PhoneNumber) bool { return p.Number == target.Number }) {
		t.Fatalf("pattern *%s did not find %s", tail, target.Number)
	}
	for _, p := range items {
		if !strings.Contains(p.Number[1:], tail) {
			t.Fatalf("pattern *%s found %s", tail, p.Number)
		}
	}

	// The pattern starts right after the country code: GB pattern 20 is London.
	items = collect(t, inv, mustParse(t, "country_iso", "GB", "pattern", "207"))
	if len(items) == 0 {
		t.Fatal("GB pattern 207 found nothing")
	}
	for _, p := range items {
		if !strings.HasPrefix(p.Number, "44207") || p.City != "LONDON" {
			t.Fatalf("GB pattern 207 found %s in %s", p.Number, p.City)
		}
	}
}

func TestNPANXX(t *testing.T) {
	inv := New()
	target := shared().records[shared().byCountry["US"][200]]
	npanxx := target.national[:6]
	items := collect(t, inv, mustParse(t, "country_iso", "US", "npanxx", npanxx))
	if len(items) == 0 || !slices.ContainsFunc(items, func(p PhoneNumber) bool { return p.Number == target.Number }) {
		t.Fatalf("npanxx %s did not find %s", npanxx, target.Number)
	}
	for _, p := range items {
		if !strings.HasPrefix(p.Number, "1"+npanxx) || p.SubType != "local" {
			t.Fatalf("npanxx %s found %s (%s)", npanxx, p.Number, p.SubType)
		}
	}
	// Toll-free numbers are not local: 800 NXX does not select them.
	tf := shared().records[slices.IndexFunc(shared().records, func(r record) bool { return r.CountryISO == "US" && r.Type == "toll-free" })]
	if _, n := search(t, inv, "country_iso", "US", "npanxx", tf.national[:6]); n != 0 {
		t.Errorf("npanxx %s selected %d toll-free numbers", tf.national[:6], n)
	}
	// CA works too.
	ca := shared().records[shared().byCountry["CA"][0]]
	if _, n := search(t, inv, "country_iso", "CA", "npanxx", ca.national[:6]); n == 0 {
		t.Errorf("CA npanxx %s found nothing", ca.national[:6])
	}
	if _, err := ParseQuery(params("country_iso", "GB", "npanxx", "207946")); err == nil {
		t.Error("npanxx accepted for GB")
	}
}

func TestLocalCallingArea(t *testing.T) {
	inv := New()
	// An SNFC CNTRL number in 415: its calling area spans other NXXs and 628.
	i := slices.IndexFunc(shared().records, func(r record) bool { return r.Prefix == "415" && r.RateCenter == "SNFC CNTRL" })
	target := shared().records[i]
	npanxx := target.national[:6]
	exact := collect(t, inv, mustParse(t, "country_iso", "US", "npanxx", npanxx))
	wide := collect(t, inv, mustParse(t, "country_iso", "US", "npanxx", npanxx, "local_calling_area", "true"))
	if len(wide) <= len(exact) {
		t.Fatalf("local calling area: %d numbers, exact npanxx %d; want more", len(wide), len(exact))
	}
	var other, overlay bool
	for _, p := range wide {
		if p.RateCenter != "SNFC CNTRL" || p.Region != "California" {
			t.Fatalf("local calling area of %s holds %s at %s", npanxx, p.Number, p.RateCenter)
		}
		other = other || !strings.HasPrefix(p.Number, "1"+npanxx)
		overlay = overlay || p.Prefix == "628"
	}
	if !other || !overlay {
		t.Errorf("local calling area: other NXX %v, overlay 628 %v; want both", other, overlay)
	}
	for _, p := range exact {
		if !slices.ContainsFunc(wide, func(w PhoneNumber) bool { return w.Number == p.Number }) {
			t.Fatalf("local calling area lost %s of the npanxx itself", p.Number)
		}
	}
	// false is the default.
	off := collect(t, inv, mustParse(t, "country_iso", "US", "npanxx", npanxx, "local_calling_area", "false"))
	if len(off) != len(exact) {
		t.Errorf("local_calling_area=false: %d, want %d", len(off), len(exact))
	}
	// An NPA the inventory does not hold has no known calling area.
	if _, n := search(t, inv, "country_iso", "US", "npanxx", "999555", "local_calling_area", "true"); n != 0 {
		t.Errorf("unknown NPA: %d numbers", n)
	}
}

func TestRegionAndCity(t *testing.T) {
	inv := New()
	q := mustParse(t, "country_iso", "US", "region", "california")
	items, total := inv.Search(q)
	if total == 0 {
		t.Fatal("region california found nothing")
	}
	var want int
	for _, i := range shared().byCountry["US"] {
		if r := shared().records[i]; r.Region == "California" && r.Type == "fixed" && !isStarter(r.Number) {
			want++
		}
	}
	if total != want {
		t.Errorf("region California: %d, want %d", total, want)
	}
	for _, p := range items {
		if p.Region != "California" || p.Type != "fixed" {
			t.Fatalf("region California found %s in %s (%s)", p.Number, p.Region, p.Type)
		}
	}
	// Exact name, not a substring.
	if _, n := search(t, inv, "country_iso", "US", "region", "Californ"); n != 0 {
		t.Errorf("region Californ matched %d numbers", n)
	}
	// Region defaults to type fixed: a region search in GB never holds mobiles, and
	// equals the explicit type=fixed search.
	_, implicit := search(t, inv, "country_iso", "GB", "region", "Scotland")
	_, explicit := search(t, inv, "country_iso", "GB", "region", "Scotland", "type", "fixed")
	if implicit == 0 || implicit != explicit {
		t.Errorf("region Scotland: implicit %d, explicit fixed %d", implicit, explicit)
	}

	items = collect(t, inv, mustParse(t, "country_iso", "US", "city", "Oakland", "type", "local"))
	if len(items) == 0 {
		t.Fatal("city Oakland found nothing")
	}
	for _, p := range items {
		if p.City != "OAKLAND" {
			t.Fatalf("city Oakland found %s in %s", p.Number, p.City)
		}
	}
	if _, n := search(t, inv, "country_iso", "DE", "city", "munich"); n == 0 {
		t.Error("DE city munich found nothing")
	}
}

func TestServices(t *testing.T) {
	inv := New()
	_, all := search(t, inv, "country_iso", "US", "type", "local")
	_, voice := search(t, inv, "country_iso", "US", "type", "local", "services", "voice")
	_, sms := search(t, inv, "country_iso", "US", "type", "local", "services", "sms")
	_, both := search(t, inv, "country_iso", "US", "type", "local", "services", "voice,sms")
	_, both2 := search(t, inv, "country_iso", "US", "type", "local", "services", "sms,voice")
	if !(both < voice && both < sms && voice < all && sms < all && both == both2) {
		t.Fatalf("all %d, voice %d, sms %d, both %d/%d", all, voice, sms, both, both2)
	}
	if voice+sms-both != all {
		t.Errorf("voice %d + sms %d - both %d != all %d", voice, sms, both, all)
	}
	items, _ := search(t, inv, "country_iso", "US", "type", "local", "services", "sms", "offset", "300")
	for _, p := range items {
		if !p.SMSEnabled {
			t.Fatalf("services=sms returned %s without SMS", p.Number)
		}
	}
	// GB landlines are voice-only.
	if _, n := search(t, inv, "country_iso", "GB", "type", "local", "services", "sms"); n != 0 {
		t.Errorf("GB local with sms: %d", n)
	}
}

func TestLATAAndRateCenter(t *testing.T) {
	inv := New()
	items := collect(t, inv, mustParse(t, "country_iso", "US", "lata", "722", "city", "OAKLAND"))
	if len(items) == 0 {
		t.Fatal("lata 722 Oakland found nothing")
	}
	_, bay := search(t, inv, "country_iso", "US", "lata", "722")
	_, sf := search(t, inv, "country_iso", "US", "lata", "722", "rate_center", "snfc cntrl")
	_, la := search(t, inv, "country_iso", "US", "lata", "730")
	if bay == 0 || sf == 0 || la == 0 || sf >= bay {
		t.Fatalf("lata 722 %d, with SNFC CNTRL %d, lata 730 %d", bay, sf, la)
	}
	for _, p := range collect(t, inv, mustParse(t, "country_iso", "US", "rate_center", "SNFC CNTRL")) {
		if p.RateCenter != "SNFC CNTRL" || p.LATA != 722 {
			t.Fatalf("rate_center SNFC CNTRL found %s at %s/%d", p.Number, p.RateCenter, p.LATA)
		}
	}
	if _, n := search(t, inv, "country_iso", "CA", "rate_center", "OTTAWAHULL"); n == 0 {
		t.Error("CA rate center OTTAWAHULL found nothing")
	}
}

func TestComplianceRequirement(t *testing.T) {
	inv := New()
	_, all := search(t, inv, "country_iso", "DE")
	_, none := search(t, inv, "country_iso", "DE", "compliance_requirement", "{Null}")
	_, addr := search(t, inv, "country_iso", "DE", "compliance_requirement", "address_proof")
	_, id := search(t, inv, "country_iso", "DE", "compliance_requirement", "identity_proof")
	if none != 0 || addr == 0 || id == 0 || addr+id != all {
		t.Fatalf("DE: all %d, none %d, address %d, identity %d", all, none, addr, id)
	}
	_, us := search(t, inv, "country_iso", "US")
	_, usNone := search(t, inv, "country_iso", "US", "compliance_requirement", "{Null}")
	if us != usNone {
		t.Errorf("US: %d numbers, %d without requirement", us, usNone)
	}
	items, _ := search(t, inv, "country_iso", "DE", "compliance_requirement", "identity_proof")
	for _, p := range items {
		if p.ComplianceRequirement != "identity_proof" || p.Type != "mobile" {
			t.Fatalf("identity_proof found %s (%s, %s)", p.Number, p.ComplianceRequirement, p.Type)
		}
	}
}

func TestPaging(t *testing.T) {
	inv := New()
	base := "/v1/Account/MA0123456789ABCDEFGH/PhoneNumber/"
	q := mustParse(t, "country_iso", "GB", "region", "Wales")
	_, total := inv.Search(q)
	if total < 45 || total%20 == 0 {
		t.Fatalf("Wales total %d: test needs a partial last page", total)
	}
	all := collect(t, inv, q)

	first, _ := inv.Search(q)
	m := Meta(q, total, base)
	if len(first) != 20 || m.Previous != nil || m.Next == nil || m.Limit != 20 || m.Offset != 0 || m.TotalCount != total {
		t.Fatalf("first page: %d items, meta %+v", len(first), m)
	}
	if want := base + "?limit=20&offset=20&country_iso=GB&type=fixed&region=Wales"; *m.Next != want {
		t.Errorf("next = %s, want %s", *m.Next, want)
	}

	lastOffset := total / 20 * 20
	q.Offset = lastOffset
	last, _ := inv.Search(q)
	m = Meta(q, total, base)
	if len(last) != total-lastOffset || m.Next != nil || m.Previous == nil {
		t.Fatalf("last page: %d items, meta %+v", len(last), m)
	}
	if want := base + "?limit=20&offset=" + itoa(lastOffset-20) + "&country_iso=GB&type=fixed&region=Wales"; *m.Previous != want {
		t.Errorf("previous = %s, want %s", *m.Previous, want)
	}
	if !reflect.DeepEqual(last, all[lastOffset:]) {
		t.Error("last page is not the tail of all results")
	}

	q.Offset = total + 5
	past, n := inv.Search(q)
	if len(past) != 0 || past == nil || n != total {
		t.Errorf("past the end: %d items, total %d", len(past), n)
	}
	if m := Meta(q, n, base); m.Next != nil {
		t.Errorf("past the end: next %v", *m.Next)
	}

	q.Offset, q.Limit = 7, 5
	mid, _ := inv.Search(q)
	m = Meta(q, total, base)
	if !reflect.DeepEqual(mid, all[7:12]) || m.Previous == nil || !strings.Contains(*m.Previous, "limit=5&offset=2&") {
		t.Errorf("offset 7 limit 5: previous %v", m.Previous)
	}

	// A page ending exactly at the last number is the last page.
	q.Offset, q.Limit = total-5, 5
	if m := Meta(q, total, base); m.Next != nil {
		t.Errorf("page ending at the last number: next %s", *m.Next)
	}
	q.Offset = total - 6
	if m := Meta(q, total, base); m.Next == nil || !strings.Contains(*m.Next, "offset="+itoa(total-1)+"&") {
		t.Errorf("page ending one before the last number: next %v", m.Next)
	}

	// A hand-made query over the cap is clamped by Search.
	big, _ := inv.Search(Query{CountryISO: "US", Limit: 500})
	if len(big) != MaxLimit {
		t.Errorf("limit 500: %d items, want %d", len(big), MaxLimit)
	}
	// Pattern characters are escaped in links.
	q = mustParse(t, "country_iso", "US", "pattern", "4?5*")
	if m := Meta(q, 100, base); !strings.Contains(*m.Next, "pattern=4%3F5%2A") {
		t.Errorf("next = %s", *m.Next)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestTakeAndReturn(t *testing.T) {
	inv := New()
	q := mustParse(t, "country_iso", "CA", "type", "local")
	before, total := inv.Search(q)
	num := before[0].Number

	p, err := inv.Take(num)
	if err != nil || p.Number != num {
		t.Fatalf("Take(%s) = %v, %v", num, p.Number, err)
	}
	after, total2 := inv.Search(q)
	if total2 != total-1 || after[0].Number == num || after[0].Number != before[1].Number {
		t.Fatalf("after Take: total %d (was %d), first %s", total2, total, after[0].Number)
	}
	if inv.Available(num) {
		t.Error("taken number is available")
	}
	if _, ok := inv.Get(num); !ok {
		t.Error("Get does not know a taken number")
	}
	if _, err := inv.Take(num); !errors.Is(err, ErrNumberTaken) {
		t.Errorf("second Take: %v, want ErrNumberTaken", err)
	}
	if _, err := inv.Take("19995550000"); !errors.Is(err, ErrUnknownNumber) {
		t.Errorf("Take unknown: %v, want ErrUnknownNumber", err)
	}
	// Another inventory is not affected.
	if _, n := New().Search(q); n != total {
		t.Errorf("fresh inventory total %d, want %d", n, total)
	}
	inv.Return(num)
	again, total3 := inv.Search(q)
	if total3 != total || again[0].Number != num || !inv.Available(num) {
		t.Fatalf("after Return: total %d, first %s", total3, again[0].Number)
	}
	inv.Return("19995550000") // unknown: no-op, no panic
	if _, err := inv.Take(num); err != nil {
		t.Errorf("Take after Return: %v", err)
	}
}

func TestResultsDoNotAliasInventory(t *testing.T) {
	inv := New()
	items, _ := search(t, inv, "country_iso", "DE", "type", "local")
	*items[0].Restriction = "changed"
	got, _ := inv.Get(items[0].Number)
	if *got.Restriction != restrictionCity {
		t.Fatalf("inventory restriction changed to %q", *got.Restriction)
	}
}

func TestConcurrentUse(t *testing.T) {
	inv := New()
	items, _ := search(t, inv, "country_iso", "AU", "type", "mobile")
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				n := items[i%len(items)].Number
				if _, err := inv.Take(n); err == nil {
					inv.Return(n)
				}
				inv.Search(Query{CountryISO: "AU", Type: "mobile"})
			}
		}()
	}
	wg.Wait()
	if _, n := search(t, inv, "country_iso", "AU", "type", "mobile"); n == 0 {
		t.Fatal("no AU mobiles left")
	}
}

func TestStarterNumbers(t *testing.T) {
	a, b := StarterNumbers(), StarterNumbers()
	if len(a) != 3 || !reflect.DeepEqual(a, b) {
		t.Fatalf("StarterNumbers: %d numbers, deterministic %v", len(a), reflect.DeepEqual(a, b))
	}
	inv := New()
	for _, p := range a {
		// Owned from the start: known to the inventory, not for sale, not
		// in a search; released, on sale like any number.
		if got, ok := inv.Get(p.Number); !ok || !reflect.DeepEqual(got, p) {
			t.Errorf("inventory record of starter %s: %+v, %v; want %+v", p.Number, got, ok, p)
		}
		if inv.Available(p.Number) {
			t.Errorf("starter %s is for sale in a new inventory", p.Number)
		}
		if _, n := search(t, inv, "country_iso", "US", "pattern", p.Number[1:]); n != 0 {
			t.Errorf("a new inventory's search finds starter %s", p.Number)
		}
		inv.Return(p.Number)
		if items, n := search(t, inv, "country_iso", "US", "pattern", p.Number[1:]); n != 1 || items[0].Number != p.Number {
			t.Errorf("released starter %s: search finds %d", p.Number, n)
		}
		if p.CountryISO != "US" || p.SubType != "local" || !p.SMSEnabled || !p.VoiceEnabled || p.LATA == 0 || p.RateCenter == "" {
			t.Errorf("starter %+v", p)
		}
		if !rateRE.MatchString(p.MonthlyRentalRate) || !rateRE.MatchString(p.SMSRate) {
			t.Errorf("starter %s rates %s %s", p.Number, p.MonthlyRentalRate, p.SMSRate)
		}
	}
}

func TestCountries(t *testing.T) {
	for _, iso := range Countries() {
		if _, n := search(t, New(), "country_iso", iso); n == 0 {
			t.Errorf("%s has no numbers", iso)
		}
	}
}

func BenchmarkSearch(b *testing.B) {
	inv := New()
	cases := []struct {
		name string
		kv   []string
	}{
		{"country", []string{"country_iso", "US"}},
		{"prefix", []string{"country_iso", "US", "pattern", "415"}},
		{"keypad", []string{"country_iso", "US", "pattern", "415CALL"}},
		{"star", []string{"country_iso", "US", "pattern", "*2255", "services", "sms"}},
		{"region", []string{"country_iso", "US", "region", "Texas", "offset", "100"}},
		{"npanxx", []string{"country_iso", "US", "npanxx", "415200"}},
		{"local_calling_area", []string{"country_iso", "US", "npanxx", "415200", "local_calling_area", "true"}},
	}
	for _, c := range cases {
		q := mustParse(b, c.kv...)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				inv.Search(q)
			}
		})
	}
}

func BenchmarkNew(b *testing.B) {
	shared()
	b.ReportAllocs()
	for b.Loop() {
		New()
	}
}
