package provider_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/endpoint/endpointtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// missingApp is an application id no account of the emulator has.
const missingApp = "11111111111111111"

// TestAccReferences_missingApplication: an app_id (or a powerpack's
// application_id) that names no application warns at plan, naming the
// attribute, the value and the fix, and fails the apply before the
// endpoint is created, the number bought or the powerpack made; the
// destroy after it succeeds.
func TestAccReferences_missingApplication(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := acctest.NewEnv(t)
	before := env.Objects(t)
	r := provtest.NewTFRunner(t)
	r.Write(fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) +
		env.ProviderConfig() + fmt.Sprintf(`
resource "cpaas_endpoint" "test" {
  username = "refs"
  password_wo         = "s3cret-pass"
  password_wo_version = 1
  alias               = "refs"
  app_id              = %[1]q
}
resource "cpaas_phone_number" "test" {
  search = {
    country_iso = "US"
    city        = "San Francisco"
  }
  app_id = %[1]q
}
resource "cpaas_powerpack" "test" {
  name             = "refs"
  application_type = "xml"
  application_id   = %[1]q
}
`, missingApp))
	r.Run("init", "-input=false")
	want := func(attr string) string {
		return fmt.Sprintf(`%s "%s" names no application of the account; it must be the id of an existing application. `+
			`To fix it, create the application with cpaas_application and reference its id (%s = cpaas_application.<name>.app_id)`,
			attr, missingApp, attr)
	}
	warned := map[string]string{}
	for _, d := range r.Diagnostics("plan", "-input=false") {
		if d.Severity == "warning" && d.Summary == "No such application" {
			warned[d.Address] = d.Detail
		}
	}
	for addr, attr := range map[string]string{"cpaas_endpoint.test": "app_id", "cpaas_phone_number.test": "app_id", "cpaas_powerpack.test": "application_id"} {
		if !strings.Contains(provtest.Unwrapped(warned[addr]), want(attr)) || !strings.Contains(warned[addr], "The apply stops at this") {
			t.Errorf("the plan's warning for %s: %q, want it to say %q and that the apply stops", addr, warned[addr], want(attr))
		}
	}
	out, err := r.Try("apply", "-auto-approve", "-input=false")
	if err == nil {
		t.Fatalf("the apply succeeded:\n%s", out)
	}
	if n := strings.Count(provtest.Unwrapped(out), "Error: No such application"); n != 3 {
		t.Errorf("the apply reports %d missing applications, want 3 (endpoint, number, powerpack):\n%s", n, out)
	}
	if !strings.Contains(provtest.Unwrapped(out), want("app_id")) || !strings.Contains(provtest.Unwrapped(out), want("application_id")) {
		t.Errorf("the apply's errors do not name the attribute, the value and the fix:\n%s", out)
	}
	after := env.Objects(t)
	for _, kind := range []string{"endpoints", "numbers", "powerpacks"} {
		if !slices.Equal(after[kind], before[kind]) {
			t.Errorf("the refused apply made %s: %v (before: %v)", kind, after[kind], before[kind])
		}
	}
	r.Run("destroy", "-auto-approve", "-input=false")
}

// TestAccReferences_oneListingPerPlan: the plan of many endpoints naming
// existing applications checks them all with one listing of the
// applications, not a GET each; an application id of the state, unchanged,
// is not checked again.
func TestAccReferences_oneListingPerPlan(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := acctest.NewEnv(t)
	env.Control(t, "injected faults") // up front: a skip midway leaves objects behind
	c := env.Client(t)
	var apps []string
	answer := "https://example.com/answer"
	for i := range 3 {
		a, err := c.CreateApplication(context.Background(), client.ApplicationCreate{AppName: fmt.Sprintf("refs-%d", i),
			ApplicationSettings: client.ApplicationSettings{AnswerURL: &answer}})
		if err != nil {
			t.Fatal(err)
		}
		apps = append(apps, a.AppID)
	}
	r := provtest.NewTFRunner(t)
	r.Write(fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) +
		env.ProviderConfig() + fmt.Sprintf(`
locals {
  apps = ["%s"]
}
resource "cpaas_endpoint" "many" {
  count    = 12
  username = "many${count.index}"
  password_wo         = "s3cret-pass"
  password_wo_version = 1
  alias               = "many ${count.index}"
  app_id              = local.apps[count.index %% 3]
}
`, strings.Join(apps, `", "`)))
	r.Run("init", "-input=false")
	endpointtest.ResetRequestCount(env)()
	for _, d := range r.Diagnostics("plan", "-input=false") {
		t.Errorf("the plan says: %s: %s: %s", d.Severity, d.Summary, d.Detail)
	}
	if n := env.Control(t, "injected faults").FaultStats().Requests; n != 1 {
		t.Fatalf("the plan of 12 endpoints naming 3 applications made %d API requests, want 1 (the applications' listing)", n)
	}
	r.Run("apply", "-auto-approve", "-input=false")
	if code, out := r.PlanExitCode(); code != 0 {
		t.Fatalf("plan after apply: exit code %d, want 0:\n%s", code, out)
	}
	r.Run("destroy", "-auto-approve", "-input=false")
}

// TestAccReferences_missingTrunkingObjects: a trunk's credential_id and a
// number's sip_trunk_id that name nothing stop the apply before the
// trunk is created or the number bought, naming the attribute, the value
// and the resource that makes one.
func TestAccReferences_missingTrunkingObjects(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := acctest.NewEnv(t)
	before := env.Objects(t)
	r := provtest.NewTFRunner(t)
	r.Write(fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) +
		env.ProviderConfig() + `
resource "cpaas_sip_trunk" "out" {
  name            = "out"
  trunk_direction = "outbound"
  credential_id   = "0b6e5f4c-0000-4000-8000-000000000000"
}
resource "cpaas_phone_number" "test" {
  search = {
    country_iso = "US"
    city        = "San Francisco"
  }
  sip_trunk_id = "98690812312341121"
}
`)
	r.Run("init", "-input=false")
	out, err := r.Try("apply", "-auto-approve", "-input=false")
	for _, want := range []string{
		`Error: No such credentials list`,
		`credential_id "0b6e5f4c-0000-4000-8000-000000000000" names no credentials list of the account; it must be the id of an existing credentials list. ` +
			`To fix it, create the credentials list with cpaas_sip_credential_list and reference its id (credential_id = cpaas_sip_credential_list.<name>.id)`,
		`Error: No such SIP trunk`,
		`sip_trunk_id "98690812312341121" names no SIP trunk of the account`,
	} {
		if err == nil || !strings.Contains(provtest.Unwrapped(out), want) {
			t.Errorf("the apply does not fail saying %q (%v):\n%s", want, err, out)
		}
	}
	after := env.Objects(t)
	for _, kind := range []string{"sip_trunks", "numbers"} {
		if !slices.Equal(after[kind], before[kind]) {
			t.Errorf("the refused apply made %s: %v (before: %v)", kind, after[kind], before[kind])
		}
	}
}

// TestAccReferences_missingApplicationStopsThePlan: with the provider run
// as Terraform runs it (a plugin process whose parent is the CLI, so it
// reads which command runs), a reference to a missing application is an
// error of `terraform plan` and of the plan of `terraform apply`, once per
// resource, so a CI plan stops and nothing is created; `terraform destroy`
// of the same configuration only warns of it and destroys what the state
// holds.
func TestAccReferences_missingApplicationStopsThePlan(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	r := newBuiltProviderRunner(t)
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	good := "terraform {\n  required_providers {\n    cpaas = { source = \"cpaas-dev/cpaas\" }\n  }\n}\n" + env.ProviderConfig() + `
resource "cpaas_endpoint" "kept" {
  username = "kept"
  password = "s3cret-pass"
  alias    = "kept"
}
`
	r.Write(good)
	r.Run("apply", "-auto-approve", "-input=false")
	kept := env.Objects(t)["endpoints"]
	if len(kept) != 1 {
		t.Fatalf("endpoints after the first apply: %v", kept)
	}
	r.Write(good + fmt.Sprintf(`
resource "cpaas_endpoint" "test" {
  username = "refs"
  password = "s3cret-pass"
  alias    = "refs"
  app_id   = %q
}
`, missingApp))
	for _, cmd := range []string{"plan", "apply"} {
		args := []string{cmd, "-input=false"}
		if cmd == "apply" {
			args = append(args, "-auto-approve")
		}
		out, err := r.Try(args...)
		if err == nil {
			t.Fatalf("terraform %s succeeded:\n%s", cmd, out)
		}
		if n := strings.Count(out, "Error: No such application"); n != 1 {
			t.Errorf("terraform %s reports %d errors for the missing application, want 1:\n%s", cmd, n, out)
		}
		if !strings.Contains(provtest.Unwrapped(out), fmt.Sprintf(`app_id "%s" names no application of the account`, missingApp)) ||
			!strings.Contains(out, `resource "cpaas_endpoint" "test"`) {
			t.Errorf("terraform %s does not name the resource, the attribute and the value:\n%s", cmd, out)
		}
		if strings.Contains(out, "Warning: No such application") {
			t.Errorf("terraform %s also warns of it:\n%s", cmd, out)
		}
	}
	if eps := env.Objects(t)["endpoints"]; !slices.Equal(eps, kept) {
		t.Fatalf("the refused runs changed the endpoints: %v, want %v", eps, kept)
	}
	out := r.Run("destroy", "-auto-approve", "-input=false")
	if strings.Contains(out, "Error:") {
		t.Errorf("the destroy reported an error:\n%s", out)
	}
	if eps := env.Objects(t)["endpoints"]; len(eps) != 0 {
		t.Fatalf("endpoints after the destroy: %v", eps)
	}
}
