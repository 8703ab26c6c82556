package provider_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// TestAccGuide_connectingAPBX applies the "Connecting a PBX" guide as it
// is: the outbound trunk with its IP list and credentials list, the
// inbound trunk with its two origination URIs, the trunk_domain output;
// the next plan is empty; the credentials list's password is rotated by
// bumping its version, in place; destroy leaves nothing in the emulator.
// Throughout, neither password appears in a state file, a plan JSON, a
// command output or a log (Terraform's at TRACE, which holds the
// provider's, and the emulator's).
func TestAccGuide_connectingAPBX(t *testing.T) {
	t.Parallel()
	logs := t.TempDir()
	var emuLog strings.Builder
	var emuMu sync.Mutex
	env := acctest.NewEnv(t, func(o *emulator.Options) {
		o.Logf = func(format string, args ...any) {
			emuMu.Lock()
			defer emuMu.Unlock()
			emuLog.WriteString(strings.TrimSpace(fmt.Sprintf(format, args...)) + "\n")
		}
	})
	// A provider process of its own (dev_overrides), so Terraform's TRACE
	// log holds the provider's log too.
	r := newBuiltProviderRunner(t, "TF_LOG=TRACE", "TF_LOG_PATH="+filepath.Join(logs, "terraform.log"))
	provtest.SetUpGuide(t, r, env, "connecting-a-pbx")
	r.Run("validate")
	var outputs strings.Builder
	step := func(args ...string) string {
		t.Helper()
		out := r.Run(args...)
		outputs.WriteString(out)
		return out
	}
	const first, rotated, inbound = "Pbx-outbound-2024!", "Pbx-rotated-2025!", "Zt-inbound-2024!"
	// The passwords come from the environment, as the guide advises:
	// Terraform logs its command line (-var=...) at INFO.
	baseEnv := r.Env
	vars := func(outbound string) []string {
		r.Env = append(slices.Clone(baseEnv), "TF_VAR_pbx_sip_password="+outbound, "TF_VAR_pbx_inbound_password="+inbound)
		return nil
	}
	step(append([]string{"apply", "-input=false", "-auto-approve"}, vars(first)...)...)
	objs := env.Objects(t)
	for kind, n := range map[string]int{"sip_trunks": 2, "sip_ip_acls": 1, "sip_credential_lists": 1, "sip_origination_uris": 2} {
		if len(objs[kind]) != n {
			t.Fatalf("%s after apply: %v, want %d", kind, objs[kind], n)
		}
	}
	var domain string
	r.Output("trunk_domain", &domain)
	if !regexp.MustCompile(`^\d{14}\.zt\.sip\.cpaas\.test$`).MatchString(domain) {
		t.Fatalf("trunk_domain %q", domain)
	}
	var number string
	r.Output("pbx_number", &number)
	n, err := env.Client(t).GetNumber(context.Background(), number)
	if err != nil || n.TrunkID() == "" || n.AppID() != "" || !slices.Contains(objs["sip_trunks"], n.TrunkID()) {
		t.Fatalf("the number must ring the inbound trunk: %+v, %v", n, err)
	}
	cred := objs["sip_credential_lists"][0]
	if !env.Control(t, "a password the API never returns").TrunkingPasswordIs(acctest.AuthID, cred, first) {
		t.Fatal("the credentials list does not hold the configured password")
	}
	var primary string
	for _, id := range objs["sip_origination_uris"] {
		if env.Control(t, "a password the API never returns").TrunkingPasswordIs(acctest.AuthID, id, inbound) {
			primary = id
		}
	}
	if primary == "" {
		t.Fatal("no origination URI holds the inbound password")
	}
	r.ExpectPlan(0, vars(first)...)

	// Rotation: a new password and the version bumped, in place.
	r.Edit("main.tf", "password_wo         = var.pbx_sip_password\n  password_wo_version = 1", "password_wo         = var.pbx_sip_password\n  password_wo_version = 2")
	plan := r.ExpectPlan(2, vars(rotated)...)
	outputs.WriteString(plan)
	if !strings.Contains(plan, "0 to add, 1 to change, 0 to destroy") || !strings.Contains(plan, "cpaas_sip_credential_list.pbx will be updated in-place") {
		t.Fatalf("the rotation must update the credentials list in place, and only it:\n%s", plan)
	}
	step(append([]string{"apply", "-input=false", "-auto-approve"}, vars(rotated)...)...)
	if !env.Control(t, "a password the API never returns").TrunkingPasswordIs(acctest.AuthID, cred, rotated) || env.Objects(t)["sip_credential_lists"][0] != cred {
		t.Fatal("the rotation did not set the new password on the same credentials list")
	}
	r.ExpectPlan(0, vars(rotated)...)
	step(append([]string{"plan", "-input=false", "-out=guide.tfplan"}, vars(rotated)...)...)
	planJSON := step("show", "-json", "guide.tfplan")
	if !strings.Contains(planJSON, cred) {
		t.Fatal("show -json printed no plan of this configuration")
	}
	state, err := os.ReadFile(filepath.Join(r.Dir, "terraform.tfstate"))
	if err != nil || !strings.Contains(string(state), cred) {
		t.Fatalf("state file: %v", err)
	}

	// Destroy: the trunks first, then what they named; nothing is left.
	step(append([]string{"destroy", "-input=false", "-auto-approve"}, vars(rotated)...)...)
	for kind, ids := range env.Objects(t) {
		if len(ids) != 0 && strings.HasPrefix(kind, "sip_") {
			t.Errorf("%s left after destroy: %v", kind, ids)
		}
	}
	if slices.Contains(env.Objects(t)["numbers"], number) {
		t.Errorf("number %s still belongs to the account after destroy", number)
	}

	files, _ := filepath.Glob(filepath.Join(logs, "*.log"))
	if len(files) != 1 {
		t.Fatalf("expected Terraform's log, got %v", files)
	}
	texts := map[string]string{"state file": string(state), "plan JSON": planJSON, "command output": outputs.String(), "emulator log": emuLog.String()}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts[filepath.Base(f)] = string(b)
	}
	if tfLog := texts["terraform.log"]; !strings.Contains(tfLog, "CPaaS API response") || !strings.Contains(tfLog, "Zentrunk/Credential") {
		t.Fatal("Terraform's log lacks the provider's API log of the credentials list: it does not log this run at TRACE")
	}
	for name, text := range texts {
		for _, secret := range []string{first, rotated, inbound} {
			if i := strings.Index(text, secret); i >= 0 {
				t.Errorf("a password (%.4s...) is in the %s: ...%s...", secret, name, text[max(0, i-300):i])
			}
		}
	}
}
