package provider_test

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
	fwresource "github.com/hashicorp/terraform-plugin-framework/resource"
)

// chaosFaults: 8% 429 (Retry-After 0), 8% 500/502/503, 6% dropped replies
// on every route, every request delayed 2ms.
func chaosFaults(seed uint64) emulator.Faults {
	return emulator.Faults{Seed: seed, Rules: []emulator.FaultRule{{
		Latency: 2 * time.Millisecond, Rate429: 0.08, Rate5xx: 0.08, RateDrop: 0.06, RetryAfter: emulator.RetryNow,
	}}}
}

// chaosRateLimit is the account's rate limit during the chaos rounds, on
// top of the random faults: the client must learn it while random 429s,
// 5xx and dropped replies go on.
var chaosRateLimit = emulator.RateLimit{Rate: 30, Burst: 10}

// chaosConfig returns the configuration of every registered part and how
// many objects of each emulator kind it declares.
func chaosConfig(url string) (string, map[string]int) {
	var b strings.Builder
	// The source is the full address the reattached provider serves: a
	// short "cpaas-dev/cpaas" means registry.opentofu.org/... to OpenTofu,
	// which would then try to download it.
	fmt.Fprintf(&b, `
terraform {
  required_providers {
    cpaas = { source = %q }
  }
}
`, provtest.ChaosProviderSrc)
	b.WriteString(provtest.RelProvider(url, provtest.ChaosRetries))
	want := map[string]int{}
	for _, typ := range slices.Sorted(maps.Keys(testtables.All.ChaosParts)) {
		p := testtables.All.ChaosParts[typ]()
		b.WriteString(p.HCL)
		for kind, n := range p.Want {
			want[kind] += n
		}
	}
	return b.String(), want
}

// TestChaosCoversEveryResource: every resource type the provider serves
// takes part in the chaos test.
func TestChaosCoversEveryResource(t *testing.T) {
	p := provider.New("test")()
	for _, newResource := range p.Resources(context.Background()) {
		var resp fwresource.MetadataResponse
		newResource().Metadata(context.Background(), fwresource.MetadataRequest{ProviderTypeName: "cpaas"}, &resp)
		if _, ok := testtables.All.ChaosParts[resp.TypeName]; !ok {
			t.Errorf("%s has no part in the chaos test: add one to its family's tables (chaosPart)", resp.TypeName)
		}
	}
}

func TestAccChaos_convergesWithoutDuplicatesOrOrphans(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test does)")
	}
	acctest.PreCheck(t)
	tf := provtest.NewTFRunner(t)
	env := acctest.NewEnv(t, provtest.FastRegistry)
	env.Control(t, "injected faults") // up front: a skip midway leaves objects behind
	for _, part := range testtables.All.ChaosParts {
		if p := part(); p.Setup != nil {
			p.Setup(t, env)
		}
	}
	config, want := chaosConfig(env.URL)
	total := 0
	for _, n := range want {
		total += n
	}
	if total < 50 {
		t.Fatalf("the chaos configuration declares %d resources, want at least 50", total)
	}
	tf.Write(config)
	tf.Run("init", "-input=false")

	start := time.Now()
	env.Control(t, "injected faults").SetFaults(chaosFaults(20260101))
	if err := env.Control(t, "a rate limit").SetRateLimit(chaosRateLimit); err != nil {
		t.Fatal(err)
	}
	rounds, converged := 0, false
	// The first rounds are interrupted (Ctrl-C) at points drawn from a
	// seeded generator: an interrupt, like a fault, may lose nothing.
	interrupts := rand.New(rand.NewPCG(20260101, 56))
	for rounds < provtest.ChaosMaxRounds && !converged {
		rounds++
		var out string
		var err error
		if rounds <= chaosInterruptedRounds {
			after := time.Duration(200+interrupts.IntN(1800)) * time.Millisecond
			out, err = tf.TryInterrupted(after, "apply", "-auto-approve", "-input=false", "-parallelism=10")
			t.Logf("round %d: interrupted %v into the apply", rounds, after)
			if err == nil {
				continue // it finished before the interrupt: the next round checks the plan
			}
		} else {
			out, err = tf.Try("apply", "-auto-approve", "-input=false", "-parallelism=10")
		}
		if err != nil {
			t.Logf("round %d: apply failed (expected under faults): %s", rounds, firstErrors(out))
			continue
		}
		code, out := tf.PlanExitCode()
		switch code {
		case 0:
			converged = true
		case 2:
			t.Logf("round %d: apply succeeded but the plan still has changes:\n%s", rounds, out)
		default:
			t.Logf("round %d: plan failed: %s", rounds, firstErrors(out))
		}
	}
	applyStats := env.Control(t, "injected faults").FaultStats()
	if !converged {
		t.Fatalf("not converged after %d rounds (faults %+v)", rounds, applyStats)
	}
	if applyStats.Faulted*5 < applyStats.Requests {
		t.Fatalf("only %d of %d requests were faulted, want at least 20%%", applyStats.Faulted, applyStats.Requests)
	}
	if applyStats.RateLimited == 0 {
		t.Fatalf("the rate limit of %v requests a second refused nothing: it was not exercised", chaosRateLimit.Rate)
	}

	// Ask the emulator, with the faults off so the questions get answers.
	env.Control(t, "injected faults").SetFaults(emulator.Faults{})
	_ = env.Control(t, "a rate limit").SetRateLimit(emulator.RateLimit{})
	objs := env.Objects(t)
	stateIDs := tf.StateIDs(objs)
	if ghosts := stateIDs[provtest.NotInEmulator]; len(ghosts) != 0 {
		t.Errorf("the state holds ids the emulator does not: %v", ghosts)
	}
	duplicates, orphans := 0, 0
	for kind, n := range want {
		got, inState := objs[kind], stateIDs[kind]
		if len(got) != n {
			duplicates += max(len(got)-n, 0)
			t.Errorf("%s: the emulator holds %d, the configuration declares %d: %v", kind, len(got), n, got)
		}
		for _, id := range got {
			if !slices.Contains(inState, id) {
				orphans++
				t.Errorf("%s %s exists in the emulator but not in the state (orphan)", kind, id)
			}
		}
		if len(inState) != n {
			t.Errorf("%s: the state holds %d, want %d", kind, len(inState), n)
		}
	}
	// No message sent twice: one record per destination.
	msgs, err := env.Client(t).ListAllMessages(context.Background(), client.MessageFilter{Direction: "outbound"})
	if err != nil {
		t.Fatal(err)
	}
	perDst := map[string]int{}
	for _, m := range msgs {
		perDst[m.ToNumber]++
	}
	sentTwice := 0
	for dst, n := range perDst {
		if n != 1 {
			sentTwice++
			t.Errorf("%d messages were sent to %s, want 1", n, dst)
		}
	}
	if len(perDst) != want["messages"] {
		t.Errorf("messages went to %d destinations, want %d", len(perDst), want["messages"])
	}
	t.Logf("CHAOS apply: %d resources converged in %d rounds (%s); %d requests, %d faulted (%.0f%%: %d 429, %d 5xx, %d dropped replies), "+
		"%d refused by the rate limit of %v/s; duplicates %d, orphans %d, messages sent twice %d",
		total, rounds, time.Since(start).Round(time.Second), applyStats.Requests, applyStats.Faulted,
		100*float64(applyStats.Faulted)/float64(applyStats.Requests), applyStats.Refused, applyStats.Failed, applyStats.Dropped,
		applyStats.RateLimited, chaosRateLimit.Rate, duplicates, orphans, sentTwice)

	// Destroy with the faults on again, re-run until the state is empty.
	env.Control(t, "injected faults").SetFaults(chaosFaults(20260102))
	_ = env.Control(t, "a rate limit").SetRateLimit(chaosRateLimit)
	destroyRounds := 0
	for destroyRounds < provtest.ChaosMaxRounds {
		destroyRounds++
		if out, err := tf.Try("destroy", "-auto-approve", "-input=false", "-parallelism=10"); err != nil {
			t.Logf("destroy round %d failed (expected under faults): %s", destroyRounds, firstErrors(out))
			continue
		}
		break
	}
	destroyStats := env.Control(t, "injected faults").FaultStats()
	env.Control(t, "injected faults").SetFaults(emulator.Faults{})
	_ = env.Control(t, "a rate limit").SetRateLimit(emulator.RateLimit{})
	if left := tf.StateIDs(nil); len(left) != 0 {
		t.Fatalf("state not empty after %d destroy rounds: %v", destroyRounds, left)
	}
	objs = env.Objects(t)
	for kind, ids := range objs {
		switch kind {
		case "messages", "masking_sessions_expired":
			// Sent messages cannot be unsent; ended sessions stay readable
			// as expired. Neither is a live object.
			continue
		case "account":
			// The account itself: destroying cpaas_account_settings forgets
			// it, and the API cannot delete it.
			continue
		case "starter_numbers":
			// The numbers the account came with: no resource made them.
			continue
		}
		if len(ids) != 0 {
			t.Errorf("after destroy the account still holds %s: %v", kind, ids)
		}
	}
	if n := len(objs["messages"]); n != want["messages"] {
		t.Errorf("after destroy the emulator holds %d messages, want the %d sent", n, want["messages"])
	}
	t.Logf("CHAOS destroy (faults and rate limit on): %d rounds; %d requests, %d faulted, %d refused by the rate limit; account left with its starter numbers only",
		destroyRounds, destroyStats.Requests, destroyStats.Faulted, destroyStats.RateLimited)
}

// chaosInterruptedRounds are the chaos test's first apply rounds, each
// interrupted with Ctrl-C at a seeded random point.
const chaosInterruptedRounds = 2

// firstErrors keeps the "Error:" lines of Terraform's output.
func firstErrors(out string) string {
	var errs []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "Error: ") {
			errs = append(errs, strings.TrimSpace(strings.Trim(l, "│ ")))
		}
	}
	sort.Strings(errs)
	errs = slices.Compact(errs)
	return fmt.Sprintf("%d distinct errors: %s", len(errs), strings.Join(errs, "; "))
}
