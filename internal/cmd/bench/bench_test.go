package main

import (
	"bytes"
	"fmt"
	"image/png"
	"maps"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

func TestSplitByWeightGivesEveryResourceOnce(t *testing.T) {
	kinds := []resourceKind{{weight: 2}, {weight: 1}, {weight: 3}}
	for _, n := range []int{0, 1, 2, 5, 100, 1000, 1001} {
		counts := splitByWeight(n, kinds)
		sum := 0
		for _, c := range counts {
			sum += c
		}
		if sum != n {
			t.Errorf("splitByWeight(%d) = %v, sums to %d", n, counts, sum)
		}
	}
	if got := splitByWeight(600, kinds); got[0] != 200 || got[1] != 100 || got[2] != 300 {
		t.Errorf("splitByWeight(600) = %v, want [200 100 300]", got)
	}
}

func TestConfigsHoldTheirResources(t *testing.T) {
	if c := endpoints.build(7, facts{}); !strings.Contains(c, "count               = 7") || !strings.Contains(c, `resource "cpaas_endpoint"`) {
		t.Errorf("endpoint config:\n%s", c)
	}
	if c := baseline.build(3, facts{}); !strings.Contains(c, `resource "terraform_data"`) || strings.Contains(c, "cpaas") {
		t.Errorf("baseline config:\n%s", c)
	}
}

// The account of 1,000 holds the kinds users keep most by weight; its
// numbers are those the bench found on sale, written in the configuration
// (no search data source reads pages on every plan); its links go to
// campaigns of at most the service's number_pool_limit each.
func TestAccountHoldsEveryKind(t *testing.T) {
	n := 1000
	want := account.numbers(n)
	if want != 200 {
		t.Fatalf("the account of %d buys %d numbers, want 200", n, want)
	}
	f := facts{}
	for i := range want {
		f.numbers = append(f.numbers, fmt.Sprintf("1415555%04d", i))
	}
	c := account.build(n, f)
	for _, w := range []string{
		"resource \"cpaas_endpoint\" \"ep\" {\n  count               = 300",
		"resource \"cpaas_application\" \"app\" {\n  count       = 100",
		"resource \"cpaas_phone_number\" \"num\" {\n  count  = 200",
		`"14155550000", "14155550001"`, `"14155550199"]`,
		"resource \"cpaas_10dlc_campaign\" \"bench\" {\n  count          = 5",
		"resource \"cpaas_10dlc_campaign_number\" \"link\" {\n  count       = 200",
		"campaign_id = cpaas_10dlc_campaign.bench[floor(count.index / 49)].id",
		"resource \"cpaas_subaccount\" \"team\" {\n  count = 100",
		"resource \"cpaas_powerpack_number\" \"member\" {\n  count        = 100",
		"number       = cpaas_phone_number.num[count.index].number",
	} {
		if !strings.Contains(c, w) {
			t.Errorf("the account's configuration lacks %q", w)
		}
	}
	if strings.Contains(c, `data "cpaas_phone_numbers"`) {
		t.Error("the account searches numbers on every plan")
	}
	if got := accountObjects(n); !strings.Contains(got, "300 `cpaas_endpoint`") || !strings.Contains(got, "5 campaigns") || !strings.Contains(got, "one powerpack") {
		t.Errorf("accountObjects(%d) = %q", n, got)
	}
}

// Every object of the account is one of its kinds: the counts sum to N.
func TestAccountCountsSumToN(t *testing.T) {
	for _, n := range []int{20, 50, 1000, 1001} {
		sum := 0
		for _, c := range splitByWeight(n, accountKinds()) {
			sum += c
		}
		if sum != n {
			t.Errorf("account of %d: %d objects", n, sum)
		}
	}
}

// The targets: a no-change plan at most 0.10 requests per object in every
// setting, and under the limit at most 1.20x of the -refresh=false plan
// plus the plan's own requests / R.
func TestAccountTargets(t *testing.T) {
	o := options{accountN: 1000, latency: 50 * time.Millisecond, rl: rlOptions{rate: 20, burst: 20}, repeat: 1, parallelism: 10}
	limited := o.accountSettings()[2].name
	all := []rlMeasurement{
		{Mode: "zero latency", Op: "plan", Seconds: 3, Answered: 90},
		{Mode: "50ms per request", Op: "plan", Seconds: 4, Answered: 120},
		{Mode: limited, Op: "plan", Seconds: 9, Answered: 110, Throttled: 10},
		{Mode: limited, Op: planNoRefresh, Seconds: 2.5},
	}
	got := accountTargets(all, o)
	for _, w := range []string{
		"| no-change plan at most 0.10 requests per object | zero latency | 0.090 (90 requests) | yes |",
		"| no-change plan at most 0.10 requests per object | 50ms per request | 0.120 (120 requests) | **no** |",
		"| no-change plan at most 0.10 requests per object | " + limited + " | 0.100 (100 requests) | yes |",
		// 9 s against 2.5 + 100/20 = 7.5 s: 1.20x, met
		"9.00 s against 2.50 s + 100 / 20 = 7.50 s: **1.20x** | yes |",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("targets lack %q:\n%s", w, got)
		}
	}
	all[2].Seconds = 9.1
	if got := accountTargets(all, o); !strings.Contains(got, "**1.21x** | **no** |") {
		t.Errorf("a plan at 1.21x is met:\n%s", got)
	}
}

func TestVmHWMReadsThisProcess(t *testing.T) {
	if kib := vmHWM(os.Getpid()); kib <= 0 {
		t.Fatalf("VmHWM of this process = %d KiB", kib)
	}
	cmd := exec.Command("sleep", "5")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	seen := map[int]bool{}
	pids := newPIDs(os.Getpid(), seen)
	if !slices.Contains(pids, cmd.Process.Pid) || slices.Contains(pids, os.Getpid()) {
		t.Fatalf("newPIDs(%d) = %v, want the child %d and not this process", os.Getpid(), pids, cmd.Process.Pid)
	}
	if !isChildNamed(cmd.Process.Pid, os.Getpid(), "sleep") || isChildNamed(cmd.Process.Pid, os.Getpid(), "terraform-provi") {
		t.Fatal("isChildNamed does not tell the sleep child by name")
	}
	seen[cmd.Process.Pid] = false
	if slices.Contains(newPIDs(os.Getpid(), seen), cmd.Process.Pid) {
		t.Fatal("newPIDs lists a pid already seen")
	}
}

// The no-op plugin column divides the endpoints' time by the no-op
// plugin's at zero latency, and by max(N*L/P, no-op plugin) under latency;
// other workloads have no such floor.
func TestSchemaFloorRatios(t *testing.T) {
	o := options{parallelism: 10, latency: 50 * time.Millisecond, ns: []int{1000}}
	all := []measurement{
		{Workload: baseline.name, N: 1000, Op: "apply", Seconds: 10},
		{Workload: noopEndpoints.name, N: 1000, Op: "apply", Seconds: 20},
		{Workload: endpoints.name, N: 1000, Op: "apply", Seconds: 22},
		{Workload: "other", N: 1000, Op: "apply", Seconds: 30},
		{Latency: 50 * time.Millisecond, Workload: endpoints.name, N: 1000, Op: "apply", Seconds: 24},
	}
	if got := schemaFloor(all, all[2], o); got != 20 {
		t.Errorf("zero-latency schema floor = %v, want 20", got)
	}
	if got := schemaFloor(all, all[4], o); got != 20 { // max(1000*0.05/10 = 5, 20)
		t.Errorf("50 ms schema floor = %v, want 20", got)
	}
	if got := schemaFloor(all, all[3], o); got != 0 {
		t.Errorf("another workload's schema floor = %v, want 0", got)
	}
	row, ok := markdownRow(all, 0, endpoints, 1000, o)
	if !ok || !strings.Contains(row, "22.00 (**2.20x**)") || !strings.Contains(row, "**1.10x**") {
		t.Errorf("endpoint row: %q", row)
	}
	row, ok = markdownRow(all, 50*time.Millisecond, endpoints, 1000, o)
	if !ok || !strings.Contains(row, "24.00 (**4.80x**)") || !strings.Contains(row, "2.40x") || !strings.Contains(row, "**1.20x**") {
		t.Errorf("50 ms endpoint row: %q", row)
	}
	if _, ok := markdownRow(all, 50*time.Millisecond, noopEndpoints, 1000, o); ok {
		t.Error("the no-op plugin has a row under latency")
	}
	all = append(all, measurement{Workload: noopData.name, N: 1000, Op: "apply", Seconds: 12})
	if got := schemaFloor(all, all[len(all)-1], o); got != 0 {
		t.Errorf("terraform_data-schema plugin's schema floor = %v, want 0", got)
	}
	row, ok = markdownRow(all, 0, noopData, 1000, o)
	if !ok || !strings.Contains(row, "12.00 (**1.20x**)") || !strings.Contains(row, "| n/a |") {
		t.Errorf("terraform_data-schema plugin row: %q", row)
	}
}

// Rounds fold into their median time (the middle one of an odd count, the
// mean of the middle two of an even one), the largest peak and state, and
// keep the first-seen order.
func TestMediansFoldRounds(t *testing.T) {
	all := []measurement{
		{Workload: "a", N: 10, Op: "apply", Seconds: 9, PeakKiB: 100, Requests: 10},
		{Workload: "b", N: 10, Op: "apply", Seconds: 4},
		{Workload: "a", N: 10, Op: "apply", Seconds: 1, PeakKiB: 300, Requests: 10, StateBytes: 50},
		{Workload: "b", N: 10, Op: "apply", Seconds: 6},
		{Workload: "a", N: 10, Op: "apply", Seconds: 5, PeakKiB: 200, Requests: 10},
		{Latency: time.Second, Workload: "a", N: 10, Op: "apply", Seconds: 7},
	}
	got := medians(all)
	if len(got) != 3 {
		t.Fatalf("medians: %d groups, want 3: %+v", len(got), got)
	}
	if a := got[0]; a.Workload != "a" || a.Latency != 0 || a.Seconds != 5 || a.PeakKiB != 300 || a.StateBytes != 50 || a.Requests != 10 {
		t.Errorf("a: %+v, want median 5 s, peak 300, state 50, 10 requests", a)
	}
	if b := got[1]; b.Workload != "b" || b.Seconds != 5 {
		t.Errorf("b: %+v, want the mean of 4 and 6", b)
	}
	if l := got[2]; l.Latency != time.Second || l.Seconds != 7 {
		t.Errorf("latency group: %+v", l)
	}
}

// The plot is a PNG with one panel per command, side by side.
func TestPlotIsAWidePNG(t *testing.T) {
	var all []measurement
	for _, w := range plotted {
		for i, n := range []int{100, 500, 1000} {
			for j, op := range ops {
				all = append(all, measurement{Workload: w.w.name, N: n, Op: op, Seconds: float64((i + 1) * (j + 1))})
			}
		}
	}
	data, err := plotPNG(all)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 2*b.Dy() {
		t.Errorf("plot is %dx%d, want three panels side by side (at least twice as wide as high)", b.Dx(), b.Dy())
	}
}

// The -floor table's figure is the least CPU of the rounds: the provider's
// over the framework floor's, against the target for an apply, with the
// plugins' share and the wall times' medians beside it.
func TestFloorMarkdownGivesTheLeastCPU(t *testing.T) {
	var all []measurement
	// CPU per round of no-op / framework floor / provider; a noisy round 3.
	for round, cpu := range [][3]float64{{20, 22, 24.5}, {21, 22.5, 24}, {26, 30, 35}} {
		for i, w := range []workload{noopEndpoints, idleEndpoints, endpoints} {
			for _, op := range []string{"apply", "plan"} {
				all = append(all, measurement{Workload: w.name, N: 1000, Op: op, Seconds: cpu[i] / 2, CPUSeconds: cpu[i], PluginCPUSeconds: cpu[i] / 10, Round: round + 1})
			}
		}
	}
	got := floorMarkdown(all, options{ns: []int{1000}, repeat: 3, drift: map[string]string{}})
	// least 20 / 22 / 24: 24/22 = 1.091x, met; the framework floor 1.100x of the no-op plugin
	for _, want := range []string{"| 1000 | apply | 20.00 / 22.00 / 24.00 | **1.091x** | 1.114, 1.067, 1.167 | met | 1.100x | 2.00 / 2.20 / 2.40 | 10.50 (10.00 to 13.00) / 11.25 (11.00 to 15.00) / 12.25 (12.00 to 17.50) | 1.089x |",
		"| 1000 | plan | 20.00 / 22.00 / 24.00 | **1.091x** | 1.114, 1.067, 1.167 |  | 1.100x |"} {
		if !strings.Contains(got, want) {
			t.Errorf("floor table lacks %q:\n%s", want, got)
		}
	}
	// A provider at 1.15x of the floor misses the apply's target.
	for i := range all {
		if all[i].Workload == endpoints.name && all[i].Op == "apply" {
			all[i].CPUSeconds *= 1.15 * 22 / 24
		}
	}
	if got := floorMarkdown(all, options{ns: []int{1000}, repeat: 3, drift: map[string]string{}}); !strings.Contains(got, "**1.150x**") || !strings.Contains(got, "missed by 5.0%") {
		t.Errorf("a provider at 1.15x of the floor:\n%s", got)
	}
}

// The told client is the learning one with the limit's rate set in the
// provider block; the others leave the block empty.
func TestRateLimitedConfigTellsOnlyTheToldClient(t *testing.T) {
	o := rlOptions{n: 7, rate: 20, burst: 20}
	for _, mode := range rlModes {
		c := rlConfig(o, mode)
		told := strings.Contains(c, "max_requests_per_second = 20\n")
		if told != mode.told || !strings.Contains(c, "count               = 7") {
			t.Errorf("%s: config\n%s", mode.name, c)
		}
	}
}

// The request log's paths group by route: account ids, endpoint ids,
// numbers and UUIDs are written {id}; the kinds' names stay.
func TestRouteOfGroupsIDs(t *testing.T) {
	for path, want := range map[string]string{
		"/v1/Account/MAEMULATOR0000000001/Endpoint/50441471115418/":                                "/v1/Account/{id}/Endpoint/{id}/",
		"/v1/Account/MAEMULATOR0000000001/Endpoint/":                                               "/v1/Account/{id}/Endpoint/",
		"/v1/Account/MAEMULATOR0000000001/Number/14155550100/":                                     "/v1/Account/{id}/Number/{id}/",
		"/v1/Account/MAEMULATOR0000000001/NumberPool/0f8a6b1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b/Number/": "/v1/Account/{id}/NumberPool/{id}/Number/",
		"/v1/Account/MAEMULATOR0000000001/Subaccount/SAABCDEFGH0123456789/":                        "/v1/Account/{id}/Subaccount/{id}/",
		"/v1/Account/MAEMULATOR0000000001/10dlc/Campaign/CMPT4KZ/Number/14155550100/":              "/v1/Account/{id}/10dlc/Campaign/{id}/Number/{id}/",
	} {
		if got := routeOf(path); got != want {
			t.Errorf("routeOf(%s) = %s, want %s", path, got, want)
		}
	}
	m := requestLine.FindStringSubmatch(`2026/11/25 14:40:01.123456 GET /v1/Account/MAEMULATOR0000000001/Endpoint/ -> 200 (1.2ms) "terraform-provider-cpaas/bench"`)
	if m == nil || m[1] != "GET" || m[2] != "/v1/Account/MAEMULATOR0000000001/Endpoint/" {
		t.Errorf("request line: %q", m)
	}
}

// A kind that uses another's objects comes after it and never outnumbers
// it, for any size of account; every kind names a resource type.
func TestAccountKindsOrder(t *testing.T) {
	kinds := accountKinds()
	if len(kinds) != len(registeredKinds) || len(kinds) < 6 {
		t.Fatalf("accountKinds() = %d kinds, %d registered", len(kinds), len(registeredKinds))
	}
	at := map[string]int{}
	for i, k := range kinds {
		at[k.name] = i
		if !strings.HasPrefix(k.name, "cpaas_") || k.weight <= 0 || k.hcl == nil {
			t.Errorf("kind %q: a resource type, a weight and its HCL", k.name)
		}
	}
	declared := regexp.MustCompile(`resource "(cpaas_\w+)"`)
	used := regexp.MustCompile(`\b(cpaas_\w+)\.\w+\[`)
	f := facts{numbers: []string{"14155550000", "14155550001", "14155550002"}}
	for _, k := range kinds {
		own := map[string]bool{}
		hcl := k.hcl(3, f)
		for _, m := range declared.FindAllStringSubmatch(hcl, -1) {
			own[m[1]] = true
		}
		for _, m := range used.FindAllStringSubmatch(hcl, -1) {
			if _, other := registeredKinds[m[1]]; other && !own[m[1]] && k.after != m[1] {
				t.Errorf("%s uses %s's objects: declare after: %q", k.name, m[1], m[1])
			}
		}
		if k.after == "" {
			continue
		}
		i, ok := at[k.after]
		if !ok || i > at[k.name] {
			t.Fatalf("%s uses %s's objects but comes before it (or it is not registered)", k.name, k.after)
		}
		for n := 1; n <= 1100; n++ {
			counts := splitByWeight(n, kinds)
			if counts[at[k.name]] > counts[i] {
				t.Fatalf("an account of %d has %d %s for %d %s", n, counts[at[k.name]], k.name, counts[i], k.after)
			}
		}
	}
}

// The waits mix: of 1,000 objects, 400 endpoints, 150 applications, 90
// subaccounts, 180 bought numbers all linked to 4 campaigns, no pool.
func TestAccountWaitsMix(t *testing.T) {
	if err := useMix("waits"); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = useMix(defaultMix) }()
	got := map[string]int{}
	kinds := accountKinds()
	for i, c := range splitByWeight(1000, kinds) {
		got[kinds[i].name] = c
	}
	want := map[string]int{"cpaas_endpoint": 400, "cpaas_application": 150, "cpaas_subaccount": 90, "cpaas_phone_number": 180, "cpaas_10dlc_campaign_number": 180}
	if !maps.Equal(got, want) {
		t.Fatalf("the waits mix of 1,000: %v, want %v", got, want)
	}
	if s := accountObjects(1000); !strings.Contains(s, "4 campaigns") || strings.Contains(s, "powerpack") {
		t.Errorf("accountObjects(1000) = %q", s)
	}
	if err := useMix("nope"); err == nil {
		t.Error("an unknown mix is taken")
	}
}

// The apply and destroy targets: at most 1.30 and 1.10 requests per object
// at zero latency, and under the limit each within 1.10x of its own
// requests / R.
func TestAccountApplyDestroyTargets(t *testing.T) {
	o := options{accountN: 1000, rl: rlOptions{rate: 20, burst: 20}, repeat: 1, parallelism: 10}
	limited := o.accountSettings()[1].name
	all := []rlMeasurement{
		{Mode: "zero latency", Op: "apply", Answered: 1300},
		{Mode: "zero latency", Op: "destroy", Answered: 1101},
		{Mode: limited, Op: "apply", Seconds: 71.5, Answered: 1300},
		{Mode: limited, Op: "destroy", Seconds: 60.6, Answered: 1100},
	}
	got := accountTargets(all, o)
	for _, w := range []string{
		"| apply at most 1.30 requests per object | zero latency | 1.300 (1300 requests) | yes |",
		"| destroy at most 1.10 requests per object | zero latency | 1.101 (1101 requests) | **no** |",
		"71.50 s against 1300 / 20 = 65.00 s: **1.10x** | yes |",
		"60.60 s against 1100 / 20 = 55.00 s: **1.10x** | **no** |",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("targets lack %q:\n%s", w, got)
		}
	}
}

// The waits mix is measured at the emulator's default delays (operators
// that take a second): the waits mix must not run at the bench's short
// one, while the other mixes keep it.
func TestWaitsMixRunsAtTheEmulatorsDefaultDelays(t *testing.T) {
	if got, want := mixRegistryDelay("waits"), emulator.DefaultNumberLinkDelay; got != want {
		t.Errorf("the waits mix runs the registry at %s, want the emulator's default %s", got, want)
	}
	if got := mixRegistryDelay(defaultMix); got != registryDelay {
		t.Errorf("the %s mix runs the registry at %s, want the bench's %s", defaultMix, got, registryDelay)
	}
	md := accountMarkdown(nil, options{accountN: 10, parallelism: 10, tf: "terraform", repeat: 1}, "waits")
	if !strings.Contains(md, "takes 1s to register") || !strings.Contains(md, "the emulator's default") {
		t.Errorf("the waits mix's report does not say the registry's delay:\n%s", md)
	}
}

// A fleet's figures over rounds are each figure's median; every round's
// failures count, and slowest / fastest keeps its range.
func TestSplitMedianOfRounds(t *testing.T) {
	m := splitMedian([]splitMeasurement{
		{K: 4, Op: "apply", Seconds: 22, RatioToFloor: 1.12, Answered: 400, Throttled: 50, SlowestToFastest: 1.71},
		{K: 4, Op: "apply", Seconds: 20, RatioToFloor: 1.05, Answered: 380, Throttled: 30, SlowestToFastest: 1.20, Failed: 1, FirstErr: "boom"},
		{K: 4, Op: "apply", Seconds: 21, RatioToFloor: 1.08, Answered: 390, Throttled: 40, SlowestToFastest: 1.30},
	})
	if m.K != 4 || m.Op != "apply" || m.Rounds != 3 {
		t.Errorf("K %d op %q rounds %d, want 4, apply, 3", m.K, m.Op, m.Rounds)
	}
	if m.Seconds != 21 || m.RatioToFloor != 1.08 || m.Answered != 390 || m.Throttled != 40 || m.SlowestToFastest != 1.30 {
		t.Errorf("medians %+v, want 21 s, 1.08x, 390, 40, 1.30x", m)
	}
	if m.Failed != 1 || m.FirstErr != "boom" || m.MinSpread != 1.20 || m.MaxSpread != 1.71 {
		t.Errorf("failed %d (%q), spread %.2f to %.2f; want 1 (boom), 1.20 to 1.71", m.Failed, m.FirstErr, m.MinSpread, m.MaxSpread)
	}
	md := splitMarkdown([]splitMeasurement{m}, splitOptions{n: 90, rounds: 3}, rlOptions{rate: 20, burst: 20}, 10, "", "")
	if !strings.Contains(md, "| 1.30x (1.20 to 1.71) | 1 |") || !strings.Contains(md, "the median of 3 rounds") {
		t.Errorf("markdown:\n%s", md)
	}
}
