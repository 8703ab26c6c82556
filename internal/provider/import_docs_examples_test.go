package provider_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/msgrules"
)

// Adopting what exists: for every resource, the objects of its docs example
// (examples/resources/<type>/resource.tf) are made outside Terraform
// through the client, then imported with import blocks next to that very
// configuration. The plan must import each one and replace, create or
// destroy nothing; the apply changes nothing in the account (the
// emulator's inventory is the same before and after); the next plan is
// empty.

// exampleConfig reads the docs example of a resource type.
func exampleConfig(t *testing.T, typ string) string {
	t.Helper()
	return readExample(t, typ, "resource.tf")
}

func readExample(t *testing.T, typ, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "examples", "resources", typ, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// importBlockRE matches an import block of an example (its body holds no
// braces).
var importBlockRE = regexp.MustCompile(`(?m)^import \{[^{}]*\}\n`)

// importBlocks writes one import block per address, in a stable order.
func importBlocks(ids [][2]string) string {
	var b strings.Builder
	for _, p := range ids {
		fmt.Fprintf(&b, "\nimport {\n  to = %s\n  id = %q\n}\n", p[0], p[1])
	}
	return b.String()
}

// expectOnlyImports fails unless every managed resource in the plan is
// imported, and none is created, replaced or destroyed.
type expectOnlyImports struct {
	want int
	// strict: not even the in-place record of recordedOnImport.
	strict bool
}

func (e expectOnlyImports) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	var errs []string
	imported := 0
	for _, rc := range req.Plan.ResourceChanges {
		if rc.Mode != tfjson.ManagedResourceMode {
			continue
		}
		a := rc.Change.Actions
		if a.Create() || a.Delete() || a.Replace() || a.CreateBeforeDestroy() || a.DestroyBeforeCreate() {
			errs = append(errs, fmt.Sprintf("%s: %v (attributes forcing it: %v)", rc.Address, a, rc.Change.ReplacePaths))
			continue
		}
		if rc.Change.Importing != nil {
			imported++
		}
		if a.Update() && e.strict {
			errs = append(errs, fmt.Sprintf("%s: updates in place: %s", rc.Address, changedAttrs(rc.Change, nil)))
		} else if a.Update() {
			if bad := changedAttrs(rc.Change, recordedOnImport[rc.Type]); bad != "" {
				errs = append(errs, fmt.Sprintf("%s: updates what a reply carries: %s", rc.Address, bad))
			}
		}
	}
	if imported != e.want {
		errs = append(errs, fmt.Sprintf("%d resources imported, want %d", imported, e.want))
	}
	if len(errs) > 0 {
		resp.Error = fmt.Errorf("the import plan must only import: %s", strings.Join(errs, "; "))
	}
}

// recordedOnImport are, by resource type, the arguments no reply of the
// API carries (timeouts, callback settings given at registration only, a
// message's text, a secret): an import cannot read them, so the first plan
// records the configured values in place, calling no API (the test checks
// the account is unchanged). Any other attribute an import plan changes is
// a value the provider read wrongly, and fails the test. A message's
// encoding follows from its recorded text by the rule the API bills by.
// A message's import configuration (examples/resources/cpaas_message/import)
// ignores them instead, and its plan must change nothing.
var recordedOnImport = map[string][]string{
	"cpaas_endpoint":              {"password", "password_wo_version"},
	"cpaas_sip_credential_list":   {"password_wo_version"}, // the API never returns the password
	"cpaas_sip_origination_uri":   {"password_wo_version"},
	"cpaas_10dlc_brand":           {"brand_alias", "url", "method", "timeouts"}, // the GET has no alias
	"cpaas_10dlc_campaign":        {"description", "url", "method", "timeouts"},
	"cpaas_10dlc_campaign_number": {"url", "method", "timeouts"},
	"cpaas_tollfree_verification": {"timeouts"},
	"cpaas_phone_number":          {"search", "release_protection"}, // what chose the number at purchase; the provider's own flag
	"cpaas_own_carrier_number":    {"carrier"},                      // the record names the carrier, not its id
	"cpaas_message": {"text", "media_urls", "template", "triggers", "url", "method", "timeouts", "wait_for", "encoding",
		"message_expiry", "dlt_entity_id", "dlt_template_id", "dlt_template_category", "trackable", "powerpack_uuid",
		// The records hold src and dst sanitised; the configured spelling
		// of the same numbers is recorded.
		"src", "dst"},
}

// changedAttrs names the top-level attributes an update changes, other
// than those in allowed, with their values before and after.
func changedAttrs(c *tfjson.Change, allowed []string) string {
	before, _ := c.Before.(map[string]any)
	after, _ := c.After.(map[string]any)
	unknown, _ := c.AfterUnknown.(map[string]any)
	var out []string
	for _, k := range slices.Sorted(maps.Keys(after)) {
		if slices.Contains(allowed, k) {
			continue
		}
		if u, _ := unknown[k].(bool); u {
			out = append(out, k+" (unknown)")
			continue
		}
		if !reflect.DeepEqual(before[k], after[k]) {
			out = append(out, fmt.Sprintf("%s: %v -> %v", k, before[k], after[k]))
		}
	}
	return strings.Join(out, ", ")
}

// importDocsCase makes the objects of one docs example outside Terraform
// and says how to import them.
type importDocsCase struct {
	typ string
	// example is the documented configuration, a path under
	// examples/resources/<typ>: resource.tf when empty. An import
	// configuration's own import blocks give way to the test's, and its
	// plan must import and change nothing: no in-place record either.
	example string
	// make creates the objects and returns the import ids by address and
	// the example's variables.
	make func(t *testing.T, env *acctest.Env, c *client.Client) ([][2]string, config.Variables)
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	if !acctest.Eventually(t, 10*time.Second, cond) {
		t.Fatalf("%s did not happen", what)
	}
}

func (tc importDocsCase) name() string {
	if tc.example != "" {
		return tc.typ + "_" + strings.TrimSuffix(filepath.Dir(tc.example), "/")
	}
	return tc.typ
}

// makeRegisteredBrand registers a brand and waits for the registry.
func makeRegisteredBrand(t *testing.T, c *client.Client, in client.BrandCreate) string {
	t.Helper()
	ctx := context.Background()
	b, err := c.CreateBrand(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "brand registration", func() bool {
		got, err := c.GetBrand(ctx, b.BrandID)
		return err == nil && got.RegistrationStatus == "COMPLETED"
	})
	return b.BrandID
}

// makeActiveCampaign creates a campaign and waits for the registry.
func makeActiveCampaign(t *testing.T, c *client.Client, in client.CampaignCreate) string {
	t.Helper()
	ctx := context.Background()
	k, err := c.CreateCampaign(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "campaign registration", func() bool {
		got, err := c.GetCampaign(ctx, k.CampaignID)
		return err == nil && got.RegistrationStatus == "ACTIVE"
	})
	return k.CampaignID
}

// The objects below are what each docs example describes, as a script or
// a person would have made them.
// docsProfile is the profile of examples/resources/cpaas_10dlc_profile
// (and of the brand's example).
var docsProfile = client.ProfileFields{
	ProfileAlias: "acme-main", CustomerType: "DIRECT", EntityType: "PRIVATE", CompanyName: "Acme Corporation",
	EIN: "12-3456789", EINIssuingCountry: "US", Vertical: "RETAIL", Website: "https://acme.example",
	Address: &client.ProfileAddress{Street: "123 Main Street", City: "Austin", State: "TX", PostalCode: "78701", Country: "US"},
	AuthorizedContact: &client.ProfileContact{FirstName: "Jane", LastName: "Doe", Phone: "+14155550100", Email: "jane.doe@acme.example",
		Title: "Ms", Seniority: "CFO"},
}

func makeDocsProfile(t *testing.T, c *client.Client) string {
	t.Helper()
	p, err := c.CreateProfile(context.Background(), docsProfile)
	if err != nil {
		t.Fatal(err)
	}
	return p.ProfileUUID
}

// docsBrand is the brand of examples/resources/cpaas_10dlc_brand, for
// profile.
func docsBrand(profile string) client.BrandCreate {
	return client.BrandCreate{
		BrandAlias: "Acme Corp", ProfileUUID: profile, BrandType: "STANDARD",
		URL: "https://hooks.example.com/10dlc/brand", Method: "POST",
	}
}

func docsCampaign(brandID string) client.CampaignCreate {
	return client.CampaignCreate{
		BrandID: brandID, CampaignAlias: "Order alerts", Vertical: "RETAIL", Usecase: "MIXED",
		SubUsecases: []string{"ACCOUNT_NOTIFICATION", "DELIVERY_NOTIFICATION"},
		Description: "Order confirmations and delivery updates for customers of the Acme online store.",
		Sample1:     "Acme: order 1234 is confirmed. Reply STOP to opt out.",
		Sample2:     "Acme: order 1234 was delivered. Reply HELP for help, STOP to opt out.",
		MessageFlow: "Customers tick an opt-in box at checkout on acme.example.", HelpKeywords: "HELP,INFO",
		HelpMessage:    "Acme order alerts. Help: support@acme.example. Reply STOP to opt out.",
		OptoutKeywords: "STOP,QUIT", OptoutMessage: "Acme: you are unsubscribed and will get no more messages.",
		TermsAndConditionsLink: "https://acme.example/terms", PrivacyPolicyLink: "https://acme.example/privacy",
		CampaignAttributes: client.CampaignAttributes{SubscriberOptin: true, SubscriberOptout: true, SubscriberHelp: true, EmbeddedLink: true},
		URL:                "https://hooks.example.com/10dlc/campaign",
	}
}

// docsApplication makes the application a docs example attaches objects
// to, and returns its app_id.
func docsApplication(t *testing.T, c *client.Client, name, answerURL string) string {
	t.Helper()
	app, err := c.CreateApplication(context.Background(), client.ApplicationCreate{AppName: name, ApplicationSettings: client.ApplicationSettings{AnswerURL: &answerURL}})
	if err != nil {
		t.Fatal(err)
	}
	return app.AppID
}

func importDocsCases() []importDocsCase {
	ctx := context.Background()
	return []importDocsCase{
		{typ: "cpaas_sip_ip_acl", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			return [][2]string{{"cpaas_sip_ip_acl.pbx", docsIPACL(t, c)}}, nil
		}},
		{typ: "cpaas_sip_credential_list", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			return [][2]string{{"cpaas_sip_credential_list.pbx", docsCredentialList(t, c)}}, config.Variables{"pbx_sip_password": config.StringVariable(docsSIPPassword)}
		}},
		{typ: "cpaas_sip_origination_uri", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			primary := docsOriginationURI(t, c, client.OriginationURICreate{Name: "pbx-primary", URI: "pbx.example.com:5061;transport=tls",
				AuthenticationNeeded: true, Username: "zentrunk_in", Password: docsSIPPassword})
			fallback := docsOriginationURI(t, c, client.OriginationURICreate{Name: "pbx-fallback", URI: "192.0.2.20:5060"})
			return [][2]string{{"cpaas_sip_origination_uri.primary", primary}, {"cpaas_sip_origination_uri.fallback", fallback}},
				config.Variables{"pbx_inbound_password": config.StringVariable(docsSIPPassword)}
		}},
		{typ: "cpaas_sip_trunk", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			acl, cred := docsIPACL(t, c), docsCredentialList(t, c)
			primary := docsOriginationURI(t, c, client.OriginationURICreate{Name: "pbx-primary", URI: "pbx.example.com:5060"})
			fallback := docsOriginationURI(t, c, client.OriginationURICreate{Name: "pbx-fallback", URI: "192.0.2.20:5060"})
			secure := true
			out, err := c.CreateTrunk(ctx, client.TrunkCreate{Name: "pbx-outbound", TrunkDirection: "outbound", Secure: &secure, IPACLUUID: acl, CredentialUUID: cred})
			if err != nil {
				t.Fatal(err)
			}
			in, err := c.CreateTrunk(ctx, client.TrunkCreate{Name: "pbx-inbound", TrunkDirection: "inbound", PrimaryURIUUID: primary, FallbackURIUUID: fallback})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{
				{"cpaas_sip_ip_acl.pbx", acl}, {"cpaas_sip_credential_list.pbx", cred},
				{"cpaas_sip_origination_uri.primary", primary}, {"cpaas_sip_origination_uri.fallback", fallback},
				{"cpaas_sip_trunk.outbound", out.TrunkID}, {"cpaas_sip_trunk.inbound", in.TrunkID},
			}, config.Variables{"pbx_sip_password": config.StringVariable(docsSIPPassword)}
		}},
		{typ: "cpaas_account_settings", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			makeDocsAccount(t, c)
			return [][2]string{{"cpaas_account_settings.this", acctest.AuthID}}, nil
		}},
		{typ: "cpaas_subaccount", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			sub, err := c.CreateSubaccount(ctx, client.SubaccountCreate{Name: "payments-team", Enabled: ptr(true)})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_subaccount.payments", sub.AuthID}}, nil
		}},
		{typ: "cpaas_endpoint", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			app := docsApplication(t, c, "front-desk", "https://voice.example.com/front-desk/answer")
			desk, err := c.CreateEndpoint(ctx, client.EndpointCreate{Username: "frontdesk", Password: "desk-secret", Alias: "Front desk phone", AppID: app})
			if err != nil {
				t.Fatal(err)
			}
			lobby, err := c.CreateEndpoint(ctx, client.EndpointCreate{Username: "lobby", Password: "change-me-please", Alias: "Lobby phone"})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_application.front_desk", app}, {"cpaas_endpoint.desk", desk.EndpointID}, {"cpaas_endpoint.lobby", lobby.EndpointID}},
				config.Variables{"desk_password": config.StringVariable("desk-secret")}
		}},
		{typ: "cpaas_10dlc_profile", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			return [][2]string{{"cpaas_10dlc_profile.acme", makeDocsProfile(t, c)}}, nil
		}},
		{typ: "cpaas_10dlc_brand", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			profile := makeDocsProfile(t, c)
			return [][2]string{{"cpaas_10dlc_profile.acme", profile}, {"cpaas_10dlc_brand.acme", makeRegisteredBrand(t, c, docsBrand(profile))}}, nil
		}},
		{typ: "cpaas_10dlc_campaign", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			brand := makeRegisteredBrand(t, c, docsBrand(makeDocsProfile(t, c)))
			return [][2]string{{"cpaas_10dlc_campaign.alerts", makeActiveCampaign(t, c, docsCampaign(brand))}},
				config.Variables{"brand_id": config.StringVariable(brand)}
		}},
		{typ: "cpaas_10dlc_campaign_number", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			campaign := makeActiveCampaign(t, c, docsCampaign(makeRegisteredBrand(t, c, docsBrand(makeDocsProfile(t, c)))))
			var ids [][2]string
			for _, n := range []string{"14155550100"} {
				if err := c.LinkNumbers(ctx, campaign, client.NumberLink{Numbers: []string{n}, URL: "https://hooks.example.com/10dlc/number"}); err != nil {
					t.Fatal(err)
				}
				waitUntil(t, "number link", func() bool {
					got, err := c.GetCampaignNumber(ctx, campaign, n)
					return err == nil && got.Status == "COMPLETED"
				})
				ids = append(ids, [2]string{"cpaas_10dlc_campaign_number.alerts", campaign + "/" + n})
			}
			return ids, config.Variables{"campaign_id": config.StringVariable(campaign)}
		}},
		{typ: "cpaas_tollfree_verification", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			found, _, err := c.SearchAllPhoneNumbers(ctx, client.PhoneNumberSearch{CountryISO: "US", Type: "toll-free"}, 1)
			if err != nil || len(found) != 1 {
				t.Fatalf("search: %v %v", found, err)
			}
			n := found[0].Number
			if _, err := c.BuyPhoneNumber(ctx, n, client.PhoneNumberBuy{}); err != nil {
				t.Fatal(err)
			}
			profile := makeDocsProfile(t, c)
			v, err := c.CreateTollfreeVerification(ctx, client.TollfreeVerificationCreate{Number: n, TollfreeVerificationFields: client.TollfreeVerificationFields{
				ProfileUUID: profile, Usecase: "2FA, CUSTOMER_CARE",
				UsecaseSummary: "One-time passcodes and support replies for customers of the Acme online store.",
				MessageSample:  "Acme: your code is 123456. Reply STOP to opt out.", OptinType: "WEB_FORM",
				OptinImageURL: "https://acme.example/compliance/optin-form.png", Volume: "1,000",
				CallbackURL: "https://hooks.example.com/tollfree", CallbackMethod: "POST",
			}})
			if err != nil {
				t.Fatal(err)
			}
			waitUntil(t, "toll-free verification", func() bool {
				got, err := c.GetTollfreeVerification(ctx, v.UUID)
				return err == nil && got.Status == "APPROVED"
			})
			return [][2]string{{"cpaas_tollfree_verification.support", v.UUID}},
				config.Variables{"toll_free_number": config.StringVariable(n), "profile_uuid": config.StringVariable(profile)}
		}},
		{typ: "cpaas_phone_number_compliance", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			dir := t.TempDir()
			reg, bill := filepath.Join(dir, "registration.pdf"), filepath.Join(dir, "bill.pdf")
			files := map[int]client.ComplianceFile{0: {Name: "registration.pdf", Content: []byte("%PDF certificate")}, 1: {Name: "bill.pdf", Content: []byte("%PDF bill")}}
			for p, f := range map[string]client.ComplianceFile{reg: files[0], bill: files[1]} {
				if err := os.WriteFile(p, f.Content, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			id, err := c.CreateCompliance(ctx, client.ComplianceData{CountryISO: "IN", NumberType: "local", Alias: "Acme India local",
				EndUser: &client.ComplianceEndUser{Type: "business", Name: "Acme Trading", Email: "compliance@acme.example",
					AddressLine1: "12 Marine Drive", City: "Mumbai", PostalCode: "400002", Country: "IN"},
				Documents: []client.ComplianceDocumentData{
					{DocumentTypeID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c01", DataFields: map[string]string{"business_name": "Acme Trading Private Limited"}},
					{DocumentTypeID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c02", DataFields: map[string]string{"address_line_1": "12 Marine Drive", "city": "Mumbai", "postal_code": "400002"}},
				},
				CallbackURL: "https://hooks.example.com/compliance", CallbackMethod: "POST"}, files)
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_phone_number_compliance.india_local", id}},
				config.Variables{"registration_file": config.StringVariable(reg), "address_proof_file": config.StringVariable(bill)}
		}},
		{typ: "cpaas_end_user", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			u, err := c.CreateEndUser(ctx, client.EndUserData{Name: "Acme Handels GmbH", EndUserType: "business"})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_end_user.acme", u.EndUserID}}, nil
		}},
		{typ: "cpaas_compliance_document", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			ids, vars := olderDocsExample(t, c, false)
			return ids, vars
		}},
		{typ: "cpaas_compliance_application", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			return olderDocsExample(t, c, true)
		}},
		{typ: "cpaas_masking_session", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			i64 := func(v int64) *int64 { return &v }
			yes := func() *bool { b := true; return &b }
			delivery, err := c.CreateMaskingSession(ctx, client.MaskingSessionCreate{
				FirstParty: "14155551234", SecondParty: "14155555678", SessionExpiry: i64(7200), CallTimeLimit: i64(900), RingTimeout: i64(30),
				Record: yes(), RecordFileFormat: "mp3", RecordingCallbackURL: "https://hooks.example.com/masking/recordings",
				CallbackURL: "https://hooks.example.com/masking/events", CallbackMethod: "POST",
				FirstPartyPlayURL: "https://audio.example.com/connecting-to-customer.mp3",
			})
			if err != nil {
				t.Fatal(err)
			}
			support, err := c.CreateMaskingSession(ctx, client.MaskingSessionCreate{
				FirstParty: "14155550111", SecondParty: "14155550222", IsPINAuthenticationRequired: yes(), GeneratePIN: yes(),
				GeneratePINLength: i64(6), PINRetry: i64(2), PINRetryWait: i64(10),
			})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_masking_session.delivery", delivery.SessionUUID}, {"cpaas_masking_session.support", support.SessionUUID}}, nil
		}},
		{typ: "cpaas_phone_number", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			found, _, err := c.SearchAllPhoneNumbers(ctx, client.PhoneNumberSearch{CountryISO: "US", City: "San Francisco", Services: "voice,sms"}, 1)
			if err != nil || len(found) != 1 {
				t.Fatalf("search: %v %v", found, err)
			}
			n := found[0].Number
			app := docsApplication(t, c, "support-line", "https://voice.example.com/support/answer")
			if _, err := c.BuyPhoneNumber(ctx, n, client.PhoneNumberBuy{AppID: app}); err != nil {
				t.Fatal(err)
			}
			if err := c.UpdateNumber(ctx, n, client.NumberUpdate{Alias: ptr("Support line")}); err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_application.support", app}, {"cpaas_phone_number.support", n}}, nil
		}},
		{typ: "cpaas_own_carrier_number", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			app := docsApplication(t, c, "berlin-office", "https://voice.example.com/berlin/answer")
			if err := c.AddOwnCarrierNumbers(ctx, client.OwnCarrierNumbers{Numbers: "493012345678", Carrier: emulator.IncomingCarrierNorthwind,
				Region: "Berlin, GERMANY", NumberType: "fixed", AppID: &app}); err != nil {
				t.Fatal(err)
			}
			if err := c.UpdateNumber(ctx, "493012345678", client.NumberUpdate{Alias: ptr("Berlin office")}); err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_application.berlin", app}, {"cpaas_own_carrier_number.berlin", "493012345678"}}, nil
		}},
		{typ: "cpaas_message", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			sendAll := func(m msgrules.Message) string {
				sent, err := c.SendMessage(ctx, m)
				if err != nil {
					t.Fatal(err)
				}
				return strings.Join(sent.MessageUUID, ",")
			}
			send := sendAll
			return [][2]string{
				{"cpaas_message.release_notice", sendAll(msgrules.Message{Src: "14155550100", Dst: "12125550101<447700900123", Text: "Release 2.4.0 is live."})},
				{"cpaas_message.floor_plan", send(msgrules.Message{Src: "14155550100", Dst: "12125550101", Type: "mms", Text: "Tonight's floor plan",
					MediaURLs: []string{"https://cdn.example.com/plan-1.jpg", "https://cdn.example.com/plan-2.jpg"}, URL: "https://hooks.example.com/message-status", Method: "POST"})},
				{"cpaas_message.order_update", send(msgrules.Message{Src: "14155550100", Dst: "447700900123", Type: "chatapp", Log: "number_only",
					Template: &msgrules.Template{Name: "order_update", Language: "en_US"}})},
			}, nil
		}},
		// The message's import configuration (its docs' Import section):
		// ignore_changes keeps the records, and the plan is empty.
		{typ: "cpaas_message", example: "import/main.tf", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			send := func(m msgrules.Message) string {
				sent, err := c.SendMessage(ctx, m)
				if err != nil {
					t.Fatal(err)
				}
				return strings.Join(sent.MessageUUID, ",")
			}
			return [][2]string{
				{"cpaas_message.release_notice", send(msgrules.Message{Src: "14155550100", Dst: "12125550101<447700900123", Text: "Release 2.4.0 is live."})},
				{"cpaas_message.floor_plan", send(msgrules.Message{Src: "14155550100", Dst: "12125550101", Type: "mms", Text: "Tonight's floor plan",
					MediaURLs: []string{"https://cdn.example.com/plan-1.jpg", "https://cdn.example.com/plan-2.jpg"}, URL: "https://hooks.example.com/message-status", Method: "POST"})},
			}, nil
		}},
		{typ: "cpaas_powerpack", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			app := docsApplication(t, c, "alerts-inbound", "https://voice.example.com/alerts/answer")
			p, err := c.CreatePowerpack(ctx, client.PowerpackCreate{Name: "alerts-us", StickySender: ptr(true), LocalConnect: ptr(false),
				ApplicationType: "xml", ApplicationID: app, NumberPriority: []client.NumberPriority{{CountryISO: "US", ServiceType: "SMS",
					Priority: client.PriorityOrder{Priority1: "longcode", Priority2: "tollfree", Priority3: "shortcode"}}}})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_application.alerts", app}, {"cpaas_powerpack.alerts", p.UUID}}, nil
		}},
		{typ: "cpaas_powerpack_number", make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			p, err := c.CreatePowerpack(ctx, client.PowerpackCreate{Name: "alerts-us"})
			if err != nil {
				t.Fatal(err)
			}
			pool, _ := client.PoolUUID(p)
			for n, service := range map[string]string{"14155550100": "mms", "12125550101": "sms"} {
				if _, err := c.AddPoolNumber(ctx, pool, n, false, service); err != nil {
					t.Fatal(err)
				}
			}
			return [][2]string{{"cpaas_powerpack.alerts", p.UUID}, {"cpaas_powerpack_number.sf", p.UUID + "/14155550100"},
				{"cpaas_powerpack_number.ny", p.UUID + "/12125550101"}}, nil
		}},
	}
}

func ptr[T any](v T) *T { return &v }

func TestAccImport_docsExamplesPlanNoReplacement(t *testing.T) {
	for _, tc := range importDocsCases() {
		t.Run(tc.name(), func(t *testing.T) {
			t.Parallel()
			testImportDocsExample(t, tc, false)
		})
	}
}

// The same adoption with import blocks that name each object by its
// resource identity (Terraform 1.12+), and the identity in the state.
func TestAccImport_docsExamplesByIdentity_TF114(t *testing.T) {
	for _, tc := range importDocsCases() {
		t.Run(tc.name(), func(t *testing.T) {
			t.Parallel()
			testImportDocsExample(t, tc, true)
		})
	}
}

// identityOf is the identity an import id stands for, by resource type
// (the type of the address addr).
func identityOf(addr, id string) map[string]string {
	typ, _, _ := strings.Cut(addr, ".")
	switch typ {
	case "cpaas_application":
		return map[string]string{"app_id": id}
	case "cpaas_endpoint":
		return map[string]string{"endpoint_id": id}
	case "cpaas_10dlc_profile":
		return map[string]string{"profile_uuid": id}
	case "cpaas_10dlc_brand":
		return map[string]string{"brand_id": id}
	case "cpaas_10dlc_campaign":
		return map[string]string{"campaign_id": id}
	case "cpaas_10dlc_campaign_number":
		c, n, _ := strings.Cut(id, "/")
		return map[string]string{"campaign_id": c, "number": n}
	case "cpaas_phone_number", "cpaas_own_carrier_number":
		return map[string]string{"number": id}
	case "cpaas_masking_session":
		return map[string]string{"session_uuid": id}
	case "cpaas_tollfree_verification":
		return map[string]string{"uuid": id}
	case "cpaas_phone_number_compliance":
		return map[string]string{"compliance_id": id}
	case "cpaas_end_user":
		return map[string]string{"end_user_id": id}
	case "cpaas_compliance_document":
		return map[string]string{"document_id": id}
	case "cpaas_compliance_application":
		return map[string]string{"compliance_application_id": id}
	case "cpaas_message":
		return map[string]string{"message_uuids": id}
	case "cpaas_subaccount":
		return map[string]string{"auth_id": id}
	case "cpaas_powerpack":
		return map[string]string{"uuid": id}
	case "cpaas_powerpack_number":
		p, n, _ := strings.Cut(id, "/")
		return map[string]string{"powerpack_id": p, "number": n}
	case "cpaas_sip_trunk":
		return map[string]string{"trunk_id": id}
	case "cpaas_sip_credential_list":
		return map[string]string{"credential_uuid": id}
	case "cpaas_sip_ip_acl":
		return map[string]string{"ipacl_uuid": id}
	case "cpaas_sip_origination_uri":
		return map[string]string{"uri_uuid": id}
	case "cpaas_account_settings":
		return map[string]string{"auth_id": id}
	}
	panic("no identity for " + typ)
}

// identityImportBlocks writes one import block per address that names the
// object by its identity.
func identityImportBlocks(ids [][2]string) string {
	var b strings.Builder
	for _, p := range ids {
		fmt.Fprintf(&b, "\nimport {\n  to = %s\n  identity = {\n", p[0])
		idt := identityOf(p[0], p[1])
		for _, k := range slices.Sorted(maps.Keys(idt)) {
			fmt.Fprintf(&b, "    %s = %q\n", k, idt[k])
		}
		b.WriteString("  }\n}\n")
	}
	return b.String()
}

func testImportDocsExample(t *testing.T, tc importDocsCase, byIdentity bool) {
	env := acctest.NewEnv(t, fastRegistry)
	c := env.Client(t)
	ids, vars := tc.make(t, env, c)
	before := env.Objects(t)
	blocks := importBlocks(ids)
	var checks []statecheck.StateCheck
	var versions []tfversion.TerraformVersionCheck
	if byIdentity {
		blocks = identityImportBlocks(ids)
		// Import blocks by identity are Terraform 1.12+ (and OpenTofu 1.12+,
		// which CI runs this test with too).
		versions = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)}
		for _, p := range ids {
			want := map[string]knownvalue.Check{}
			for k, v := range identityOf(p[0], p[1]) {
				want[k] = knownvalue.StringExact(v)
			}
			checks = append(checks, statecheck.ExpectIdentity(p[0], want))
		}
	}
	example := exampleConfig(t, tc.typ)
	if tc.example != "" {
		example = importBlockRE.ReplaceAllString(readExample(t, tc.typ, tc.example), "")
	}
	cfg := env.Config(example + blocks)
	steps := []resource.TestStep{{
		Config:          cfg,
		ConfigVariables: vars,
		ConfigPlanChecks: resource.ConfigPlanChecks{
			PreApply:             []plancheck.PlanCheck{expectOnlyImports{want: len(ids), strict: tc.example != ""}},
			PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
		},
		ConfigStateChecks: checks,
		Check: func(*terraform.State) error {
			if after := env.Objects(t); !reflect.DeepEqual(before, after) {
				return fmt.Errorf("the apply changed the account:\nbefore %v\nafter  %v", before, after)
			}
			return nil
		},
	}}
	// The test's own clean-up must be able to destroy what the example
	// protects: release_protection only lets go once applied false.
	if unprotected := strings.NewReplacer("prevent_destroy = true", "prevent_destroy = false",
		"release_protection = true", "release_protection = false").Replace(cfg); unprotected != cfg {
		steps = append(steps, resource.TestStep{Config: unprotected, ConfigVariables: vars})
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		TerraformVersionChecks:   versions,
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps:                    steps,
	})
}

// docsSIPPassword is the password of the SIP trunking docs examples' objects.
const docsSIPPassword = "docs-sip-secret-1"

// docsIPACL makes the IP access list of examples/resources/cpaas_sip_ip_acl.
func docsIPACL(t *testing.T, c *client.Client) string {
	t.Helper()
	out, err := c.CreateIPACL(context.Background(), client.IPACLCreate{Name: "pbx-addresses", IPAddresses: []string{"198.51.100.0/28", "192.0.2.10"}})
	if err != nil {
		t.Fatal(err)
	}
	return out.IPACLUUID
}

// docsCredentialList makes the credentials list of examples/resources/cpaas_sip_credential_list.
func docsCredentialList(t *testing.T, c *client.Client) string {
	t.Helper()
	out, err := c.CreateSIPCredential(context.Background(), client.SIPCredentialCreate{Name: "pbx-credentials", Username: "pbx_user", Password: docsSIPPassword})
	if err != nil {
		t.Fatal(err)
	}
	return out.CredentialUUID
}

func docsOriginationURI(t *testing.T, c *client.Client, in client.OriginationURICreate) string {
	t.Helper()
	out, err := c.CreateOriginationURI(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	return out.URIUUID
}

// olderDocsExample makes the objects of the older compliance family's docs
// examples through the client: the end user and its registration document
// (the document's example), and with app its proof of address and the
// submitted application (the application's example).
func olderDocsExample(t *testing.T, c *client.Client, app bool) ([][2]string, config.Variables) {
	ctx := context.Background()
	dir := t.TempDir()
	reg, bill := filepath.Join(dir, "registration.pdf"), filepath.Join(dir, "bill.pdf")
	for p, content := range map[string]string{reg: "%PDF register extract", bill: "%PDF bill"} {
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	u, err := c.CreateEndUser(ctx, client.EndUserData{Name: "Acme Handels GmbH", EndUserType: "business"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.CreateComplianceDocument(ctx, client.DocumentUpload{EndUserID: u.EndUserID, DocumentTypeID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c01",
		Alias: "Acme commercial register extract", DataFields: map[string]string{"business_name": "Acme Handels GmbH"},
		File: &client.ComplianceFile{Name: "registration.pdf", Content: []byte("%PDF register extract")}})
	if err != nil {
		t.Fatal(err)
	}
	ids := [][2]string{{"cpaas_end_user.acme", u.EndUserID}, {"cpaas_compliance_document.registration", r.DocumentID}}
	vars := config.Variables{"registration_file": config.StringVariable(reg)}
	if !app {
		return ids, vars
	}
	b, err := c.CreateComplianceDocument(ctx, client.DocumentUpload{EndUserID: u.EndUserID, DocumentTypeID: "0c9f2a4e-5b1d-4e8a-9f3c-7d2e1a6b4c02",
		Alias: "Acme electricity bill", DataFields: map[string]string{"address_line_1": "Friedrichstrasse 12", "city": "Berlin", "postal_code": "10117"},
		File: &client.ComplianceFile{Name: "bill.pdf", Content: []byte("%PDF bill")}})
	if err != nil {
		t.Fatal(err)
	}
	req, err := c.FindComplianceRequirement(ctx, "DE", "local", "business")
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.CreateComplianceApplication(ctx, client.ApplicationData{ComplianceRequirementID: req.ComplianceRequirementID, EndUserID: u.EndUserID,
		DocumentIDs: []string{r.DocumentID, b.DocumentID}, Alias: "Acme Germany local", EndUserType: "business", CountryISO2: "DE", NumberType: "local"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.SubmitComplianceApplication(ctx, a.ComplianceApplicationID); err != nil {
		t.Fatal(err)
	}
	vars["address_proof_file"] = config.StringVariable(bill)
	return append(ids, [2]string{"cpaas_compliance_document.address", b.DocumentID},
		[2]string{"cpaas_compliance_application.germany_local", a.ComplianceApplicationID}), vars
}
