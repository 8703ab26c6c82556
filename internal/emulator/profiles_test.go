package emulator

import (
	"strings"
	"testing"
)

// fullProfileBody gives every field of a profile, so the golden files'
// keys are all in the reply.
func fullProfileBody() map[string]any {
	b := profileBody("Acme Corporation")
	b["entity_type"], b["stock_symbol"], b["stock_exchange"] = "PUBLIC", "ACME", "NYSE"
	b["website"], b["alt_business_id"], b["alt_business_id_type"] = "https://acme.example", "123456789", "DUNS"
	b["business_contact_email"], b["doing_business_as"] = "compliance@acme.example", "ABC DBA"
	b["authorized_contact"].(map[string]any)["title"] = "Ms"
	b["authorized_contact"].(map[string]any)["seniority"] = "CFO"
	return b
}

var profilesTestAreas = []testArea{
	{
		segment: "Profile",
		kind:    "10dlc_profiles",
		get:     func(id string) string { return "Profile/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return call("POST", "Profile/", profileBody("Area Co"))["profile_uuid"].(string)
		},
		unknownID: "00000000-0000-4000-8000-000000000000",
		bodies: map[string][]bodyCase{
			"POST Profile":      {{"", fullProfileBody()}},
			"POST Profile/{id}": {{"", map[string]any{"company_name": "Acme 2", "website": "https://two.example", "address": map[string]any{"city": "Dallas"}}}},
		},
		wrongType: map[string]any{"company_name": 5, "address": "street"},
		goldens: func(call goldenCall) {
			id := call(200, "POST", "Profile/", fullProfileBody(), "profile_created.json")["profile_uuid"].(string)
			call(200, "GET", "Profile/"+id+"/", nil, "profile_get.json")
			call(200, "GET", "Profile/", nil, "profile_list.json")
			sub := call(201, "POST", "Subaccount/", map[string]any{"name": "Marketing", "enabled": true}, "subaccount_created.json")["auth_id"].(string)
			call(200, "POST", "Profile/"+id+"/", map[string]any{"service_subaccount": sub}, "profile_updated.json")
			call(200, "DELETE", "Profile/"+id+"/", nil, "profile_deleted.json")
		},
	},
}

// profileBody is a valid profile create body (PRIVATE, with an EIN) for
// company.
func profileBody(company string) map[string]any {
	return map[string]any{
		"profile_alias": "p-" + company, "customer_type": "DIRECT", "entity_type": "PRIVATE", "company_name": company,
		"ein": "12-3456789", "ein_issuing_country": "US", "vertical": "RETAIL",
		"address":            map[string]any{"street": "1 Main St", "city": "Austin", "state": "TX", "postal_code": "78701", "country": "US"},
		"authorized_contact": map[string]any{"first_name": "Jane", "last_name": "Doe", "phone": "+14155550100", "email": "jane@example.com"},
	}
}

// newProfile makes a profile of account tdID for company and returns its
// uuid.
func (e *tdEnv) newProfile(company string) string {
	e.t.Helper()
	return e.must(200, "POST", "Profile/", profileBody(company))["profile_uuid"].(string)
}

func TestProfileLifecycle(t *testing.T) {
	e := newTDEnv(t)
	out := e.must(200, "POST", "Profile", profileBody("Acme"))
	if out["message"] != "Profile created successfully." {
		t.Errorf("create reply %v", out)
	}
	id := out["profile_uuid"].(string)
	got := e.must(200, "GET", "Profile/"+id, nil)["profile"].(map[string]any)
	if got["company_name"] != "Acme" || got["profile_type"] != "SECONDARY" || got["created_at"] != "2025-03-01T12:00:00.000000Z" {
		t.Errorf("record %v", got)
	}
	for _, absent := range []string{"website", "stock_symbol", "doing_business_as", "primary_profile"} {
		if _, ok := got[absent]; ok {
			t.Errorf("an empty %s must be left out: %v", absent, got)
		}
	}
	if c := got["authorized_contact"].(map[string]any); c["title"] != nil {
		t.Errorf("an empty contact title must be left out: %v", c)
	}
	// "" and null are unchanged; the reply is the whole record.
	upd := e.must(200, "POST", "Profile/"+id+"/", map[string]any{
		"company_name": "Acme Inc", "website": "", "entity_type": nil, "address": map[string]any{"city": "Dallas", "street": ""},
	})["profile"].(map[string]any)
	if upd["company_name"] != "Acme Inc" || upd["entity_type"] != "PRIVATE" || upd["address"].(map[string]any)["city"] != "Dallas" ||
		upd["address"].(map[string]any)["street"] != "1 Main St" {
		t.Errorf("update reply %v", upd)
	}
	e.mustFail(400, "POST", "Profile/"+id+"/", map[string]any{"stock_symbol": "ACME"}, "stock_symbol cannot be updated")
	e.mustFail(400, "POST", "Profile/"+id+"/", map[string]any{"entity_type": "PUBLIC"}, `stock_symbol is required when entity_type is "PUBLIC"`)
	if l := e.must(200, "GET", "Profile/", nil)["profiles"].([]any); len(l) != 1 {
		t.Errorf("list %v", l)
	}
	if del := e.must(200, "DELETE", "Profile/"+id+"/", nil); del["message"] != "Profile deleted successfully." {
		t.Errorf("delete reply %v", del)
	}
	e.mustFail(404, "GET", "Profile/"+id+"/", nil, "Profile not found.")
}

func TestProfileRules(t *testing.T) {
	e := newTDEnv(t)
	with := func(k string, v any) map[string]any {
		b := profileBody("Acme")
		b[k] = v
		return b
	}
	e.mustFail(400, "POST", "Profile/", with("company_name", ""), "company_name must be present")
	e.mustFail(400, "POST", "Profile/", with("entity_type", "PUBLIC_PROFIT"), `entity_type "PUBLIC_PROFIT" is not one of`)
	e.mustFail(400, "POST", "Profile/", with("company_name", strings.Repeat("é", 101)), "is 101 characters long, more than the 100 allowed")
	e.must(200, "POST", "Profile/", with("company_name", strings.Repeat("é", 100)))
	e.mustFail(400, "POST", "Profile/", with("ein", ""), `ein is required when entity_type is "PRIVATE"`)
	e.mustFail(400, "POST", "Profile/", with("entity_type", "PUBLIC"), `stock_symbol is required when entity_type is "PUBLIC"`)
	e.mustFail(400, "POST", "Profile/", with("address", nil), "address must be present")
	e.mustFail(400, "POST", "Profile/", with("business_contact_email", "nope"), "must be an email address")
	indiv := profileBody("Jane Doe")
	indiv["entity_type"], indiv["ein"], indiv["ein_issuing_country"] = "INDIVIDUAL", nil, ""
	e.must(200, "POST", "Profile/", indiv)
}

// TestBrandsHangFromProfiles: a brand names one of the account's profiles,
// one brand per profile, a STANDARD brand needs an EIN, a profile in use
// cannot be deleted, the brand's record carries the profile's data, and
// the registry's decision follows the profile.
func TestBrandsHangFromProfiles(t *testing.T) {
	e := newTDEnv(t)
	e.mustFail(400, "POST", "10dlc/Brand/", map[string]any{"brand_alias": "A", "profile_uuid": "1b2c3d4e-0000-4000-8000-123456789abc"},
		"profile_uuid 1b2c3d4e-0000-4000-8000-123456789abc is not a profile of this account")
	p := e.newProfile("Acme")
	b := e.must(200, "POST", "10dlc/Brand/", map[string]any{"brand_alias": "A", "profile_uuid": strings.ToUpper(p), "brand_type": "STANDARD"})["brand_id"].(string)
	e.mustFail(400, "POST", "10dlc/Brand/", map[string]any{"brand_alias": "B", "profile_uuid": p}, "has already been used for brand "+b)
	e.mustFail(400, "DELETE", "Profile/"+p+"/", nil, "is in use by brand "+b)
	// Another account cannot use it either.
	if code, _ := e.callAs(tdMain, tdMainT, "POST", "10dlc/Brand/", map[string]any{"brand_alias": "C", "profile_uuid": p}); code != 400 {
		t.Errorf("another account's profile: HTTP %d", code)
	}
	indiv := profileBody("Jane Doe")
	indiv["entity_type"], indiv["ein"], indiv["ein_issuing_country"] = "INDIVIDUAL", "", ""
	ip := e.must(200, "POST", "Profile/", indiv)["profile_uuid"].(string)
	e.mustFail(400, "POST", "10dlc/Brand/", map[string]any{"brand_alias": "D", "profile_uuid": ip, "brand_type": "STANDARD"},
		"brand_type STANDARD needs a profile with an EIN")
	e.must(200, "POST", "10dlc/Brand/", map[string]any{"brand_alias": "D", "profile_uuid": ip, "brand_type": "STARTER"})

	zero := profileBody("Zero Co")
	zero["ein"] = "00-0000000"
	zp := e.must(200, "POST", "Profile/", zero)["profile_uuid"].(string)
	zb := e.must(200, "POST", "10dlc/Brand/", map[string]any{"brand_alias": "Z", "profile_uuid": zp, "brand_type": "STANDARD"})["brand_id"].(string)
	e.advance(DefaultBrandRegistrationDelay)
	if got := e.brandStatus(b); got["registration_status"] != "COMPLETED" {
		t.Errorf("brand of a sound profile: %v", got)
	}
	got := e.brandStatus(zb)
	reasons, _ := got["declined_reasons"].([]any)
	if got["registration_status"] != "FAILED" || len(reasons) != 1 || reasons[0].(map[string]any)["code"] != "TAX_ID_INVALID" {
		t.Errorf("brand of a profile with a placeholder EIN: %v", got)
	}
	// Once the brand is gone the profile can go.
	e.must(200, "DELETE", "10dlc/Brand/"+b+"/", nil)
	e.must(200, "DELETE", "Profile/"+p+"/", nil)
}

// service_subaccount names one of the account's subaccounts (400
// otherwise); the account's own auth_id moves the profile back to it.
func TestProfileServiceSubaccount(t *testing.T) {
	e := newTDEnv(t)
	b := profileBody("Acme")
	b["service_subaccount"] = "SA00000000000000NOPE"
	e.mustFail(400, "POST", "Profile/", b, `service_subaccount "SA00000000000000NOPE" is not a subaccount of this account`)
	sub := e.must(201, "POST", "Subaccount/", map[string]any{"name": "Team", "enabled": true})["auth_id"].(string)
	b["service_subaccount"] = sub
	id := e.must(200, "POST", "Profile/", b)["profile_uuid"].(string)
	if got := e.must(200, "GET", "Profile/"+id+"/", nil)["profile"].(map[string]any)["service_subaccount"]; got != sub {
		t.Fatalf("service_subaccount %v, want %s", got, sub)
	}
	back := e.must(200, "POST", "Profile/"+id+"/", map[string]any{"service_subaccount": tdID})["profile"].(map[string]any)
	if _, ok := back["service_subaccount"]; ok {
		t.Fatalf("moved back to the main account, the record still has service_subaccount: %v", back)
	}
	e.mustFail(400, "POST", "Profile/"+id+"/", map[string]any{"service_subaccount": "SA00000000000000NOPE"}, "is not a subaccount of this account")
}
