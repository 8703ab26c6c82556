package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The split part (-split, make bench-split) measures one account managed
// by many states at once, as a team whose account outgrew one state runs
// it: K states of equal size (-split-n objects each: two thirds
// endpoints, a third applications), each in its own directory with its
// own cache directory (as on separate machines: no run learns the limit
// from another's pace memory), applied, planned (no change) and destroyed
// by K terraform processes started together against an emulator that
// limits the account to R requests a second (-rl-rate, burst -rl-burst).
//
// For each K and command it reports the fleet's wall time (the first
// start to the last end) against its floor: the requests the limit let
// through over R (what the API allows at best), plus one run's own time
// (one state's command with no limit at all, which no sharing can
// shorten). It also reports the 429 answers, and the slowest and fastest
// run (equal work: a fair share keeps them close).

// splitOptions configure the split part.
type splitOptions struct {
	ks     []int // the fleet sizes
	n      int   // objects per state
	rounds int   // rounds of each fleet: the report gives their medians
}

// splitMeasurement is one command of a fleet of K states.
type splitMeasurement struct {
	K                  int
	Op                 string
	Seconds            float64 // the fleet's wall time
	Answered           int     // every /v1 request, 429s included
	Throttled          int     // answered 429
	Fastest, Slowest   float64 // one run's time
	Own                float64 // one state's same command with no limit
	Failed             int     // runs that failed
	FirstErr           string
	FloorSeconds       float64 // (Answered-Throttled)/R + Own
	RatioToFloor       float64 // Seconds / FloorSeconds
	SlowestToFastest   float64
	RequestsPerSeconds float64
	// Over the rounds (splitMedian): how many, and the range of
	// SlowestToFastest.
	Rounds               int
	MinSpread, MaxSpread float64
}

var splitOps = []struct {
	op   string
	args func(p string) []string
}{
	{"apply", func(p string) []string { return []string{"apply", "-auto-approve", "-input=false", p} }},
	{"plan", func(p string) []string { return []string{"plan", "-detailed-exitcode", "-input=false", p} }},
	{"destroy", func(p string) []string { return []string{"destroy", "-auto-approve", "-input=false", p} }},
}

// splitConfig is state i's configuration: n objects whose names carry i,
// so that the states' objects differ.
func splitConfig(i, n int) string {
	eps := n * 2 / 3
	apps := n - eps
	return strings.ReplaceAll(providerBlock+registeredKinds["cpaas_endpoint"].hcl(eps, facts{})+registeredKinds["cpaas_application"].hcl(apps, facts{}),
		`"bench`, fmt.Sprintf(`"s%dbench`, i))
}

// splitRun runs terraform args in dir with its own cache directory, and
// returns how long it took.
func (b *bencher) splitRun(dir, cache string, args ...string) (time.Duration, error) {
	d, _, _, err := b.fleetRun(dir, cache, args...)
	return d, err
}

// splitOwn is each command's time for one state with no limit: the part
// of a fleet's time no sharing of the limit can shorten.
func (b *bencher) splitOwn(o splitOptions) (map[string]float64, error) {
	step(fmt.Sprintf("split: one state of %d objects with no rate limit (each run's own time)", o.n))
	if err := b.emu.setRateLimit(0, 0); err != nil {
		return nil, err
	}
	dir := filepath.Join(b.work, "split-own")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(splitConfig(0, o.n)), 0o644); err != nil {
		return nil, err
	}
	cache, err := os.MkdirTemp(b.work, "cache-")
	if err != nil {
		return nil, err
	}
	own := map[string]float64{}
	p := "-parallelism=" + strconv.Itoa(b.o.parallelism)
	for _, op := range splitOps {
		d, err := b.splitRun(dir, cache, op.args(p)...)
		if err != nil {
			return nil, fmt.Errorf("split, one state, %s: %w", op.op, err)
		}
		own[op.op] = d.Seconds()
		fmt.Printf("   %-8s %7.2fs\n", op.op, d.Seconds())
	}
	return own, nil
}

// measureSplit runs a fleet of k states through apply, plan and destroy.
func (b *bencher) measureSplit(o splitOptions, k int, own map[string]float64) ([]splitMeasurement, error) {
	step(fmt.Sprintf("split: %d states of %d objects at once, rate limit %.0f/s burst %d", k, o.n, b.o.rl.rate, b.o.rl.burst))
	dirs := make([]string, k)
	caches := make([]string, k)
	for i := range k {
		dirs[i] = filepath.Join(b.work, fmt.Sprintf("split-%d-%d", k, i))
		if err := os.MkdirAll(dirs[i], 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dirs[i], "main.tf"), []byte(splitConfig(i, o.n)), 0o644); err != nil {
			return nil, err
		}
		var err error
		if caches[i], err = os.MkdirTemp(b.work, "cache-"); err != nil {
			return nil, err
		}
	}
	p := "-parallelism=" + strconv.Itoa(b.o.parallelism)
	var out []splitMeasurement
	for _, op := range splitOps {
		if err := b.emu.resetCounters(); err != nil {
			return nil, err
		}
		if err := b.emu.setRateLimit(b.o.rl.rate, b.o.rl.burst); err != nil {
			return nil, err
		}
		times := make([]float64, k)
		errs := make([]error, k)
		var wg sync.WaitGroup
		start := time.Now()
		for i := range k {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d, err := b.splitRun(dirs[i], caches[i], op.args(p)...)
				times[i], errs[i] = d.Seconds(), err
			}()
		}
		wg.Wait()
		m := splitMeasurement{K: k, Op: op.op, Seconds: time.Since(start).Seconds(), Own: own[op.op],
			Fastest: slices.Min(times), Slowest: slices.Max(times)}
		m.Answered, m.Throttled, _ = b.emu.stats()
		for _, err := range errs {
			if err != nil {
				m.Failed++
				if m.FirstErr == "" {
					m.FirstErr = firstLine(err.Error())
				}
			}
		}
		m.FloorSeconds = float64(m.Answered-m.Throttled)/b.o.rl.rate + m.Own
		m.RatioToFloor = m.Seconds / m.FloorSeconds
		m.SlowestToFastest = m.Slowest / m.Fastest
		m.RequestsPerSeconds = float64(m.Answered-m.Throttled) / m.Seconds
		failed := ""
		if m.Failed > 0 {
			failed = fmt.Sprintf("; %d FAILED: %s", m.Failed, m.FirstErr)
		}
		fmt.Printf("   %-8s %7.2fs (floor %6.2fs: %.2fx)  %5d requests, %4d answered 429; runs %.2fs to %.2fs (%.2fx)%s\n",
			op.op, m.Seconds, m.FloorSeconds, m.RatioToFloor, m.Answered, m.Throttled, m.Fastest, m.Slowest, m.SlowestToFastest, failed)
		out = append(out, m)
	}
	if err := b.emu.setRateLimit(0, 0); err != nil {
		return nil, err
	}
	return out, nil
}

// runSplit runs the split part for each K and writes split.md.
func (b *bencher) runSplit(o splitOptions) error {
	if err := b.emu.setLatency(0); err != nil {
		return err
	}
	loadBefore := loadAverage()
	own, err := b.splitOwn(o)
	if err != nil {
		return err
	}
	var all []splitMeasurement
	for _, k := range o.ks {
		byOp := map[string][]splitMeasurement{}
		for round := range o.rounds {
			if o.rounds > 1 {
				fmt.Printf("   round %d of %d\n", round+1, o.rounds)
			}
			ms, err := b.measureSplit(o, k, own)
			if err != nil {
				return err
			}
			for _, m := range ms {
				byOp[m.Op] = append(byOp[m.Op], m)
			}
		}
		for _, op := range splitOps {
			all = append(all, splitMedian(byOp[op.op]))
		}
	}
	md := splitMarkdown(all, o, b.o.rl, b.o.parallelism, b.o.tf, loadBefore)
	fmt.Println()
	fmt.Print(md)
	return b.write(map[string][]byte{"split.md": []byte(md)})
}

// splitMedian is one fleet's command over its rounds: the median of each
// figure (a round's ratios are its own, then their median is taken), the
// failed runs of every round, and the range of slowest / fastest.
func splitMedian(rounds []splitMeasurement) splitMeasurement {
	of := func(f func(splitMeasurement) float64) float64 {
		xs := make([]float64, 0, len(rounds))
		for _, r := range rounds {
			xs = append(xs, f(r))
		}
		return median(xs)
	}
	m := rounds[0]
	m.Rounds = len(rounds)
	m.Seconds = of(func(r splitMeasurement) float64 { return r.Seconds })
	m.FloorSeconds = of(func(r splitMeasurement) float64 { return r.FloorSeconds })
	m.RatioToFloor = of(func(r splitMeasurement) float64 { return r.RatioToFloor })
	m.Fastest = of(func(r splitMeasurement) float64 { return r.Fastest })
	m.Slowest = of(func(r splitMeasurement) float64 { return r.Slowest })
	m.SlowestToFastest = of(func(r splitMeasurement) float64 { return r.SlowestToFastest })
	m.RequestsPerSeconds = of(func(r splitMeasurement) float64 { return r.RequestsPerSeconds })
	m.Answered = int(of(func(r splitMeasurement) float64 { return float64(r.Answered) }))
	m.Throttled = int(of(func(r splitMeasurement) float64 { return float64(r.Throttled) }))
	m.Failed, m.MinSpread, m.MaxSpread = 0, rounds[0].SlowestToFastest, rounds[0].SlowestToFastest
	for _, r := range rounds {
		m.Failed += r.Failed
		if m.FirstErr == "" {
			m.FirstErr = r.FirstErr
		}
		m.MinSpread, m.MaxSpread = min(m.MinSpread, r.SlowestToFastest), max(m.MaxSpread, r.SlowestToFastest)
	}
	return m
}

func splitMarkdown(all []splitMeasurement, o splitOptions, rl rlOptions, parallelism int, tf, loadBefore string) string {
	var s strings.Builder
	fmt.Fprintf(&s, "# One account, many states at once\n\n")
	rounds := "one round"
	if o.rounds > 1 {
		rounds = fmt.Sprintf("the median of %d rounds (each figure's own median; slowest / fastest with its range)", o.rounds)
	}
	fmt.Fprintf(&s, "Measured %s on %d CPUs, %s, %s; load average before: %s, after: %s (K terraform processes share "+
		"the cores: a large K is bound by the CPU as well as by the limit).\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), terraformVersion(tf), rounds, loadBefore, loadAverage())
	fmt.Fprintf(&s, "K states of %d objects each (%d endpoints, %d applications), each in its own directory with its own cache "+
		"directory, run at once (`-parallelism=%d` each) against the emulator limiting the account to %.0f requests/s "+
		"(burst %d). Fleet: the first start to the last end. Floor: the requests the limit let through over R, plus "+
		"one state's same command with no limit. `make bench-split` (`go run ./internal/cmd/bench -split`).\n\n",
		o.n, o.n*2/3, o.n-o.n*2/3, parallelism, rl.rate, rl.burst)
	s.WriteString("| K | command | fleet | floor | fleet / floor | requests | 429s | fastest run | slowest run | slowest / fastest | failed runs |\n")
	s.WriteString("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, m := range all {
		spread := fmt.Sprintf("%.2fx", m.SlowestToFastest)
		if m.Rounds > 1 {
			spread += fmt.Sprintf(" (%.2f to %.2f)", m.MinSpread, m.MaxSpread)
		}
		fmt.Fprintf(&s, "| %d | %s | %.1f s | %.1f s | %.2fx | %d | %d | %.1f s | %.1f s | %s | %d |\n",
			m.K, m.Op, m.Seconds, m.FloorSeconds, m.RatioToFloor, m.Answered-m.Throttled, m.Throttled, m.Fastest, m.Slowest, spread, m.Failed)
	}
	return s.String()
}
