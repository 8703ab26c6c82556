// Command bench is what `make bench` runs: it measures apply, a no-change
// plan and destroy of N resources of this provider against Terraform's own
// floor, N `terraform_data` resources in the same run, at zero latency and
// with the emulator adding a round-trip latency L at -parallelism P (where
// no apply can beat N*L/P).
//
// It builds the provider and the standalone emulator, starts the emulator as
// a subprocess on a free loopback port, points Terraform at the build
// through a temporary CLI configuration (dev_overrides), and reports each
// time with its ratio to the floor, the provider process's peak memory
// (VmHWM), the API requests per resource (the emulator's request counter)
// and the round trips of a 1,000-result number search. It writes a Markdown
// table and a PNG plot to -out, and with -results also there (the copies the
// bench README and the project README show). Then it measures a whole
// account of 1,000 objects of the kinds users keep most (account.go) at
// zero latency, at 50 ms and under the API's rate limit, next to the same
// configuration's plan -refresh=false, against the targets.
//
//	go run ./internal/cmd/bench                 # N = 100, 500, 1000, median of 3 rounds, then the rate limit and the account
//	go run ./internal/cmd/bench -quick          # N = 100 only, one round, for a smoke run
//	go run ./internal/cmd/bench -n 50,200 -latency 20ms -parallelism 10
//	go run ./internal/cmd/bench -ratelimit      # only the part under the API's rate limit (ratelimit.go)
//	go run ./internal/cmd/bench -account        # only the whole account (account.go), N = 1000
//	go run ./internal/cmd/bench -floor          # only cpaas_endpoint against the no-op plugin and the framework floor, N = 1000, zero latency
//	go run ./internal/cmd/bench -scale          # only the no-change plan of 1,000 and 10,000 endpoints (scale.go)
//	go run ./internal/cmd/bench -large          # only one large account against many states (large.go; most of an hour and more)
//
// A ratio to the no-op plugin or the framework floor is reported only when
// the floor's state file holds exactly the provider's (floorstate.go).
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/cpuprofile"
)

// floorRounds is -floor's default count of rounds.
const floorRounds = 5

type options struct {
	ns []int
	// emulatorLog, when set, is a file the emulator's request log is
	// appended to, each terraform command marked in it (a timeline).
	emulatorLog string
	latency     time.Duration
	parallelism int
	out         string
	results     string
	// skipAccount leaves out the whole account's part.
	skipAccount bool
	tf          string
	// repeat is how many rounds measure each (latency, N): the workloads
	// take turns within a round, and the report gives each figure's median.
	repeat int
	// rateLimitOnly runs only the rate-limited part, floorOnly only the
	// provider against the no-op plugin with its schema.
	rateLimitOnly, floorOnly, accountOnly bool
	// scaleOnly runs only the no-change plan of scaleNs endpoints
	// (scale.go).
	scaleOnly bool
	scaleNs   []int
	// splitOnly runs only the part of many states at once (split.go).
	splitOnly bool
	split     splitOptions
	// largeOnly runs only the large account against many states
	// (large.go).
	largeOnly bool
	large     largeOptions
	rl        rlOptions
	// accountN is the account part's count of objects; accountMixes the
	// mixes it measures, each in turn (defaultMix, or accountMixes' names).
	accountN     int
	accountMixes []string
	// drift holds, per floor and N ("no-op plugin, same schema/1000"), how
	// that floor's state differed from the provider's: the bench then
	// reports no ratio against it.
	drift map[string]string
}

func main() {
	nFlag := flag.String("n", "100,500,1000", "comma-separated resource counts")
	quick := flag.Bool("quick", false, "a fast smoke run: -n 100 (overrides -n), no copy to -results")
	latency := flag.Duration("latency", 50*time.Millisecond, "emulator latency of the second half of the run (0 skips it)")
	parallelism := flag.Int("parallelism", 10, "terraform -parallelism")
	out := flag.String("out", ".bench", "directory for the table and the plot of this run")
	results := flag.String("results", "", "also copy the table and the plot here (make bench: internal/cmd/bench/results)")
	skipAccount := flag.Bool("skip-account", false, "leave out the whole account's part")
	accountOnly := flag.Bool("account", false, "run only the whole account's part (-account-n objects; zero latency, -latency, and -rl-rate / -rl-burst)")
	accountN := flag.Int("account-n", 1000, "objects of the whole account's part")
	mixes := flag.String("account-mix", defaultMix, "comma-separated mixes of the whole account's part: "+defaultMix+" (the kinds' own weights) or waits (the waits mix)")
	repeat := flag.Int("repeat", 3, "rounds per latency and N; the report gives the median of each figure (-quick: 1)")
	rateLimitOnly := flag.Bool("ratelimit", false, "run only the part under the API's rate limit (-rl-n, -rl-rate, -rl-burst)")
	floorOnly := flag.Bool("floor", false, "run only cpaas_endpoint, the no-op plugin with its schema and the framework floor, zero latency (-n defaults to 1000, -repeat to 5)")
	scaleOnly := flag.Bool("scale", false, "run only the no-change plan of -scale-n endpoints against plan -refresh=false (scale.go)")
	scaleN := flag.String("scale-n", "1000,10000", "comma-separated endpoint counts of -scale")
	rlN := flag.Int("rl-n", 500, "endpoints of the rate-limited part")
	rlRate := flag.Float64("rl-rate", 20, "the emulator's rate limit in the rate-limited part, requests/s per account")
	rlBurst := flag.Int("rl-burst", 20, "the emulator's burst in the rate-limited part")
	splitOnly := flag.Bool("split", false, "run only the part of many states at once (split.go): -split-k fleets of -split-n objects a state, under -rl-rate / -rl-burst")
	splitK := flag.String("split-k", "1,4,8,16", "comma-separated fleet sizes of -split (states applied at once)")
	splitN := flag.Int("split-n", 90, "objects a state in -split")
	splitRounds := flag.Int("split-rounds", 3, "rounds of each fleet in -split (apply, plan and destroy each); the report gives the median of each figure and the range of slowest / fastest")
	largeOnly := flag.Bool("large", false, "run only the large account against many states (large.go): the parts of -large-parts")
	largeParts := flag.String("large-parts", "narrow,fleet,teams,one", "comma-separated parts of -large, run in this order: narrow (a state of -large-m applications in an account of -large-account, narrowed by subaccount and not, under -rl-rate / -rl-burst), fleet (-large-k states of -large-n endpoints in the main account applied and planned at once), teams (the same, each state in a subaccount of its own), one (one state of -large-k × -large-n endpoints: its apply takes most of an hour at full size); none (\"\") writes large.md again from -results' large.json")
	largeM := flag.Int("large-m", 1000, "applications in the state of -large's narrow part")
	largeAccount := flag.Int("large-account", 10000, "applications in the account during the plans of -large's narrow part")
	largeK := flag.Int("large-k", 10, "states of -large's fleet part (the one state holds -large-k × -large-n endpoints)")
	largeN := flag.Int("large-n", 1000, "endpoints a state of -large's fleet part")
	emulatorLog := flag.String("emulator-log", "", "append the emulator's request log to this file, each terraform command marked in it (a timeline)")
	flag.Parse()

	o := options{emulatorLog: *emulatorLog, latency: *latency, parallelism: *parallelism, out: *out, results: *results, skipAccount: *skipAccount, repeat: *repeat,
		rateLimitOnly: *rateLimitOnly, floorOnly: *floorOnly, accountOnly: *accountOnly, accountN: *accountN, scaleOnly: *scaleOnly,
		rl: rlOptions{n: *rlN, rate: *rlRate, burst: *rlBurst}, drift: map[string]string{},
		splitOnly: *splitOnly, split: splitOptions{ks: parseCounts("-split-k", *splitK), n: *splitN, rounds: max(1, *splitRounds)}}
	o.largeOnly, o.large = *largeOnly, largeOptions{m: *largeM, account: *largeAccount, k: *largeK, n: *largeN}
	parts, err := parseLargeParts(*largeParts)
	if err != nil {
		log.Fatalf("bench: -large-parts: %v", err)
	}
	o.large.parts = parts
	if o.large.m < 1 || o.large.account < o.large.m || o.large.k < 1 || o.large.n < 1 {
		log.Fatal("bench: -large-m, -large-k and -large-n must be positive, and -large-account at least -large-m")
	}
	if o.split.n < 3 {
		log.Fatal("bench: -split-n must be at least 3")
	}
	if o.floorOnly {
		set := map[string]bool{}
		flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["n"] {
			*nFlag = "1000"
		}
		// The -floor figure is the least CPU of the rounds: five give it
		// a fair chance of a quiet one on shared cores.
		if !set["repeat"] {
			o.repeat = floorRounds
		}
		o.latency, o.skipAccount = 0, true
	}
	if o.accountN < 1 {
		log.Fatal("bench: -account-n must be positive")
	}
	for _, m := range strings.Split(*mixes, ",") {
		m = strings.TrimSpace(m)
		if err := useMix(m); err != nil {
			log.Fatalf("bench: -account-mix: %v", err)
		}
		o.accountMixes = append(o.accountMixes, m)
	}
	if o.rl.n < 1 || o.rl.rate <= 0 || o.rl.burst < 1 {
		log.Fatal("bench: -rl-n, -rl-rate and -rl-burst must be positive")
	}
	if *quick {
		*nFlag, o.results, o.repeat, o.accountN = "100", "", 1, 100
	}
	if o.repeat < 1 {
		log.Fatalf("bench: -repeat %d: must be at least 1", o.repeat)
	}
	o.ns = parseCounts("-n", *nFlag)
	o.scaleNs = parseCounts("-scale-n", *scaleN)
	tf, err := exec.LookPath("terraform")
	if p := os.Getenv("TF_ACC_TERRAFORM_PATH"); p != "" {
		tf, err = p, nil
	}
	if err != nil {
		log.Fatal("bench: the terraform CLI is not on PATH (or set TF_ACC_TERRAFORM_PATH)")
	}
	o.tf = tf
	if err := run(o); err != nil {
		log.Fatalf("bench: %v", err)
	}
}

// parseCounts reads a flag's comma-separated positive counts.
func parseCounts(name, value string) []int {
	var ns []int
	for _, f := range strings.Split(value, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			log.Fatalf("bench: %s: %q is not a positive count", name, f)
		}
		ns = append(ns, n)
	}
	return ns
}

// measurement is one terraform command on one workload.
type measurement struct {
	Latency  time.Duration
	Workload string
	N        int
	Op       string // apply, plan, destroy
	Seconds  float64
	// CPUSeconds is the CPU time of Terraform and its plugin processes:
	// less sensitive than Seconds to what else the machine runs.
	CPUSeconds float64
	// PluginCPUSeconds is the plugin processes' share of CPUSeconds, as
	// they wrote it when Terraform stopped them (internal/cpuprofile); 0
	// for terraform_data.
	PluginCPUSeconds float64
	Requests         int
	PeakKiB          int64 // VmHWM of the provider process(es), 0 for terraform_data
	// StateBytes is the size of terraform.tfstate after apply (0 for the
	// other commands): Terraform rewrites the whole file after each
	// resource, so its size per resource drives apply and destroy time.
	StateBytes int64
	Round      int
}

func run(o options) error {
	work, err := os.MkdirTemp("", "cpaas-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)

	step("building the provider and the emulator")
	bin := filepath.Join(work, "bin")
	if err := goBuild("-ldflags", "-X main.version=bench", "-o", filepath.Join(bin, "terraform-provider-cpaas"), "."); err != nil {
		return err
	}
	noopBin := filepath.Join(work, "bin-noop")
	if err := goBuild("-o", filepath.Join(noopBin, "terraform-provider-cpaas"), "./internal/cmd/schemafloor"); err != nil {
		return err
	}
	emuBin := filepath.Join(bin, "cpaas-emulator")
	if err := goBuild("-o", emuBin, "./cmd/cpaas-emulator"); err != nil {
		return err
	}

	step("starting the emulator")
	emu, err := startEmulator(emuBin, registryDelay, o.emulatorLog)
	if err != nil {
		return err
	}
	fmt.Printf("   emulator at %s (pid %d)\n", emu.baseURL, emu.cmd.Process.Pid)

	cliConfig, err := writeCLIConfig(work, "terraformrc", bin)
	if err != nil {
		return err
	}
	noopCLIConfig, err := writeCLIConfig(work, "terraformrc-noop", noopBin)
	if err != nil {
		return err
	}
	frameworkCLIConfig := ""
	if o.floorOnly {
		fwBin := filepath.Join(work, "bin-framework")
		if err := goBuild("-ldflags", "-X main.mode=framework", "-o", filepath.Join(fwBin, "terraform-provider-cpaas"), "./internal/cmd/schemafloor"); err != nil {
			return err
		}
		if frameworkCLIConfig, err = writeCLIConfig(work, "terraformrc-framework", fwBin); err != nil {
			return err
		}
	}
	b := &bencher{o: o, emu: emu, emuBin: emuBin, work: work, states: map[string][]byte{}, cliConfig: cliConfig, noopCLIConfig: noopCLIConfig, frameworkCLIConfig: frameworkCLIConfig,
		env: append(emu.env(), "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1",
			// The provider remembers learned rate limits under the user's
			// cache directory; the bench keeps its own (and the
			// rate-limited part a fresh one per round and client).
			"XDG_CACHE_HOME="+filepath.Join(work, "cache"))}
	defer func() { b.emu.stop() }()

	if o.splitOnly {
		return b.runSplit(o.split)
	}
	if o.largeOnly {
		return b.runLarge(o.large)
	}
	if o.rateLimitOnly {
		rl, err := b.runRateLimited(o.rl)
		if err != nil {
			return err
		}
		return b.writeRateLimited(rl)
	}
	if o.accountOnly {
		return b.runAccount()
	}
	if o.scaleOnly {
		return b.runScale()
	}

	workloads := []workload{baseline, noopData, noopEndpoints, endpoints}
	if o.floorOnly {
		workloads = []workload{noopEndpoints, idleEndpoints, endpoints}
	}
	var all []measurement
	var searches []searchResult

	latencies := []time.Duration{0}
	if o.latency > 0 {
		latencies = append(latencies, o.latency)
	}
	for _, lat := range latencies {
		if err := emu.setLatency(lat); err != nil {
			return err
		}
		for _, n := range o.ns {
			for round := 1; round <= o.repeat; round++ {
				for _, w := range workloads {
					if lat > 0 && !w.api {
						continue // no API: latency cannot change it
					}
					ms, err := b.measure(lat, w, n, round)
					if err != nil {
						return err
					}
					all = append(all, ms...)
					printRows(ms, medians(all), o)
				}
			}
		}
		if o.floorOnly {
			continue
		}
		s, err := b.search(lat)
		if err != nil {
			return err
		}
		searches = append(searches, s)
		fmt.Printf("   search of 1,000 numbers at latency %s: %d round trips, %.2fs\n", lat, s.Requests, s.Seconds)
	}

	if o.floorOnly {
		md := floorMarkdown(all, o)
		fmt.Println()
		fmt.Print(md)
		return b.write(map[string][]byte{"floor.md": []byte(md)})
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	summary := medians(all)
	md := markdown(summary, searches, o)
	fmt.Println()
	fmt.Print(md)
	files := map[string][]byte{"results.md": []byte(md)}
	png, err := plotPNG(summary)
	if err != nil {
		return err
	}
	files["bench.png"] = png
	dirs := []string{o.out}
	if o.results != "" {
		dirs = append(dirs, o.results)
	}
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(d, name), data, 0o644); err != nil {
				return err
			}
		}
		fmt.Printf("   wrote %s and %s\n", filepath.Join(d, "results.md"), filepath.Join(d, "bench.png"))
	}

	rl, err := b.runRateLimited(o.rl)
	if err != nil {
		return err
	}
	if err := b.writeRateLimited(rl); err != nil {
		return err
	}
	if o.skipAccount {
		return nil
	}
	return b.runAccount()
}

// write writes files to -out and, with -results, there too.
func (b *bencher) write(files map[string][]byte) error {
	dirs := []string{b.o.out}
	if b.o.results != "" {
		dirs = append(dirs, b.o.results)
	}
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(d, name), data, 0o644); err != nil {
				return err
			}
			fmt.Printf("   wrote %s\n", filepath.Join(d, name))
		}
	}
	return nil
}

// writeRateLimited prints the rate-limited table and writes it with its
// plot to -out and -results (ratelimit.md, ratelimit.png).
func (b *bencher) writeRateLimited(rl []rlMeasurement) error {
	md := rlMarkdown(rl, b.o.rl, b.o.repeat, b.o.parallelism)
	fmt.Println()
	fmt.Print(md)
	png, err := rlPlotPNG(rl, b.o.rl)
	if err != nil {
		return err
	}
	dirs := []string{b.o.out}
	if b.o.results != "" {
		dirs = append(dirs, b.o.results)
	}
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(d, "ratelimit.md"), []byte(md), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(d, "ratelimit.png"), png, 0o644); err != nil {
			return err
		}
		fmt.Printf("   wrote %s and %s\n", filepath.Join(d, "ratelimit.md"), filepath.Join(d, "ratelimit.png"))
	}
	return nil
}

type bencher struct {
	o   options
	emu *emulatorProc
	// emuBin is the emulator's binary, for restartEmulator.
	emuBin string
	work   string
	env    []string
	// cliConfig points Terraform at the provider, noopCLIConfig at the
	// schemafloor plugin, frameworkCLIConfig at its framework floor (-floor
	// only) (dev_overrides, no registry).
	cliConfig, noopCLIConfig, frameworkCLIConfig string
	// cpu is the CPU time (user and system) of the last terraform command
	// and the plugin processes it started and waited for (the rusage of a
	// waited-for process counts the children it waited for); pluginCPU is
	// the plugins' share, from what each wrote when it stopped.
	cpu, pluginCPU time.Duration
	// extraEnv is added to the environment of the next commands.
	extraEnv []string
	// states holds the last state file each workload's apply left, per
	// N, for the floors' comparison with the provider's.
	states map[string][]byte
}

// writeCLIConfig writes a Terraform CLI configuration named name in dir
// that takes cpaas-dev/cpaas from pluginDir, and returns its path.
func writeCLIConfig(dir, name, pluginDir string) (string, error) {
	path := filepath.Join(dir, name)
	return path, os.WriteFile(path, []byte(fmt.Sprintf(`provider_installation {
  dev_overrides {
    "cpaas-dev/cpaas" = %q
  }
  direct {}
}
`, pluginDir)), 0o600)
}

// measure applies, plans (which must report no changes) and destroys w
// with n resources, counting the API requests of each command.
func (b *bencher) measure(lat time.Duration, w workload, n, round int) ([]measurement, error) {
	step(fmt.Sprintf("%s x %d, latency %s, round %d of %d", w.name, n, lat, round, b.o.repeat))
	dir := filepath.Join(b.work, fmt.Sprintf("%s-%d-%s", strings.NewReplacer(" ", "-", ",", "").Replace(w.name), n, lat))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := b.facts(w, n)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(w.build(n, f)), 0o644); err != nil {
		return nil, err
	}
	p := "-parallelism=" + strconv.Itoa(b.o.parallelism)
	ops := []struct {
		op   string
		args []string
	}{
		{"apply", []string{"apply", "-auto-approve", "-input=false", p}},
		{"plan", []string{"plan", "-detailed-exitcode", "-input=false", p}},
		{"destroy", []string{"destroy", "-auto-approve", "-input=false", p}},
	}
	var out []measurement
	for _, op := range ops {
		if err := b.emu.resetCounters(); err != nil {
			return nil, err
		}
		cliConfig := b.cliConfig
		switch {
		case w.noop:
			cliConfig = b.noopCLIConfig
		case w.framework:
			cliConfig = b.frameworkCLIConfig
		}
		d, peak, err := b.terraform(dir, cliConfig, op.args...)
		if err != nil {
			if op.op == "plan" && exitCode(err) == 2 {
				return nil, fmt.Errorf("%s x %d: the plan after apply is not empty", w.name, n)
			}
			return nil, fmt.Errorf("%s x %d: terraform %s: %w", w.name, n, op.op, err)
		}
		reqs, err := b.emu.requests()
		if err != nil {
			return nil, err
		}
		m := measurement{Latency: lat, Workload: w.name, N: n, Op: op.op, Seconds: d.Seconds(), CPUSeconds: b.cpu.Seconds(), PluginCPUSeconds: b.pluginCPU.Seconds(),
			Requests: reqs, PeakKiB: peak, Round: round}
		if op.op == "apply" {
			state, err := os.ReadFile(filepath.Join(dir, "terraform.tfstate"))
			if err == nil {
				m.StateBytes = int64(len(state))
			}
			if err := b.checkFloorState(w, n, state); err != nil {
				return nil, err
			}
		}
		out = append(out, m)
	}
	return out, nil
}

type searchResult struct {
	Latency  time.Duration
	Requests int
	Seconds  float64
}

// search plans a configuration that reads 1,000 search results.
func (b *bencher) search(lat time.Duration) (searchResult, error) {
	dir := filepath.Join(b.work, "search-"+lat.String())
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return searchResult{}, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(searchConfig), 0o644); err != nil {
		return searchResult{}, err
	}
	if err := b.emu.resetCounters(); err != nil {
		return searchResult{}, err
	}
	d, _, err := b.terraform(dir, b.cliConfig, "plan", "-input=false")
	if err != nil {
		return searchResult{}, fmt.Errorf("search: %w", err)
	}
	reqs, err := b.emu.requests()
	return searchResult{Latency: lat, Requests: reqs, Seconds: d.Seconds()}, err
}

// terraform runs one command with the CLI configuration cliConfig, timing
// it and sampling the memory of the provider processes it starts.
func (b *bencher) terraform(dir, cliConfig string, args ...string) (time.Duration, int64, error) {
	cpuDir, err := os.MkdirTemp(b.work, "cputime-")
	if err != nil {
		return 0, 0, err
	}
	defer os.RemoveAll(cpuDir)
	cmd := exec.Command(b.o.tf, args...)
	cmd.Dir = dir
	cmd.Env = append(append(append(os.Environ(), b.env...), b.extraEnv...), "TF_CLI_CONFIG_FILE="+cliConfig, cpuprofile.CPUTimeEnv+"="+cpuDir)
	var stderr, stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if b.o.emulatorLog != "" {
		if f, err := os.OpenFile(b.o.emulatorLog, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			_, _ = fmt.Fprintf(f, "%s ==> terraform %s (in %s)\n", start.Format("2006/01/02 15:04:05.000000"), strings.Join(args, " "), filepath.Base(dir))
			_ = f.Close()
		}
	}
	if err := cmd.Start(); err != nil {
		return 0, 0, err
	}
	stop := make(chan struct{})
	peakCh := make(chan int64, 1)
	go func() { peakCh <- samplePeakMemory(cmd.Process.Pid, stop) }()
	err = cmd.Wait()
	elapsed := time.Since(start)
	b.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	b.pluginCPU, _, _ = cpuprofile.ReadCPUTimes(cpuDir)
	close(stop)
	peak := <-peakCh
	if err != nil {
		// Terraform's errors are on stderr: last, so the cut keeps them.
		tail := stdout.String() + stderr.String()
		if len(tail) > 4000 {
			tail = tail[len(tail)-4000:]
		}
		return elapsed, peak, fmt.Errorf("%w\n%s", err, tail)
	}
	return elapsed, peak, nil
}

// samplePeakMemory polls the children of pid named terraform-provider-cpaas
// and returns the largest VmHWM (peak resident set) seen, in KiB. It reads
// the stat file of each new process once, and then only the status of the
// providers, so that sampling costs the measured machine little CPU.
func samplePeakMemory(pid int, stop <-chan struct{}) int64 {
	var peak int64
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	seen := map[int]bool{} // pid -> whether it is a provider child of pid
	for {
		for _, p := range newPIDs(pid, seen) {
			seen[p] = isChildNamed(p, pid, "terraform-provi") // comm is cut at 15 bytes
		}
		for p, provider := range seen {
			if !provider {
				continue
			}
			if kib := vmHWM(p); kib > peak {
				peak = kib
			}
		}
		select {
		case <-stop:
			return peak
		case <-tick.C:
		}
	}
}

// newPIDs lists the processes above after (a child's pid is larger than its
// parent's unless pids wrapped) that are not in seen.
func newPIDs(after int, seen map[int]bool) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid <= after {
			continue
		}
		if _, ok := seen[pid]; !ok {
			out = append(out, pid)
		}
	}
	return out
}

// isChildNamed is whether process pid is a child of ppid whose command
// starts with commPrefix.
func isChildNamed(pid, ppid int, commPrefix string) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// pid (comm) state ppid ...
	s := string(data)
	open, closeIdx := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || closeIdx < open {
		return false
	}
	fields := strings.Fields(s[closeIdx+1:])
	if len(fields) < 2 || !strings.HasPrefix(s[open+1:closeIdx], commPrefix) {
		return false
	}
	p, _ := strconv.Atoi(fields[1])
	return p == ppid
}

func vmHWM(pid int) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// emulatorProc is the standalone emulator running as a subprocess.
type emulatorProc struct {
	cmd       *exec.Cmd
	baseURL   string
	authID    string
	authToken string
	latency   time.Duration
	// control is the control API's token: the bench starts the emulator
	// with one, as shared CI would.
	control string
	// routes counts the /v1 requests by method and route (ids written
	// {id}) since the last reset, from the emulator's request log (-v).
	routesMu sync.Mutex
	routes   map[string]int
	// registry is its -registry-delay.
	registry time.Duration
}

// restartEmulator gives the bench a fresh emulator whose registry takes
// registry, unless the running one already does.
func (b *bencher) restartEmulator(registry time.Duration) error {
	if b.emu.registry == registry {
		return nil
	}
	step(fmt.Sprintf("restarting the emulator with -registry-delay %s", registry))
	b.emu.stop()
	emu, err := startEmulator(b.emuBin, registry, b.o.emulatorLog)
	if err != nil {
		return err
	}
	b.emu = emu
	env := emu.env()
	for _, kv := range b.env {
		if !strings.HasPrefix(kv, "CPAAS_") {
			env = append(env, kv)
		}
	}
	b.env = env
	return nil
}

// registryDelay is how long the emulated 10DLC registry takes to register
// the account workload's brand and campaigns and to link each number: short,
// as the bench measures the provider, not the operators. A mix may ask for
// another (mixRegistryDelay).
const registryDelay = 10 * time.Millisecond

// startEmulator starts the emulator with registry as its -registry-delay;
// with logPath set, it appends the emulator's log there.
func startEmulator(bin string, registry time.Duration, logPath string) (*emulatorProc, error) {
	control := fmt.Sprintf("bench-%d-%d", os.Getpid(), time.Now().UnixNano())
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-registry-delay", registry.String(), "-control-token", control, "-v")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &emulatorProc{cmd: cmd, control: control, routes: map[string]int{}, registry: registry}
	logFile := io.Discard
	if logPath != "" {
		f, err := os.OpenFile(logPath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			_ = cmd.Process.Kill()
			return nil, err
		}
		logFile = f
	}
	go func() {
		e.countRoutes(stderr, logFile)
		if c, ok := logFile.(io.Closer); ok { // the log file; io.Discard has no Close
			_ = c.Close()
		}
	}()
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), "=")
		switch k {
		case "CPAAS_BASE_URL":
			e.baseURL = v
		case "CPAAS_AUTH_ID":
			e.authID = v
		case "CPAAS_AUTH_TOKEN":
			e.authToken = v
		}
		if e.baseURL != "" && e.authID != "" && e.authToken != "" {
			break
		}
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	if e.baseURL == "" {
		e.stop()
		return nil, errors.New("the emulator did not print its address")
	}
	return e, nil
}

func (e *emulatorProc) env() []string {
	return []string{"CPAAS_BASE_URL=" + e.baseURL, "CPAAS_AUTH_ID=" + e.authID, "CPAAS_AUTH_TOKEN=" + e.authToken}
}

func (e *emulatorProc) stop() {
	_ = e.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = e.cmd.Process.Kill()
		<-done
	}
}

// setLatency sets the latency of every /v1 request and resets the counters.
func (e *emulatorProc) setLatency(d time.Duration) error {
	e.latency = d
	return e.resetCounters()
}

// requestLine is a line of the emulator's request log: "GET /v1/... -> 200".
var requestLine = regexp.MustCompile(`(GET|POST|PUT|PATCH|DELETE) (/v1/\S*) -> \d+`)

// idSegment is a path segment that names one object: digits, a UUID, an
// account id, a number.
var idSegment = regexp.MustCompile(`^(MA|SA)[A-Z0-9]{18}$|^[0-9a-fA-F-]{8,}$|^\+?[0-9]+$|^[A-Z0-9]{7}$`)

// countRoutes reads the emulator's log, counting its /v1 requests by route
// and passing every other line on to the bench's stderr.
func (e *emulatorProc) countRoutes(r io.Reader, log io.Writer) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		_, _ = fmt.Fprintln(log, sc.Text())
		m := requestLine.FindStringSubmatch(sc.Text())
		if m == nil {
			fmt.Fprintln(os.Stderr, sc.Text())
			continue
		}
		e.routesMu.Lock()
		e.routes[m[1]+" "+routeOf(m[2])]++
		e.routesMu.Unlock()
	}
}

// routeOf writes every id segment of path as {id}.
func routeOf(path string) string {
	parts := strings.Split(path, "/")
	for i, p := range parts {
		if idSegment.MatchString(p) {
			parts[i] = "{id}"
		}
	}
	return strings.Join(parts, "/")
}

// routeCounts returns the requests by route since the last reset. The log
// lags the replies by a moment: it waits until the count stops growing.
func (e *emulatorProc) routeCounts(want int) map[string]int {
	deadline := time.Now().Add(2 * time.Second)
	for {
		e.routesMu.Lock()
		total := 0
		for _, c := range e.routes {
			total += c
		}
		out := maps.Clone(e.routes)
		e.routesMu.Unlock()
		if total >= want || time.Now().After(deadline) {
			return out
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// resetCounters re-sends the fault configuration, which zeroes FaultStats,
// and zeroes the requests by route.
func (e *emulatorProc) resetCounters() error {
	e.routesMu.Lock()
	clear(e.routes)
	e.routesMu.Unlock()
	body := `{"seed":1,"rules":[]}`
	if e.latency > 0 {
		body = fmt.Sprintf(`{"seed":1,"rules":[{"latency":%d}]}`, e.latency.Nanoseconds())
	}
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodPut, e.baseURL+"/_emulator/faults", strings.NewReader(body))
	resp, err := e.controlDo(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		data, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("setting emulator faults: %s: %s", resp.Status, data)
	}
	return nil
}

// requests is the emulator's count of /v1 requests since the last reset.
func (e *emulatorProc) requests() (int, error) {
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, e.baseURL+"/_emulator/faults", nil)
	resp, err := e.controlDo(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var out struct {
		Stats struct {
			Requests int `json:"requests"`
		} `json:"stats"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return 0, err
	}
	return out.Stats.Requests, nil
}

func step(s string) { fmt.Printf("==> %s\n", s) }

// goBuild runs go build in the working directory (the repository root,
// as make bench runs it), showing its output only if it fails.
func goBuild(args ...string) error {
	cmd := exec.Command("go", append([]string{"build"}, args...)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s: %w\n%s", strings.Join(args, " "), err, out.String())
	}
	return nil
}

func exitCode(err error) int {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	return -1
}

// controlDo sends a control API request with the emulator's control token.
func (e *emulatorProc) controlDo(req *http.Request) (*http.Response, error) {
	req.Header.Set("Authorization", "Bearer "+e.control)
	return http.DefaultClient.Do(req)
}
