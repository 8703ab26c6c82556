package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// The rate-limited part of the bench: N endpoints applied, planned and
// destroyed at -parallelism P against an emulator that limits the account
// to R requests a second with a burst of B, once with the client as built
// (it learns the limit from 429s and paces every request) and once with
// plain retries (each 429 retried after its Retry-After, the behaviour
// before the pacer; CPAAS_BENCH_PLAIN_RETRIES=1, read by main.go only), and
// once told the limit (max_requests_per_second = R in the provider block):
// a client that paces at exactly R, with a burst of one, from its first
// request (it knows the rate, not the API's burst), never refused.
// Each command starts with a full bucket (the limit is set again before
// it). The floor of apply and destroy is N/R, the target; the floor
// of a plan is its own requests (those answered with anything but 429)
// divided by R.

// rlOptions configure the rate-limited part.
type rlOptions struct {
	n     int
	rate  float64
	burst int
}

// rlMode is one client behaviour; unlimited runs it with the limit off,
// as the reference of what Terraform and the provider take at this moment
// on this machine without any limit.
type rlMode struct {
	name      string
	env       []string
	unlimited bool
	// told sets max_requests_per_second to the limit's rate.
	told bool
}

var rlModes = []rlMode{
	{name: "learning (default)", env: []string{"CPAAS_BENCH_PLAIN_RETRIES="}},
	{name: "plain retries", env: []string{"CPAAS_BENCH_PLAIN_RETRIES=1"}},
	{name: "told the limit (max_requests_per_second = R)", env: []string{"CPAAS_BENCH_PLAIN_RETRIES="}, told: true},
}

// rlReference is the same workload with no rate limit at all.
var rlReference = rlMode{name: "no rate limit (reference)", env: []string{"CPAAS_BENCH_PLAIN_RETRIES="}, unlimited: true}

// rlMeasurement is one command of one mode.
type rlMeasurement struct {
	Mode      string
	Op        string
	Seconds   float64
	Answered  int // every /v1 request answered, 429s included
	Throttled int // answered 429 by the rate limit
	Err       string
	// Routes are the requests by method and route (the account part).
	Routes map[string]int
	// Of the rounds folded into this one by rlMedians: how many, and the
	// range of their times and 429 shares (percent).
	Rounds                 int
	MinSeconds, MaxSeconds float64
	MinShare, MaxShare     float64
}

// needed is the requests the command needed: those the limit let through.
func (m rlMeasurement) needed() int { return m.Answered - m.Throttled }

func (b *bencher) measureRateLimited(o rlOptions, mode rlMode, round int) ([]rlMeasurement, error) {
	step(fmt.Sprintf("rate limit %.0f/s burst %d: %d endpoints, %s, round %d of %d", o.rate, o.burst, o.n, mode.name, round, b.o.repeat))
	dir := filepath.Join(b.work, "ratelimit-"+strings.Fields(mode.name)[0])
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(rlConfig(o, mode)), 0o644); err != nil {
		return nil, err
	}
	p := "-parallelism=" + strconv.Itoa(b.o.parallelism)
	// Each round starts knowing nothing: the apply learns the limit, and
	// the plan and destroy start from what the provider remembered of it
	// (internal/client/pace_memory.go), as a user's next commands would.
	cache, err := os.MkdirTemp(b.work, "cache-")
	if err != nil {
		return nil, err
	}
	var out []rlMeasurement
	for _, op := range []struct {
		op   string
		args []string
	}{
		{"apply", []string{"apply", "-auto-approve", "-input=false", p}},
		{"plan", []string{"plan", "-detailed-exitcode", "-input=false", p}},
		{"destroy", []string{"destroy", "-auto-approve", "-input=false", p}},
	} {
		if err := b.emu.resetCounters(); err != nil {
			return nil, err
		}
		rate := o.rate
		if mode.unlimited {
			rate = 0
		}
		if err := b.emu.setRateLimit(rate, o.burst); err != nil {
			return nil, err
		}
		b.extraEnv = append(slices.Clone(mode.env), "XDG_CACHE_HOME="+cache)
		d, _, err := b.terraform(dir, b.cliConfig, op.args...)
		b.extraEnv = nil
		m := rlMeasurement{Mode: mode.name, Op: op.op, Seconds: d.Seconds()}
		m.Answered, m.Throttled, _ = b.emu.stats()
		if err != nil {
			if op.op == "plan" && exitCode(err) == 2 {
				return nil, fmt.Errorf("rate limit, %s: the plan after apply is not empty", mode.name)
			}
			// A failed command is a result (plain retries may run out of
			// retries): report it, and clean up for the next round.
			m.Err = firstLine(err.Error())
			fmt.Printf("   %s %s FAILED: %s\n", mode.name, op.op, m.Err)
		}
		fmt.Printf("   %-20s %-8s %7.2fs  %4d requests, %3d answered 429 (%.1f%%)\n", mode.name, op.op, m.Seconds, m.Answered, m.Throttled, share(m))
		out = append(out, m)
	}
	if err := b.emu.setRateLimit(0, 0); err != nil {
		return nil, err
	}
	// Leave nothing behind for the next round, whatever failed.
	if _, _, err := b.terraform(dir, b.cliConfig, "destroy", "-auto-approve", "-input=false", p); err != nil {
		return nil, fmt.Errorf("rate limit, %s: cleaning up: %w", mode.name, err)
	}
	return out, nil
}

// rlConfig is the configuration of mode: o.n endpoints, and the limit's
// rate as max_requests_per_second when mode is told it.
func rlConfig(o rlOptions, mode rlMode) string {
	config := endpoints.build(o.n, facts{})
	if mode.told {
		config = strings.Replace(config, `provider "cpaas" {}`,
			fmt.Sprintf("provider \"cpaas\" {\n  max_requests_per_second = %s\n}", strconv.FormatFloat(o.rate, 'f', -1, 64)), 1)
	}
	return config
}

func share(m rlMeasurement) float64 {
	if m.Answered == 0 {
		return 0
	}
	return 100 * float64(m.Throttled) / float64(m.Answered)
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "Error") {
			return strings.TrimSpace(strings.Trim(l, "│ "))
		}
	}
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// rlMedians folds rounds: the median time, and the requests and 429s of
// the round with the median time.
func rlMedians(all []rlMeasurement) []rlMeasurement {
	type key struct{ mode, op string }
	var order []key
	groups := map[key][]rlMeasurement{}
	for _, m := range all {
		k := key{m.Mode, m.Op}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], m)
	}
	var out []rlMeasurement
	for _, k := range order {
		g := slices.Clone(groups[k])
		slices.SortFunc(g, func(a, b rlMeasurement) int {
			switch {
			case a.Seconds < b.Seconds:
				return -1
			case a.Seconds > b.Seconds:
				return 1
			}
			return 0
		})
		m := g[len(g)/2]
		m.Rounds, m.MinSeconds, m.MaxSeconds = len(g), g[0].Seconds, g[len(g)-1].Seconds
		m.MinShare, m.MaxShare = share(g[0]), share(g[0])
		for _, r := range g {
			m.MinShare, m.MaxShare = math.Min(m.MinShare, share(r)), math.Max(m.MaxShare, share(r))
		}
		for _, r := range g {
			if r.Err != "" && m.Err == "" {
				m.Err = fmt.Sprintf("failed in %d of %d rounds: %s", countErr(g), len(g), r.Err)
			}
		}
		out = append(out, m)
	}
	return out
}

func countErr(g []rlMeasurement) int {
	n := 0
	for _, m := range g {
		if m.Err != "" {
			n++
		}
	}
	return n
}

// rlFloor is the floor of m in seconds and how it is written.
func rlFloor(m rlMeasurement, o rlOptions) (float64, string) {
	if m.Op == "plan" {
		return float64(m.needed()) / o.rate, fmt.Sprintf("%d/R", m.needed())
	}
	return float64(o.n) / o.rate, "N/R"
}

// rlMarkdown is the table of the rate-limited part, with the targets.
func rlMarkdown(all []rlMeasurement, o rlOptions, rounds, parallelism int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#### Under the API's rate limit: N = %d endpoints, R = %s requests/s with a burst of %d, -parallelism=%d\n\n",
		o.n, strconv.FormatFloat(o.rate, 'f', -1, 64), o.burst, parallelism)
	fmt.Fprintf(&b, "Median of %d rounds (of an even number, the slower middle one), with the range over the rounds; each command starts with a full bucket, "+
		"each round with a provider that knows nothing of the limit (the apply learns it, the plan and destroy start from what the apply's process remembered). "+
		"Floor: N/R = %.1f s for apply and destroy, "+
		"the plan's own requests (answered other than 429) / R for the plan. Targets: apply and destroy within 1.10x of N/R, "+
		"plan within 1.10x of its floor, at most 2%% of requests answered 429.\n\n", rounds, float64(o.n)/o.rate)
	b.WriteString("| client | command | time (range) | floor | ratio | requests | answered 429 (range of shares) | met |\n|---|---|---:|---:|---:|---:|---:|---|\n")
	for _, m := range all {
		floor, how := rlFloor(m, o)
		ratio := m.Seconds / floor
		met := "yes"
		switch {
		case m.Err != "":
			met = "no: " + m.Err
		case ratio > 1.10 && share(m) > 2:
			met = "no (time, 429s)"
		case ratio > 1.10:
			met = "no (time)"
		case share(m) > 2:
			met = "no (429s)"
		}
		if m.Mode == rlReference.name {
			fmt.Fprintf(&b, "| %s | %s | %.2f s (%.2f to %.2f) | | | %d | | |\n", m.Mode, m.Op, m.Seconds, m.MinSeconds, m.MaxSeconds, m.Answered)
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %.2f s (%.2f to %.2f) | %.2f s (%s) | **%.2fx** | %d | %d (%.1f%%; %.1f to %.1f%%) | %s |\n",
			m.Mode, m.Op, m.Seconds, m.MinSeconds, m.MaxSeconds, floor, how, ratio, m.Answered, m.Throttled, share(m), m.MinShare, m.MaxShare, met)
	}
	b.WriteString("\nThe reference row is the same workload with the limit off, measured in the same rounds: when it is near N/R, " +
		"Terraform's own CPU, not the client, bounds the time under the limit.\n")
	for _, mode := range rlModes {
		answered, throttled := 0, 0
		for _, m := range all {
			if m.Mode == mode.name {
				answered += m.Answered
				throttled += m.Throttled
			}
		}
		if answered > 0 {
			fmt.Fprintf(&b, "\n%s, all three commands: %d requests, %d answered 429 (%.1f%%).", mode.name, answered, throttled,
				100*float64(throttled)/float64(answered))
		}
	}
	b.WriteString("\n")
	return b.String()
}

// rlPlotPNG draws, per command, the time of each client mode next to the
// floor.
func rlPlotPNG(all []rlMeasurement, o rlOptions) ([]byte, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%d endpoints under a limit of %s requests/s (burst %d)", o.n, strconv.FormatFloat(o.rate, 'f', -1, 64), o.burst)
	p.Y.Label.Text = "seconds"
	p.Y.Min = 0
	p.Legend.Top = true
	w := vg.Points(22)
	series := []struct {
		name   string
		colour color.Color
		value  func(op string) float64
	}{
		{"floor (N/R; plan: its requests/R)", color.Gray{Y: 150}, func(op string) float64 {
			for _, m := range all {
				if m.Op == op && m.Mode == rlModes[0].name {
					f, _ := rlFloor(m, o)
					return f
				}
			}
			return 0
		}},
	}
	colours := []color.Color{color.RGBA{R: 31, G: 119, B: 180, A: 255}, color.RGBA{R: 214, G: 39, B: 40, A: 255}, color.RGBA{R: 44, G: 160, B: 44, A: 255}}
	for i, mode := range rlModes {
		series = append(series, struct {
			name   string
			colour color.Color
			value  func(op string) float64
		}{mode.name, colours[i], func(op string) float64 {
			for _, m := range all {
				if m.Op == op && m.Mode == mode.name {
					return m.Seconds
				}
			}
			return 0
		}})
	}
	for i, s := range series {
		var vals plotter.Values
		for _, op := range ops {
			vals = append(vals, s.value(op))
		}
		bars, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return nil, err
		}
		bars.Color = s.colour
		bars.LineStyle.Width = 0
		bars.Offset = w * vg.Length(i-len(series)/2)
		p.Add(bars)
		p.Legend.Add(s.name, bars)
	}
	p.NominalX(ops...)
	var buf bytes.Buffer
	wt, err := p.WriterTo(8*vg.Inch, 4*vg.Inch, "png")
	if err != nil {
		return nil, err
	}
	if _, err := wt.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// setRateLimit sets the emulator's per-account rate limit (0: off), which
// also refills every bucket.
func (e *emulatorProc) setRateLimit(rate float64, burst int) error {
	body := fmt.Sprintf(`{"rate":%s,"burst":%d}`, strconv.FormatFloat(rate, 'f', -1, 64), burst)
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodPut, e.baseURL+"/_emulator/rate_limit", strings.NewReader(body))
	resp, err := e.controlDo(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		data, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("setting the emulator's rate limit: %s: %s", resp.Status, data)
	}
	return nil
}

// stats is the emulator's count of /v1 requests and of those the rate
// limit refused, since the last reset.
func (e *emulatorProc) stats() (int, int, error) {
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, e.baseURL+"/_emulator/faults", nil)
	resp, err := e.controlDo(req)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	var out struct {
		Stats struct {
			Requests    int `json:"requests"`
			RateLimited int `json:"rate_limited"`
		} `json:"stats"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return 0, 0, err
	}
	return out.Stats.Requests, out.Stats.RateLimited, nil
}

// runRateLimited runs the rate-limited part for every mode, rounds
// interleaved, and returns the medians.
func (b *bencher) runRateLimited(o rlOptions) ([]rlMeasurement, error) {
	var all []rlMeasurement
	if err := b.emu.setLatency(0); err != nil {
		return nil, err
	}
	for round := 1; round <= b.o.repeat; round++ {
		for _, mode := range append(slices.Clone(rlModes), rlReference) {
			ms, err := b.measureRateLimited(o, mode, round)
			if err != nil {
				return nil, err
			}
			all = append(all, ms...)
		}
	}
	return rlMedians(all), nil
}
