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
//     terraform process and the plugins they waited for.
//   - one: the same K×n endpoints in one state, applied and planned by one
//     terraform process: what the fleet is measured against. Terraform
//     rewrites the whole state after each resource, so this apply grows
//     with the square of the state (the full size takes most of an hour;
//     nobody should run it casually) while the fleet's K states each pay
//     for their n.
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
var largeParts = []string{"narrow", "fleet", "one"}

// parseLargeParts reads -large-parts: comma-separated names of largeParts,
// returned in largeParts' order (the order they run in) without repeats.
func parseLargeParts(value string) ([]string, error) {
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
	Case     string // largeNarrowed or largeNotNarrowed
	Seconds  float64
	Answered int // every /v1 request, 429s included
	// Throttled are the 429 answers.
	Throttled int
	// ListPages and Gets are the application listing's pages and the
	// applications' GETs (429s included); the rest are Other.
	ListPages, Gets, Other int
}

// The narrow part's two states.
const (
	largeNarrowed    = "narrowed"
	largeNotNarrowed = "not narrowed"
)

// largeRun is one command of the fleet or of the one state.
type largeRun struct {
	Op      string
	Seconds float64 // the fleet's: its first start to its last end
	// Fastest and Slowest are the fleet's runs' (one state: Seconds).
	Fastest, Slowest float64
	Requests         int
	// CPUSeconds is every terraform process's and the plugins' each
	// waited for, PluginCPUSeconds the plugins' share.
	CPUSeconds, PluginCPUSeconds float64
	PeakKiB                      int64 // the one state's provider; 0 for the fleet
}

// largeResults are what the large part measured.
type largeResults struct {
	narrow                []largeNarrow
	fleet, one            []largeRun
	loadBefore, loadAfter string
}

// runLarge runs the large part's parts and writes large.md.
func (b *bencher) runLarge(o largeOptions) error {
	if err := b.emu.setLatency(0); err != nil {
		return err
	}
	if err := b.emu.setRateLimit(0, 0); err != nil {
		return err
	}
	r := largeResults{loadBefore: loadAverage()}
	var err error
	if o.has("narrow") {
		if r.narrow, err = b.largeNarrow(o); err != nil {
			return err
		}
	}
	if o.has("fleet") {
		if r.fleet, err = b.largeFleet(o); err != nil {
			return err
		}
	}
	if o.has("one") {
		if r.one, err = b.largeOne(o); err != nil {
			return err
		}
	}
	r.loadAfter = loadAverage()
	md := largeMarkdown(r, o, b.o.rl, b.o.parallelism, terraformVersion(b.o.tf))
	fmt.Println()
	fmt.Print(md)
	return b.write(map[string][]byte{"large.md": []byte(md)})
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

// largeOps are the commands of the fleet and of the one state, in turn.
var largeOps = []struct {
	op   string
	args []string
}{
	{"apply", []string{"apply", "-auto-approve", "-input=false"}},
	{"plan", []string{"plan", "-detailed-exitcode", "-input=false"}},
}

// largeFleet applies and plans K states of n endpoints at once, then
// deletes the endpoints through the API.
func (b *bencher) largeFleet(o largeOptions) ([]largeRun, error) {
	dirs := make([]string, o.k)
	caches := make([]string, o.k)
	for i := range o.k {
		dirs[i] = filepath.Join(b.work, fmt.Sprintf("large-fleet-%d", i))
		if err := os.MkdirAll(dirs[i], 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dirs[i], "main.tf"), []byte(fleetConfig(i, o.n)), 0o644); err != nil {
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
		step(fmt.Sprintf("large, fleet: %s of %d states of %d endpoints at once, no rate limit", op.op, o.k, o.n))
		if err := b.emu.resetCounters(); err != nil {
			return nil, err
		}
		times := make([]float64, o.k)
		cpus := make([]time.Duration, o.k)
		plugins := make([]time.Duration, o.k)
		errs := make([]error, o.k)
		var wg sync.WaitGroup
		stop := b.progress("fleet "+op.op, time.Minute)
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
					return nil, fmt.Errorf("large, fleet, state %d: the plan after apply is not empty", i)
				}
				return nil, fmt.Errorf("large, fleet, state %d: terraform %s: %w", i, op.op, err)
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
	step(fmt.Sprintf("large, fleet: deleting the %d endpoints", o.k*o.n))
	var ids []string
	for _, dir := range dirs {
		some, err := stateFileIDs(dir, "cpaas_endpoint")
		if err != nil {
			return nil, err
		}
		ids = append(ids, some...)
	}
	if err := b.deleteEndpoints(ids); err != nil {
		return nil, err
	}
	for _, d := range append(dirs, caches...) {
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

// largeMarkdown is large.md: a table per part that ran, the narrowed
// state against the other, and the one state against the fleet.
func largeMarkdown(r largeResults, o largeOptions, rl rlOptions, parallelism int, tfVersion string) string {
	var s strings.Builder
	rate := strconv.FormatFloat(rl.rate, 'f', -1, 64)
	s.WriteString("# A large account: one state or many\n\n")
	fmt.Fprintf(&s, "Measured %s on %d CPUs, %s; load average before: %s, after: %s (the machine is shared: time is "+
		"disturbed by the other load, CPU less). Parts: %s, in that order, at zero latency, `-parallelism=%d` in every "+
		"command; every plan found nothing to change. `make bench-large` (`go run ./internal/cmd/bench -large`; "+
		"`-large-parts`, `-large-m`, `-large-account`, `-large-k`, `-large-n`).\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), tfVersion, r.loadBefore, r.loadAfter,
		strings.Join(o.parts, ", "), parallelism)

	if len(r.narrow) > 0 {
		fmt.Fprintf(&s, "## A state of %d applications in an account of %d\n\n", o.m, o.account)
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
		for _, m := range r.narrow {
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

	runRow := func(m largeRun, fleet bool) {
		if fleet {
			fmt.Fprintf(&s, "| %s | %.1f s | %.1f s | %.1f s | %d | %.1f s (%.1f s) |\n",
				m.Op, m.Seconds, m.Fastest, m.Slowest, m.Requests, m.CPUSeconds, m.PluginCPUSeconds)
			return
		}
		fmt.Fprintf(&s, "| %s | %.1f s | %d | %.1f s (%.1f s) | %.1f MiB |\n",
			m.Op, m.Seconds, m.Requests, m.CPUSeconds, m.PluginCPUSeconds, float64(m.PeakKiB)/1024)
	}
	if len(r.fleet) > 0 {
		fmt.Fprintf(&s, "## %d states of %d endpoints at once\n\n", o.k, o.n)
		fmt.Fprintf(&s, "%d terraform processes started together, each in its own directory with its own cache directory, "+
			"with no rate limit: `apply -auto-approve`, then a no-change `plan -detailed-exitcode`. Wall: the first start to "+
			"the last end. CPU: every terraform process's and the plugins' each waited for (their rusage), with the plugins' "+
			"share. The endpoints were deleted through the API afterwards.\n\n", o.k)
		s.WriteString("| command | fleet wall | fastest run | slowest run | requests | CPU (plugins') |\n")
		s.WriteString("|---|---:|---:|---:|---:|---:|\n")
		for _, m := range r.fleet {
			runRow(m, true)
		}
		s.WriteString("\n")
	}
	if len(r.one) > 0 {
		fmt.Fprintf(&s, "## One state of %d endpoints\n\n", o.k*o.n)
		fmt.Fprintf(&s, "The same %d×%d endpoints in one state, one terraform process with no rate limit: `apply -auto-approve`, "+
			"then a no-change `plan -detailed-exitcode`. CPU is Terraform's and the plugin's, with the plugin's share; peak "+
			"memory is the provider's largest VmHWM. The endpoints were deleted through the API afterwards.\n\n", o.k, o.n)
		s.WriteString("| command | wall | requests | CPU (plugin's) | provider peak RSS |\n")
		s.WriteString("|---|---:|---:|---:|---:|\n")
		for _, m := range r.one {
			runRow(m, false)
		}
		s.WriteString("\n")
	}
	if len(r.fleet) > 0 && len(r.one) > 0 {
		fmt.Fprintf(&s, "## One state of %d×%d against %d states of %d at once\n\n", o.k, o.n, o.k, o.n)
		fmt.Fprintf(&s, "| figure | %d states of %d at once | one state of %d | one state of K×n / K states of n at once |\n", o.k, o.n, o.k*o.n)
		s.WriteString("|---|---:|---:|---:|\n")
		byOp := func(ms []largeRun, op string) largeRun {
			for _, m := range ms {
				if m.Op == op {
					return m
				}
			}
			return largeRun{}
		}
		row := func(name string, x, y float64) {
			ratio := "-"
			if x > 0 {
				ratio = fmt.Sprintf("%.2fx", y/x)
			}
			fmt.Fprintf(&s, "| %s | %.1f s | %.1f s | %s |\n", name, x, y, ratio)
		}
		for _, op := range []string{"plan", "apply"} {
			f, one := byOp(r.fleet, op), byOp(r.one, op)
			row(op+", wall", f.Seconds, one.Seconds)
			row(op+", CPU", f.CPUSeconds, one.CPUSeconds)
		}
		s.WriteString("\n")
	}
	if len(r.fleet) > 0 || len(r.one) > 0 {
		creates := o.k * o.n
		fmt.Fprintf(&s, "These runs had no limit. Under an account limit of R requests/s the creates alone need K×n/R seconds "+
			"whichever way the account is split, as the states share the account's limit: at R = %s (`-rl-rate`), "+
			"%d creates take at least %.0f s (%.1f min).\n", rate, creates, float64(creates)/rl.rate, float64(creates)/rl.rate/60)
	}
	return s.String()
}
