package tollfree_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tollfree/tollfreetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// The emulator's carrier (tollfreerules.Decide): "REJECT" in
// usecase_summary rejects; a message_sample without "STOP" needs an
// update; otherwise approved.
const (
	tfSummary       = "One-time passcodes for customers who sign in to the Acme store."
	tfRejectSummary = "Promotions bought from a list: REJECT me."
	tfSampleStop    = "Your Acme code is 123456. Reply STOP to opt out."
	tfSampleNoStop  = "Your Acme code is 123456."
	tfAddr          = "cpaas_tollfree_verification.test"
)

// tollfreeHCL buys a toll-free number, makes a profile and requests the
// number's verification (cpaas_tollfree_verification.test) with summary,
// sample and extra arguments.
func tollfreeHCL(summary, sample, extra string) string {
	return tendlctest.ProfileHCL("test", "Acme", "") + `
data "cpaas_phone_numbers" "tf" {
  country_iso = "US"
  type        = "toll-free"
  max_results = 1
}

resource "cpaas_phone_number" "tf" {
  number = data.cpaas_phone_numbers.tf.numbers[0].number
  lifecycle {
    ignore_changes = [number]
  }
}
` + fmt.Sprintf(`
resource "cpaas_tollfree_verification" "test" {
  profile_uuid     = cpaas_10dlc_profile.test.id
  number           = cpaas_phone_number.tf.number
  usecases         = ["CUSTOMER_CARE", "2FA"]
  usecase_summary  = %q
  message_sample   = %q
  optin_type       = "WEB_FORM"
  optin_image_urls = ["https://acme.example/optin.png", "https://acme.example/form.png"]
  volume           = "1,000"
%s
}
`, summary, sample, extra)
}

// checkNumberFollows checks the owned number's toll-free fields against
// the request in the state: toll_free_sms_verification is want, and the
// id and order status name the request and its status.
func checkNumberFollows(env *acctest.Env, t *testing.T, want, status string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		rs := s.RootModule().Resources[tfAddr]
		if rs == nil {
			return fmt.Errorf("%s not in state", tfAddr)
		}
		n, err := env.Client(t).GetNumber(context.Background(), rs.Primary.Attributes["number"])
		if err != nil {
			return err
		}
		if n.TollfreeSMSVerification == nil || *n.TollfreeSMSVerification != want || n.TollfreeSMSVerificationID != rs.Primary.ID ||
			n.TollfreeSMSVerificationOrderStatus != status {
			return fmt.Errorf("number %s: toll_free_sms_verification %v, id %q, order status %q; want %q, %q, %q", n.Number,
				wire.Deref(n.TollfreeSMSVerification), n.TollfreeSMSVerificationID, n.TollfreeSMSVerificationOrderStatus, want, rs.Primary.ID, status)
		}
		return nil
	}
}

func tfCheck(attr string, v knownvalue.Check) statecheck.StateCheck {
	return statecheck.ExpectKnownValue(tfAddr, tfjsonpath.New(attr), v)
}

// Approved: the apply waits for the carrier, the state and the number
// record say APPROVED/verified, a plan after apply is empty, an import
// reads the same, and a change to an approved request is refused at plan
// time naming the status and what to do.
func TestAccTollfree_approvedImportAndRefusedUpdate(t *testing.T) {
	t.Parallel()
	env := tollfreetest.TollfreeEnv(t)
	cfg := tollfreeHCL(tfSummary, tfSampleStop, `  callback_url = "https://hooks.example.com/tollfree"
  callback_method = "POST"`)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "tollfree_verifications"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(cfg),
				ConfigStateChecks: []statecheck.StateCheck{
					tfCheck("id", knownvalue.StringRegexp(regexp.MustCompile(`^[0-9a-f-]{36}$`))),
					tfCheck("status", knownvalue.StringExact("APPROVED")),
					tfCheck("error_message", knownvalue.Null()),
					tfCheck("usecases", knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("2FA"), knownvalue.StringExact("CUSTOMER_CARE")})),
					tfCheck("optin_image_urls", knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("https://acme.example/optin.png"), knownvalue.StringExact("https://acme.example/form.png")})),
					tfCheck("volume", knownvalue.StringExact("1,000")),
					tfCheck("additional_information", knownvalue.Null()),
					tfCheck("created_at", knownvalue.StringRegexp(regexp.MustCompile(`\.\d{6}Z$`))),
					tfCheck("wait_for_verification", knownvalue.Bool(true)),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: resource.ComposeTestCheckFunc(checkNumberFollows(env, t, "verified", "APPROVED"),
					func(s *terraform.State) error {
						id, _ := tendlctest.StateID(s, tfAddr)
						v, err := env.Client(t).GetTollfreeVerification(context.Background(), id)
						if err == nil && (v.Usecase != "2FA, CUSTOMER_CARE" || v.OptinImageURL != "https://acme.example/optin.png, https://acme.example/form.png" ||
							v.CallbackURL != "https://hooks.example.com/tollfree") {
							err = fmt.Errorf("emulator holds %+v", v)
						}
						return err
					}),
			},
			{ResourceName: tfAddr, ImportState: true, ImportStateVerify: true},
			{
				Config:      env.Config(strings.Replace(cfg, `volume           = "1,000"`, `volume           = "10,000"`, 1)),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`is APPROVED: the service takes an update only while a request is SUBMITTED or UPDATE_REQUIRED. Revert the change`),
			},
			{ResourceName: tfAddr, ImportState: true, ImportStateId: "nope", ExpectError: regexp.MustCompile(`import id "nope" must be a toll-free\s+verification uuid`)},
		},
	})
}

// Rejected: the apply fails quoting the carrier's reason, the request
// stays in the state tainted (the next plan replaces it), the number is
// unverified, and a corrected configuration is approved as a new request.
// The replacement's approved request also serves what
// TestAccTollfree_disappears checked, on the same configuration it applied
// itself: deleted behind Terraform's back, it is planned again.
func TestAccTollfree_rejectedIsTaintedAndReplaced(t *testing.T) {
	t.Parallel()
	env := tollfreetest.TollfreeEnv(t)
	var rejected, approved string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "tollfree_verifications"),
		Steps: []resource.TestStep{
			{
				Config:      env.Config(tollfreeHCL(tfRejectSummary, tfSampleStop, "")),
				ExpectError: acctest.ErrorPattern(`Toll-free verification rejected by the carrier.*The carrier rejected toll-free verification .* "The carrier rejected the use case.*It stays in the state as tainted`),
			},
			{
				Config: env.Config(tollfreeHCL(tfSummary, tfSampleStop, "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(tfAddr, plancheck.ResourceActionReplace),
					provtest.PlanCheckNow(func() error {
						ids := env.Objects(t)["tollfree_verifications"]
						if len(ids) != 1 {
							return fmt.Errorf("requests before the replacement: %v", ids)
						}
						rejected = ids[0]
						v, err := env.Client(t).GetTollfreeVerification(context.Background(), rejected)
						if err != nil || v.Status != "REJECTED" {
							return fmt.Errorf("the first request is %+v (%v), want REJECTED", v, err)
						}
						n, err := env.Client(t).GetNumber(context.Background(), v.Number)
						if err != nil || wire.Deref(n.TollfreeSMSVerification) != "unverified" || n.TollfreeSMSVerificationOrderStatus != "REJECTED" {
							return fmt.Errorf("number after the rejection: %+v (%v)", n, err)
						}
						return nil
					}),
				}},
				ConfigStateChecks: []statecheck.StateCheck{tfCheck("status", knownvalue.StringExact("APPROVED"))},
				Check: resource.ComposeTestCheckFunc(checkNumberFollows(env, t, "verified", "APPROVED"), func(s *terraform.State) error {
					id, _ := tendlctest.StateID(s, tfAddr)
					if ids := env.Objects(t)["tollfree_verifications"]; id == rejected || len(ids) != 1 {
						return fmt.Errorf("after the replacement: state %s, rejected %s, emulator %v", id, rejected, ids)
					}
					approved = id
					return nil
				}),
			},
			acctest.Shared("TestAccTollfree_disappears", resource.TestStep{
				PreConfig: func() {
					if err := env.Client(t).DeleteTollfreeVerification(context.Background(), approved); err != nil {
						t.Fatal(err)
					}
				},
				Config:             env.Config(tollfreeHCL(tfSummary, tfSampleStop, "")),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			}),
		},
	})
}

// Update required, reached by an update: the create ends SUBMITTED
// (wait_for_verification = false) and the number is pending; an update
// still without opt-out language is resubmitted and fails saying what the
// carrier asked, without tainting; the corrected configuration updates the
// same request in place and it is approved.
func TestAccTollfree_updateRequiredThenUpdatedAndApproved(t *testing.T) {
	t.Parallel()
	// Slow enough for the first step to see SUBMITTED.
	env := acctest.NewEnv(t, func(o *emulator.Options) { o.TollfreeVerificationDelay = 3 * time.Second })
	var first string
	noWait := "  wait_for_verification = false"
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "tollfree_verifications"),
		Steps: []resource.TestStep{
			{
				Config:            env.Config(tollfreeHCL(tfSummary, tfSampleNoStop, noWait)),
				ConfigStateChecks: []statecheck.StateCheck{tfCheck("status", knownvalue.StringExact("SUBMITTED"))},
				Check: resource.ComposeTestCheckFunc(checkNumberFollows(env, t, "pending_verification", "SUBMITTED"), func(s *terraform.State) (err error) {
					first, err = tendlctest.StateID(s, tfAddr)
					return err
				}),
			},
			{
				// The carrier has asked meanwhile; the update does not add
				// what it asked for.
				PreConfig: func() {
					provtest.WaitUntil(t, "the carrier's decision", func() bool {
						v, err := env.Client(t).GetTollfreeVerification(context.Background(), first)
						return err == nil && v.Status == "UPDATE_REQUIRED"
					})
				},
				Config: env.Config(tollfreeHCL(tfSummary, "Your Acme code is 654321.", "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(tfAddr, plancheck.ResourceActionUpdate),
				}},
				ExpectError: acctest.ErrorPattern(`Toll-free verification needs an update.*opt-out language in message_sample.*must be updated within six days.*apply again: the next apply updates the request in place`),
			},
			{
				Config: env.Config(tollfreeHCL(tfSummary, tfSampleStop, "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(tfAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectUnknownValue(tfAddr, tfjsonpath.New("status")),
						provtest.PlanCheckNow(func() error {
							return tollfreetest.CheckNumberFollowsID(env, t, first, "pending_verification", "UPDATE_REQUIRED")
						}),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					tfCheck("status", knownvalue.StringExact("APPROVED")),
					tfCheck("error_message", knownvalue.Null()),
					tfCheck("message_sample", knownvalue.StringExact(tfSampleStop)),
				},
				Check: resource.ComposeTestCheckFunc(checkNumberFollows(env, t, "verified", "APPROVED"), func(s *terraform.State) error {
					if id, _ := tendlctest.StateID(s, tfAddr); id != first {
						return fmt.Errorf("the request was replaced (%s, was %s): want an update in place", id, first)
					}
					return nil
				}),
			},
		},
	})
}

// Update required, reached by a create: the apply fails saying what the
// carrier asked and to untaint; without an untaint the next plan replaces
// the request; after `terraform untaint` the corrected configuration
// updates the same request in place (the documented workflow, run with
// the CLI) and it is approved.
func TestAccTollfree_createUpdateRequiredUntaintThenUpdate(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := tollfreetest.TollfreeEnv(t)
	r := provtest.NewTFRunner(t)
	head := fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) + env.ProviderConfig()
	r.Write(head + tollfreeHCL(tfSummary, tfSampleNoStop, ""))
	r.Run("init", "-input=false")
	out, err := r.Try("apply", "-auto-approve", "-input=false")
	if err == nil || !strings.Contains(out, "Toll-free verification needs an update") || !strings.Contains(out, "terraform untaint cpaas_tollfree_verification.<name>") ||
		!strings.Contains(out, "within six days") {
		t.Fatalf("apply: %v\n%s", err, out)
	}
	ids := env.Objects(t)["tollfree_verifications"]
	if len(ids) != 1 {
		t.Fatalf("requests: %v", ids)
	}
	if err := tollfreetest.CheckNumberFollowsID(env, t, ids[0], "pending_verification", "UPDATE_REQUIRED"); err != nil {
		t.Fatal(err)
	}
	r.Write(head + tollfreeHCL(tfSummary, tfSampleStop, ""))
	// Terraform says "is tainted, so must be replaced", OpenTofu "is
	// tainted, so it must be replaced".
	if plan := r.ExpectPlan(2); !taintedReplaced.MatchString(plan) {
		t.Fatalf("without an untaint the request should be replaced:\n%s", plan)
	}
	r.Run("untaint", tfAddr)
	if plan := r.ExpectPlan(2); !strings.Contains(plan, "will be updated in-place") || strings.Contains(plan, "must be replaced") {
		t.Fatalf("after the untaint the request should be updated in place:\n%s", plan)
	}
	r.Run("apply", "-auto-approve", "-input=false")
	if got := env.Objects(t)["tollfree_verifications"]; len(got) != 1 || got[0] != ids[0] {
		t.Fatalf("requests after the update: %v, want the same %s", got, ids[0])
	}
	if err := tollfreetest.CheckNumberFollowsID(env, t, ids[0], "verified", "APPROVED"); err != nil {
		t.Fatal(err)
	}
	r.ExpectPlan(0)
	r.Run("destroy", "-auto-approve", "-input=false")
	if got := env.Objects(t)["tollfree_verifications"]; len(got) != 0 {
		t.Fatalf("requests after destroy: %v", got)
	}
}

var taintedReplaced = regexp.MustCompile(`is tainted, so (it )?must be replaced`)

// Each plan-time rule names the attribute, the rule and the value; lengths
// count characters, so multi-byte text passes at the limit.
func TestAccTollfree_validation(t *testing.T) {
	t.Parallel()
	env := tollfreetest.TollfreeEnv(t)
	body := func(number, usecases, summary, sample, optin, images, volume, extra string) string {
		return fmt.Sprintf(`
resource "cpaas_tollfree_verification" "test" {
  profile_uuid     = "00000000-0000-4000-8000-000000000000"
  number           = %q
  usecases         = %s
  usecase_summary  = %q
  message_sample   = %q
  optin_type       = %q
  optin_image_urls = %s
  volume           = %q
%s
}
`, number, usecases, summary, sample, optin, images, volume, extra)
	}
	ok := func(f func(n, u, s, m, o, i, v *string, x *string)) string {
		n, u, s, m, o, i, v, x := "18445550123", `["2FA"]`, tfSummary, tfSampleStop, "WEB_FORM", `["https://acme.example/optin.png"]`, "1,000", ""
		f(&n, &u, &s, &m, &o, &i, &v, &x)
		return body(n, u, s, m, o, i, v, x)
	}
	cases := []struct{ cfg, want string }{
		{ok(func(n, _, _, _, _, _, _, _ *string) { *n = "14155550100" }),
			`Attribute number must be a US or Canadian toll-free number: 1, a toll-free code \(800, 833, 844, 855, 866, 877 or 888\) and seven digits, without "\+" \(18445550123\), got: 14155550100`},
		{ok(func(_, u, _, _, _, _, _, _ *string) { *u = `["2FA", "STARTER"]` }), `Attribute usecases\[Value\("STARTER"\)\] value must be one of:.*got: "STARTER"`},
		{ok(func(_, u, _, _, _, _, _, _ *string) { *u = `[]` }), `Attribute usecases set must contain at least 1 elements, got: 0`},
		{ok(func(_, _, s, _, _, _, _, _ *string) { *s = strings.Repeat("日", 501) }),
			`Attribute usecase_summary must be 1 to 500 characters long, got 501\s+\("日日日日日日日日日日日日日日日日日日日日..."\)`},
		{ok(func(_, _, _, m, _, _, _, _ *string) { *m = strings.Repeat("é", 1001) }), `Attribute message_sample must be 1 to 1000 characters long, got 1001`},
		{ok(func(_, _, _, _, o, _, _, _ *string) { *o = "EMAIL" }), `Attribute optin_type value must be one of:.*got: "EMAIL"`},
		{ok(func(_, _, _, _, _, i, _, _ *string) { *i = `["ftp://acme.example/optin.png"]` }),
			`Attribute optin_image_urls\[0\] "ftp://acme.example/optin.png" must be an absolute http:// or https:// URL without commas`},
		{ok(func(_, _, _, _, _, _, v, _ *string) { *v = "1000" }), `Attribute volume value must be one of:.*got: "1000"`},
		{ok(func(_, _, _, _, _, _, _, x *string) { *x = `  callback_method = "PUT"` }), `Attribute callback_method value must be one of: \["GET" "POST"\], got: "PUT"`},
		{ok(func(_, _, _, _, _, _, _, x *string) { *x = `  callback_url = "hooks.example.com"` }),
			`Attribute callback_url "hooks.example.com" must be an absolute http:// or https:// URL`},
	}
	var steps []resource.TestStep
	for _, tc := range cases {
		steps = append(steps, resource.TestStep{Config: env.Config(tc.cfg), PlanOnly: true, ExpectError: acctest.ErrorPattern(tc.want)})
	}
	// At each limit, multi-byte text passes (applied against a real number
	// and profile, then destroyed).
	steps = append(steps, resource.TestStep{
		Config:            env.Config(tollfreeHCL(strings.Repeat("日", 500), strings.Repeat("é", 995)+" STOP", "")),
		ConfigStateChecks: []statecheck.StateCheck{tfCheck("status", knownvalue.StringExact("APPROVED"))},
		ConfigPlanChecks:  resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
	})
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "tollfree_verifications"),
		Steps:        steps,
	})
}

func TestAccTollfreeDataSource(t *testing.T) {
	t.Parallel()
	env := tollfreetest.TollfreeEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(tollfreeHCL(tfSummary, tfSampleStop, "") + `
data "cpaas_tollfree_verification" "read" {
  id = cpaas_tollfree_verification.test.id
}
`),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttrPair("data.cpaas_tollfree_verification.read", "id", tfAddr, "id"),
					resource.TestCheckResourceAttrPair("data.cpaas_tollfree_verification.read", "number", tfAddr, "number"),
					resource.TestCheckResourceAttr("data.cpaas_tollfree_verification.read", "status", "APPROVED"),
					resource.TestCheckResourceAttr("data.cpaas_tollfree_verification.read", "usecases.#", "2"),
					resource.TestCheckResourceAttr("data.cpaas_tollfree_verification.read", "optin_image_urls.1", "https://acme.example/form.png"),
					resource.TestCheckNoResourceAttr("data.cpaas_tollfree_verification.read", "extra_data"),
				),
			},
			{
				Config:      env.Config(`data "cpaas_tollfree_verification" "missing" { id = "00000000-0000-4000-8000-000000000000" }`),
				ExpectError: acctest.ErrorPattern(`toll-free verification 00000000-0000-4000-8000-000000000000`),
			},
		},
	})
}

// makeTollfree buys a toll-free number and makes a profile through the
// client, and submits a request for them with sample; it returns the
// request's uuid, the number and the profile.
func makeTollfree(t *testing.T, c *client.Client, summary, sample string) (id, number, profile string) {
	t.Helper()
	ctx := context.Background()
	found, _, err := c.SearchAllPhoneNumbers(ctx, client.PhoneNumberSearch{CountryISO: "US", Type: "toll-free"}, 1)
	if err != nil || len(found) != 1 {
		t.Fatalf("search: %v %v", found, err)
	}
	number = found[0].Number
	if _, err := c.BuyPhoneNumber(ctx, number, client.PhoneNumberBuy{}); err != nil {
		t.Fatal(err)
	}
	p := tendlctest.DocsProfile
	p.ProfileAlias = "tf-" + number
	pc, err := c.CreateProfile(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	created, err := c.CreateTollfreeVerification(ctx, client.TollfreeVerificationCreate{Number: number, TollfreeVerificationFields: client.TollfreeVerificationFields{
		ProfileUUID: pc.ProfileUUID, Usecase: "2FA, CUSTOMER_CARE", UsecaseSummary: summary, MessageSample: sample,
		OptinImageURL: "https://acme.example/optin.png", OptinType: "WEB_FORM", Volume: "1,000",
	}})
	if err != nil {
		t.Fatal(err)
	}
	return created.UUID, number, pc.ProfileUUID
}

// Every request is listed by identity, each filter of the API selects
// exactly, and include_resource returns what an import reads.
func TestAccTollfreeList_TF114(t *testing.T) {
	t.Parallel()
	env := tollfreetest.TollfreeEnv(t)
	c := env.Client(t)
	approved, approvedNumber, profile := makeTollfree(t, c, tfSummary, tfSampleStop)
	pending, _, _ := makeTollfree(t, c, tfSummary, tfSampleNoStop)
	provtest.WaitUntil(t, "the carrier's decisions", func() bool {
		a, err1 := c.GetTollfreeVerification(context.Background(), approved)
		p, err2 := c.GetTollfreeVerification(context.Background(), pending)
		return err1 == nil && err2 == nil && a.Status == "APPROVED" && p.Status == "UPDATE_REQUIRED"
	})
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Query: true,
			Config: env.ProviderConfig() + `
list "cpaas_tollfree_verification" "all" {
  provider = cpaas
}

list "cpaas_tollfree_verification" "by_number" {
  provider         = cpaas
  include_resource = true
  config {
    number = "` + approvedNumber + `"
  }
}

list "cpaas_tollfree_verification" "update_required" {
  provider = cpaas
  config {
    status = "UPDATE_REQUIRED"
  }
}

list "cpaas_tollfree_verification" "by_profile" {
  provider = cpaas
  config {
    profile_uuid = "` + profile + `"
  }
}

list "cpaas_tollfree_verification" "usecase" {
  provider = cpaas
  config {
    usecase = "2FA, CUSTOMER_CARE"
  }
}

list "cpaas_tollfree_verification" "other_usecase" {
  provider = cpaas
  config {
    usecase = "2FA"
  }
}
`,
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("cpaas_tollfree_verification.all", 2),
				querycheck.ExpectIdentity("cpaas_tollfree_verification.all", provtest.IdentityIs("uuid", approved)),
				querycheck.ExpectIdentity("cpaas_tollfree_verification.all", provtest.IdentityIs("uuid", pending)),
				querycheck.ExpectLength("cpaas_tollfree_verification.by_number", 1),
				querycheck.ExpectResourceKnownValues("cpaas_tollfree_verification.by_number", queryfilter.ByResourceIdentity(provtest.IdentityIs("uuid", approved)),
					[]querycheck.KnownValueCheck{
						{Path: tfjsonpath.New("status"), KnownValue: knownvalue.StringExact("APPROVED")},
						{Path: tfjsonpath.New("number"), KnownValue: knownvalue.StringExact(approvedNumber)},
						{Path: tfjsonpath.New("usecases"), KnownValue: knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("2FA"), knownvalue.StringExact("CUSTOMER_CARE")})},
						{Path: tfjsonpath.New("extra_data"), KnownValue: knownvalue.Null()},
					}),
				querycheck.ExpectLength("cpaas_tollfree_verification.update_required", 1),
				querycheck.ExpectIdentity("cpaas_tollfree_verification.update_required", provtest.IdentityIs("uuid", pending)),
				querycheck.ExpectLength("cpaas_tollfree_verification.by_profile", 1),
				querycheck.ExpectIdentity("cpaas_tollfree_verification.by_profile", provtest.IdentityIs("uuid", approved)),
				querycheck.ExpectLength("cpaas_tollfree_verification.usecase", 2),
				querycheck.ExpectLength("cpaas_tollfree_verification.other_usecase", 0),
			},
		}},
	})
}
