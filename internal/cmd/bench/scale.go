package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// The scale part (-scale, make bench-scale) measures the no-change plan of
// many endpoints, 1,000 and 10,000 by default: its time against the same
// configuration's plan -refresh=false, its requests per object and the
// provider's peak memory, and how each grows from the smallest count to
// the largest.
//
// The state is seeded, not applied: Terraform rewrites the whole state
// file after each resource of an apply, so an apply of 10,000 would take
// about a hundred times the 1,000's (half an hour on these cores) and
// measure nothing of the plan. The bench applies two endpoints through
// Terraform, creates the others through the API and writes their state
// from the applied one's, so every figure is of a state Terraform itself
// wrote the shape of; the first plan must then find nothing to change.

// scaleNoRefresh is the plan that asks the API nothing: what Terraform
// spends on the plan by itself.
const scaleNoRefresh = "plan -refresh=false"

// scaleOps are the commands measured at each count, in turn.
var scaleOps = []struct {
	name string
	args []string
}{
	{"plan", []string{"plan", "-detailed-exitcode", "-input=false"}},
	{scaleNoRefresh, []string{"plan", "-refresh=false", "-detailed-exitcode", "-input=false"}},
}

// scaleMeasurement is one command at one count.
type scaleMeasurement struct {
	N                                     int
	Op                                    string
	Round                                 int
	Seconds, CPUSeconds, PluginCPUSeconds float64
	Requests                              int
	PeakKiB                               int64
}

// seedWorkers is how many creates and deletes the seeding sends at once.
const seedWorkers = 16

func (b *bencher) runScale() error {
	loadBefore := loadAverage()
	var all []scaleMeasurement
	p := "-parallelism=" + strconv.Itoa(b.o.parallelism)
	for _, n := range b.o.scaleNs {
		step(fmt.Sprintf("seeding %d endpoints", n))
		start := time.Now()
		dir, ids, err := b.seedEndpoints(n)
		if err != nil {
			return err
		}
		fmt.Printf("   seeded in %.1fs\n", time.Since(start).Seconds())
		for round := 1; round <= b.o.repeat; round++ {
			for _, op := range scaleOps {
				step(fmt.Sprintf("%s of %d endpoints, round %d of %d", op.name, n, round, b.o.repeat))
				if err := b.emu.resetCounters(); err != nil {
					return err
				}
				d, peak, err := b.terraform(dir, b.cliConfig, append(op.args, p)...)
				if err != nil {
					if exitCode(err) == 2 {
						return fmt.Errorf("%s of %d seeded endpoints is not empty: the seeded state differs from what the provider reads", op.name, n)
					}
					return fmt.Errorf("terraform %s: %w", op.name, err)
				}
				reqs, err := b.emu.requests()
				if err != nil {
					return err
				}
				m := scaleMeasurement{N: n, Op: op.name, Round: round, Seconds: d.Seconds(), CPUSeconds: b.cpu.Seconds(),
					PluginCPUSeconds: b.pluginCPU.Seconds(), Requests: reqs, PeakKiB: peak}
				fmt.Printf("   %.2fs, CPU %.2fs (plugin %.2fs), %d requests, provider peak %.1f MiB\n", m.Seconds, m.CPUSeconds, m.PluginCPUSeconds, reqs, float64(peak)/1024)
				all = append(all, m)
			}
		}
		step(fmt.Sprintf("deleting the %d endpoints", n))
		if err := b.deleteEndpoints(ids); err != nil {
			return err
		}
	}
	md := scaleMarkdown(all, b.o, loadBefore, loadAverage())
	fmt.Println()
	fmt.Print(md)
	return b.write(map[string][]byte{"scale.md": []byte(md)})
}

// benchClient is a client of the emulator's account, for seeding.
func (b *bencher) benchClient() (*client.Client, error) {
	return client.New(client.Config{BaseURL: b.emu.baseURL, AuthID: b.emu.authID, AuthToken: b.emu.authToken, Version: "bench"})
}

// seedEndpoints leaves a directory whose configuration holds n endpoints
// and whose state holds them, all existing in the emulator: two applied by
// Terraform, the others created through the API with their state written
// from the first's. It returns the directory and the endpoints' ids.
func (b *bencher) seedEndpoints(n int) (string, []string, error) {
	const applied = 2
	if n < applied {
		return "", nil, fmt.Errorf("-scale-n: %d is below %d", n, applied)
	}
	dir := filepath.Join(b.work, fmt.Sprintf("scale-%d", n))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(endpoints.build(applied, facts{})), 0o644); err != nil {
		return "", nil, err
	}
	if _, _, err := b.terraform(dir, b.cliConfig, "apply", "-auto-approve", "-input=false"); err != nil {
		return "", nil, fmt.Errorf("applying the template endpoints: %w", err)
	}
	statePath := filepath.Join(dir, "terraform.tfstate")
	state, err := os.ReadFile(statePath)
	if err != nil {
		return "", nil, err
	}
	c, err := b.benchClient()
	if err != nil {
		return "", nil, err
	}
	created := make([]*client.EndpointCreated, n)
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range seedWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				created[i], errs[i] = c.CreateEndpoint(context.Background(), client.EndpointCreate{
					Username: fmt.Sprintf("bench%d", i), Password: "bench-password", Alias: fmt.Sprintf("bench endpoint %d", i)})
			}
		}()
	}
	for i := applied; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	for i := applied; i < n; i++ {
		if errs[i] != nil {
			return "", nil, fmt.Errorf("creating endpoint %d: %w", i, errs[i])
		}
	}
	seeded, ids, err := seedState(state, created[applied:], applied)
	if err != nil {
		return "", nil, err
	}
	if err := os.WriteFile(statePath, seeded, 0o600); err != nil {
		return "", nil, err
	}
	return dir, ids, os.WriteFile(filepath.Join(dir, "main.tf"), []byte(endpoints.build(n, facts{})), 0o644)
}

// seedState adds to state (holding cpaas_endpoint.ep[0] and the others
// Terraform applied, first index first) an instance per created endpoint,
// indexed from first on: instance 0 with the id, usernames, SIP URI and
// alias of the created one. It returns the new state and every endpoint's
// id.
func seedState(state []byte, created []*client.EndpointCreated, first int) ([]byte, []string, error) {
	var s map[string]any
	if err := json.Unmarshal(state, &s); err != nil {
		return nil, nil, err
	}
	resources, _ := s["resources"].([]any)
	var res map[string]any
	for _, r := range resources {
		if m, _ := r.(map[string]any); m["type"] == "cpaas_endpoint" && m["name"] == "ep" {
			res = m
		}
	}
	instances, _ := res["instances"].([]any)
	if len(instances) != first {
		return nil, nil, fmt.Errorf("the template state holds %d endpoints, want %d", len(instances), first)
	}
	var ids []string
	for _, inst := range instances {
		attrs, _ := inst.(map[string]any)["attributes"].(map[string]any)
		id, _ := attrs["id"].(string)
		ids = append(ids, id)
	}
	template, err := json.Marshal(instances[0])
	if err != nil {
		return nil, nil, err
	}
	tInst, _ := instances[0].(map[string]any)
	tAttrs, ok := tInst["attributes"].(map[string]any)
	if !ok {
		return nil, nil, fmt.Errorf("the template endpoint's state has no attributes")
	}
	tID, _ := tAttrs["id"].(string)
	tSIPUser, _ := tAttrs["sip_username"].(string)
	tSIPURI, _ := tAttrs["sip_uri"].(string)
	if tID == "" || tSIPUser == "" || !strings.Contains(tSIPURI, tSIPUser) {
		return nil, nil, fmt.Errorf("the template endpoint's id %q, sip_username %q and sip_uri %q do not fit the seeding", tID, tSIPUser, tSIPURI)
	}
	for k, c := range created {
		var inst map[string]any
		if err := json.Unmarshal(template, &inst); err != nil {
			return nil, nil, err
		}
		i := first + k
		inst["index_key"] = i
		attrs, ok := inst["attributes"].(map[string]any)
		if !ok {
			return nil, nil, fmt.Errorf("the template endpoint's state has no attributes")
		}
		attrs["id"] = c.EndpointID
		attrs["username"] = fmt.Sprintf("bench%d", i)
		attrs["alias"] = fmt.Sprintf("bench endpoint %d", i)
		attrs["sip_username"] = c.Username
		attrs["sip_uri"] = strings.Replace(tSIPURI, tSIPUser, c.Username, 1)
		// Terraform 1.12+ keeps the resource identity: the id again.
		if identity, ok := inst["identity"].(map[string]any); ok {
			for key, v := range identity {
				if v == tID {
					identity[key] = c.EndpointID
				}
			}
		}
		instances = append(instances, inst)
		ids = append(ids, c.EndpointID)
	}
	res["instances"] = instances
	if serial, ok := s["serial"].(float64); ok {
		s["serial"] = serial + 1
	}
	out, err := json.MarshalIndent(s, "", "  ")
	return out, ids, err
}

// deleteEndpoints deletes the endpoints the scale part made, so that the
// next count's listing holds only its own.
func (b *bencher) deleteEndpoints(ids []string) error {
	c, err := b.benchClient()
	if err != nil {
		return err
	}
	return deleteEndpointsOf(c, ids)
}

func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// scaleMarkdown is the scale part's table: per count and command, the wall
// time (median and range), the least CPU, requests per object and the
// provider's peak memory; the plan against -refresh=false; and how each
// figure grows from the smallest count to the largest.
func scaleMarkdown(all []scaleMeasurement, o options, loadBefore, loadAfter string) string {
	var b strings.Builder
	ns := slices.Clone(o.scaleNs)
	slices.Sort(ns)
	fmt.Fprintf(&b, "#### A no-change plan of %s endpoints, zero latency, -parallelism=%d\n\n", joinInts(ns), o.parallelism)
	fmt.Fprintf(&b, "Measured %s on %d CPUs, %s, in %d round(s), the two commands taking turns; load average before: %s, after: %s "+
		"(the machine is shared: time is disturbed by the other load, CPU less). The state was seeded (two endpoints applied, "+
		"the others created through the API and written from the first's state: scale.go), and every plan found nothing to change. "+
		"Wall time is the median with the range; CPU is Terraform's and the plugin's, the least of the rounds, with the plugin's share; "+
		"peak memory is the largest VmHWM of the provider's processes.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), terraformVersion(o.tf), o.repeat, loadBefore, loadAfter)
	b.WriteString("| N | command | wall s, median (range) | CPU s, least (plugin's) | requests | requests per object | provider peak RSS |\n" +
		"|---:|---|---|---|---:|---:|---:|\n")
	type fig struct{ wall, cpu, plugin, reqs, rss float64 }
	figs := map[int]map[string]fig{}
	for _, n := range ns {
		figs[n] = map[string]fig{}
		for _, op := range scaleOps {
			var secs, cpu, plugin []float64
			var reqs []int
			var peak int64
			for _, m := range all {
				if m.N == n && m.Op == op.name {
					secs, cpu, plugin = append(secs, m.Seconds), append(cpu, m.CPUSeconds), append(plugin, m.PluginCPUSeconds)
					reqs = append(reqs, m.Requests)
					peak = max(peak, m.PeakKiB)
				}
			}
			if len(secs) == 0 {
				continue
			}
			f := fig{wall: median(secs), cpu: slices.Min(cpu), plugin: slices.Min(plugin), reqs: float64(slices.Max(reqs)), rss: float64(peak) / 1024}
			figs[n][op.name] = f
			fmt.Fprintf(&b, "| %d | `%s` | %.2f (%.2f to %.2f) | %.2f (%.2f) | %d | %.3f | %.1f MiB |\n",
				n, op.name, f.wall, slices.Min(secs), slices.Max(secs), f.cpu, f.plugin, slices.Max(reqs), f.reqs/float64(n), f.rss)
		}
	}
	b.WriteString("\n| N | plan / plan -refresh=false, wall (medians) | per round | CPU (least) |\n|---:|---:|---|---:|\n")
	for _, n := range ns {
		byRound := map[int]map[string]float64{}
		for _, m := range all {
			if m.N == n {
				if byRound[m.Round] == nil {
					byRound[m.Round] = map[string]float64{}
				}
				byRound[m.Round][m.Op] = m.Seconds
			}
		}
		plan, norefresh := figs[n]["plan"], figs[n][scaleNoRefresh]
		if plan.wall == 0 || norefresh.wall == 0 {
			continue
		}
		var rs []string
		for r := 1; r <= o.repeat; r++ {
			if x, y := byRound[r]["plan"], byRound[r][scaleNoRefresh]; x > 0 && y > 0 {
				rs = append(rs, fmt.Sprintf("%.2f", x/y))
			}
		}
		fmt.Fprintf(&b, "| %d | %.2fx | %s | %.2fx |\n", n, plan.wall/norefresh.wall, strings.Join(rs, ", "), plan.cpu/norefresh.cpu)
	}
	if len(ns) >= 2 {
		lo, hi := ns[0], ns[len(ns)-1]
		a, z := figs[lo]["plan"], figs[hi]["plan"]
		an, zn := figs[lo][scaleNoRefresh], figs[hi][scaleNoRefresh]
		if a.wall > 0 && z.wall > 0 && an.wall > 0 && zn.wall > 0 {
			k := float64(hi) / float64(lo)
			fmt.Fprintf(&b, "\nFrom %d to %d endpoints (%.0fx the objects); a figure that grows %.0fx grows in proportion:\n\n", lo, hi, k, k)
			b.WriteString("| figure | " + strconv.Itoa(lo) + " | " + strconv.Itoa(hi) + " | grows |\n|---|---:|---:|---:|\n")
			row := func(name, unit string, x, y float64) {
				fmt.Fprintf(&b, "| %s | %.3g%s | %.3g%s | %.1fx |\n", name, x, unit, y, unit, y/x)
			}
			row("no-change plan, wall", " s", a.wall, z.wall)
			row("plan -refresh=false, wall", " s", an.wall, zn.wall)
			row("no-change plan, CPU (least)", " s", a.cpu, z.cpu)
			row("of which the plugin's", " s", a.plugin, z.plugin)
			row("plan -refresh=false, CPU (least)", " s", an.cpu, zn.cpu)
			row("no-change plan, requests", "", a.reqs, z.reqs)
			row("requests per object", "", a.reqs/float64(lo), z.reqs/float64(hi))
			row("provider peak RSS (no-change plan)", " MiB", a.rss, z.rss)
			row("plan / plan -refresh=false, wall", "x", a.wall/an.wall, z.wall/zn.wall)
		}
	}
	return b.String()
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, " and ")
}
