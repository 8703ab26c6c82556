package acctest

import (
	"net/http"
	"slices"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// A family's real-mode kind is prefixed, priced and skipped from its
// declaration alone.
func TestRealTablesFromAFamilysKinds(t *testing.T) {
	spend, costs, named, own := realTables([]kit.RealKind{
		{Path: "Example/Thing", Named: true, Types: []string{`resource "cpaas_example_thing"`}, Spend: kit.SpendCompliance},
		{Path: "Example/Catalogue", Types: []string{`data "cpaas_example_catalogue"`}},
		{Types: []string{`resource "cpaas_example_whole"`}, OwnAccount: "it changes the whole account"},
	})
	if got := spend[`resource "cpaas_example_thing"`]; got != SpendCompliance {
		t.Errorf("the thing's type costs %q, want compliance", got)
	}
	if _, ok := spend[`data "cpaas_example_catalogue"`]; ok {
		t.Errorf("a type that costs nothing is in the spending table: %v", spend)
	}
	if !slices.Equal(named, []string{"Example/Thing"}) {
		t.Errorf("named paths %v, want [Example/Thing]", named)
	}
	if !slices.Equal(costs, []cost{{http.MethodPost, "Example/Thing", SpendCompliance}}) {
		t.Errorf("costs %v, want the thing's create only", costs)
	}
	if own[`resource "cpaas_example_whole"`] != "it changes the whole account" || len(own) != 1 {
		t.Errorf("own-account types %v, want the whole-account one", own)
	}
}

// The families' declarations give the tables real mode had when they
// were written by hand here: the same categories, paths and skips.
func TestRealTablesOfTheFamilies(t *testing.T) {
	wantSpend := map[string]SpendCategory{
		`resource "cpaas_phone_number"`:            SpendNumbers,
		`resource "cpaas_powerpack_number"`:        SpendNumbers,
		`resource "cpaas_own_carrier_number"`:      SpendNumbers,
		`resource "cpaas_message"`:                 SpendMessages,
		`action "cpaas_send_message"`:              SpendMessages,
		`resource "cpaas_10dlc_brand"`:             Spend10DLC,
		`resource "cpaas_10dlc_campaign"`:          Spend10DLC,
		`resource "cpaas_10dlc_campaign_number"`:   Spend10DLC,
		`resource "cpaas_10dlc_campaign_import"`:   Spend10DLC,
		`action "cpaas_10dlc_brand_otp"`:           Spend10DLC,
		`resource "cpaas_compliance_application"`:  SpendCompliance,
		`resource "cpaas_compliance_document"`:     SpendCompliance,
		`resource "cpaas_end_user"`:                SpendCompliance,
		`resource "cpaas_phone_number_compliance"`: SpendCompliance,
		`data "cpaas_number_lookup"`:               SpendLookup,
		`resource "cpaas_tollfree_verification"`:   SpendCompliance,
		`resource "cpaas_verified_caller_id"`:      SpendMessages,
		`resource "cpaas_verification_address"`:    SpendCompliance,
		`resource "cpaas_verification_identity"`:   SpendCompliance,
	}
	if len(spendOf) != len(wantSpend) {
		t.Errorf("spendOf has %d types, want %d: %v", len(spendOf), len(wantSpend), spendOf)
	}
	for typ, want := range wantSpend {
		if got := spendOf[typ]; got != want {
			t.Errorf("%s costs %q, want %q", typ, got, want)
		}
	}
	for _, c := range []cost{
		{http.MethodPost, "PhoneNumber", SpendNumbers}, {http.MethodPost, "Message", SpendMessages},
		{http.MethodPost, "10dlc/Brand", Spend10DLC}, {http.MethodPost, "10dlc/Campaign", Spend10DLC},
		{http.MethodPost, "ComplianceApplication", SpendCompliance}, {http.MethodPost, "ComplianceDocument", SpendCompliance},
		{http.MethodPost, "EndUser", SpendCompliance}, {http.MethodPost, "PhoneNumber/Compliance", SpendCompliance},
		{http.MethodPost, "Verification/Address", SpendCompliance}, {http.MethodPost, "10dlc/Campaign/Import", Spend10DLC},
	} {
		if !slices.Contains(costs, c) {
			t.Errorf("costs lack %v", c)
		}
	}
	p := &realProxy{account: "/v1/Account/MA1/"}
	for path, want := range map[string]bool{
		"/v1/Account/MA1/Application/123/":          true,
		"/v1/Account/MA1/Endpoint/":                 true,
		"/v1/Account/MA1/Number/14155550100/":       true,
		"/v1/Account/MA1/Powerpack/ab1/":            true,
		"/v1/Account/MA1/Subaccount/":               true,
		"/v1/Account/MA1/Zentrunk/Trunk/":           true,
		"/v1/Account/MA1/10dlc/Campaign/C1/Number/": true,
		"/v1/Account/MA1/Profile/":                  true,
		"/v1/Account/MA1/Masking/Session/":          true,
		"/v1/Account/MA1/ComplianceApplication/":    true,
		"/v1/Account/MA1/ComplianceDocument/":       true,
		"/v1/Account/MA1/EndUser/":                  true,
		"/v1/Account/MA1/VerifiedCallerId/":         true,
		"/v1/Account/MA1/PhoneNumber/Compliance/":   true,
		"/v1/Account/MA1/Verification/Identity/":    true,
		"/v1/Account/MA1/PhoneNumber/":              false,
		"/v1/Account/MA1/PhoneNumber/14155550100/":  false,
		"/v1/Account/MA1/Message/":                  false,
		"/v1/Account/MA1/TollfreeVerification/":     false,
		"/v1/Account/MA1/":                          false,
		"/v1/Account/OTHER/Application/":            false,
	} {
		if got := p.named(path); got != want {
			t.Errorf("named(%s) = %v, want %v", path, got, want)
		}
	}
	for _, typ := range []string{`resource "cpaas_masking_session"`, `data "cpaas_masking_sessions"`, `resource "cpaas_account_settings"`} {
		if ownAccountOf[typ] == "" {
			t.Errorf("%s is not among the types that need an account of their own", typ)
		}
	}
}
