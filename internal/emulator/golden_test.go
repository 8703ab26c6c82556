package emulator

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire/wiretest"
)

// TestRepliesMatchGoldenKeys drives every reply the golden files describe
// and requires the emulator's reply to have exactly the example's keys
// (extensions may be present or not), so the emulator cannot drift from
// the service's shapes even where it builds a reply by hand.
func TestRepliesMatchGoldenKeys(t *testing.T) {
	e := newTDEnv(t)
	media := mediaServer(t)
	checked := map[string]bool{}
	// call makes one API call and checks its reply against golden.
	var call goldenCall = func(want int, method, path string, body any, golden string) map[string]any {
		t.Helper()
		var rd io.Reader
		contentType := ""
		if rb, ok := body.(rawBody); ok {
			rd, contentType = bytes.NewReader(rb.data), rb.contentType
		} else if body != nil {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
		url := e.hs.URL + "/v1/Account/" + tdID + "/" + path
		if strings.HasPrefix(path, "/") { // outside the account: the number look-up
			url = e.hs.URL + path
		}
		req, _ := http.NewRequest(method, url, rd)
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		req.SetBasicAuth(tdID, tdToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		e.s.Settle()
		if resp.StatusCode != want {
			t.Fatalf("%s %s: HTTP %d, want %d: %s", method, path, resp.StatusCode, want, data)
		}
		got, err := wiretest.KeyPaths(data)
		if err != nil {
			t.Fatalf("%s %s: %v: %s", method, path, err, data)
		}
		wantKeys, _ := wiretest.KeyPaths(wiretest.Golden(t, golden))
		for p := range wiretest.Extensions[golden] {
			delete(got, p)
		}
		if added, missing := wiretest.Diff(got, wantKeys); len(added)+len(missing) > 0 {
			t.Errorf("%s %s against %s: keys the example lacks %v, keys of the example missing %v", method, path, golden, added, missing)
		}
		checked[golden] = true
		var out map[string]any
		_ = json.Unmarshal(data, &out)
		return out
	}

	call(404, "GET", "Endpoint/404404/", nil, "error.json")

	ep := call(201, "POST", "Endpoint/", map[string]any{"username": "zumba", "password": "secret5", "alias": "zumba"}, "endpoint_created.json")
	id := ep["endpoint_id"].(string)
	call(200, "GET", "Endpoint/"+id+"/", nil, "endpoint_get.json")
	e.s.RegisterEndpoint(tdID, id, SIPRegistration{Registered: true})
	call(200, "GET", "Endpoint/"+id+"/", nil, "endpoint_get_registered.json")
	call(200, "GET", "Endpoint/", nil, "endpoint_list.json")
	call(202, "POST", "Endpoint/"+id+"/", map[string]any{"alias": "zumba2"}, "endpoint_updated.json")

	sent := call(202, "POST", "Message/", map[string]any{
		"src": "14155550100", "dst": "14155550111", "type": "mms", "text": "hello", "media_urls": []string{media.URL + "/a/10"},
	}, "message_sent.json")
	uuid := sent["message_uuid"].([]any)[0].(string)
	call(200, "GET", "Message/"+uuid+"/", nil, "message_get.json")
	call(200, "GET", "Message/", nil, "message_list.json")
	call(200, "GET", "Message/"+uuid+"/Media/", nil, "message_media.json")

	// The 10DLC records in each recorded shape. The profile's data a brand
	// carries is set on the stored brand directly.
	setProfile := func(id string, p wire.ProfileFields) {
		e.s.mu.Lock()
		e.s.accounts[tdID].brands()[id].Profile = p
		e.s.mu.Unlock()
	}
	address := &wire.ProfileAddress{Street: "1 Market Street", City: "San Francisco", State: "CA", PostalCode: "94107", Country: "US"}
	contact := &wire.ProfileContact{FirstName: "Jane", LastName: "Roe", Email: "jane@example.com", Phone: "+14155550111", Title: "Ms", Seniority: "CFO"}
	starter := call(200, "POST", "10dlc/Brand/", e.brandBody("Acme starter", "STARTER", nil), "brand_created.json")["brand_id"].(string)
	setProfile(starter, wire.ProfileFields{EINIssuingCountry: "US"})
	vetted := e.must(200, "POST", "10dlc/Brand/", e.brandBody("Acme Dental", "STANDARD", map[string]any{"secondary_vetting": "true"}))["brand_id"].(string)
	setProfile(vetted, wire.ProfileFields{CompanyName: "Acme Dental Inc", EIN: "111111111", EINIssuingCountry: "US", EntityType: "PRIVATE", Vertical: "HEALTHCARE",
		Address: address, AuthorizedContact: &wire.ProfileContact{Email: "john@example.com", FirstName: "John"}})
	e.advance(DefaultBrandRegistrationDelay)
	call(200, "GET", "10dlc/Brand/", nil, "brand_list.json")
	call(200, "GET", "10dlc/Brand/"+starter+"/", nil, "brand_get.json")
	call(200, "GET", "10dlc/Brand/"+vetted+"/usecases", nil, "brand_usecases.json")
	profiled := e.must(200, "POST", "10dlc/Brand/", e.brandBody("Acme profiled", "STANDARD", nil))["brand_id"].(string)
	setProfile(profiled, wire.ProfileFields{EINIssuingCountry: "US", EntityType: "PRIVATE", Vertical: "HEALTHCARE", Address: address, AuthorizedContact: contact})
	rejected := e.must(200, "POST", "10dlc/Brand/", e.brandBody("Acme REJECT", "STANDARD", nil))["brand_id"].(string)
	setProfile(rejected, wire.ProfileFields{CompanyName: "Acme Dental Inc", EIN: "111111111", EINIssuingCountry: "US", EntityType: "PUBLIC", Vertical: "HEALTHCARE",
		Website: "https://acme.example.com", StockSymbol: "ACME", StockExchange: "NASDAQ", AltBusinessID: "123456789", AltBusinessIDType: "DUNS",
		Address: address, AuthorizedContact: contact})
	e.advance(DefaultBrandRegistrationDelay)
	call(200, "GET", "10dlc/Brand/"+profiled+"/", nil, "brand_get_profile.json")
	call(200, "GET", "10dlc/Brand/"+rejected+"/", nil, "brand_get_declined.json")
	call(200, "DELETE", "10dlc/Brand/"+rejected+"/", nil, "brand_deleted.json")

	cp := call(200, "POST", "10dlc/Campaign/", campaignBody(starter, "Alerts", "STARTER", map[string]any{"sub_usecases": []string{"2FA", "MARKETING"}}),
		"campaign_created.json")["campaign_id"].(string)
	e.advance(DefaultCampaignRegistrationDelay)
	call(200, "GET", "10dlc/Campaign/"+cp+"/", nil, "campaign_get.json")
	call(200, "GET", "10dlc/Campaign/"+cp, nil, "campaign_get_source.json")
	call(200, "GET", "10dlc/Campaign/?brand_id="+starter, nil, "campaign_list.json")
	call(200, "POST", "10dlc/Campaign/"+cp+"/Number/", map[string]any{"numbers": []string{"14155550100"}}, "campaign_number_linked.json")
	e.advance(DefaultNumberLinkDelay)
	e.must(200, "POST", "10dlc/Campaign/"+cp+"/Number/", map[string]any{"numbers": []string{"12125550101"}})
	call(200, "GET", "10dlc/Campaign/"+cp+"/Number/", nil, "campaign_numbers.json")
	call(200, "GET", "10dlc/Campaign/"+cp+"/Number/14155550100/", nil, "campaign_number.json")
	call(202, "DELETE", "10dlc/Campaign/"+cp+"/Number/14155550100/", nil, "campaign_number_unlinked.json")
	e.advance(DefaultNumberLinkDelay)
	call(200, "DELETE", "10dlc/Campaign/"+cp+"/", nil, "campaign_deleted.json")

	failed := e.must(200, "POST", "10dlc/Campaign/", campaignBody(vetted, "Reminders REJECT", "DELIVERY_NOTIFICATION", map[string]any{
		"embedded_link": true, "sample3": "Your cleaning is due next month: book at acme.example.com.",
		"sample4": "Acme Dental: we are closed on Monday for the holiday.", "sample5": "Acme Dental: your invoice is ready at acme.example.com/pay.",
		"message_flow": "Patients opt in by ticking a box on the online booking form at acme.example.com/book.",
		"help_message": "Acme Dental: call 415-555-0100 for help, or reply STOP.", "help_keywords": "HELP",
		"optin_keywords": "START", "optin_message": "Acme Dental: you are subscribed to reminders. Reply STOP to end.",
		"optout_keywords": "STOP", "optout_message": "Acme Dental: you will receive no more messages.",
		"terms_and_conditions_link": "https://acme.example.com/terms", "privacy_policy_link": "https://acme.example.com/privacy",
	}))["campaign_id"].(string)
	plain := e.must(200, "POST", "10dlc/Campaign/", campaignBody(vetted, "Plain REJECT", "DELIVERY_NOTIFICATION", map[string]any{
		"message_flow": "Patients opt in by ticking a box on the online booking form at acme.example.com/book.",
		"help_message": "Acme Dental: call 415-555-0100 for help, or reply STOP.", "help_keywords": "HELP",
	}))["campaign_id"].(string)
	e.advance(DefaultCampaignRegistrationDelay)
	call(200, "GET", "10dlc/Campaign/"+failed+"/", nil, "campaign_get_failed.json")
	call(200, "POST", "10dlc/Campaign/"+plain+"/", map[string]any{"campaign_alias": "Plain"}, "campaign_updated.json")
	call(200, "POST", "10dlc/Campaign/Import/", map[string]any{"campaign_id": "CX4T7QM", "campaign_alias": "Moved in"}, "campaign_imported.json")
	solo := e.must(200, "POST", "10dlc/Brand/", e.brandBody("Acme solo", "STARTER", nil))["brand_id"].(string)
	call(200, "POST", "10dlc/Brand/"+solo+"/OTP/", nil, "brand_otp_sent.json")

	ms := call(201, "POST", "Masking/Session/", map[string]any{"first_party": "14155550101", "second_party": "14155550102"}, "masking_session_created.json")
	session := ms["session_uuid"].(string)
	call(200, "GET", "Masking/Session/"+session, nil, "masking_session_get.json")
	call(200, "POST", "Masking/Session/"+session, map[string]any{"record": true}, "masking_session_updated.json")
	call(200, "GET", "Masking/Session/", nil, "masking_session_list.json")
	call(200, "DELETE", "Masking/Session/"+session, nil, "masking_session_deleted.json")
	pinned := call(201, "POST", "Masking/Session/", map[string]any{"first_party": "14155550103", "second_party": "14155550104",
		"is_pin_authentication_required": true, "generate_pin": true}, "masking_session_created.json")["session_uuid"].(string)
	call(200, "GET", "Masking/Session/"+pinned, nil, "masking_session_get_pin_auth.json")

	found := call(200, "GET", "PhoneNumber/?country_iso=US&type=local&limit=2", nil, "phone_number_search.json")
	number := found["objects"].([]any)[0].(map[string]any)["number"].(string)
	call(201, "POST", "PhoneNumber/"+number+"/", nil, "phone_number_bought.json")
	call(200, "GET", "Number/"+number+"/", nil, "number_get.json")
	// The list: a toll-free number whose verification was requested (the
	// verification workflow sets its id and order status).
	tf := call(200, "GET", "PhoneNumber/?country_iso=US&type=toll-free&limit=1", nil, "phone_number_search.json")["objects"].([]any)[0].(map[string]any)["number"].(string)
	call(201, "POST", "PhoneNumber/"+tf+"/", nil, "phone_number_bought.json")
	e.must(201, "POST", "TollfreeVerification/", tollfreeBody(tf, e.newProfile("Acme toll-free"), approvedSample))
	e.advance(DefaultTollfreeVerificationDelay)
	call(200, "GET", "Number/", nil, "number_list.json")

	goldenServer = e.s
	for _, a := range testAreas {
		if a.goldens != nil {
			a.goldens(call)
		}
		if a.goldensAt != nil {
			a.goldensAt(e.s, call)
		}
	}

	// Every golden file is checked against a reply here.
	entries, err := wiretestGoldenFiles()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range entries {
		if !checked[name] {
			t.Errorf("no emulator reply was checked against %s", name)
		}
	}
}

// wiretestGoldenFiles lists the golden files by name.
func wiretestGoldenFiles() ([]string, error) {
	var out []string
	names, err := wiretest.GoldenFiles()
	for _, n := range names {
		if strings.HasSuffix(n, ".json") {
			out = append(out, n)
		}
	}
	return out, err
}
