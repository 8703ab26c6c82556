package callerid_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/callerid/calleridtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/subaccount/subaccounttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

const vcidAddr = "cpaas_verified_caller_id.test"

var (
	uuidPattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	compareSame = compare.ValuesSame()
)

func callerIDHCL(number, extra string) string {
	return fmt.Sprintf(`
resource "cpaas_verified_caller_id" "test" {
  phone_number = %q
%s
}
`, number, extra)
}

// A number verified outside Terraform is adopted by the create, without a
// code; alias and subaccount are set on it.
// TestAccVerifiedCallerID_basicImport applies the caller ID once for what
// TestAccVerifiedCallerID_basic and _import checked, each of which applied
// it itself: its values, then its import and the import ids refused.
func TestAccVerifiedCallerID_basicImport(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	calleridtest.VerifyOutOfBand(t, env, "+14155550142", "old alias")
	vc := func(attr string, v knownvalue.Check) statecheck.StateCheck {
		return statecheck.ExpectKnownValue(vcidAddr, tfjsonpath.New(attr), v)
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "verified_caller_ids"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(callerIDHCL("+14155550142", `  alias = "support line"`)),
				ConfigStateChecks: []statecheck.StateCheck{
					vc("id", knownvalue.StringExact("+14155550142")),
					vc("alias", knownvalue.StringExact("support line")),
					vc("subaccount", knownvalue.Null()),
					vc("verified", knownvalue.Bool(true)),
					vc("country", knownvalue.StringExact("US")),
					vc("created_at", knownvalue.StringRegexp(rfc3339UTC)),
					vc("verification_uuid", knownvalue.StringRegexp(uuidPattern)),
					vc("verification_code_wo", knownvalue.Null()),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(*terraform.State) error {
					got, err := env.Client(t).GetVerifiedCallerID(context.Background(), "+14155550142")
					if err != nil || got.Alias != "support line" {
						return fmt.Errorf("emulator holds %+v (%v)", got, err)
					}
					return nil
				},
			},
			acctest.Shared("TestAccVerifiedCallerID_import", resource.TestStep{
				Config: env.Config(callerIDHCL("+14155550142", `  alias = "support line"`)), ResourceName: vcidAddr, ImportState: true, ImportStateVerify: true,
			}),
			acctest.Shared("TestAccVerifiedCallerID_import", resource.TestStep{
				Config: env.Config(callerIDHCL("+14155550142", `  alias = "support line"`)), ResourceName: vcidAddr, ImportState: true,
				ImportStateId: "14155550142",
				ExpectError:   acctest.ErrorPattern(`import id "14155550142" must be a verified number, E.164 with its \+, for example \+14155550142`),
			}),
			acctest.Shared("TestAccVerifiedCallerID_import", resource.TestStep{
				Config: env.Config(callerIDHCL("+14155550142", `  alias = "support line"`)), ResourceName: vcidAddr, ImportState: true,
				ImportStateId: "+14155550199",
				ExpectError:   acctest.ErrorPattern(`Cannot import non-existent remote object`),
			}),
		},
	})
}

// alias and subaccount update in place (the main account's own auth_id
// moves the number back); phone_number replaces.
func TestAccVerifiedCallerID_updateInPlaceAndReplace(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	calleridtest.VerifyOutOfBand(t, env, "+14155550142", "")
	calleridtest.VerifyOutOfBand(t, env, "+14155550143", "")
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{Config: env.Config(subaccounttest.SubaccountConfig("Team", "") + callerIDHCL("+14155550142", `  alias = "one"`))},
			{
				Config: env.Config(subaccounttest.SubaccountConfig("Team", "") + callerIDHCL("+14155550142", `  alias = "two"
  subaccount = cpaas_subaccount.test.auth_id`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(vcidAddr, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vcidAddr, tfjsonpath.New("alias"), knownvalue.StringExact("two")),
					statecheck.CompareValuePairs(vcidAddr, tfjsonpath.New("subaccount"), "cpaas_subaccount.test", tfjsonpath.New("auth_id"), compareSame),
				},
			},
			{
				// Removing alias and subaccount clears them at the API.
				Config: env.Config(subaccounttest.SubaccountConfig("Team", "") + callerIDHCL("+14155550142", "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(vcidAddr, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(*terraform.State) error {
					got, err := env.Client(t).GetVerifiedCallerID(context.Background(), "14155550142")
					if err != nil || got.Alias != "" || got.Subaccount != "" {
						return fmt.Errorf("emulator holds %+v (%v)", got, err)
					}
					return nil
				},
			},
			{
				Config: env.Config(subaccounttest.SubaccountConfig("Team", "") + callerIDHCL("+14155550143", "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(vcidAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				Check: func(*terraform.State) error {
					if ids := env.Objects(t)["verified_caller_ids"]; strings.Join(ids, ",") != "+14155550143" {
						return fmt.Errorf("verified caller IDs %v, want the replacement alone", ids)
					}
					return nil
				},
			},
		},
	})
}

func TestAccVerifiedCallerID_disappears(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	calleridtest.VerifyOutOfBand(t, env, "+14155550142", "")
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(callerIDHCL("+14155550142", "")),
			Check: func(*terraform.State) error {
				return env.Client(t).DeleteVerifiedCallerID(context.Background(), "+14155550142")
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccVerifiedCallerID_validation(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	fifty, fiftyOne := strings.Repeat("日", 50), strings.Repeat("日", 51)
	step := func(extra, want string) resource.TestStep {
		return resource.TestStep{Config: env.Config(callerIDHCL("+14155550142", extra)), PlanOnly: true, ExpectError: acctest.ErrorPattern(want)}
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			step(`  alias = "`+fiftyOne+`"`, `alias must be at most 50 characters, got 51 characters`),
			step(`  alias = ""`, `Attribute alias UTF-8 character count must be at least 1, got: 0`),
			step(`  channel = "fax"`, `Attribute channel value must be one of: \["sms" "call"\], got: "fax"`),
			step(`  subaccount = "SA123"`, `subaccount must be SA followed by 18 upper-case letters or digits, got "SA123"`),
			step(`  verification_code_wo = "12a4567"`, `verification_code_wo must be 4 to 8 digits \(the one-time code sent to the number\), got 7 characters`),
			{
				Config: env.Config(callerIDHCL("14155550142", "")), PlanOnly: true,
				ExpectError: acctest.ErrorPattern(`Attribute phone_number must be E.164 with its \+: a \+ and 8 to 15 digits, the first not 0, for example \+14155550142, got: 14155550142`),
			},
			{Config: env.Config(callerIDHCL("+14155550142", `  alias = "`+fifty+`"`)), PlanOnly: true, ExpectNonEmptyPlan: true},
		},
	})
}

// An apply with a code for a number no verification was opened for fails
// at once, naming the argument and the fix, and saves nothing.
func TestAccVerifiedCallerID_codeWithoutVerification(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config:      env.Config(callerIDHCL("+14155550142", `  verification_code_wo = "123456"`)),
			ExpectError: acctest.ErrorPattern(`No verification of \+14155550142 is open.*Remove verification_code_wo and apply`),
		}},
	})
}

func TestAccVerifiedCallerID_importByIdentity_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	calleridtest.VerifyOutOfBand(t, env, "+14155550142", "support line")
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Config: env.Config(callerIDHCL("+14155550142", `  alias = "support line"`) + `
import {
  to = cpaas_verified_caller_id.test
  identity = {
    phone_number = "+14155550142"
  }
}
`),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply:             []plancheck.PlanCheck{testtables.ExpectOnlyImports{Want: 1}},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectIdentity(vcidAddr, map[string]knownvalue.Check{"phone_number": knownvalue.StringExact("+14155550142")}),
			},
		}},
	})
}

func TestAccVerifiedCallerIDList_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	calleridtest.VerifyOutOfBand(t, env, "+14155550101", "desk")
	calleridtest.VerifyOutOfBand(t, env, "+14155550102", "night")
	calleridtest.VerifyOutOfBand(t, env, "+447700900123", "desk")
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Query: true,
			Config: env.Config(`
list "cpaas_verified_caller_id" "all" {
  provider         = cpaas
  include_resource = true
}
list "cpaas_verified_caller_id" "desk" {
  provider = cpaas
  config {
    alias = "desk"
  }
}
list "cpaas_verified_caller_id" "gb" {
  provider = cpaas
  config {
    country = "GB"
  }
}
`),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("cpaas_verified_caller_id.all", 3),
				querycheck.ExpectIdentity("cpaas_verified_caller_id.all", map[string]knownvalue.Check{"phone_number": knownvalue.StringExact("+14155550102")}),
				querycheck.ExpectLength("cpaas_verified_caller_id.desk", 2),
				querycheck.ExpectLength("cpaas_verified_caller_id.gb", 1),
				querycheck.ExpectIdentity("cpaas_verified_caller_id.gb", map[string]knownvalue.Check{"phone_number": knownvalue.StringExact("+447700900123")}),
			},
		}},
	})
}

// The two-apply flow through the CLI, as a user runs it: the first apply
// (no code) returns at once with the verification open; a wrong code
// fails and keeps it open; the right one verifies; nothing else plans.
// The code reaches no state, no saved plan, no output and no TRACE log.
// Not parallel: TF_LOG is read from the process environment by the
// in-process provider.
func TestAccVerifiedCallerID_twoApplyFlowKeepsTheCodeSecret(t *testing.T) {
	acctest.PreCheck(t)
	if os.Getenv("TF_ACC") == "" {
		t.Skip("TF_ACC not set")
	}
	env := acctest.NewEnv(t)
	env.Control(t, "verification codes") // up front: a skip midway leaves objects behind
	logPath := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_LOG", "TRACE")
	r := provtest.NewTFRunner(t)
	r.Env = append(r.Env, "TF_LOG=TRACE", "TF_LOG_PATH="+logPath)
	r.Write(fmt.Sprintf(`
terraform {
  required_providers {
    cpaas = { source = %q }
  }
}
%s
variable "code" {
  type      = string
  default   = null
  sensitive = true
  ephemeral = true
}
resource "cpaas_verified_caller_id" "support" {
  phone_number         = "+14155550142"
  alias                = "support line"
  channel              = "call"
  verification_code_wo = var.code
}
`, provtest.ChaosProviderSrc, env.ProviderConfig()))

	// 1. No code: the apply sends one and returns; it never waits.
	done := make(chan string, 1)
	go func() { done <- r.Run("apply", "-auto-approve", "-input=false") }()
	var out string
	select {
	case out = <-done:
	case <-time.After(90 * time.Second):
		t.Fatal("an apply without a code did not return within 90s")
	}
	if !strings.Contains(out, "Verification code sent to +14155550142") || !strings.Contains(out, "(by call)") {
		t.Errorf("first apply's output lacks the warning:\n%s", out)
	}
	if st := callerIDState(t, r); st["verified"] != false || st["verification_uuid"] == "" {
		t.Fatalf("state after the first apply: %v", st)
	}
	if code, _ := r.PlanExitCode(); code != 0 {
		t.Errorf("plan without a code after the first apply: exit %d, want 0 (nothing to do until the code comes)", code)
	}
	sent, ok := env.Control(t, "verification codes").VerificationCode(acctest.AuthID, "+14155550142")
	if !ok || sent.Channel != "call" {
		t.Fatalf("no open verification by call: %+v", sent)
	}
	wrong := "83710429" // 8 digits: never the emulator's 6

	// 2. A wrong code fails the apply and keeps the verification open.
	r.Env = append(r.Env, "TF_VAR_code="+wrong)
	if out, err := r.Try("apply", "-auto-approve", "-input=false"); err == nil || !strings.Contains(out, "otp does not match") {
		t.Fatalf("apply with a wrong code: %v\n%s", err, out)
	}
	if _, ok := env.Control(t, "verification codes").VerificationCode(acctest.AuthID, "14155550142"); !ok {
		t.Fatal("a wrong code closed the verification")
	}

	// 3. The right code verifies it.
	r.Env = append(r.Env, "TF_VAR_code="+sent.Code)
	r.Run("apply", "-auto-approve", "-input=false")
	st := callerIDState(t, r)
	if st["verified"] != true || st["country"] != "US" || st["alias"] != "support line" {
		t.Fatalf("state after the verify: %v", st)
	}
	if code, plan := r.PlanExitCode(); code != 0 {
		t.Errorf("plan after the verify (code still configured): exit %d\n%s", code, plan)
	}
	r.Run("plan", "-input=false", "-out=saved.tfplan")
	shown := r.Run("show", "-json", "saved.tfplan")
	state, _ := os.ReadFile(filepath.Join(r.Dir, "terraform.tfstate"))
	for what, text := range map[string]string{"state": string(state), "saved plan": shown} {
		if strings.Contains(text, sent.Code) {
			t.Errorf("the %s holds the code", what)
		}
	}
	r.Run("destroy", "-auto-approve", "-input=false")
	if left := env.Objects(t)["verified_caller_ids"]; len(left) != 0 {
		t.Errorf("left after destroy: %v", left)
	}
	// Terraform's own TRACE log (the provider's is checked by
	// TestAccVerifiedCallerID_traceLogHoldsNoCode).
	checkLogHoldsNoCode(t, logPath, false, sent.Code, wrong)
}

// The provider's TRACE log (the harness routes it to TF_ACC_LOG_PATH)
// holds neither the code nor a wrong one, nor does the state. The code
// comes through a sensitive, ephemeral variable, as the guide says. Not
// parallel: it sets process environment.
func TestAccVerifiedCallerID_traceLogHoldsNoCode(t *testing.T) {
	env := acctest.NewEnv(t)
	env.Control(t, "verification codes") // up front: a skip midway leaves objects behind
	logPath := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_ACC_LOG_PATH", logPath)
	hcl := env.Config(`
variable "code" {
  type      = string
  default   = null
  sensitive = true
  ephemeral = true
}
` + callerIDHCL("+14155550142", `  alias = "support line"
  verification_code_wo = var.code`))
	var code, wrong string
	noCodeInState := func(s *terraform.State) error {
		for _, rs := range s.RootModule().Resources {
			for k, v := range rs.Primary.Attributes {
				if code != "" && strings.Contains(v, code) || wrong != "" && strings.Contains(v, wrong) {
					return fmt.Errorf("state attribute %s holds the code", k)
				}
			}
		}
		return nil
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "verified_caller_ids"),
		Steps: []resource.TestStep{
			{
				Config: hcl,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vcidAddr, tfjsonpath.New("verified"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(vcidAddr, tfjsonpath.New("country"), knownvalue.Null()),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				PreConfig: func() {
					v, ok := env.Control(t, "verification codes").VerificationCode(acctest.AuthID, "+14155550142")
					if !ok {
						t.Fatal("no open verification")
					}
					code, wrong = v.Code, "83710429" // 8 digits: never the emulator's 6
					t.Setenv("TF_VAR_code", wrong)
				},
				Config:      hcl,
				ExpectError: acctest.ErrorPattern(`otp does not match the code sent to \+14155550142`),
			},
			{
				PreConfig: func() { t.Setenv("TF_VAR_code", code) },
				Config:    hcl,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(vcidAddr, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vcidAddr, tfjsonpath.New("verified"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(vcidAddr, tfjsonpath.New("country"), knownvalue.StringExact("US")),
					statecheck.ExpectKnownValue(vcidAddr, tfjsonpath.New("verification_code_wo"), knownvalue.Null()),
				},
				Check: noCodeInState,
			},
		},
	})
	checkLogHoldsNoCode(t, logPath, true, code, wrong)
}

// checkLogHoldsNoCode fails when the log at logPath holds one of codes as
// a number of its own (digits around it are another number: a timestamp,
// a port), or when it is too short to have captured the run (and, with
// provider set, lacks the provider's verify request).
func checkLogHoldsNoCode(t *testing.T, logPath string, provider bool, codes ...string) {
	t.Helper()
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	log := string(data)
	if strings.Count(log, "\n") < 100 || provider && !strings.Contains(log, "VerifiedCallerId/Verification") {
		t.Fatalf("the log at %s did not capture the run", logPath)
	}
	for _, c := range codes {
		if m := regexp.MustCompile(`(^|[^0-9])` + c + `([^0-9]|$)`).FindStringIndex(log); m != nil {
			t.Errorf("the log holds the code %s: %.300s", c, log[max(m[0]-150, 0):])
		}
	}
}

// callerIDState is the attributes of the flow's resource in r's state.
func callerIDState(t *testing.T, r *provtest.TfRunner) map[string]any {
	t.Helper()
	var st struct {
		Values struct {
			RootModule struct {
				Resources []struct {
					Address string         `json:"address"`
					Values  map[string]any `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(r.Run("show", "-json")), &st); err != nil {
		t.Fatal(err)
	}
	for _, res := range st.Values.RootModule.Resources {
		if res.Address == "cpaas_verified_caller_id.support" {
			return res.Values
		}
	}
	t.Fatal("no cpaas_verified_caller_id.support in the state")
	return nil
}

// An adoption whose update fails (the API refuses every update of the
// caller ID) keeps the id, the number: the object is saved naming it, so
// the next apply replaces it, deleting the number's record and adopting
// it again, instead of failing to delete a caller ID with no id round
// after round (the chaos test with interrupts found it).
func TestAccVerifiedCallerID_failedAdoptionUpdateKeepsTheID(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "injected faults")
	calleridtest.VerifyOutOfBand(t, env, "+14155550142", "old alias")
	config := env.Config(callerIDHCL("+14155550142", `  alias = "support line"`))
	config = strings.Replace(config, "provider \"cpaas\" {\n", "provider \"cpaas\" {\n  max_retries = 0\n", 1)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "verified_caller_ids"),
		Steps: []resource.TestStep{
			{
				PreConfig: func() {
					env.Server.SetFaults(emulator.Faults{Rules: []emulator.FaultRule{{Method: "POST", Path: "VerifiedCallerId/{id}", Rate5xx: 1}}})
				},
				Config:      config,
				ExpectError: acctest.ErrorPattern(`Error updating verified caller ID`),
			},
			{
				PreConfig: func() { env.Server.SetFaults(emulator.Faults{}) },
				Config:    config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vcidAddr, tfjsonpath.New("id"), knownvalue.StringExact("+14155550142")),
					statecheck.ExpectKnownValue(vcidAddr, tfjsonpath.New("alias"), knownvalue.StringExact("support line")),
				},
			},
		},
	})
}
