package provider_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance/compliancetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/powerpack/powerpacktest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/subaccount/subaccounttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tollfree/tollfreetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/verification/verificationtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// pendingPlanErrors runs `terraform plan` on config (the provider block
// of env added) and returns its errors' summaries and details, each
// folded to one line.
func planErrors(t *testing.T, env *acctest.Env, config string) []string {
	t.Helper()
	r := provtest.NewTFRunner(t)
	r.Write(fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) +
		env.ProviderConfig() + config)
	r.Run("init", "-input=false")
	out, err := r.Try("plan", "-input=false")
	if err == nil {
		t.Fatalf("the plan succeeded:\n%s", out)
	}
	var errs []string
	for _, block := range strings.Split(out, "Error: ")[1:] {
		errs = append(errs, provtest.Unwrapped(block))
	}
	return errs
}

// expectEachOnce fails unless every pattern matches exactly one of errs
// and every error is matched: one mistake, one error, all in one plan.
func expectEachOnce(t *testing.T, errs []string, patterns ...string) {
	t.Helper()
	used := make([]bool, len(errs))
	for _, p := range patterns {
		re := regexp.MustCompile(p)
		n := 0
		for i, e := range errs {
			if re.MatchString(e) {
				n++
				used[i] = true
			}
		}
		if n != 1 {
			t.Errorf("%d errors match %q, want 1", n, p)
		}
	}
	for i, e := range errs {
		if !used[i] {
			t.Errorf("an error no mistake explains: %s", e)
		}
	}
	if t.Failed() {
		t.Logf("the plan's errors:\n%s", strings.Join(errs, "\n"))
	}
}

// A campaign with five mistakes: a use case and a vertical that are not
// in the lists (static rules), two samples under today's minimum (rules
// the service added later, judged only for what is created or changed)
// and no description, which a create needs. One plan names all five, one
// error each, on its attribute; nothing is created.
func TestAccTenDLCCampaign_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	errs := planErrors(t, env, tendlctest.BrandHCL("Acme Corp", "")+`
resource "cpaas_10dlc_campaign" "test" {
  brand_id       = cpaas_10dlc_brand.test.id
  campaign_alias = "Alerts"
  usecase        = "MARKETNG"
  vertical       = "RETAILS"
  sample1        = "OTP sign-in"
  sample2        = "call forward"
}
`)
	expectEachOnce(t, errs,
		`usecase value must be one of`,
		`vertical value must be one of`,
		`Attribute sample1 must be 20 to 1024 characters long, got 11`,
		`Attribute sample2 must be 20 to 1024 characters long, got 12`,
		`Attribute description is required to create a 10DLC campaign`)
	if objs := env.Objects(t); len(objs["brands"]) != 0 || len(objs["campaigns"]) != 0 {
		t.Fatalf("a refused plan made %v", objs)
	}
}

// A campaign whose own rules fail (no description, a short sample) and
// whose brand_id names no brand of the account: the check of the API runs
// beside the rules, so one plan names all three, the reference on
// brand_id (a warning here, where the in-process provider cannot tell the
// plan from a destroy's; CheckAtPlan), each once. A second campaign's
// brand_id is not a brand id's shape: its rule refuses it, and the check of
// the API adds no second error on it.
func TestAccTenDLCCampaign_onePlanListsRulesAndMissingBrand(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	before := env.Objects(t)
	r := provtest.NewTFRunner(t)
	r.Write(fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) +
		env.ProviderConfig() + fmt.Sprintf(`
resource "cpaas_10dlc_campaign" "test" {
  brand_id       = %[1]q
  campaign_alias = "Alerts"
  usecase        = "MARKETING"
  vertical       = "RETAIL"
  sample1        = "OTP sign-in"
  sample2        = %[2]q
}
resource "cpaas_10dlc_campaign" "shape" {
  brand_id       = "brand-1"
  campaign_alias = "Alerts"
  usecase        = "MARKETING"
  vertical       = "RETAIL"
  description    = %[3]q
  sample1        = %[2]q
  sample2        = %[2]q
}
`, missingBrand, tendlctest.TdSample2, tendlctest.TdDescription))
	r.Run("init", "-input=false")
	var found []string
	for _, d := range r.Diagnostics("plan", "-input=false") {
		found = append(found, d.Severity+": "+d.Summary+": "+provtest.Unwrapped(d.Detail))
	}
	expectEachOnce(t, found,
		`^error: .*Attribute sample1 must be 20 to 1024 characters long, got 11`,
		`^error: .*Attribute description is required to create a 10DLC campaign`,
		`^(error|warning): No such 10DLC brand: brand_id "`+missingBrand+`" names no 10DLC brand`,
		`^error: .*brand_id.*`+regexp.QuoteMeta(tendlcrules.BrandIDRule))
	if after := env.Objects(t); !reflect.DeepEqual(before, after) {
		t.Errorf("a refused plan changed the account's objects:\nbefore %v\nafter  %v", before, after)
	}
}

// planErrorsNothingMade is planErrors, and fails when the refused plan
// made or changed an object of the emulator's account.
func planErrorsNothingMade(t *testing.T, env *acctest.Env, config string) []string {
	t.Helper()
	before := env.Objects(t)
	errs := planErrors(t, env, config)
	if after := env.Objects(t); !reflect.DeepEqual(before, after) {
		t.Errorf("a refused plan changed the account's objects:\nbefore %v\nafter  %v", before, after)
	}
	return errs
}

// Two settings blocks of one account (a rule only a plan sees: the
// account has one settings object), each with a time zone that is not an
// IANA name.
func TestAccAccountSettings_onePlanListsEveryMistake(t *testing.T) {
	acctest.SkipReal(t, "needs an account of its own: cpaas_account_settings changes the whole account")
	t.Parallel()
	env := acctest.NewEnv(t)
	errs := planErrorsNothingMade(t, env, `
resource "cpaas_account_settings" "a" {
  timezone = "Mars/Olympus_Mons"
}
resource "cpaas_account_settings" "b" {
  timezone = "Local"
}
`)
	expectEachOnce(t, errs,
		`Attribute timezone must be an IANA time zone name .*got "Mars/Olympus_Mons"`,
		`Attribute timezone must be an IANA time zone name .*got "Local"`,
		`cpaas_account_settings declared more than once`)
}

func TestAccApplication_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	errs := planErrorsNothingMade(t, env, `
resource "cpaas_application" "test" {
  app_name       = "two words"
  answer_url     = "/answer"
  hangup_url     = "ftp://voice.example.com/hangup"
  message_method = "PUT"
}
`)
	expectEachOnce(t, errs,
		`Attribute app_name "two words" is invalid`,
		`Attribute answer_url "/answer" is invalid`,
		`Attribute hangup_url "ftp://voice.example.com/hangup" is invalid`,
		`Attribute message_method "PUT" is invalid`)
}

func TestAccVerifiedCallerID_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	errs := planErrorsNothingMade(t, env, `
resource "cpaas_verified_caller_id" "test" {
  phone_number = "14155550142"
  alias        = ""
  channel      = "fax"
  subaccount   = "SA123"
}
`)
	expectEachOnce(t, errs,
		`Attribute phone_number must be E.164 with its \+.*got: 14155550142`,
		`Attribute alias UTF-8 character count must be at least 1, got: 0`,
		`Attribute channel value must be one of: \["sms" "call"\], got: "fax"`,
		`subaccount must be SA followed by 18 upper-case letters or digits, got "SA123"`)
}

// A one-call application with a lower-case country, a document type that
// is no id, an end user's email that is none and a document's file that
// cannot be read (read at plan); a compliance document whose file cannot
// be read either, and an end user with a last name for a business
// (ValidateConfig). The document names its end user by id: Terraform
// plans nothing that depends on an object whose plan failed.
func TestAccPhoneNumberCompliance_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, _ := compliancetest.ComplianceFiles(t, "r", "b")
	hcl := compliancetest.ComplianceHCL("Acme Trading", reg, "/nonexistent/bill.pdf", "")
	hcl = strings.Replace(hcl, `country_iso = "IN"`, `country_iso = "in"`, 1)
	hcl = strings.Replace(hcl, `compliance@acme.example`, `compliance.acme.example`, 1)
	hcl = strings.Replace(hcl, compliancerules.DocBusinessRegistration.ID, "not-a-uuid", 1)
	errs := planErrorsNothingMade(t, env, hcl+`
resource "cpaas_end_user" "test" {
  name          = "Acme Handels GmbH"
  last_name     = "Schmidt"
  end_user_type = "business"
}
resource "cpaas_compliance_document" "test" {
  alias            = "Acme registration"
  end_user_id      = "00000000-0000-4000-8000-000000000001"
  document_type_id = "00000000-0000-4000-8000-000000000002"
  file             = "/nonexistent/reg.pdf"
}
`)
	expectEachOnce(t, errs,
		`country_iso "in" must be an ISO 3166 alpha-2 country code in upper case`,
		`documents\[0\]\.document_type_id .*not-a-uuid`,
		`end_user\.email`,
		`Cannot read a document's file.*documents\[1\]\.file: cannot read "/nonexistent/bill\.pdf"`,
		`last_name is for an individual end user`,
		`Cannot read the document's file.*cannot read "/nonexistent/reg\.pdf"`)
}

// Two endpoints: one with a username and a password the rules refuse, one
// with no password at all, which only a create needs (checked at plan).
func TestAccEndpoint_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	errs := planErrorsNothingMade(t, env, `
resource "cpaas_endpoint" "a" {
  username = "not valid!"
  password = "abcd"
  alias    = "Gina"
}
resource "cpaas_endpoint" "b" {
  username = "hank"
  alias    = "Hank"
}
`)
	expectEachOnce(t, errs,
		`Attribute username must be 1 to 50 letters, digits or underscores,.*got: not valid!`,
		`Attribute password must be at least 5 characters long \(got 4\)`,
		`Missing endpoint password.*Creating endpoint "hank" needs a password`)
}

// A session with a play URL of today's rule (a later rule, judged at
// plan), a callback method and an expiry out of the lists, and the same
// number twice (ValidateConfig).
func TestAccMaskingSession_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	errs := planErrorsNothingMade(t, env, `
resource "cpaas_masking_session" "test" {
  first_party          = "14155551234"
  second_party         = "14155551234"
  first_party_play_url = "https://audio.example/hello.ogg"
  callback_method      = "PUT"
  session_expiry       = 5
}
`)
	expectEachOnce(t, errs,
		`Attribute first_party_play_url "https://audio.example/hello.ogg" is invalid: it must be the URL of an .mp3 or .wav file`,
		`Attribute callback_method value must be one of`,
		`session_expiry`,
		`second_party`)
}

func TestAccMessage_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	errs := planErrorsNothingMade(t, env, `
resource "cpaas_message" "test" {
  src      = "14155550100"
  dst      = []
  type     = "fax"
  text     = "x"
  wait_for = "read"
}
`)
	expectEachOnce(t, errs,
		`Attribute dst list must contain at least 1 elements, got: 0`,
		`Attribute type value must be one of: \["sms" "mms" "chatapp"\], got: "fax"`,
		`Attribute wait_for value must be one of:`)
}

// A number bought by a number written with its + and an empty app_id; a
// number of one's own carrier with a type and a region the rules refuse
// and no carrier.
func TestAccPhoneNumber_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	errs := planErrorsNothingMade(t, env, `
resource "cpaas_phone_number" "test" {
  number = "+14155550100"
  app_id = ""
}
resource "cpaas_own_carrier_number" "test" {
  number      = "493012345678"
  carrier     = ""
  region      = "  "
  number_type = "toll-free"
}
`)
	expectEachOnce(t, errs,
		`Attribute number must be 1 to 15 digits, starting with the country code, got: \+14155550100`,
		`Attribute app_id UTF-8 character count must be at least 1, got: 0`,
		`Attribute carrier UTF-8 character count must be at least 1, got: 0`,
		`Attribute region " *" must not be empty`,
		`Attribute number_type value must be one of: \["local" "fixed" "tollfree" "mobile" "national"\], got: "toll-free"`)
}

func TestAccPowerpack_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	errs := planErrorsNothingMade(t, env, powerpacktest.PowerpackHCL(strings.Repeat("é", 256), `
  application_type = "XML"
  application_id   = "123"
  number_priority = [
    {
      country_iso  = "usa"
      service_type = "VOICE"
      priority     = ["longcode", "tollfree", "shortcode"]
    },
  ]
`))
	expectEachOnce(t, errs,
		`name "é+" is invalid: it must be 1 to 255 characters`,
		`application_type value must be one of: \["xml" "phlo"\], got: "XML"`,
		`country_iso "usa" is invalid`,
		`Attribute number_priority\[0\]\.service_type value must be one of: \["SMS" "MMS"\], got: "VOICE"`)
}

// Two subaccounts whose names break the rule, and a data source that
// names a subaccount by a main account's auth_id.
func TestAccSubaccount_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	errs := planErrorsNothingMade(t, env, subaccounttest.SubaccountConfig("", "")+`
resource "cpaas_subaccount" "long" {
  name = "`+strings.Repeat("n", 101)+`"
}
data "cpaas_subaccount" "test" {
  auth_id = "MA2025RK4E639VJFZAGV"
}
`)
	expectEachOnce(t, errs,
		`Attribute name must be 1 to 100 characters, got 0 characters`,
		`Attribute name must be 1 to 100 characters, got 101 characters`,
		`Attribute auth_id must be SA followed by 18 upper-case letters or digits, got "MA2025RK4E639VJFZAGV"`)
}

// A profile whose entity type is not in today's list (a later rule,
// judged at plan), with a contact email that is none and a state too
// long; a second one that leaves out the tax id its entity type needs
// (ValidateConfig); a campaign number that is no long code.
func TestAccTenDLCProfile_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	bad := strings.Replace(tendlctest.ProfileBodyHCL("  entity_type = \"PUBLIC_PROFIT\"\n  business_contact_email = \"ops.example.com\""),
		`state       = "TX"`, `state       = "`+strings.Repeat("é", 21)+`"`, 1)
	noEIN := strings.Replace(tendlctest.ProfileBodyHCL("  entity_type = \"PRIVATE\"\n  ein_issuing_country = \"US\""),
		`"cpaas_10dlc_profile" "test"`, `"cpaas_10dlc_profile" "private"`, 1)
	noEIN = strings.Replace(noEIN, `"acme"`, `"acme-private"`, 1)
	errs := planErrorsNothingMade(t, env, bad+noEIN+`
resource "cpaas_10dlc_campaign_number" "test" {
  campaign_id = "CQ7ZP3A"
  number      = "+14155550100"
}
`)
	expectEachOnce(t, errs,
		`Attribute entity_type value must be one of: .*got: "PUBLIC_PROFIT"`,
		`Attribute business_contact_email "ops.example.com" must be an email address`,
		`Attribute address.state "é+" is 21 characters long, more than the 20 allowed`,
		`Attribute ein is required when entity_type is "PRIVATE"`,
		`Attribute number must be a US or Canadian long code as 11 digits.*got: \+14155550100`)
}

func TestAccTollfreeVerification_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := tollfreetest.TollfreeEnv(t)
	errs := planErrorsNothingMade(t, env, `
resource "cpaas_tollfree_verification" "test" {
  profile_uuid     = "00000000-0000-4000-8000-000000000000"
  number           = "14155550100"
  usecases         = []
  usecase_summary  = "One-time passcodes for customers who sign in to the Acme store."
  message_sample   = "Your Acme code is 123456. Reply STOP to opt out."
  optin_type       = "EMAIL"
  optin_image_urls = ["ftp://acme.example/optin.png"]
  volume           = "1000"
}
`)
	expectEachOnce(t, errs,
		`Attribute number must be a US or Canadian toll-free number.*got: 14155550100`,
		`Attribute usecases set must contain at least 1 elements, got: 0`,
		`Attribute optin_type value must be one of:.*got: "EMAIL"`,
		`Attribute optin_image_urls\[0\] "ftp://acme.example/optin.png" must be an absolute http:// or https:// URL`,
		`Attribute volume value must be one of:.*got: "1000"`)
}

// One mistake of each SIP trunking kind: a trunk's direction, an access
// list's address, an origination URI's scheme and its username without
// authentication (ValidateConfig).
func TestAccSIPTrunking_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	errs := planErrorsNothingMade(t, env, `
resource "cpaas_sip_trunk" "test" {
  name            = "trunk"
  trunk_direction = "sideways"
  ipacl_id        = "a"
}
resource "cpaas_sip_origination_uri" "test" {
  name     = "uri"
  uri      = "sip:pbx.example.com"
  username = "u"
}
`)
	expectEachOnce(t, errs,
		`Attribute trunk_direction value must be one of: \["inbound" "outbound"\], got: "sideways"`,
		`Attribute uri "sip:pbx.example.com" is invalid`,
		`username is only taken when authentication_needed is true`)
}

// An address with a salutation and a proof type out of the lists and a
// file of a type the service refuses (checked at plan, where the file is
// read); an identity with a birth date in another form.
func TestAccVerification_onePlanListsEveryMistake(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	txt := filepath.Join(t.TempDir(), "proof.txt")
	if err := os.WriteFile(txt, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	addr := verificationtest.VerificationAddressHCL("test", "office", "Paris", fmt.Sprintf("  file = %q", txt))
	addr = strings.Replace(addr, `"Ms"`, `"Dr"`, 1)
	addr = strings.Replace(addr, `"passport"`, `"utility_bill"`, 1)
	ident := strings.Replace(verificationtest.VerificationIdentityHCL("test", "director", "19AB12345", ""), "1984-02-29", "29/02/1984", 1)
	errs := planErrorsNothingMade(t, env, addr+ident)
	expectEachOnce(t, errs,
		`salutation.*value must be one of:.*got: "Dr"`,
		`address_proof_type.*got: "utility_bill"`,
		`file "proof.txt" must be a JPG, JPEG, PNG or PDF file`,
		`birth_date must be a date as yyyy-mm-dd \(1984-02-29\)`)
}

// Mistakes of every family, in one configuration: static ones (an
// application's answer URL, a SIP trunk's direction, a data source's
// auth_id), a rule only a plan judges (a campaign's create without a
// description) and references to nothing (an endpoint's app_id, the
// trunk's ipacl_id). `terraform plan`, run by the CLI with the built
// provider as users run it, names all six at once, one error each. `terraform validate`, which
// plans nothing, still names the static mistakes, and only them: the
// provider reads that the CLI validates.
func TestAccOnePlan_validateChecksStaticRulesPlanListsAll(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	r := newBuiltProviderRunner(t)
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	r.Write("terraform {\n  required_providers {\n    cpaas = { source = \"cpaas-dev/cpaas\" }\n  }\n}\n" + env.ProviderConfig() +
		tendlctest.BrandHCL("Acme Corp", "") + fmt.Sprintf(`
resource "cpaas_application" "test" {
  app_name   = "support"
  answer_url = "/answer"
}
resource "cpaas_10dlc_campaign" "test" {
  brand_id       = cpaas_10dlc_brand.test.id
  campaign_alias = "Alerts"
  usecase        = "MARKETING"
  vertical       = "RETAIL"
  sample1        = %[1]q
  sample2        = %[2]q
}
resource "cpaas_endpoint" "test" {
  username = "refs"
  password = "s3cret-pass"
  alias    = "refs"
  app_id   = %[3]q
}
resource "cpaas_sip_trunk" "test" {
  name            = "trunk"
  trunk_direction = "sideways"
  ipacl_id        = "a"
}
data "cpaas_subaccount" "test" {
  auth_id = "MA2025RK4E639VJFZAGV"
}
`, tendlctest.TdSample1, tendlctest.TdSample2, missingApp))
	errorsOf := func(args ...string) []string {
		out, err := r.Try(append(args, "-no-color")...)
		if err == nil {
			t.Fatalf("terraform %s succeeded:\n%s", args[0], out)
		}
		var errs []string
		for _, block := range strings.Split(out, "Error: ")[1:] {
			errs = append(errs, provtest.Unwrapped(block))
		}
		return errs
	}
	before := env.Objects(t)
	static := []string{
		`Attribute answer_url "/answer" is invalid`,
		`Attribute trunk_direction value must be one of: \["inbound" "outbound"\], got: "sideways"`,
		`Attribute auth_id must be SA followed by 18 upper-case letters or digits, got "MA2025RK4E639VJFZAGV"`,
	}
	expectEachOnce(t, errorsOf("plan", "-input=false"), append(static,
		`Attribute description is required to create a 10DLC campaign`,
		fmt.Sprintf(`No such application .*app_id "%s" names no application of the account`, missingApp),
		`No such IP access control list .*ipacl_id "a" names no IP access control list of the account`)...)
	expectEachOnce(t, errorsOf("validate"), static...)
	if after := env.Objects(t); !reflect.DeepEqual(before, after) {
		t.Errorf("a refused plan changed the account's objects:\nbefore %v\nafter  %v", before, after)
	}
}
