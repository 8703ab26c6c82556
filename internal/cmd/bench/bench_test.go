package main

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
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
	if c := endpoints.build(7); !strings.Contains(c, "count               = 7") || !strings.Contains(c, `resource "cpaas_endpoint"`) {
		t.Errorf("endpoint config:\n%s", c)
	}
	c := mixed.build(9) // 5 endpoints, 2 numbers, 2 links
	for _, want := range []string{`resource "cpaas_endpoint" "ep"`, "count               = 5", `resource "cpaas_phone_number" "num"`,
		"max_results = 2", `resource "cpaas_10dlc_campaign_number" "link"`, "count       = 2", "cpaas_phone_number.num[count.index].number"} {
		if !strings.Contains(c, want) {
			t.Errorf("mixed config lacks %q:\n%s", want, c)
		}
	}
	if c := baseline.build(3); !strings.Contains(c, `resource "terraform_data"`) || strings.Contains(c, "cpaas") {
		t.Errorf("baseline config:\n%s", c)
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
		{Workload: mixed.name, N: 1000, Op: "apply", Seconds: 30},
		{Latency: 50 * time.Millisecond, Workload: endpoints.name, N: 1000, Op: "apply", Seconds: 24},
	}
	if got := schemaFloor(all, all[2], o); got != 20 {
		t.Errorf("zero-latency schema floor = %v, want 20", got)
	}
	if got := schemaFloor(all, all[4], o); got != 20 { // max(1000*0.05/10 = 5, 20)
		t.Errorf("50 ms schema floor = %v, want 20", got)
	}
	if got := schemaFloor(all, all[3], o); got != 0 {
		t.Errorf("mixed schema floor = %v, want 0", got)
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

// The -floor table splits the provider's ratio to the no-op plugin into
// the framework's part and the provider's own, from the medians.
func TestFloorMarkdownSplitsTheRatio(t *testing.T) {
	var all []measurement
	for round, s := range [][3]float64{{10, 11, 12}, {10, 11, 12.1}, {12, 11.5, 14}} {
		for i, w := range []workload{noopEndpoints, idleEndpoints, endpoints} {
			all = append(all, measurement{Workload: w.name, N: 1000, Op: "plan", Seconds: s[i], CPUSeconds: 2 * s[i], Round: round + 1})
		}
	}
	got := floorMarkdown(all, options{ns: []int{1000}, repeat: 3})
	// medians 10 / 11 / 12.1: 1.21x = 1.10x (framework) x 1.10x (provider)
	for _, want := range []string{"| 1000 | plan | 10.00 s (10.00 to 12.00) | 11.00 s (11.00 to 11.50) | 12.10 s (12.00 to 14.00) |",
		"1.200, 1.210, 1.167", "**1.210x**", "missed by 16.0%", "| 1.100x | 1.100x | 20.00 / 22.00 / 24.20 |"} {
		if !strings.Contains(got, want) {
			t.Errorf("floor table lacks %q:\n%s", want, got)
		}
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
