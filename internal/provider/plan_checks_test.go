package provider_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// failedApplyThenDestroy applies config, which must fail with want, then
// runs terraform destroy, which must succeed without -refresh=false, and
// returns the emulator's objects after it.
func failedApplyThenDestroy(t *testing.T, env *acctest.Env, config, want string) map[string][]string {
	t.Helper()
	r := provtest.NewTFRunner(t)
	r.Write(fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) +
		env.ProviderConfig() + config)
	r.Run("init", "-input=false")
	out, err := r.Try("apply", "-auto-approve", "-input=false")
	if err == nil || !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
		t.Fatalf("apply: want a failure saying %q, got %v:\n%s", want, err, out)
	}
	if out, err := r.Try("destroy", "-auto-approve", "-input=false"); err != nil {
		t.Fatalf("destroy after the failed apply failed: %v\n%s", err, out)
	}
	if left := r.StateIDs(nil); len(left) != 0 {
		t.Fatalf("state after destroy: %v", left)
	}
	return env.Objects(t)
}

// TestAccPowerpack_takenNameNeverBlocksDestroy: a powerpack whose name,
// known only once its application exists, is another powerpack's fails
// the apply; the destroy that follows removes the application, and the
// other powerpack stays.
func TestAccPowerpack_takenNameNeverBlocksDestroy(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := acctest.NewEnv(t)
	taken, err := env.Client(t).CreatePowerpack(context.Background(), client.PowerpackCreate{Name: "taken", StickySender: client.Flag(true), LocalConnect: client.Flag(true)})
	if err != nil {
		t.Fatal(err)
	}
	objs := failedApplyThenDestroy(t, env, `
resource "cpaas_application" "app" {
  app_name   = "pp-app"
  answer_url = "https://example.com/answer"
}
resource "cpaas_powerpack" "test" {
  # "taken", known only after the application is created.
  name             = substr("taken${cpaas_application.app.app_id}", 0, 5)
  application_type = "xml"
  application_id   = cpaas_application.app.app_id
}
`, "Powerpack name already taken")
	if len(objs["applications"]) != 0 || !slices.Equal(objs["powerpacks"], []string{taken.UUID}) {
		t.Fatalf("after destroy the emulator holds %v, want only powerpack %s", objs, taken.UUID)
	}
}

// TestAccPowerpack_missingApplicationTypeRefusedAtPlan: an application_id
// taken from an application the same apply creates (unknown at plan),
// without application_type, is refused before anything is created, so
// there is nothing for a destroy to be blocked on. (A configuration this
// wrong is refused by every command, destroy included, as Terraform
// refuses a missing required argument: the fix is in the configuration.)
func TestAccPowerpack_missingApplicationTypeRefusedAtPlan(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := acctest.NewEnv(t)
	r := provtest.NewTFRunner(t)
	r.Write(fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) +
		env.ProviderConfig() + `
resource "cpaas_application" "app" {
  app_name   = "pp-app"
  answer_url = "https://example.com/answer"
}
resource "cpaas_powerpack" "test" {
  name           = "pp"
  application_id = cpaas_application.app.app_id
}
`)
	r.Run("init", "-input=false")
	out, err := r.Try("apply", "-auto-approve", "-input=false")
	want := `Attribute "application_type" must be specified when "application_id" is specified`
	if err == nil || !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
		t.Fatalf("apply: want a failure saying %q, got %v:\n%s", want, err, out)
	}
	if objs := env.Objects(t); len(objs["applications"]) != 0 || len(objs["powerpacks"]) != 0 {
		t.Fatalf("the refused apply created %v", objs)
	}
}
