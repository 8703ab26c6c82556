package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The parts run in their own order whatever the flag's, once each; an
// unknown part is refused.
func TestLargePartsRunInTheirOrder(t *testing.T) {
	got, err := parseLargeParts("one, narrow,one")
	if err != nil || strings.Join(got, ",") != "narrow,one" {
		t.Errorf("parts %v, %v; want narrow,one", got, err)
	}
	if _, err := parseLargeParts("narrow,all"); err == nil {
		t.Error("an unknown part was accepted")
	}
	if got, err := parseLargeParts(" "); err != nil || len(got) != 0 {
		t.Errorf("no parts: %v, %v; want none (large.md written again from large.json)", got, err)
	}
}

// The narrowed state places every application in the subaccount; the
// other leaves them in the main account. The fleet's states name their
// endpoints apart.
func TestLargeConfigsPlaceAndNameTheObjects(t *testing.T) {
	narrowed, err := narrowConfig(30, "SAZJIYZGE3NTBIYZVIMW")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(narrowed, "subaccount  = \"SAZJIYZGE3NTBIYZVIMW\"\n  count       = 30\n") || !strings.Contains(narrowed, `provider "cpaas"`) {
		t.Errorf("narrowed configuration:\n%s", narrowed)
	}
	plain, err := narrowConfig(30, "")
	if err != nil || strings.Contains(plain, "subaccount") || !strings.Contains(plain, "count       = 30\n") {
		t.Errorf("not-narrowed configuration (%v):\n%s", err, plain)
	}
	a, b := fleetConfig(0, 5), fleetConfig(1, 5)
	if !strings.Contains(a, `"s0bench${count.index}"`) || !strings.Contains(b, `"s1bench${count.index}"`) || strings.Contains(a, `"bench`) {
		t.Errorf("fleet configurations:\n%s\n%s", a, b)
	}
}

// The ids come from the managed resources of the type asked, in order.
func TestLargeStateIDsReadsOneType(t *testing.T) {
	state := `{"version": 4, "resources": [
 {"mode": "data", "type": "cpaas_endpoint", "name": "d", "instances": [{"attributes": {"id": "999"}}]},
 {"mode": "managed", "type": "cpaas_endpoint", "name": "ep", "instances": [{"index_key": 0, "attributes": {"id": "111"}}, {"index_key": 1, "attributes": {"id": "222"}}]},
 {"mode": "managed", "type": "cpaas_application", "name": "app", "instances": [{"attributes": {"id": "333"}}]}]}`
	ids, err := stateIDs([]byte(state), "cpaas_endpoint")
	if err != nil || strings.Join(ids, ",") != "111,222" {
		t.Errorf("ids %v, %v; want 111,222", ids, err)
	}
	if _, err := stateIDs([]byte(`{"resources": [{"mode": "managed", "type": "cpaas_endpoint", "instances": [{"attributes": {}}]}]}`), "cpaas_endpoint"); err == nil {
		t.Error("an instance without an id was read")
	}
}

// The requests are split into the application listing's pages, the
// applications' GETs and the rest.
func TestLargeApplicationRoutesSplitsTheRequests(t *testing.T) {
	pages, gets, other := applicationRoutes(map[string]int{
		"GET /v1/Account/{id}/Application/": 10, "GET /v1/Account/{id}/Application/{id}/": 3, "GET /v1/Account/{id}/Subaccount/{id}/": 1, "GET /v1/Account/{id}/": 2})
	if pages != 10 || gets != 3 || other != 3 {
		t.Errorf("pages %d, GETs %d, other %d; want 10, 3, 3", pages, gets, other)
	}
}

// large.md gives each part's figures with when it was measured, the
// narrowed state against the other, the one state against both fleets,
// and the creates' floor under the limit.
func TestLargeMarkdownGivesEveryPartAndTheRatios(t *testing.T) {
	at := func(h string) largeWhen {
		return largeWhen{At: "2026-11-30 " + h + " UTC", Terraform: "Terraform v1.14.0", LoadBefore: "1.00 1.00 1.00", LoadAfter: "2.00 2.00 2.00"}
	}
	r := largeResults{
		Narrow: []largeNarrow{
			{Case: largeNarrowed, Seconds: 2, Answered: 52, ListPages: 50, Other: 2},
			{Case: largeNotNarrowed, Seconds: 50, Answered: 910, Throttled: 10, ListPages: 501, Gets: 400, Other: 9},
		},
		Fleet: []largeRun{
			{Op: "apply", Seconds: 600, Fastest: 500, Slowest: 590, Requests: 10040, CPUSeconds: 900, PluginCPUSeconds: 200},
			{Op: "plan", Seconds: 60, Fastest: 40, Slowest: 58, Requests: 9020, CPUSeconds: 120, PluginCPUSeconds: 30},
		},
		Teams: []largeRun{
			{Op: "apply", Seconds: 500, Fastest: 450, Slowest: 490, Requests: 10050, CPUSeconds: 800, PluginCPUSeconds: 150},
			{Op: "plan", Seconds: 48, Fastest: 40, Slowest: 47, Requests: 510, CPUSeconds: 100, PluginCPUSeconds: 20},
		},
		One: []largeRun{
			{Op: "apply", Seconds: 3000, Requests: 10004, CPUSeconds: 2700, PluginCPUSeconds: 250, PeakKiB: 204800},
			{Op: "plan", Seconds: 240, Requests: 902, CPUSeconds: 300, PluginCPUSeconds: 25, PeakKiB: 102400},
		},
		Measured: map[string]largeWhen{"narrow": at("05:00"), "fleet": at("05:10"), "teams": at("07:00"), "one": at("05:20")},
	}
	o := largeOptions{parts: largeParts, m: 1000, account: 10000, k: 10, n: 1000}
	got := largeMarkdown(r, o, rlOptions{rate: 20, burst: 20}, 10)
	for _, want := range []string{
		"`-parallelism=10`",
		"## A state of 1000 applications in an account of 10000\n\nMeasured 2026-11-30 05:00 UTC, Terraform v1.14.0; load average before: 1.00 1.00 1.00, after: 2.00 2.00 2.00.",
		"9000 applications were created through the API",
		"| narrowed | 2.00 s | 52 | 50 | 0 | 2 | 0 |",
		"| not narrowed | 50.00 s | 910 | 501 | 400 | 9 | 10 |",
		"**17.5x the requests, 25.0x the wall time**",
		"the not-narrowed plan's requests alone take 45.0 s, the narrowed one's 2.6 s",
		"## 10 states of 1000 endpoints at once, in the main account\n\nMeasured 2026-11-30 05:10 UTC",
		"| apply | 600.0 s | 500.0 s | 590.0 s | 10040 | 900.0 s (200.0 s) |",
		"## 10 states of 1000 endpoints at once, one per subaccount\n\nMeasured 2026-11-30 07:00 UTC",
		"| plan | 48.0 s | 40.0 s | 47.0 s | 510 | 100.0 s (20.0 s) |",
		"## One state of 10000 endpoints\n\nMeasured 2026-11-30 05:20 UTC",
		"| apply | 3000.0 s | 10004 | 2700.0 s (250.0 s) | 200.0 MiB |",
		"| plan | 240.0 s | 902 | 300.0 s (25.0 s) | 100.0 MiB |",
		"| plan, wall | 60.0 s | 48.0 s | 240.0 s |",
		"| plan, requests | 9020 | 510 | 902 |",
		"| apply, CPU | 900.0 s | 800.0 s | 2700.0 s |",
		"One state against 10 states of 1000 at once, main account: plan 4.00x the wall time and 2.50x the CPU, apply 5.00x the wall time and 3.00x the CPU.",
		"One state against 10 states of 1000 at once, one per subaccount: plan 5.00x the wall time and 3.00x the CPU, apply 6.00x the wall time and 3.38x the CPU.",
		"at R = 20 (`-rl-rate`), 10000 creates take at least 500 s (8.3 min)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("large.md lacks %q:\n%s", want, got)
		}
	}
	// A part not measured has no table, and no comparison needs it.
	only := largeMarkdown(largeResults{Narrow: r.Narrow, Measured: r.Measured}, largeOptions{parts: []string{"narrow"}, m: 1000, account: 10000, k: 10, n: 1000},
		rlOptions{rate: 20, burst: 20}, 10)
	for _, absent := range []string{"states of 1000 endpoints at once", "One state of", "creates take"} {
		if strings.Contains(only, absent) {
			t.Errorf("the narrow part's large.md has %q:\n%s", absent, only)
		}
	}
}

// A run of some parts keeps the others' figures from large.json when they
// were taken with the same sizes, and none otherwise.
func TestLargePreviousFiguresKeptForTheSameSizes(t *testing.T) {
	dir := t.TempDir()
	sizes := largeSizes{M: 1000, Account: 10000, K: 10, N: 1000, Rate: 20, Burst: 20, Parallelism: 10}
	if r := previousLarge(dir, sizes); len(r.One) != 0 || r.Measured == nil {
		t.Fatalf("no file: %+v", r)
	}
	old := largeResults{Sizes: sizes, One: []largeRun{{Op: "apply", Seconds: 3000}}, Measured: map[string]largeWhen{"one": {At: "then"}}}
	data, err := json.Marshal(old)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, largeJSON), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if r := previousLarge(dir, sizes); len(r.One) != 1 || r.One[0].Seconds != 3000 || r.Measured["one"].At != "then" {
		t.Errorf("same sizes: %+v, want the one state's figures kept", r)
	}
	other := sizes
	other.N = 100
	if r := previousLarge(dir, other); len(r.One) != 0 || len(r.Measured) != 0 {
		t.Errorf("other sizes: %+v, want nothing kept", r)
	}
}

// A team's state authenticates as its subaccount.
func TestLargeTeamConfigAuthenticatesAsTheSubaccount(t *testing.T) {
	cfg := teamConfig(fleetConfig(2, 3), "SAZJIYZGE3NTBIYZVIMW", "tok")
	if !strings.Contains(cfg, "provider \"cpaas\" {\n  auth_id    = \"SAZJIYZGE3NTBIYZVIMW\"\n  auth_token = \"tok\"\n}") || strings.Contains(cfg, `provider "cpaas" {}`) {
		t.Errorf("team configuration:\n%s", cfg)
	}
}
