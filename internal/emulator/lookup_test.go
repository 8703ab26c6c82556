package emulator

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

var lookupTestAreas = []testArea{
	// The look-up is not below the account, so the route-walking tests do not
	// reach it (its own tests below check its credentials); its share is its
	// two golden replies.
	{
		segment:  "lookup",
		populate: func(func(method, path string, body any) map[string]any) string { return "" },
		goldens: func(call goldenCall) {
			call(200, "GET", "/v1/Number/+14155550100?type=carrier", nil, "lookup_get.json")
			call(404, "GET", "/v1/Number/+19995550100?type=carrier", nil, "lookup_error.json")
		},
	},
}

func lookupAs(t *testing.T, s *Server, method, path, user, pass string) (int, map[string]any) {
	t.Helper()
	st, out := direct(s, method, path, user, pass, nil)
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("%s %s: %d %s: %v", method, path, st, out, err)
	}
	return st, m
}

// TestLookup_reportsTheInventorysNumbers: a number of the inventory, for
// sale or owned, is looked up by its E.164 form with the + (as every
// client sends it, escaped or not) and reported as numberdata says.
func TestLookup_reportsTheInventorysNumbers(t *testing.T) {
	s := newSecServer(t)
	inv := numberdata.New()
	gbMobile, _ := inv.Search(numberdata.Query{CountryISO: "GB", Type: "mobile", Limit: 1})
	gbFixed, _ := inv.Search(numberdata.Query{CountryISO: "GB", Type: "local", Limit: 1})
	usTollfree, _ := inv.Search(numberdata.Query{CountryISO: "US", Type: "toll-free", Limit: 1})
	for _, tc := range []struct {
		path, number, iso, typ, ported string
		mcc                            bool
	}{
		// A starter number the account owns, escaped as Go's url package may.
		{"/v1/Number/%2B14155550100?type=carrier", "+14155550100", "US", "mobile", "no", true},
		{"/v1/Number/+12125550101?type=carrier", "+12125550101", "US", "voip", "no", false},
		{"/v1/Number/+" + gbMobile[0].Number + "?type=carrier", "+" + gbMobile[0].Number, "GB", "mobile", "unknown", true},
		{"/v1/Number/+" + gbFixed[0].Number + "?type=carrier", "+" + gbFixed[0].Number, "GB", "fixed", "unknown", false},
		{"/v1/Number/+" + usTollfree[0].Number + "?type=carrier", "+" + usTollfree[0].Number, "US", "toll-free", "", false},
	} {
		st, out := direct(s, "GET", tc.path, idA, tokA, nil)
		var l wire.Lookup
		if err := json.Unmarshal(out, &l); err != nil || st != http.StatusOK {
			t.Fatalf("%s: %d %s", tc.path, st, out)
		}
		if l.APIID == "" || l.PhoneNumber != tc.number || l.Format.E164 != tc.number || l.Country.ISO2 != tc.iso || len(l.Country.ISO3) != 3 ||
			l.Carrier.Type != tc.typ || (tc.ported != "" && l.Carrier.Ported != tc.ported) || (l.Carrier.MobileCountryCode != "") != tc.mcc ||
			l.ResourceURI != "/v1/Number/"+tc.number+"?type=carrier" || !strings.HasPrefix(l.Format.RFC3966, "tel:+") {
			t.Errorf("%s: %s", tc.path, out)
		}
	}
	// Account B looks the same number up and gets the same record.
	_, a := lookupAs(t, s, "GET", "/v1/Number/+14155550100?type=carrier", idA, tokA)
	_, b := lookupAs(t, s, "GET", "/v1/Number/+14155550100?type=carrier", idB, tokB)
	delete(a, "api_id")
	delete(b, "api_id")
	if ja, jb := mustJSON(a), mustJSON(b); ja != jb {
		t.Errorf("the same number differs by account: %s vs %s", ja, jb)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestLookup_errorsHaveTheLookupShape: every refusal on the look-up's
// path is its own shape (an integer error_code equal to the status, a
// message, no error key), credentials included.
func TestLookup_errorsHaveTheLookupShape(t *testing.T) {
	s := newSecServer(t)
	for _, tc := range []struct {
		name, method, path, user, pass string
		want                           int
		text                           string
	}{
		{"a number the service does not have", "GET", "/v1/Number/+19995550100?type=carrier", idA, tokA, 404, wire.LookupNotFound},
		{"no +", "GET", "/v1/Number/14155550100?type=carrier", idA, tokA, 404, wire.LookupNotFound},
		{"not a number", "GET", "/v1/Number/+1415abc?type=carrier", idA, tokA, 404, wire.LookupNotFound},
		{"no type", "GET", "/v1/Number/+14155550100", idA, tokA, 400, `type must be carrier, got ""`},
		{"another type", "GET", "/v1/Number/+14155550100?type=caller-name", idA, tokA, 400, `type must be carrier, got "caller-name"`},
		{"a POST", "POST", "/v1/Number/+14155550100?type=carrier", idA, tokA, 405, "Method POST is not allowed"},
		{"a longer path", "GET", "/v1/Number/+14155550100/x?type=carrier", idA, tokA, 404, "Unknown resource"},
		{"no credentials", "GET", "/v1/Number/+14155550100?type=carrier", "", "", 401, "Authentication failed"},
		{"a wrong token", "GET", "/v1/Number/+14155550100?type=carrier", idA, tokB, 401, "Authentication failed"},
		{"an unknown account", "GET", "/v1/Number/+14155550100?type=carrier", "MAZZZZZZZZZZZZZZZZZZ", tokA, 401, "Authentication failed"},
	} {
		st, m := lookupAs(t, s, tc.method, tc.path, tc.user, tc.pass)
		code, isInt := m["error_code"].(float64)
		msg, _ := m["message"].(string)
		_, hasError := m["error"]
		if st != tc.want || !isInt || int(code) != tc.want || !strings.Contains(msg, tc.text) || hasError || m["api_id"] == "" {
			t.Errorf("%s: %d %v, want %d in the look-up's shape naming %q", tc.name, st, m, tc.want, tc.text)
		}
	}
}

// TestLookup_faultsAndRateLimitReachIt: a fault rule naming the look-up's
// pattern, lookup/Number/{number}, faults it and nothing else.
func TestLookup_faultsAndRateLimitReachIt(t *testing.T) {
	s := newSecServer(t)
	s.SetFaults(Faults{Seed: 1, Rules: []FaultRule{{Path: "lookup/Number/{number}", Rate429: 1, RetryAfter: RetryNow}}})
	if st, _ := direct(s, "GET", "/v1/Number/+14155550100?type=carrier", idA, tokA, nil); st != http.StatusTooManyRequests {
		t.Errorf("the look-up under a 429 rule: %d", st)
	}
	if st, out := direct(s, "GET", "/v1/Account/"+idA+"/Number/14155550100/", idA, tokA, nil); st != http.StatusOK {
		t.Errorf("the account's number under the look-up's rule: %d %s", st, out)
	}
}

// TestLookup_anyValidNumber: a number outside the inventory that its
// country's numbering plan holds is answered, as the service answers the
// recorded +14154305555: its country from the calling code and range, the
// formats, a type and a carrier, the same every time. A number no plan
// holds stays the look-up's 404.
func TestLookup_anyValidNumber(t *testing.T) {
	s := newSecServer(t)
	for _, tc := range []struct {
		number, iso2, iso3, name, international, national, rfc3966 string
		types                                                      []string
		carrier, mcc, ported                                       string
	}{
		// The recorded number (recorded-more/go_lookupGetResponse.json).
		{"+14154305555", "US", "USA", "United States", "+1 415-430-5555", "(415) 430-5555", "tel:+1-415-430-5555",
			[]string{"mobile", "fixed", "voip"}, "*", "", "yes"},
		{"+447400123456", "GB", "GBR", "United Kingdom", "+44 7400 123456", "07400 123456", "tel:+44-7400-123456",
			[]string{"mobile"}, "*", "234", "unknown"},
		{"+33123456789", "FR", "FRA", "France", "+33 1 23 45 67 89", "01 23 45 67 89", "tel:+33-1-23-45-67-89",
			[]string{"fixed"}, "Orange France", "", "unknown"},
		{"+81312345678", "JP", "JPN", "Japan", "+81 3-1234-5678", "03-1234-5678", "tel:+81-3-1234-5678",
			[]string{"fixed"}, "", "", "unknown"},
		{"+18005550199", "US", "USA", "United States", "+1 800-555-0199", "(800) 555-0199", "tel:+1-800-555-0199",
			[]string{"toll-free"}, "", "", "no"},
	} {
		path := "/v1/Number/" + tc.number + "?type=carrier"
		st, out := direct(s, "GET", path, idA, tokA, nil)
		var l wire.Lookup
		if err := json.Unmarshal(out, &l); err != nil || st != http.StatusOK {
			t.Errorf("%s: %d %s, want 200", tc.number, st, out)
			continue
		}
		c := l.Carrier
		if l.APIID == "" || l.PhoneNumber != tc.number || l.ResourceURI != path ||
			l.Country != (wire.LookupCountry{ISO2: tc.iso2, ISO3: tc.iso3, Name: tc.name}) ||
			l.Format != (wire.LookupFormat{E164: tc.number, International: tc.international, National: tc.national, RFC3966: tc.rfc3966}) ||
			!slices.Contains(tc.types, c.Type) || c.Ported != tc.ported && !(tc.ported == "yes" && c.Type == "voip" && c.Ported == "no") ||
			(tc.carrier == "*" && c.Name == "") || (tc.carrier != "*" && c.Name != tc.carrier) || c.MobileCountryCode != tc.mcc ||
			(c.MobileCountryCode == "") != (c.MobileNetworkCode == "") {
			t.Errorf("%s: %s", tc.number, out)
		}
		// The same number, the same answer.
		_, again := lookupAs(t, s, "GET", path, idB, tokB)
		var first map[string]any
		_ = json.Unmarshal(out, &first)
		delete(first, "api_id")
		delete(again, "api_id")
		if mustJSON(first) != mustJSON(again) {
			t.Errorf("%s answered twice differently: %s vs %s", tc.number, mustJSON(first), mustJSON(again))
		}
	}
	for _, number := range []string{"+19995550100", "+15555550123", "+4479111", "+9991234567", "+014155550100", "+1415430555512345"} {
		st, m := lookupAs(t, s, "GET", "/v1/Number/"+number+"?type=carrier", idA, tokA)
		if code, _ := m["error_code"].(float64); st != http.StatusNotFound || int(code) != 404 || m["message"] != wire.LookupNotFound {
			t.Errorf("%s: %d %v, want the look-up's 404", number, st, m)
		}
	}
}
