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
	fwresource "github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
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
	b, err := os.ReadFile(filepath.Join(acctest.RepoRoot(t), "examples", "resources", typ, name))
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
			if bad := changedAttrs(rc.Change, tables.recordedOnImportArgs[rc.Type]); bad != "" {
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
// a value the provider read wrongly, and fails the test. Each kind declares
// its own beside its import docs case, in its family's tables.
//
// recordedOnImport declares the arguments of resource type typ that an
// import cannot read (the tables' recordedOnImport).
func (r *testTables) recordedOnImport(typ string, attrs ...string) {
	registerIn(r.recordedOnImportArgs, "recorded-on-import arguments", typ, attrs)
}

// changedAttrs names the top-level attributes an update changes, other
// than those in allowed, with their values before and after.
func changedAttrs(c *tfjson.Change, allowed []string) string {
	before, _ := c.Before.(map[string]any)
	after, _ := c.After.(map[string]any)
	unknown, _ := c.AfterUnknown.(map[string]any)
	var out []string
	// An unknown value is not in after: walk both.
	keys := maps.Clone(after)
	if keys == nil {
		keys = map[string]any{}
	}
	for k := range unknown {
		keys[k] = nil
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
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

// The tables' importDocs are the docs-example import cases and the import
// identity of each resource type. Each family adds its own in its tables,
// as chaos parts are added; TestImportDocsCoversEveryExample fails for an
// example without one.

type importDocsKind struct {
	identity func(id string) map[string]string
	cases    []importDocsCase
}

// importDocs adds the identity of resource type typ and the cases that
// make the objects of its docs examples.
func (r *testTables) importDocs(typ string, identity func(id string) map[string]string, cases ...importDocsCase) {
	for i := range cases {
		cases[i].typ = typ
	}
	registerIn(r.importDocsKinds, "import docs", typ, importDocsKind{identity: identity, cases: cases})
}

// identity is an identity of the attributes keys, the import id's parts
// separated by "/" in that order.
func identity(keys ...string) func(id string) map[string]string {
	return func(id string) map[string]string {
		parts := strings.SplitN(id, "/", len(keys))
		out := map[string]string{}
		for i, k := range keys {
			if i < len(parts) {
				out[k] = parts[i]
			}
		}
		return out
	}
}

// docsCtx is the context the cases call the client with.
var docsCtx = context.Background()

// importDocsCases are the registered cases, by resource type.
func importDocsCases() []importDocsCase {
	var all []importDocsCase
	for _, typ := range slices.Sorted(maps.Keys(tables.importDocsKinds)) {
		all = append(all, tables.importDocsKinds[typ].cases...)
	}
	return all
}

func TestAccImport_docsExamplesPlanNoReplacement(t *testing.T) {
	for _, tc := range importDocsCases() {
		t.Run(tc.name(), func(t *testing.T) {
			t.Parallel()
			testImportDocsExample(t, tc, false)
		})
	}
}

// The same adoption with import blocks that name each object by its
// resource identity (Terraform 1.12+), and the identity in the state. Each
// resource's documented import by identity (import-by-identity.tf) is
// one of them, as written but for its values.
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
	k, ok := tables.importDocsKinds[typ]
	if !ok || k.identity == nil {
		panic("no identity for " + typ + ": add it to its family's tables (importDocs)")
	}
	return k.identity(id)
}

// identityImportBlocks writes one import block per address that names the
// object by its identity. The address a resource's docs import by identity
// (import-by-identity.tf) gets that block as written, with the identity of
// the object made in place of the docs' values; the documented
// configuration (resource.tf) must make that object.
func identityImportBlocks(t *testing.T, tc importDocsCase, ids [][2]string) string {
	t.Helper()
	var b strings.Builder
	documented := false
	for _, p := range ids {
		typ, _, _ := strings.Cut(p[0], ".")
		idt := identityOf(p[0], p[1])
		if ex, err := readIdentityExample(t, typ); err == nil && ex.to == p[0] {
			block, err := ex.with(idt)
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString("\n" + block)
			documented = documented || typ == tc.typ
			continue
		}
		fmt.Fprintf(&b, "\nimport {\n  to = %s\n  identity = {\n", p[0])
		for _, k := range slices.Sorted(maps.Keys(idt)) {
			fmt.Fprintf(&b, "    %s = %q\n", k, idt[k])
		}
		b.WriteString("  }\n}\n")
	}
	if tc.example == "" && !documented {
		ex, err := readIdentityExample(t, tc.typ)
		if err != nil {
			t.Fatal(err)
		}
		t.Fatalf("%s imports %s by identity, which the case does not make (it makes %v)", identityExampleFile, ex.to, ids)
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
		blocks = identityImportBlocks(t, tc, ids)
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
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: versions,
		Steps:                  steps,
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

// complianceAppDocsExample makes the objects of the compliance application family's docs
// examples through the client: the end user and its registration document
// (the document's example), and with app its proof of address and the
// submitted application (the application's example).
func complianceAppDocsExample(t *testing.T, c *client.Client, app bool) ([][2]string, config.Variables) {
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

// TestImportDocsCoversEveryExample: every resource type the provider
// serves has a docs example, and every example has its import case and
// identity in its family's tables (importDocs).
func TestImportDocsCoversEveryExample(t *testing.T) {
	dirs, err := os.ReadDir(filepath.Join(acctest.RepoRoot(t), "examples", "resources"))
	if err != nil {
		t.Fatal(err)
	}
	examples := map[string]bool{}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		examples[d.Name()] = true
		if k, ok := tables.importDocsKinds[d.Name()]; !ok || len(k.cases) == 0 || k.identity == nil {
			t.Errorf("%s has a docs example but no import case and identity: add them to its family's tables (importDocs)", d.Name())
		}
	}
	for typ := range tables.importDocsKinds {
		if !examples[typ] {
			t.Errorf("import docs registered for %s, which has no examples/resources/%s", typ, typ)
		}
	}
	p := provider.New("test")()
	for _, newResource := range p.Resources(context.Background()) {
		var resp fwresource.MetadataResponse
		newResource().Metadata(context.Background(), fwresource.MetadataRequest{ProviderTypeName: "cpaas"}, &resp)
		if !examples[resp.TypeName] {
			t.Errorf("%s has no docs example (examples/resources/%s/resource.tf)", resp.TypeName, resp.TypeName)
		}
	}
}
