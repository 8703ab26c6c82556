package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/cpuprofile"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The large part (-large, make bench-large) measures what a team gains by
// splitting a large account into many states, in three parts, each
// selectable (-large-parts), run in this order:
//
//   - narrow: a state of m applications in an account of M (-large-m,
//     -large-account), its no-change plan under the account's rate limit
//     (-rl-rate, -rl-burst), once with every application in a subaccount
//     of its own (the provider then refreshes them from that subaccount's
//     listing: client.ApplicationListing is Narrowed) and once in the main
//     account among the M-m others. What a state pays for the objects it
//     does not hold is the difference.
//   - fleet: K states of n endpoints (-large-k, -large-n), each in its own
//     directory with its own cache directory (as on separate machines),
//     applied and then planned (no change) by K terraform processes
//     started together, with no limit and at zero latency: the fleet's
//     time, its slowest and fastest run, its requests and the CPU of every
//     terraform process and the plugins they waited for. The states are
//     in the main account, as a split by family leaves them: the API
//     lists endpoints by account only, so each state's refresh reads the
//     account's whole endpoint listing.
//   - teams: the same fleet split by subaccount, as the large-accounts
//     guide splits an account: K subaccounts created through the API,
//     each state's provider block authenticated as its own, so each
//     state's endpoints are its subaccount's and its refresh reads that
//     listing only.
//   - one: the same K×n endpoints in one state, applied and planned by one
//     terraform process: what the fleet is measured against. Terraform
//     rewrites the whole state after each resource, so this apply grows
//     with the square of the state (the full size takes most of an hour;
//     nobody should run it casually) while the fleet's K states each pay
//     for their n.
//
// Each part's figures are kept in large.json beside large.md, with when
// they were measured: a run of some parts keeps the others' last figures
// (taken with the same sizes), so that the hour-long one state need not
// run again to measure another part.
//
// The objects are created through the API where the command measured is
// not the apply (the narrow part's M-m others), and every object is
// deleted through the API afterwards (a destroy of thousands takes as long
// as their apply and measures nothing here).

// largeOptions configure the large part.
type largeOptions struct {
	// parts are the parts to run, of largeParts, in largeParts' order.
	parts []string
	// m is the narrow part's state, account the objects the account holds
	// while it plans.
	m, account int
	// k states of n endpoints each in the fleet; one state of k*n.
	k, n int
}

// largeParts are the large part's parts, in the order they run.
var largeParts = []string{"narrow", "fleet", "teams", "one"}

// parseLargeParts reads -large-parts: comma-separated names of largeParts,
// returned in largeParts' order (the order they run in) without repeats.
// None ("") measures nothing and writes large.md from large.json again.
func parseLargeParts(value string) ([]string, error) {
	if strings.TrimSpace(value) == "" {
		return nil, nil
	}
	want := map[string]bool{}
	for _, f := range strings.Split(value, ",") {
		f = strings.TrimSpace(f)
		if !slices.Contains(largeParts, f) {
			return nil, fmt.Errorf("no part %q: %s", f, strings.Join(largeParts, ", "))
		}
		want[f] = true
	}
	var out []string
	for _, p := range largeParts {
		if want[p] {
			out = append(out, p)
		}
	}
	return out, nil
}

// has is whether part runs.
func (o largeOptions) has(part string) bool { return slices.Contains(o.parts, part) }

// largeNarrow is one no-change plan of the narrow part.
type largeNarrow struct {
	Case     string  `json:"case"` // largeNarrowed or largeNotNarrowed
	Seconds  float64 `json:"seconds"`
	Answered int     `json:"answered"` // every /v1 request, 429s included
	// Throttled are the 429 answers.
	Throttled int `json:"throttled"`
	// ListPages and Gets are the application listing's pages and the
	// applications' GETs (429s included); the rest are Other.
	ListPages int `json:"list_pages"`
	Gets      int `json:"gets"`
	Other     int `json:"other"`
}

// The narrow part's two states.
const (
	largeNarrowed    = "narrowed"
	largeNotNarrowed = "not narrowed"
)

// largeRun is one command of the fleet or of the one state.
type largeRun struct {
	Op      string  `json:"op"`
	Seconds float64 `json:"seconds"` // the fleet's: its first start to its last end
	// Fastest and Slowest are the fleet's runs' (one state: Seconds).
	Fastest  float64 `json:"fastest"`
	Slowest  float64 `json:"slowest"`
	Requests int     `json:"requests"`
	// CPUSeconds is every terraform process's and the plugins' each
	// waited for, PluginCPUSeconds the plugins' share.
	CPUSeconds       float64 `json:"cpu_seconds"`
	PluginCPUSeconds float64 `json:"plugin_cpu_seconds"`
	PeakKiB          int64   `json:"peak_kib,omitempty"` // the one state's provider; 0 for the fleets
}

// largeResults are what the large part measured, as large.json keeps
// them: each part's figures, when they were measured, and the sizes and
// limit they were measured with.
type largeResults struct {
	Sizes  largeSizes    `json:"sizes"`
	Narrow []largeNarrow `json:"narrow,omitempty"`
	Fleet  []largeRun    `json:"fleet,omitempty"`
	Teams  []largeRun    `json:"teams,omitempty"`
	One    []largeRun    `json:"one,omitempty"`
	// Measured is each part's when, Terraform version and load averages.
	Measured map[string]largeWhen `json:"measured"`
}

// largeSizes are the options a part's figures depend on: figures taken
// with other sizes are not kept.
type largeSizes struct {
	M           int     `json:"m"`
	Account     int     `json:"account"`
	K           int     `json:"k"`
	N           int     `json:"n"`
	Rate        float64 `json:"rate"`
	Burst       int     `json:"burst"`
	Parallelism int     `json:"parallelism"`
}

// largeWhen is when and how a part was measured.
type largeWhen struct {
	At         string `json:"at"`
	Terraform  string `json:"terraform"`
	LoadBefore string `json:"load_before"`
	LoadAfter  string `json:"load_after"`
}

// largeJSON is the file that keeps the figures between runs.
const largeJSON = "large.json"

// previousLarge is what an earlier run left in dir (results dir) for the
// same sizes; empty results otherwise.
func previousLarge(dir string, sizes largeSizes) largeResults {
	fresh := largeResults{Sizes: sizes, Measured: map[string]largeWhen{}}
	if dir == "" {
		return fresh
	}
	data, err := os.ReadFile(filepath.Join(dir, largeJSON))
	if err != nil {
		return fresh
	}
	var r largeResults
	if err := json.Unmarshal(data, &r); err != nil || r.Sizes != sizes {
		fmt.Printf("   %s holds figures of other sizes (or none readable): not kept\n", filepath.Join(dir, largeJSON))
		return fresh
	}
	if r.Measured == nil {
		r.Measured = map[string]largeWhen{}
	}
	return r
}

// runLarge runs the large part's parts and writes large.md.
func (b *bencher) runLarge(o largeOptions) error {
	if err := b.emu.setLatency(0); err != nil {
		return err
	}
	if err := b.emu.setRateLimit(0, 0); err != nil {
		return err
	}
	sizes := largeSizes{M: o.m, Account: o.account, K: o.k, N: o.n, Rate: b.o.rl.rate, Burst: b.o.rl.burst, Parallelism: b.o.parallelism}
	r := previousLarge(b.o.results, sizes)
	tf := terraformVersion(b.o.tf)
	measure := func(part string, run func() error) error {
		if !o.has(part) {
			return nil
		}
		when := largeWhen{At: time.Now().UTC().Format("2006-01-02 15:04 UTC"), Terraform: tf, LoadBefore: loadAverage()}
		if err := run(); err != nil {
			return err
		}
		when.LoadAfter = loadAverage()
		r.Measured[part] = when
		return nil
	}
	var err error
	for _, part := range []struct {
		name string
		run  func() error
	}{
		{"narrow", func() error { r.Narrow, err = b.largeNarrow(o); return err }},
		{"fleet", func() error { r.Fleet, err = b.largeFleet(o, false); return err }},
		{"teams", func() error { r.Teams, err = b.largeFleet(o, true); return err }},
		{"one", func() error { r.One, err = b.largeOne(o); return err }},
	} {
		if err := measure(part.name, part.run); err != nil {
			return err
		}
	}
	md := largeMarkdown(r, o, b.o.rl, b.o.parallelism)
	fmt.Println()
	fmt.Print(md)
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return b.write(map[string][]byte{"large.md": []byte(md), largeJSON: append(data, '\n')})
}

// largeNarrow seeds M-m applications in the main account and plans a
// state of m, narrowed and then not, under the rate limit; it deletes
// each state's applications before the next (so that the account holds M
// during each plan) and the seeded ones at the end.
func (b *bencher) largeNarrow(o largeOptions) ([]largeNarrow, error) {
	c, err := b.benchClient()
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	sub, err := c.CreateSubaccount(ctx, client.SubaccountCreate{Name: "bench-large", Enabled: wire.Flag(true)})
	if err != nil {
		return nil, fmt.Errorf("creating the narrowed state's subaccount: %w", err)
	}
	step(fmt.Sprintf("large, narrow: seeding %d applications in the main account", o.account-o.m))
	start := time.Now()
	answer := "https://voice.bench.example/seed/answer"
	seeded := make([]string, o.account-o.m)
	err = inWorkers(len(seeded), func(i int) error {
		a, err := c.CreateApplication(ctx, client.ApplicationCreate{AppName: fmt.Sprintf("bench-seed-%d", i),
			ApplicationSettings: client.ApplicationSettings{AnswerURL: &answer}})
		if err == nil {
			seeded[i] = a.AppID
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("seeding applications: %w", err)
	}
	fmt.Printf("   seeded in %.1fs\n", time.Since(start).Seconds())
	p := "-parallelism=" + strconv.Itoa(b.o.parallelism)
	var out []largeNarrow
	for _, s := range []struct{ name, subaccount string }{{largeNarrowed, sub.AuthID}, {largeNotNarrowed, ""}} {
		dir := filepath.Join(b.work, "large-"+strings.ReplaceAll(s.name, " ", "-"))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		cfg, err := narrowConfig(o.m, s.subaccount)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(cfg), 0o644); err != nil {
			return nil, err
		}
		// A cache of its own: the limit one plan learned is not the next's.
		cache, err := os.MkdirTemp(b.work, "cache-")
		if err != nil {
			return nil, err
		}
		b.extraEnv = []string{"XDG_CACHE_HOME=" + cache}
		step(fmt.Sprintf("large, narrow, %s: applying %d applications, no rate limit", s.name, o.m))
		d, _, err := b.terraform(dir, b.cliConfig, "apply", "-auto-approve", "-input=false", p)
		if err != nil {
			b.extraEnv = nil
			return nil, fmt.Errorf("large, narrow, %s: terraform apply: %w", s.name, err)
		}
		fmt.Printf("   applied in %.1fs\n", d.Seconds())
		step(fmt.Sprintf("large, narrow, %s: no-change plan of %d in an account of %d, rate limit %s/s burst %d",
			s.name, o.m, o.account, strconv.FormatFloat(b.o.rl.rate, 'f', -1, 64), b.o.rl.burst))
		if err := b.emu.setRateLimit(b.o.rl.rate, b.o.rl.burst); err != nil {
			return nil, err
		}
		if err := b.emu.resetCounters(); err != nil {
			return nil, err
		}
		d, _, err = b.terraform(dir, b.cliConfig, "plan", "-detailed-exitcode", "-input=false", p)
		b.extraEnv = nil
		m := largeNarrow{Case: s.name, Seconds: d.Seconds()}
		m.Answered, m.Throttled, _ = b.emu.stats()
		if lerr := b.emu.setRateLimit(0, 0); lerr != nil {
			return nil, lerr
		}
		if err != nil {
			if exitCode(err) == 2 {
				return nil, fmt.Errorf("large, narrow, %s: the plan after apply is not empty", s.name)
			}
			return nil, fmt.Errorf("large, narrow, %s: terraform plan: %w", s.name, err)
		}
		m.ListPages, m.Gets, m.Other = applicationRoutes(b.emu.routeCounts(m.Answered))
		fmt.Printf("   %.2fs, %d requests (%d list pages, %d GETs, %d others), %d answered 429\n",
			m.Seconds, m.Answered, m.ListPages, m.Gets, m.Other, m.Throttled)
		out = append(out, m)
		step(fmt.Sprintf("large, narrow, %s: deleting its %d applications", s.name, o.m))
		ids, err := stateFileIDs(dir, "cpaas_application")
		if err != nil {
			return nil, err
		}
		if err := b.deleteApplications(ids); err != nil {
			return nil, err
		}
	}
	step(fmt.Sprintf("large, narrow: deleting the %d seeded applications and the subaccount", len(seeded)))
	if err := b.deleteApplications(seeded); err != nil {
		return nil, err
	}
	if err := c.DeleteSubaccount(ctx, sub.AuthID, false); err != nil && !errors.Is(err, client.ErrNotFound) {
		return nil, err
	}
	return out, nil
}

// narrowConfig is the narrow part's state: m applications (the kind's own
// HCL), in the subaccount whose auth_id is subaccount, or in the main
// account when it is "".
func narrowConfig(m int, subaccount string) (string, error) {
	hcl := registeredKinds["cpaas_application"].hcl(m, facts{})
	if subaccount != "" {
		placed := strings.Replace(hcl, "\n  count ", fmt.Sprintf("\n  subaccount  = %q\n  count ", subaccount), 1)
		if placed == hcl {
			return "", errors.New("the applications' HCL has no count line to place them after")
		}
		hcl = placed
	}
	return providerBlock + hcl, nil
}

// applicationRoutes splits a command's requests by route into the
// application listing's pages, the applications' GETs and the others.
func applicationRoutes(routes map[string]int) (pages, gets, other int) {
	for r, n := range routes {
		switch r {
		case "GET /v1/Account/{id}/Application/":
			pages += n
		case "GET /v1/Account/{id}/Application/{id}/":
			gets += n
		default:
			other += n
		}
	}
	return pages, gets, other
}

// fleetConfig is state i's configuration in the fleet: n endpoints (the
// kind's own HCL) whose names carry i, as splitConfig's do, so that the
// states' endpoints differ.
func fleetConfig(i, n int) string {
	return strings.ReplaceAll(providerBlock+registeredKinds["cpaas_endpoint"].hcl(n, facts{}), `"bench`, fmt.Sprintf(`"s%dbench`, i))
}

// teamConfig is a fleet state's configuration authenticated as the
// subaccount authID: its provider block names the subaccount's
// credentials, as a team's state gets them from the platform's.
func teamConfig(cfg, authID, authToken string) string {
	return strings.Replace(cfg, `provider "cpaas" {}`, fmt.Sprintf("provider \"cpaas\" {\n  auth_id    = %q\n  auth_token = %q\n}", authID, authToken), 1)
}

// largeOps are the commands of the fleet and of the one state, in turn.
var largeOps = []struct {
	op   string
	args []string
}{
	{"apply", []string{"apply", "-auto-approve", "-input=false"}},
	{"plan", []string{"plan", "-detailed-exitcode", "-input=false"}},
}

// largeFleet applies and plans K states of n endpoints at once, then
// deletes the endpoints through the API. With teams, each state is its
// own subaccount's, created through the API and deleted afterwards.
func (b *bencher) largeFleet(o largeOptions, teams bool) ([]largeRun, error) {
	part := "fleet"
	if teams {
		part = "teams"
	}
	main, err := b.benchClient()
	if err != nil {
		return nil, err
	}
	// Each state's client: the main account's, or its subaccount's.
	clients := make([]*client.Client, o.k)
	var subs []string
	dirs := make([]string, o.k)
	caches := make([]string, o.k)
	for i := range o.k {
		dirs[i] = filepath.Join(b.work, fmt.Sprintf("large-%s-%d", part, i))
		if err := os.MkdirAll(dirs[i], 0o755); err != nil {
			return nil, err
		}
		cfg := fleetConfig(i, o.n)
		clients[i] = main
		if teams {
			sub, err := main.CreateSubaccount(context.Background(), client.SubaccountCreate{Name: fmt.Sprintf("bench-team-%d", i), Enabled: wire.Flag(true)})
			if err != nil {
				return nil, fmt.Errorf("large, teams: creating subaccount %d: %w", i, err)
			}
			subs = append(subs, sub.AuthID)
			cfg = teamConfig(cfg, sub.AuthID, sub.AuthToken)
			if clients[i], err = client.New(client.Config{BaseURL: b.emu.baseURL, AuthID: sub.AuthID, AuthToken: sub.AuthToken, Version: "bench"}); err != nil {
				return nil, err
			}
		}
		if err := os.WriteFile(filepath.Join(dirs[i], "main.tf"), []byte(cfg), 0o644); err != nil {
			return nil, err
		}
		var err error
		if caches[i], err = os.MkdirTemp(b.work, "cache-"); err != nil {
			return nil, err
		}
	}
	p := "-parallelism=" + strconv.Itoa(b.o.parallelism)
	var out []largeRun
	for _, op := range largeOps {
		step(fmt.Sprintf("large, %s: %s of %d states of %d endpoints at once, no rate limit", part, op.op, o.k, o.n))
		if err := b.emu.resetCounters(); err != nil {
			return nil, err
		}
		times := make([]float64, o.k)
		cpus := make([]time.Duration, o.k)
		plugins := make([]time.Duration, o.k)
		errs := make([]error, o.k)
		var wg sync.WaitGroup
		stop := b.progress(part+" "+op.op, time.Minute)
		start := time.Now()
		for i := range o.k {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var d time.Duration
				d, cpus[i], plugins[i], errs[i] = b.fleetRun(dirs[i], caches[i], append(slices.Clone(op.args), p)...)
				times[i] = d.Seconds()
			}()
		}
		wg.Wait()
		m := largeRun{Op: op.op, Seconds: time.Since(start).Seconds(), Fastest: slices.Min(times), Slowest: slices.Max(times)}
		stop()
		for i, err := range errs {
			if err != nil {
				if op.op == "plan" && exitCode(err) == 2 {
					return nil, fmt.Errorf("large, %s, state %d: the plan after apply is not empty", part, i)
				}
				return nil, fmt.Errorf("large, %s, state %d: terraform %s: %w", part, i, op.op, err)
			}
			m.CPUSeconds += cpus[i].Seconds()
			m.PluginCPUSeconds += plugins[i].Seconds()
		}
		var err error
		if m.Requests, err = b.emu.requests(); err != nil {
			return nil, err
		}
		fmt.Printf("   %.2fs (runs %.2fs to %.2fs), CPU %.2fs (plugins %.2fs), %d requests\n",
			m.Seconds, m.Fastest, m.Slowest, m.CPUSeconds, m.PluginCPUSeconds, m.Requests)
		out = append(out, m)
	}
	step(fmt.Sprintf("large, %s: deleting the %d endpoints", part, o.k*o.n))
	for i, dir := range dirs {
		ids, err := stateFileIDs(dir, "cpaas_endpoint")
		if err != nil {
			return nil, err
		}
		if err := deleteEndpointsOf(clients[i], ids); err != nil {
			return nil, err
		}
	}
	for _, sub := range subs {
		if err := main.DeleteSubaccount(context.Background(), sub, false); err != nil && !errors.Is(err, client.ErrNotFound) {
			return nil, err
		}
	}
	for _, d := range slices.Concat(dirs, caches) {
		if err := os.RemoveAll(d); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// fleetRun runs terraform args in dir with its own cache directory, and
// returns how long it took and its CPU time, as b.terraform counts it
// (the rusage of the waited-for terraform process, which counts the
// plugins it waited for), with the plugins' share.
func (b *bencher) fleetRun(dir, cache string, args ...string) (time.Duration, time.Duration, time.Duration, error) {
	cpuDir, err := os.MkdirTemp(b.work, "cputime-")
	if err != nil {
		return 0, 0, 0, err
	}
	defer os.RemoveAll(cpuDir)
	cmd := exec.Command(b.o.tf, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), b.env...), "XDG_CACHE_HOME="+cache, "TF_CLI_CONFIG_FILE="+b.cliConfig, cpuprofile.CPUTimeEnv+"="+cpuDir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err = cmd.Run()
	d := time.Since(start)
	var cpu time.Duration
	if cmd.ProcessState != nil {
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	plugin, _, _ := cpuprofile.ReadCPUTimes(cpuDir)
	if err != nil {
		return d, cpu, plugin, fmt.Errorf("%w\n%s", err, firstLine(out.String()))
	}
	return d, cpu, plugin, nil
}

// largeOne applies and plans one state of K×n endpoints, then deletes
// them through the API.
func (b *bencher) largeOne(o largeOptions) ([]largeRun, error) {
	n := o.k * o.n
	dir := filepath.Join(b.work, "large-one")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(endpoints.build(n, facts{})), 0o644); err != nil {
		return nil, err
	}
	p := "-parallelism=" + strconv.Itoa(b.o.parallelism)
	var out []largeRun
	for _, op := range largeOps {
		step(fmt.Sprintf("large, one: %s of one state of %d endpoints, no rate limit", op.op, n))
		if err := b.emu.resetCounters(); err != nil {
			return nil, err
		}
		stop := b.progress("one "+op.op, time.Minute)
		d, peak, err := b.terraform(dir, b.cliConfig, append(slices.Clone(op.args), p)...)
		stop()
		if err != nil {
			if op.op == "plan" && exitCode(err) == 2 {
				return nil, errors.New("large, one: the plan after apply is not empty")
			}
			return nil, fmt.Errorf("large, one: terraform %s: %w", op.op, err)
		}
		m := largeRun{Op: op.op, Seconds: d.Seconds(), Fastest: d.Seconds(), Slowest: d.Seconds(),
			CPUSeconds: b.cpu.Seconds(), PluginCPUSeconds: b.pluginCPU.Seconds(), PeakKiB: peak}
		if m.Requests, err = b.emu.requests(); err != nil {
			return nil, err
		}
		fmt.Printf("   %.2fs, CPU %.2fs (plugin %.2fs), %d requests, provider peak %.1f MiB\n",
			m.Seconds, m.CPUSeconds, m.PluginCPUSeconds, m.Requests, float64(peak)/1024)
		out = append(out, m)
	}
	step(fmt.Sprintf("large, one: deleting the %d endpoints", n))
	ids, err := stateFileIDs(dir, "cpaas_endpoint")
	if err != nil {
		return nil, err
	}
	if err := b.deleteEndpoints(ids); err != nil {
		return nil, err
	}
	return out, os.RemoveAll(dir)
}

// progress prints, every interval until the returned stop is called, how
// long what has been running and the requests the emulator has answered
// since its last reset: the full-size commands run for most of an hour,
// and a silent one cannot be told from a stuck one.
func (b *bencher) progress(what string, every time.Duration) (stop func()) {
	start := time.Now()
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				reqs, _ := b.emu.requests()
				fmt.Printf("   %s: %s elapsed, %d requests so far\n", what, time.Since(start).Round(time.Second), reqs)
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

// inWorkers calls f for 0..n-1, seedWorkers at once, and returns the
// first error.
func inWorkers(n int, f func(i int) error) error {
	next := make(chan int)
	var mu sync.Mutex
	var first error
	var wg sync.WaitGroup
	for range seedWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := f(i); err != nil {
					mu.Lock()
					first = cmpOr(first, err)
					mu.Unlock()
				}
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return first
}

// deleteApplications deletes applications through the API (keeping any
// endpoints, as the provider's delete does).
func (b *bencher) deleteApplications(ids []string) error {
	c, err := b.benchClient()
	if err != nil {
		return err
	}
	return inWorkers(len(ids), func(i int) error {
		err := c.DeleteApplication(context.Background(), ids[i], client.ApplicationDelete{})
		if errors.Is(err, client.ErrNotFound) {
			return nil
		}
		return err
	})
}

// deleteEndpointsOf deletes endpoints through c, seedWorkers at once.
func deleteEndpointsOf(c *client.Client, ids []string) error {
	return inWorkers(len(ids), func(i int) error {
		err := c.DeleteEndpoint(context.Background(), ids[i])
		if errors.Is(err, client.ErrNotFound) {
			return nil
		}
		return err
	})
}

// stateFileIDs is the ids of the resources of type typ in dir's
// terraform.tfstate.
func stateFileIDs(dir, typ string) ([]string, error) {
	state, err := os.ReadFile(filepath.Join(dir, "terraform.tfstate"))
	if err != nil {
		return nil, err
	}
	return stateIDs(state, typ)
}

// stateIDs is the ids of the instances of every resource of type typ in
// a state file, in its order.
func stateIDs(state []byte, typ string) ([]string, error) {
	var s struct {
		Resources []struct {
			Mode      string `json:"mode"`
			Type      string `json:"type"`
			Instances []struct {
				Attributes struct {
					ID string `json:"id"`
				} `json:"attributes"`
			} `json:"instances"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(state, &s); err != nil {
		return nil, err
	}
	var ids []string
	for _, r := range s.Resources {
		if r.Mode != "managed" || r.Type != typ {
			continue
		}
		for i, inst := range r.Instances {
			if inst.Attributes.ID == "" {
				return nil, fmt.Errorf("instance %d of %s has no id", i, typ)
			}
			ids = append(ids, inst.Attributes.ID)
		}
	}
	return ids, nil
}

// largeMarkdown is large.md: a table per part measured (this run or an
// earlier one, each with when), the narrowed state against the other, and
// the one state against the fleets.
func largeMarkdown(r largeResults, o largeOptions, rl rlOptions, parallelism int) string {
	var s strings.Builder
	rate := strconv.FormatFloat(rl.rate, 'f', -1, 64)
	s.WriteString("# A large account: one state or many\n\n")
	fmt.Fprintf(&s, "On %d CPUs, at zero latency, `-parallelism=%d` in every command; every plan found nothing to change. "+
		"The machine is shared: time is disturbed by the other load, CPU less; each part says when it was measured and the "+
		"load averages before and after it. `make bench-large` (`go run ./internal/cmd/bench -large`; `-large-parts`, "+
		"`-large-m`, `-large-account`, `-large-k`, `-large-n`); %s keeps each part's figures, and a run of some parts "+
		"keeps the others'.\n\n", runtime.NumCPU(), parallelism, largeJSON)
	when := func(part string) {
		if w, ok := r.Measured[part]; ok {
			fmt.Fprintf(&s, "Measured %s, %s; load average before: %s, after: %s.\n\n", w.At, w.Terraform, w.LoadBefore, w.LoadAfter)
		}
	}

	if len(r.Narrow) > 0 {
		fmt.Fprintf(&s, "## A state of %d applications in an account of %d\n\n", o.m, o.account)
		when("narrow")
		fmt.Fprintf(&s, "%d applications were created through the API in the main account; then, in turn, a state of %d "+
			"applications was applied through Terraform with no limit, planned (no change) under a limit of %s requests/s "+
			"(burst %d) with a cache directory of its own, and its applications deleted, so that the account held %d during each "+
			"plan. Narrowed: every application has `subaccount` set to a subaccount the bench created, and the provider "+
			"refreshes them from that subaccount's listing (`client.ApplicationListing` is narrowed by subaccount). Not "+
			"narrowed: the applications are in the main account, whose listing holds all %d. A listing page holds %d "+
			"applications; the requests count the 429s, and the pages and GETs count their tries.\n\n",
			o.account-o.m, o.m, rate, rl.burst, o.account, o.account, client.ApplicationListing.Limit)
		s.WriteString("| state | plan wall | requests | list pages | application GETs | other requests | 429s |\n")
		s.WriteString("|---|---:|---:|---:|---:|---:|---:|\n")
		byCase := map[string]largeNarrow{}
		for _, m := range r.Narrow {
			byCase[m.Case] = m
			fmt.Fprintf(&s, "| %s | %.2f s | %d | %d | %d | %d | %d |\n", m.Case, m.Seconds, m.Answered, m.ListPages, m.Gets, m.Other, m.Throttled)
		}
		if a, z := byCase[largeNarrowed], byCase[largeNotNarrowed]; a.Answered > 0 && a.Seconds > 0 && z.Answered > 0 {
			fmt.Fprintf(&s, "\nNot narrowed / narrowed: **%.1fx the requests, %.1fx the wall time**. At %s requests/s the "+
				"not-narrowed plan's requests alone take %.1f s, the narrowed one's %.1f s (less the burst).\n",
				float64(z.Answered)/float64(a.Answered), z.Seconds/a.Seconds, rate,
				float64(z.Answered-z.Throttled)/rl.rate, float64(a.Answered-a.Throttled)/rl.rate)
		}
		s.WriteString("\n")
	}

	fleetTable := func(ms []largeRun) {
		s.WriteString("| command | fleet wall | fastest run | slowest run | requests | CPU (plugins') |\n")
		s.WriteString("|---|---:|---:|---:|---:|---:|\n")
		for _, m := range ms {
			fmt.Fprintf(&s, "| %s | %.1f s | %.1f s | %.1f s | %d | %.1f s (%.1f s) |\n",
				m.Op, m.Seconds, m.Fastest, m.Slowest, m.Requests, m.CPUSeconds, m.PluginCPUSeconds)
		}
		s.WriteString("\n")
	}
	fleetText := fmt.Sprintf("%d terraform processes started together, each in its own directory with its own cache directory, "+
		"with no rate limit: `apply -auto-approve`, then a no-change `plan -detailed-exitcode`. Wall: the first start to "+
		"the last end. CPU: every terraform process's and the plugins' each waited for (their rusage), with the plugins' "+
		"share. The endpoints were deleted through the API afterwards.", o.k)
	if len(r.Fleet) > 0 {
		fmt.Fprintf(&s, "## %d states of %d endpoints at once, in the main account\n\n", o.k, o.n)
		when("fleet")
		fmt.Fprintf(&s, "%s Every state's endpoints are the main account's, as a split by family leaves them: the API lists "+
			"endpoints by account only, so each state's refresh reads the whole account's listing.\n\n", fleetText)
		fleetTable(r.Fleet)
	}
	if len(r.Teams) > 0 {
		fmt.Fprintf(&s, "## %d states of %d endpoints at once, one per subaccount\n\n", o.k, o.n)
		when("teams")
		fmt.Fprintf(&s, "%s Each state's provider block authenticates as a subaccount of its own (created through the API, "+
			"as the large-accounts guide's platform state creates them), so its endpoints are the subaccount's and its "+
			"refresh reads the subaccount's listing only.\n\n", fleetText)
		fleetTable(r.Teams)
	}
	if len(r.One) > 0 {
		fmt.Fprintf(&s, "## One state of %d endpoints\n\n", o.k*o.n)
		when("one")
		fmt.Fprintf(&s, "The same %d×%d endpoints in one state, one terraform process with no rate limit: `apply -auto-approve`, "+
			"then a no-change `plan -detailed-exitcode`. CPU is Terraform's and the plugin's, with the plugin's share; peak "+
			"memory is the provider's largest VmHWM. The endpoints were deleted through the API afterwards.\n\n", o.k, o.n)
		s.WriteString("| command | wall | requests | CPU (plugin's) | provider peak RSS |\n")
		s.WriteString("|---|---:|---:|---:|---:|\n")
		for _, m := range r.One {
			fmt.Fprintf(&s, "| %s | %.1f s | %d | %.1f s (%.1f s) | %.1f MiB |\n",
				m.Op, m.Seconds, m.Requests, m.CPUSeconds, m.PluginCPUSeconds, float64(m.PeakKiB)/1024)
		}
		s.WriteString("\n")
	}
	type column struct {
		name string
		runs []largeRun
	}
	var cols []column
	for _, c := range []column{
		{fmt.Sprintf("%d states of %d at once, main account", o.k, o.n), r.Fleet},
		{fmt.Sprintf("%d states of %d at once, one per subaccount", o.k, o.n), r.Teams},
		{fmt.Sprintf("one state of %d", o.k*o.n), r.One},
	} {
		if len(c.runs) > 0 {
			cols = append(cols, c)
		}
	}
	if len(cols) > 1 {
		fmt.Fprintf(&s, "## %d×%d endpoints, one state or %d, side by side\n\n", o.k, o.n, o.k)
		s.WriteString("| figure |")
		for _, c := range cols {
			s.WriteString(" " + c.name + " |")
		}
		s.WriteString("\n|---|" + strings.Repeat("---:|", len(cols)) + "\n")
		byOp := func(ms []largeRun, op string) largeRun {
			for _, m := range ms {
				if m.Op == op {
					return m
				}
			}
			return largeRun{}
		}
		for _, op := range []string{"plan", "apply"} {
			for _, f := range []struct {
				name string
				of   func(largeRun) string
			}{
				{"wall", func(m largeRun) string { return fmt.Sprintf("%.1f s", m.Seconds) }},
				{"CPU", func(m largeRun) string { return fmt.Sprintf("%.1f s", m.CPUSeconds) }},
				{"requests", func(m largeRun) string { return strconv.Itoa(m.Requests) }},
			} {
				fmt.Fprintf(&s, "| %s, %s |", op, f.name)
				for _, c := range cols {
					s.WriteString(" " + f.of(byOp(c.runs, op)) + " |")
				}
				s.WriteString("\n")
			}
		}
		s.WriteString("\n")
		if len(r.One) > 0 {
			for _, c := range cols[:len(cols)-1] {
				ratios := []string{}
				for _, op := range []string{"plan", "apply"} {
					f, one := byOp(c.runs, op), byOp(r.One, op)
					if f.Seconds > 0 && f.CPUSeconds > 0 {
						ratios = append(ratios, fmt.Sprintf("%s %.2fx the wall time and %.2fx the CPU", op, one.Seconds/f.Seconds, one.CPUSeconds/f.CPUSeconds))
					}
				}
				if len(ratios) > 0 {
					fmt.Fprintf(&s, "One state against %s: %s.\n\n", c.name, strings.Join(ratios, ", "))
				}
			}
		}
	}
	if len(r.Fleet) > 0 || len(r.Teams) > 0 || len(r.One) > 0 {
		creates := o.k * o.n
		fmt.Fprintf(&s, "These runs had no limit. Under an account limit of R requests/s the creates alone need K×n/R seconds "+
			"whichever way the account is split, as the states share the account's limit: at R = %s (`-rl-rate`), "+
			"%d creates take at least %.0f s (%.1f min); and each plan's requests above take at least their count over R.\n", rate, creates, float64(creates)/rl.rate, float64(creates)/rl.rate/60)
	}
	return s.String()
}
