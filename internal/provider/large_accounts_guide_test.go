package provider_test

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// TestAccGuide_largeAccounts applies the large-accounts guide as its page
// runs it: the platform state (a subaccount per team, the shared IVR), then
// the two team states at once, each reading the platform's outputs through
// terraform_remote_state and the shared IVR through a data source, each
// with its own provider processes (as separate CI runners). Then a
// no-change plan of each team at once, and the destroys, teams first.
func TestAccGuide_largeAccounts(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "the subaccounts' inventories") // up front: a skip midway leaves objects behind
	// The provider as users install it (make install-local, then terraform
	// init from the implied local mirror): a provider process per
	// provider block, the team's one configured from the environment.
	m := installLocal(t)
	root := t.TempDir()
	copyFolder(t, filepath.Join(acctest.RepoRoot(t), "examples", "guides", "large-accounts"), root)
	runner := func(dir string) *provtest.TfRunner {
		r := newMirrorRunner(t, m)
		r.Dir = filepath.Join(root, dir)
		r.Env = append(r.Env, "CPAAS_BASE_URL="+env.URL, "CPAAS_AUTH_ID="+acctest.AuthID, "CPAAS_AUTH_TOKEN="+acctest.AuthToken,
			"TF_VAR_desk_password=Desk-pass-2026")
		return r
	}
	platform := runner("platform")
	teams := map[string]*provtest.TfRunner{"payments": runner("teams/payments"), "support": runner("teams/support")}
	// together runs args in both team states at once.
	together := func(args ...string) {
		t.Helper()
		var wg sync.WaitGroup
		outs, errs := map[string]string{}, map[string]error{}
		var mu sync.Mutex
		for name, r := range teams {
			wg.Add(1)
			go func() {
				defer wg.Done()
				out, err := r.Try(args...)
				mu.Lock()
				outs[name], errs[name] = out, err
				mu.Unlock()
			}()
		}
		wg.Wait()
		for name, err := range errs {
			if err != nil {
				t.Errorf("terraform %v in the %s state: %v\n%s", args, name, err, outs[name])
			}
		}
		if t.Failed() {
			t.FailNow()
		}
	}

	platform.InitFromMirror(m)
	platform.Run("apply", "-auto-approve", "-input=false")
	var subaccounts map[string]string
	platform.Output("subaccounts", &subaccounts)
	if len(subaccounts) != 2 {
		t.Fatalf("the platform state made subaccounts %v, want payments and support", subaccounts)
	}

	for _, r := range teams {
		r.InitFromMirror(m)
	}
	together("apply", "-auto-approve", "-input=false")
	for team, desks := range map[string]int{"payments": 2, "support": 3} {
		objs, ok := env.Server.Objects(subaccounts[team])
		if !ok {
			t.Fatalf("the emulator has no subaccount %s (%s)", subaccounts[team], team)
		}
		if len(objs["endpoints"]) != desks || len(objs["applications"]) != 1 {
			t.Errorf("the %s subaccount holds %d endpoints and %d applications, want %d and 1",
				team, len(objs["endpoints"]), len(objs["applications"]), desks)
		}
		var mainIVR, ivrFromPlatform string
		teams[team].Output("main_ivr_id", &mainIVR)
		platformIDs := env.Objects(t)["applications"]
		for _, id := range platformIDs {
			ivrFromPlatform = id
		}
		if len(platformIDs) != 1 || mainIVR != ivrFromPlatform {
			t.Errorf("the %s state read the shared IVR as %q; the main account holds applications %v", team, mainIVR, platformIDs)
		}
	}

	// A no-change plan of each state, at once: exit code 0.
	var wg sync.WaitGroup
	for name, r := range teams {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if code, out := r.PlanExitCode(); code != 0 {
				t.Errorf("the %s state's plan after apply: exit code %d, want 0 (no changes)\n%s", name, code, out)
			}
		}()
	}
	wg.Wait()
	if code, out := platform.PlanExitCode(); code != 0 {
		t.Errorf("the platform state's plan after apply: exit code %d, want 0\n%s", code, out)
	}

	together("destroy", "-auto-approve", "-input=false")
	platform.Run("destroy", "-auto-approve", "-input=false")
	objs := env.Objects(t)
	if n := len(objs["applications"]) + len(objs["endpoints"]) + len(objs["subaccounts"]); n != 0 {
		t.Errorf("after the destroys the account still holds %d applications, %d endpoints and %d subaccounts",
			len(objs["applications"]), len(objs["endpoints"]), len(objs["subaccounts"]))
	}
}
