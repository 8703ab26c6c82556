package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// The whole account: what a team's workspace of N objects (1,000 by
// default) of the kinds users keep most (accountKinds) costs to apply, to
// plan with no change and to destroy, at zero latency, with the emulator
// adding a latency L to each request, and under the API's rate limit of R
// requests a second (burst B), with the requests per object of each
// command, next to the same configuration's `terraform plan
// -refresh=false`: what Terraform spends on that plan without asking the
// API anything. The targets:
//
//   - a no-change plan makes at most 0.10 requests per object;
//   - under the limit, a no-change plan takes at most 1.20x the
//     -refresh=false plan's time (measured in the same setting and round)
//     plus its own requests (those answered other than 429) / R.
//
// Each round starts with a provider that knows nothing of the limit (a
// fresh cache directory per round and setting, as in ratelimit.go), and
// each command under the limit with a full bucket.

// accountTargetRequests is the most requests per object a no-change plan
// may make; accountTargetRatio the most a plan under the limit may take
// against its floor.
const (
	accountTargetRequests = 0.10
	accountTargetRatio    = 1.20
)

// The whole account's targets for the apply and the destroy: the most requests per
// object each may make at zero latency, and the most time each may take
// under the limit against its own requests / R.
const (
	accountTargetApply      = 1.30
	accountTargetDestroy    = 1.10
	accountTargetLimitedOps = 1.10
)

// accountSetting is one condition the account is measured in.
type accountSetting struct {
	name    string
	latency time.Duration
	rate    float64 // requests/s per account; 0: no limit
	burst   int
}

// accountOps are the commands of each round, in order; planNoRefresh is
// the one that asks the API nothing.
const planNoRefresh = "plan -refresh=false"

var accountOps = []struct {
	op   string
	args []string
}{
	{"apply", []string{"apply", "-auto-approve", "-input=false"}},
	{"plan", []string{"plan", "-detailed-exitcode", "-input=false"}},
	{planNoRefresh, []string{"plan", "-refresh=false", "-detailed-exitcode", "-input=false"}},
	{"destroy", []string{"destroy", "-auto-approve", "-input=false"}},
}

func (o options) accountSettings() []accountSetting {
	s := []accountSetting{{name: "zero latency"}}
	if o.latency > 0 {
		s = append(s, accountSetting{name: fmt.Sprintf("%s per request", o.latency), latency: o.latency})
	}
	return append(s, accountSetting{name: fmt.Sprintf("rate limit %s/s, burst %d", strconv.FormatFloat(o.rl.rate, 'f', -1, 64), o.rl.burst),
		rate: o.rl.rate, burst: o.rl.burst})
}

// runAccount measures the account in every setting, the settings taking
// turns within each round, and writes account.md.
func (b *bencher) runAccount() error {
	var md strings.Builder
	for _, mix := range b.o.accountMixes {
		if err := useMix(mix); err != nil {
			return err
		}
		if err := b.restartEmulator(mixRegistryDelay(mix)); err != nil {
			return err
		}
		var all []rlMeasurement
		settings := b.o.accountSettings()
		for round := 1; round <= b.o.repeat; round++ {
			for _, s := range settings {
				ms, err := b.measureAccount(s, b.o.accountN, round)
				if err != nil {
					return err
				}
				all = append(all, ms...)
			}
		}
		if err := b.emu.setLatency(0); err != nil {
			return err
		}
		if md.Len() > 0 {
			md.WriteString("\n")
		}
		md.WriteString(accountMarkdown(rlMedians(all), b.o, mix))
	}
	fmt.Println()
	fmt.Print(md.String())
	return b.write(map[string][]byte{"account.md": []byte(md.String())})
}

// measureAccount runs the account's commands once in setting s.
func (b *bencher) measureAccount(s accountSetting, n, round int) ([]rlMeasurement, error) {
	step(fmt.Sprintf("account of %d objects, %s, round %d of %d", n, s.name, round, b.o.repeat))
	if err := b.emu.setLatency(0); err != nil {
		return nil, err
	}
	if err := b.emu.setRateLimit(0, 0); err != nil {
		return nil, err
	}
	f, err := b.facts(account, n)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(b.work, fmt.Sprintf("account-%d", n))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(account.build(n, f)), 0o644); err != nil {
		return nil, err
	}
	if err := b.emu.setLatency(s.latency); err != nil {
		return nil, err
	}
	cache, err := os.MkdirTemp(b.work, "cache-")
	if err != nil {
		return nil, err
	}
	p := "-parallelism=" + strconv.Itoa(b.o.parallelism)
	var out []rlMeasurement
	var failed error
	for _, op := range accountOps {
		if err := b.emu.resetCounters(); err != nil {
			return nil, err
		}
		if err := b.emu.setRateLimit(s.rate, max(s.burst, 1)); err != nil {
			return nil, err
		}
		b.extraEnv = []string{"XDG_CACHE_HOME=" + cache}
		d, _, err := b.terraform(dir, b.cliConfig, append(slices.Clone(op.args), p)...)
		b.extraEnv = nil
		m := rlMeasurement{Mode: s.name, Op: op.op, Seconds: d.Seconds()}
		m.Answered, m.Throttled, _ = b.emu.stats()
		m.Routes = b.emu.routeCounts(m.Answered)
		if err != nil {
			if strings.HasPrefix(op.op, "plan") && exitCode(err) == 2 {
				failed = fmt.Errorf("account, %s: the %s after apply is not empty", s.name, op.op)
			} else {
				failed = fmt.Errorf("account, %s: terraform %s: %w", s.name, op.op, err)
			}
			break
		}
		fmt.Printf("   %-30s %-20s %7.2fs  %5d requests (%.3f per object), %3d answered 429\n",
			s.name, op.op, m.Seconds, m.Answered, float64(m.needed())/float64(n), m.Throttled)
		out = append(out, m)
	}
	if err := b.emu.setRateLimit(0, 0); err != nil {
		return nil, err
	}
	if failed != nil {
		// Leave nothing behind, whatever failed.
		_, _, _ = b.terraform(dir, b.cliConfig, "destroy", "-auto-approve", "-input=false", p)
		return nil, failed
	}
	return out, nil
}

// facts finds what w's configuration of n needs: US local numbers on sale
// that send SMS (a 10DLC link and a pool member take only those), read
// from the emulator through the client, before the command's counters are
// reset.
func (b *bencher) facts(w workload, n int) (facts, error) {
	if w.numbers == nil || w.numbers(n) == 0 {
		return facts{}, nil
	}
	want := w.numbers(n)
	c, err := client.New(client.Config{BaseURL: b.emu.baseURL, AuthID: b.emu.authID, AuthToken: b.emu.authToken, Version: "bench"})
	if err != nil {
		return facts{}, err
	}
	found, _, err := c.SearchAllPhoneNumbers(context.Background(), client.PhoneNumberSearch{CountryISO: "US", Type: "local", Services: "sms"}, want)
	if err != nil {
		return facts{}, fmt.Errorf("searching %d numbers to buy: %w", want, err)
	}
	if len(found) < want {
		return facts{}, fmt.Errorf("the emulator has %d numbers on sale in the US, the account needs %d", len(found), want)
	}
	f := facts{}
	for _, num := range found[:want] {
		f.numbers = append(f.numbers, num.Number)
	}
	return f, nil
}

// accountObjects describes the account of n: the count of each kind, and
// the resources they need that are not counted as objects.
func accountObjects(n int) string {
	var parts, support []string
	kinds := accountKinds()
	for i, c := range splitByWeight(n, kinds) {
		k := kinds[i]
		parts = append(parts, fmt.Sprintf("%d `%s`", c, k.name))
		if c > 0 && k.support != nil {
			support = append(support, k.support(c))
		}
	}
	s := strings.Join(parts, ", ")
	if len(support) > 0 {
		s += "; and, not counted as objects, " + strings.Join(support, ", ")
	}
	return s
}

// accountMarkdown is the account's table and its targets.
func accountMarkdown(all []rlMeasurement, o options, mix string) string {
	var b strings.Builder
	n := o.accountN
	fmt.Fprintf(&b, "#### A whole account (mix %q): %d objects, -parallelism=%d\n\n", mix, n, o.parallelism)
	fmt.Fprintf(&b, "Measured %s on %d CPUs, %s; load average at the end: %s.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), terraformVersion(o.tf), loadAverage())
	delay, which := mixRegistryDelay(mix), "the bench's"
	if delay == emulator.DefaultNumberLinkDelay {
		which = "the emulator's default"
	}
	fmt.Fprintf(&b, "The emulator's registry takes %s to register a brand or a campaign and to process a link or an unlink (-registry-delay, %s).\n\n", delay, which)
	fmt.Fprintf(&b, "Objects: %s. Bought numbers are written in the configuration, as a team keeps them. "+
		"Median of %s in which the settings took turns, with the range; requests are those of the median round, "+
		"\"per object\" counts those answered other than 429, over %d objects. Under the rate limit each command starts with a full bucket "+
		"and each round with a provider that knows nothing of the limit (the apply learns it).\n\n", accountObjects(n), plural(o.repeat, "round"), n)
	b.WriteString("| setting | command | time (range) | requests | per object | answered 429 |\n|---|---|---:|---:|---:|---:|\n")
	for _, s := range o.accountSettings() {
		for _, op := range accountOps {
			m, ok := findRL(all, s.name, op.op)
			if !ok {
				continue
			}
			fmt.Fprintf(&b, "| %s | %s | %.2f s (%.2f to %.2f) | %d | %.3f | %d |\n", s.name, op.op, m.Seconds, m.MinSeconds, m.MaxSeconds,
				m.Answered, float64(m.needed())/float64(n), m.Throttled)
		}
	}
	b.WriteString("\n" + accountTargets(all, o))
	for _, op := range []struct{ op, what string }{{"apply", "the apply's"}, {"plan", "the no-change plan's"}, {"destroy", "the destroy's"}} {
		if m, ok := findRL(all, "zero latency", op.op); ok && len(m.Routes) > 0 {
			fmt.Fprintf(&b, "\nWhere %s requests go (zero latency, the median round; from the emulator's request log, ids written {id}):\n\n", op.what)
			b.WriteString(routeTable(m.Routes, n))
		}
	}
	return b.String()
}

// routeTable lists requests by route, most first.
func routeTable(routes map[string]int, n int) string {
	keys := make([]string, 0, len(routes))
	for k := range routes {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if routes[a] != routes[b] {
			return routes[b] - routes[a]
		}
		return strings.Compare(a, b)
	})
	var b strings.Builder
	b.WriteString("| route | requests | per object |\n|---|---:|---:|\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "| `%s` | %d | %.3f |\n", k, routes[k], float64(routes[k])/float64(n))
	}
	return b.String()
}

// accountTargets states each target, the figure and whether it is met.
func accountTargets(all []rlMeasurement, o options) string {
	var b strings.Builder
	n := o.accountN
	b.WriteString("| target | setting | figure | met |\n|---|---|---|---|\n")
	for _, s := range o.accountSettings() {
		m, ok := findRL(all, s.name, "plan")
		if !ok {
			continue
		}
		per := float64(m.needed()) / float64(n)
		fmt.Fprintf(&b, "| no-change plan at most %.2f requests per object | %s | %.3f (%d requests) | %s |\n",
			accountTargetRequests, s.name, per, m.needed(), yesNo(per <= accountTargetRequests))
	}
	for _, t := range []struct {
		op   string
		most float64
	}{{"apply", accountTargetApply}, {"destroy", accountTargetDestroy}} {
		m, ok := findRL(all, "zero latency", t.op)
		if !ok {
			continue
		}
		per := float64(m.needed()) / float64(n)
		fmt.Fprintf(&b, "| %s at most %.2f requests per object | zero latency | %.3f (%d requests) | %s |\n",
			t.op, t.most, per, m.needed(), yesNo(per <= t.most))
	}
	for _, s := range o.accountSettings() {
		if s.rate == 0 {
			continue
		}
		if plan, ok1 := findRL(all, s.name, "plan"); ok1 {
			if free, ok2 := findRL(all, s.name, planNoRefresh); ok2 {
				floor := free.Seconds + float64(plan.needed())/s.rate
				ratio := plan.Seconds / floor
				fmt.Fprintf(&b, "| no-change plan under the limit within %.2fx of the `-refresh=false` plan plus its own requests / R | %s | "+
					"%.2f s against %.2f s + %d / %s = %.2f s: **%.2fx** | %s |\n",
					accountTargetRatio, s.name, plan.Seconds, free.Seconds, plan.needed(), strconv.FormatFloat(s.rate, 'f', -1, 64), floor, ratio,
					yesNo(ratio <= accountTargetRatio))
			}
		}
		for _, op := range []string{"apply", "destroy"} {
			m, ok := findRL(all, s.name, op)
			if !ok {
				continue
			}
			f := float64(m.needed()) / s.rate
			fmt.Fprintf(&b, "| %s under the limit within %.2fx of its own requests / R | %s | %.2f s against %d / %s = %.2f s: **%.2fx** | %s |\n",
				op, accountTargetLimitedOps, s.name, m.Seconds, m.needed(), strconv.FormatFloat(s.rate, 'f', -1, 64), f, m.Seconds/f,
				yesNo(m.Seconds/f <= accountTargetLimitedOps))
		}
	}
	return b.String()
}

func findRL(all []rlMeasurement, mode, op string) (rlMeasurement, bool) {
	for _, m := range all {
		if m.Mode == mode && m.Op == op {
			return m, true
		}
	}
	return rlMeasurement{}, false
}

func yesNo(ok bool) string {
	if ok {
		return "yes"
	}
	return "**no**"
}

// checkFloorState keeps the state file w's apply of n left, and when the
// provider's and a floor's of the same n are both known, compares them:
// a floor whose state differs gets no ratio in the report (o.drift).
func (b *bencher) checkFloorState(w workload, n int, state []byte) error {
	floors := []workload{noopEndpoints, idleEndpoints}
	if w.name != endpoints.name && !slices.ContainsFunc(floors, func(f workload) bool { return f.name == w.name }) {
		return nil
	}
	key := func(name string) string { return fmt.Sprintf("%s/%d", name, n) }
	b.states[key(w.name)] = state
	prov, ok := b.states[key(endpoints.name)]
	if !ok {
		return nil
	}
	for _, f := range floors {
		floorState, ok := b.states[key(f.name)]
		if _, drifted := b.o.drift[key(f.name)]; !ok || drifted {
			continue
		}
		d, err := stateDrift(prov, floorState)
		if err != nil {
			return fmt.Errorf("comparing the %s's state with the provider's at N = %d: %w", f.name, n, err)
		}
		if d != "" {
			b.o.drift[key(f.name)] = d
			fmt.Printf("   REFUSED: no ratio against the %s at N = %d, its state differs from the provider's: %s\n", f.name, n, d)
		}
	}
	return nil
}

// driftOf is how floor's state differed from the provider's at n, "" if
// it did not.
func (o options) driftOf(floor workload, n int) string {
	return o.drift[fmt.Sprintf("%s/%d", floor.name, n)]
}

// plural is "1 round", "3 rounds".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
