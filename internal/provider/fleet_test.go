package provider_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// fleetLimit is the account's rate limit in TestAccFleet: low enough that
// four runs at once are refused, with a burst smaller than one run's
// creates.
var fleetLimit = emulator.RateLimit{Rate: 10, Burst: 5}

// fleetConfig is run i's state: 12 endpoints and 3 applications of its own,
// with max_retries = 1, so that a run which counted 429s against its
// retries, or did not slow down, fails.
func fleetConfig(url string, i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `terraform {
  required_providers {
    cpaas = { source = "cpaas-dev/cpaas" }
  }
}

provider "cpaas" {
  base_url    = %q
  auth_id     = %q
  auth_token  = %q
  max_retries = 1
}
`, url, acctest.AuthID, acctest.AuthToken)
	for j := 1; j <= 12; j++ {
		fmt.Fprintf(&b, `
resource "cpaas_endpoint" "e%[2]d" {
  username = "fleet%[1]d_ep%[2]d"
  password = "fleet-secret-%[1]d-%[2]d"
  alias    = "Fleet run %[1]d endpoint %[2]d"
}
`, i, j)
	}
	for j := 1; j <= 3; j++ {
		fmt.Fprintf(&b, `
resource "cpaas_application" "a%[2]d" {
  app_name   = "fleet%[1]d_app%[2]d"
  answer_url = "https://example.com/fleet/%[1]d/%[2]d"
}
`, i, j)
	}
	return b.String()
}

// TestAccFleet_fourRunsAtOnceUnderALimit runs four states against one
// account at once, as a team's parallel CI runners do, under a rate limit
// the four together exceed: every apply, no-change plan and destroy must
// succeed, however many requests the API refuses. Each run is its own
// Terraform and its own provider process. Runs 0 and 1 share a cache
// directory (one machine: both remember what they learn of the limit in the
// same file, at once); runs 2 and 3 each have their own (separate machines).
func TestAccFleet_fourRunsAtOnceUnderALimit(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test does)")
	}
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "a rate limit") // up front: a skip midway leaves objects behind
	plugins := buildProvider(t)
	shared := t.TempDir()
	homes := []string{shared, shared, t.TempDir(), t.TempDir()}
	runs := make([]*provtest.TfRunner, len(homes))
	for i, home := range homes {
		runs[i] = newPluginRunner(t, plugins, home)
		if err := os.MkdirAll(runs[i].Dir, 0o755); err != nil {
			t.Fatal(err)
		}
		runs[i].Write(fleetConfig(env.URL, i))
	}
	if err := env.Control(t, "a rate limit").SetRateLimit(fleetLimit); err != nil {
		t.Fatal(err)
	}

	// together runs args in every run at once and fails the test for each
	// run that failed, naming it.
	together := func(phase string, args ...string) {
		t.Helper()
		before := env.Control(t, "injected faults").FaultStats()
		start := time.Now()
		var wg sync.WaitGroup
		outs, errs, took := make([]string, len(runs)), make([]error, len(runs)), make([]time.Duration, len(runs))
		for i, r := range runs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				began := time.Now()
				outs[i], errs[i] = r.Try(args...)
				took[i] = time.Since(began)
			}()
		}
		wg.Wait()
		after := env.Control(t, "injected faults").FaultStats()
		t.Logf("%s: 4 runs in %s (each %v); %d requests, %d refused by the rate limit of %v/s (burst %d)",
			phase, time.Since(start).Round(time.Millisecond), took, after.Requests-before.Requests,
			after.RateLimited-before.RateLimited, fleetLimit.Rate, fleetLimit.Burst)
		for i, err := range errs {
			if err != nil {
				t.Errorf("%s: run %d failed: %v\n%s", phase, i, err, firstErrors(outs[i]))
			}
		}
		if t.Failed() {
			t.FailNow()
		}
	}

	start := env.Control(t, "injected faults").FaultStats()
	together("apply", "apply", "-auto-approve", "-input=false")
	objs := env.Objects(t)
	if got := len(objs["endpoints"]); got != 4*12 {
		t.Fatalf("after the applies the account holds %d endpoints, want 48 (4 runs of 12)", got)
	}
	if got := len(objs["applications"]); got != 4*3 {
		t.Fatalf("after the applies the account holds %d applications, want 12 (4 runs of 3)", got)
	}
	if applied := env.Control(t, "injected faults").FaultStats(); applied.RateLimited == start.RateLimited {
		t.Fatal("the rate limit refused nothing during the applies: the test did not exercise a fleet over the limit")
	}

	together("no-change plan", "plan", "-input=false", "-detailed-exitcode")

	together("destroy", "destroy", "-auto-approve", "-input=false")
	objs = env.Objects(t)
	if n := len(objs["endpoints"]) + len(objs["applications"]); n != 0 {
		t.Fatalf("after the destroys the account still holds %d endpoints and %d applications",
			len(objs["endpoints"]), len(objs["applications"]))
	}

	// Runs 0 and 1 remember what they learn of the limit in the same cache
	// directory, at once: whatever is there is whole, and no temporary
	// file is left. (A pace is remembered from a process's second refusal
	// on; internal/client tests concurrent writers of one file.)
	dir := filepath.Join(shared, ".cache", "terraform-provider-cpaas", "rate-limits")
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left in the shared cache directory: %s", e.Name())
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		var m struct {
			Rate  float64 `json:"requests_per_second"`
			Burst int     `json:"burst"`
		}
		if err := json.Unmarshal(data, &m); err != nil || m.Rate <= 0 || m.Burst < 1 {
			t.Errorf("%s is not a whole remembered pace (%v): %s", e.Name(), err, data)
		}
	}
	t.Logf("the shared cache directory holds %d remembered paces", len(entries))
}
