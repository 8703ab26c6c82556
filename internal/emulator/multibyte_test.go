package emulator

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// Multi-byte text at each length boundary of the API: lengths count
// characters, so Cyrillic (2 bytes a character) and emoji (4 bytes) pass
// or fail exactly where ASCII does. The provider's plan-time checks are
// tested with the same strings (provider/multibyte_test.go).

// cyr is n Cyrillic characters (2n bytes); emoji n emoji (4n bytes).
func cyr(n int) string   { return strings.Repeat("ж", n) }
func emoji(n int) string { return strings.Repeat("🙂", n) }

func TestMultibyteLengthsCampaign(t *testing.T) {
	e := newTDEnv(t)
	brand := e.registeredBrand("Acme", "STANDARD")
	ok := []map[string]any{
		{"sample1": cyr(1000)},       // 2,000 bytes
		{"sample1": cyr(1024)},       // the maximum, 2,048 bytes
		{"sample1": emoji(20)},       // the minimum, 80 bytes
		{"sample3": cyr(20)},         // the minimum of an optional sample
		{"description": cyr(40)},     // the minimum, 80 bytes
		{"description": emoji(4096)}, // the maximum, 16,384 bytes
		{"campaign_alias": cyr(255)}, // the maximum, 510 bytes
	}
	for _, extra := range ok {
		e.must(200, "POST", "10dlc/Campaign/", campaignBody(brand, "Alerts", "DELIVERY_NOTIFICATION", extra))
	}
	refused := []struct {
		extra map[string]any
		want  string
	}{
		{map[string]any{"sample1": cyr(15)}, "sample1 must be 20 to 1024 characters long, got 15"}, // 30 bytes
		{map[string]any{"sample2": emoji(19)}, "sample2 must be 20 to 1024 characters long, got 19"},
		{map[string]any{"sample1": cyr(1025)}, "sample1 must be 20 to 1024 characters long, got 1025"},
		{map[string]any{"description": cyr(39)}, "description must be 40 to 4096 characters long, got 39"}, // 78 bytes
		{map[string]any{"description": cyr(4097)}, "description must be 40 to 4096 characters long, got 4097"},
		{map[string]any{"campaign_alias": emoji(256)}, "campaign_alias must be 1 to 255 characters long, got 256"},
	}
	for _, tc := range refused {
		e.mustFail(400, "POST", "10dlc/Campaign/", campaignBody(brand, "Alerts", "DELIVERY_NOTIFICATION", tc.extra), tc.want)
	}
	// An update (of a FAILED campaign, the only kind the service updates)
	// applies the same rules.
	id := e.must(200, "POST", "10dlc/Campaign/", campaignBody(brand, "Alerts REJECT", "DELIVERY_NOTIFICATION", nil))["campaign_id"].(string)
	e.advance(DefaultCampaignRegistrationDelay)
	e.must(200, "POST", "10dlc/Campaign/"+id+"/", map[string]any{"sample1": cyr(1024), "description": emoji(40)})
	e.mustFail(400, "POST", "10dlc/Campaign/"+id+"/", map[string]any{"sample1": cyr(19)}, "sample1 must be 20 to 1024 characters long, got 19")
}

func TestMultibyteLengthsBrand(t *testing.T) {
	e := newTDEnv(t)
	for _, alias := range []string{cyr(255), emoji(255), "ж"} {
		e.must(200, "POST", "10dlc/Brand/", brandBody(alias, "STANDARD", nil))
	}
	for _, alias := range []string{cyr(256), emoji(256)} {
		e.mustFail(400, "POST", "10dlc/Brand/", brandBody(alias, "STANDARD", nil), "brand_alias must be 1 to 255 characters long, got 256")
	}
}

func TestMultibyteLengthsEndpointPassword(t *testing.T) {
	e := newTDEnv(t)
	for i, pw := range []string{cyr(5), emoji(5)} { // 10 and 20 bytes
		out := e.must(201, "POST", "Endpoint/", map[string]any{"username": fmt.Sprintf("mb%d", i), "password": pw, "alias": "mb"})
		e.must(202, "POST", "Endpoint/"+out["endpoint_id"].(string)+"/", map[string]any{"password": cyr(5)})
	}
	for _, pw := range []string{cyr(4), emoji(4)} { // 8 and 16 bytes, over 5 bytes
		if utf8.RuneCountInString(pw) != 4 || len(pw) <= 5 {
			t.Fatalf("bad test string %q", pw)
		}
		e.mustFail(400, "POST", "Endpoint/", map[string]any{"username": "mb", "password": pw, "alias": "mb"}, "password must be at least 5 characters long (got 4)")
	}
	out := e.must(201, "POST", "Endpoint/", map[string]any{"username": "mbx", "password": "abcde", "alias": "mb"})
	e.mustFail(400, "POST", "Endpoint/"+out["endpoint_id"].(string)+"/", map[string]any{"password": emoji(4)}, "password must be at least 5 characters long (got 4)")
}
