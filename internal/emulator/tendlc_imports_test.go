package emulator

import (
	"strings"
	"testing"
	"time"
)

// TestTenDLCCampaignImport: a well-formed campaign_id the account does not
// hold is taken as a campaign registered elsewhere: the import answers 200
// with the service's message, the campaign is PROCESSING with
// campaign_source "shared" until the registration delay, then ACTIVE with
// its carriers' throughput; it is in the GET and in the list (and only in
// the list of its source), reports to the import's callbacks, takes
// numbers, and is deactivated by the usual delete.
func TestTenDLCCampaignImport(t *testing.T) {
	e := newTDEnv(t)
	rc := newReceiver(t, e.s, tdToken, tdToken)
	own := e.registeredCampaign(e.registeredBrand("Acme", "STANDARD"), "Own")
	out := e.must(200, "POST", "10dlc/Campaign/Import/", map[string]any{
		"campaign_id": "CX4T7QM", "campaign_alias": "Moved in", "url": rc.hs.URL + "/import", "method": "GET",
	})
	if out["campaign_id"] != "CX4T7QM" || out["message"] != "Request to import campaign was received and is being processed." || out["api_id"] == "" {
		t.Fatalf("import reply %v", out)
	}
	cp := e.campaign("CX4T7QM")
	if cp["registration_status"] != "PROCESSING" || cp["campaign_source"] != "shared" || cp["brand_id"] != "BX4T7QM" ||
		cp["usecase"] != "CUSTOMER_CARE" || cp["mno_metadata"] != nil {
		t.Fatalf("imported campaign before the delay %v", cp)
	}
	e.advance(DefaultCampaignRegistrationDelay - time.Millisecond)
	if s := e.campaign("CX4T7QM")["registration_status"]; s != "PROCESSING" {
		t.Fatalf("status %v before the delay passed", s)
	}
	e.advance(time.Millisecond)
	cp = e.campaign("CX4T7QM")
	if cp["registration_status"] != "ACTIVE" || cp["campaign_source"] != "shared" || cp["mno_metadata"] == nil || cp["sample1"] == nil {
		t.Fatalf("imported campaign after the delay %v", cp)
	}
	if ev := rc.events(); strings.Join(ev, " ") != "campaign/created campaign/registered" {
		t.Fatalf("callbacks %v", ev)
	}
	if got := rc.all()[1]; got.Method != "GET" || got.Params.Get("CampaignID") != "CX4T7QM" || got.Params.Get("RegistrationStatus") != "ACTIVE" {
		t.Fatalf("registered callback %+v", got)
	}
	ids := func(query string) string {
		var out []string
		for _, c := range e.must(200, "GET", "10dlc/Campaign/"+query, nil)["campaigns"].([]any) {
			m := c.(map[string]any)
			out = append(out, m["campaign_id"].(string)+"="+m["campaign_source"].(string)+"/"+m["campaign_alias"].(string))
		}
		return strings.Join(out, " ")
	}
	if got := ids(""); got != own+"=cpaas/Own CX4T7QM=shared/Moved in" {
		t.Fatalf("list %q", got)
	}
	if got := ids("?campaign_source=shared"); got != "CX4T7QM=shared/Moved in" {
		t.Fatalf("list of shared campaigns %q", got)
	}
	if got := ids("?campaign_source=cpaas"); got != own+"=cpaas/Own" {
		t.Fatalf("list of the service's campaigns %q", got)
	}
	// An imported campaign is used as any: numbers are linked to it.
	e.must(200, "POST", "10dlc/Campaign/CX4T7QM/Number/", map[string]any{"numbers": []string{"14155550100"}})
	e.advance(DefaultNumberLinkDelay)
	if code, n := e.numberStatus("CX4T7QM", "14155550100"); code != 200 || n["status"] != "COMPLETED" {
		t.Fatalf("link to the imported campaign: %d %v", code, n)
	}
	e.must(200, "DELETE", "10dlc/Campaign/CX4T7QM/", nil)
	if code, _ := e.call("GET", "10dlc/Campaign/CX4T7QM/", nil); code != 404 {
		t.Fatalf("a deactivated import reads %d", code)
	}
	if objs, _ := e.s.Objects(tdID); strings.Join(objs["10dlc_campaigns"], " ") != own {
		t.Fatalf("inventory after the delete %v", objs["10dlc_campaigns"])
	}
}

// TestTenDLCCampaignImportRefusals: each refusal is a 400 naming the field
// and nothing is stored; a campaign the account holds, registered here or
// imported (even while processing), is not imported again.
func TestTenDLCCampaignImportRefusals(t *testing.T) {
	e := newTDEnv(t)
	own := e.registeredCampaign(e.registeredBrand("Acme", "STANDARD"), "Own")
	e.must(200, "POST", "10dlc/Campaign/Import/", map[string]any{"campaign_id": "CX4T7QM", "campaign_alias": "Moved in"})
	for _, tc := range []struct {
		body  map[string]any
		wants []string
	}{
		{map[string]any{"campaign_alias": "A"}, []string{"campaign_id must be present"}},
		{map[string]any{"campaign_id": "CQ7ZP3A"}, []string{"campaign_alias must be present"}},
		{map[string]any{"campaign_id": "cq7zp3a", "campaign_alias": "A"}, []string{`campaign_id "cq7zp3a" must be C followed by 6 upper-case letters or digits`}},
		{map[string]any{"campaign_id": "CQ7ZP3", "campaign_alias": "A"}, []string{`campaign_id "CQ7ZP3"`}},
		{map[string]any{"campaign_id": "CQ7ZP3A", "campaign_alias": strings.Repeat("ж", 256)}, []string{"campaign_alias must be 1 to 255 characters long, got 256"}},
		{map[string]any{"campaign_id": "CQ7ZP3A", "campaign_alias": "A", "url": "ftp://x"}, []string{`url "ftp://x" must be an absolute`}},
		{map[string]any{"campaign_id": "CQ7ZP3A", "campaign_alias": "A", "method": "PUT"}, []string{`method "PUT" must be POST or GET`}},
		{map[string]any{"campaign_id": own, "campaign_alias": "A"}, []string{"campaign_id " + own + " is already a campaign of this account (campaign_source cpaas)"}},
		{map[string]any{"campaign_id": "CX4T7QM", "campaign_alias": "Again"}, []string{"campaign_id CX4T7QM is already a campaign of this account (campaign_source shared)"}},
	} {
		e.mustFail(400, "POST", "10dlc/Campaign/Import/", tc.body, tc.wants...)
	}
	// 255 characters (multi-byte) is the alias's limit, not 255 bytes.
	e.must(200, "POST", "10dlc/Campaign/Import/", map[string]any{"campaign_id": "CQ7ZP3A", "campaign_alias": strings.Repeat("ж", 255)})
	if objs, _ := e.s.Objects(tdID); len(objs["10dlc_campaigns"]) != 3 {
		t.Fatalf("campaigns %v, want the own one and two imports", objs["10dlc_campaigns"])
	}
	// Another account imports the same campaign id independently.
	if code, _ := e.callAs(tdMain, tdMainT, "POST", "10dlc/Campaign/Import/", map[string]any{"campaign_id": "CX4T7QM", "campaign_alias": "Theirs"}); code != 200 {
		t.Fatalf("another account's import: %d", code)
	}
}

// TestTenDLCBrandOTP: a STARTER brand's contact is texted, and the reply
// names the phone masked but for its last 4 digits; an unknown brand is a
// 404 and a STANDARD brand a 400 naming the rule; the route ignores any
// body.
func TestTenDLCBrandOTP(t *testing.T) {
	e := newTDEnv(t)
	starter := e.must(200, "POST", "10dlc/Brand/", e.brandBody("Solo", "STARTER", nil))["brand_id"].(string)
	out := e.must(200, "POST", "10dlc/Brand/"+starter+"/OTP/", nil)
	// profileBody's contact phone is +14155550100.
	if out["brand_id"] != starter || out["message"] != "Message sent to XXXXXXXX0100, reply YES to confirm registration." || out["api_id"] == "" {
		t.Fatalf("OTP reply %v", out)
	}
	e.must(200, "POST", "10dlc/Brand/"+starter+"/OTP", map[string]any{"anything": true})
	if n, ok := e.s.BrandOTPsSent(tdID, starter); !ok || n != 2 {
		t.Fatalf("OTPs sent %d %v, want 2", n, ok)
	}
	standard := e.registeredBrand("Acme", "STANDARD")
	e.mustFail(400, "POST", "10dlc/Brand/"+standard+"/OTP/", nil, "brand "+standard+" is a STANDARD brand", "only for STARTER brands")
	e.mustFail(404, "POST", "10dlc/Brand/BZZZZZZ/OTP/", nil)
	if code, _ := e.callAs(tdMain, tdMainT, "POST", "10dlc/Brand/"+starter+"/OTP/", nil); code != 404 {
		t.Fatalf("another account's OTP of the brand: %d", code)
	}
	if n, _ := e.s.BrandOTPsSent(tdID, standard); n != 0 {
		t.Fatalf("a refused OTP was counted: %d", n)
	}
}
