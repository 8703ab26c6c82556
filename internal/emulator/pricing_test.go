package emulator

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

var pricingTestAreas = []testArea{
	// Pricing has no object and no body: its share of the route-walking tests
	// is its route (every account may read it, with its own credentials only)
	// and its golden reply.
	{
		segment: "Pricing",
		populate: func(call func(method, path string, body any) map[string]any) string {
			call("GET", "Pricing/?country_iso=US", nil)
			return ""
		},
		goldens: func(call goldenCall) {
			call(200, "GET", "Pricing/?country_iso=GB", nil, "pricing_get.json")
		},
	},
}

func getPricing(t *testing.T, s *Server, query string) (int, wire.Pricing, wire.Error) {
	t.Helper()
	st, out := direct(s, "GET", "/v1/Account/"+idA+"/Pricing/"+query, idA, tokA, nil)
	var p wire.Pricing
	var e wire.Error
	if st == http.StatusOK {
		if err := json.Unmarshal(out, &p); err != nil {
			t.Fatalf("%s: %v: %s", query, err, out)
		}
	} else {
		_ = json.Unmarshal(out, &e)
	}
	return st, p, e
}

// TestPricing_agreesWithTheInventory: a country's rental, message and call
// rates are those of the numbers the search offers there, as decimal
// strings with five decimals; a rate the service does not have is null.
func TestPricing_agreesWithTheInventory(t *testing.T) {
	s := newSecServer(t)
	for _, tc := range []struct {
		iso, name string
		code      int
		// smsType is the search type whose numbers send the country's messages.
		smsType      string
		tollfreeCall bool
	}{
		{"US", "United States", 1, "local", true},
		{"GB", "United Kingdom", 44, "mobile", false},
		{"IN", "India", 91, "mobile", false},
	} {
		st, p, e := getPricing(t, s, "?country_iso="+tc.iso)
		if st != http.StatusOK {
			t.Fatalf("%s: %d %s", tc.iso, st, e.Error)
		}
		if p.APIID == "" || p.Country != tc.name || p.CountryCode != tc.code || p.CountryISO != tc.iso {
			t.Errorf("%s: %+v", tc.iso, p)
		}
		item := func(typ string) wire.PhoneNumber {
			st, out := direct(s, "GET", "/v1/Account/"+idA+"/PhoneNumber/?country_iso="+tc.iso+"&type="+typ+"&limit=1", idA, tokA, nil)
			var list wire.PhoneNumberList
			if err := json.Unmarshal(out, &list); err != nil || st != 200 || len(list.Objects) == 0 {
				t.Fatalf("search %s %s: %d %s", tc.iso, typ, st, out)
			}
			return list.Objects[0]
		}
		local, tollfree, texts := item("local"), item("toll-free"), item(tc.smsType)
		for name, pair := range map[string][2]*string{
			"phone_numbers.local":    {p.PhoneNumbers.Local.Rate, &local.MonthlyRentalRate},
			"phone_numbers.tollfree": {p.PhoneNumbers.Tollfree.Rate, &tollfree.MonthlyRentalRate},
			"voice.inbound.local":    {p.Voice.Inbound.Local.Rate, &local.VoiceRate},
			"voice.inbound.tollfree": {p.Voice.Inbound.Tollfree.Rate, &tollfree.VoiceRate},
			"voice.outbound.local":   {p.Voice.Outbound.Local.Rate, &local.VoiceRate},
			"message.outbound":       {p.Message.Outbound.Rate, &texts.SMSRate},
		} {
			if pair[0] == nil || *pair[0] != *pair[1] {
				t.Errorf("%s %s = %v, want the inventory's %q", tc.iso, name, wire.Deref(pair[0]), *pair[1])
			}
		}
		if got := wire.Deref(p.Message.Inbound.Rate); got != "0.00000" {
			t.Errorf("%s message.inbound = %q, want 0.00000", tc.iso, got)
		}
		if got := p.Voice.Outbound.Tollfree.Rate; (got != nil) != tc.tollfreeCall {
			t.Errorf("%s voice.outbound.tollfree = %v, want a rate: %v", tc.iso, wire.Deref(got), tc.tollfreeCall)
		}
		if rs := p.Voice.Outbound.Rates; len(rs) == 0 || rs[0].Prefix[0] != strconv.Itoa(tc.code) || !strings.HasPrefix(local.Number, rs[0].Prefix[0]) {
			t.Errorf("%s voice.outbound.rates = %+v: the first prefix should be the calling code of %s", tc.iso, p.Voice.Outbound.Rates, local.Number)
		}
	}
	// The reply keeps null as null on the wire.
	_, out := direct(s, "GET", "/v1/Account/"+idA+"/Pricing/?country_iso=GB", idA, tokA, nil)
	if !strings.Contains(string(out), `"tollfree":{"rate":null}`) {
		t.Errorf("GB's toll-free call rate is not a JSON null: %s", out)
	}
}

func TestPricing_refusesABadCountry(t *testing.T) {
	s := newSecServer(t)
	for _, tc := range []struct {
		query string
		want  int
		text  string
	}{
		{"", 400, "country_iso is required"},
		{"?country_iso=us", 400, `country_iso must be two upper-case letters (an ISO 3166-1 alpha-2 code such as US), got "us"`},
		{"?country_iso=USA", 400, `got "USA"`},
		{"?country_iso=JP", 404, "no pricing for country_iso JP"},
	} {
		st, _, e := getPricing(t, s, tc.query)
		if st != tc.want || !strings.Contains(e.Error, tc.text) || e.APIID == "" {
			t.Errorf("Pricing/%s: %d %q, want %d naming %q", tc.query, st, e.Error, tc.want, tc.text)
		}
	}
}
