// Command cpaas-emulator serves the in-memory CPaaS API emulator
// standalone: a local twin of the service for trying the provider, and for
// testing Terraform configurations, without an account. Take it from the
// cpaas-emulator_<version>_<os>_<arch>.zip of a release, or, in a clone of
// this repository, install it with
//
//	make install-emulator   # go install ./cmd/cpaas-emulator
//
// or run it with make emulator. (The module is not published for
// go install ...@latest.)
//
// It listens on EMULATOR_ADDR (default 127.0.0.1:8089; port 0 picks a free
// one) and prints the base URL and credentials as shell assignments. The
// credentials come from CPAAS_AUTH_ID and CPAAS_AUTH_TOKEN, or defaults.
//
// Faults: -latency, -fault-429, -fault-5xx, -fault-drop, -fault-retry-after
// and -fault-seed set one rule for every /v1 request; -faults-file rules.json
// gives per-route rules, for example
//
//	{"seed": 7, "rules": [
//	  {"method": "POST", "path": "Endpoint", "rate_drop": 0.5},
//	  {"path": "10dlc/*", "latency": "20ms", "rate_429": 0.2, "retry_after": -1}]}
//
// The first rule that matches a request decides its fault.
//
// Persistence: -state-file state.json keeps every object across restarts;
// the file is written atomically before each change is acknowledged.
//
// Rate limit: -rate-limit N allows each account N requests a second, with a
// bucket of -rate-burst requests (default: one second's worth); a request
// over it gets 429 with Retry-After, as from the service. It counts every
// authenticated /v1 request and never the control API (see RateLimit in
// internal/emulator). PUT /_emulator/rate_limit changes it while running.
// Through make: make emulator EMULATOR_FLAGS='-rate-limit 20 -rate-burst 20'.
//
// Control token: -control-token (or CPAAS_EMULATOR_CONTROL_TOKEN) protects
// the control API: every /_emulator/ request must then carry
// "Authorization: Bearer <token>". Listening beyond loopback (a shared CI
// runner, a container's 0.0.0.0) without one, the emulator generates a
// token and prints it with the credentials, as
// CPAAS_EMULATOR_CONTROL_TOKEN=...; on loopback without one, the control
// API stays open as before.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Getenv); err != nil {
		log.Fatalf("cpaas-emulator: %v", err)
	}
}

// run serves the emulator until ctx is done. Flags come from args and the
// environment from getenv, so tests run it in process, hermetically.
func run(ctx context.Context, args []string, stdout io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("cpaas-emulator", flag.ContinueOnError)
	fs.SetOutput(stdout)
	envOr := func(name, def string) string {
		if v := getenv(name); v != "" {
			return v
		}
		return def
	}
	addr := fs.String("addr", envOr("EMULATOR_ADDR", "127.0.0.1:8089"), "listen address (EMULATOR_ADDR)")
	verbose := fs.Bool("v", false, "log every request")
	latency := fs.Duration("latency", 0, "added latency of every /v1 request, e.g. 50ms")
	rate429 := fs.Float64("fault-429", 0, "share of /v1 requests refused with 429 and Retry-After (0 to 1)")
	rate5xx := fs.Float64("fault-5xx", 0, "share of /v1 requests failed with 500, 502 or 503 before doing anything")
	rateDrop := fs.Float64("fault-drop", 0, "share of /v1 requests carried out whose reply is dropped")
	retryAfter := fs.Int("fault-retry-after", 1, "Retry-After seconds of injected 429s")
	seed := fs.Uint64("fault-seed", 1, "seed of the fault injector: the same seed gives the same faults")
	faultsFile := fs.String("faults-file", "", "JSON file of per-route fault rules (a Faults object, see internal/emulator/BEHAVIOUR.md); "+
		"the -latency and -fault-* flags then add one catch-all rule after the file's rules")
	registryDelay := fs.Duration("registry-delay", emulator.DefaultNumberLinkDelay,
		"how long the 10DLC registry and operators take to register a brand or campaign and to link or unlink a number")
	tollfreeDelay := fs.Duration("tollfree-delay", emulator.DefaultTollfreeVerificationDelay,
		"how long the carrier takes to decide a toll-free verification request")
	rateLimit := fs.Float64("rate-limit", 0, "requests a second each account may make (a token bucket per account; 0: no limit)")
	stateFile := fs.String("state-file", "", "keep every object in this JSON file across restarts, saved atomically before each change is acknowledged")
	rateBurst := fs.Int("rate-burst", 0, "requests an account may make at once before -rate-limit applies (default: one second's worth)")
	controlToken := fs.String("control-token", getenv(EnvControlToken), "token every /_emulator/ request must carry as "+
		"\"Authorization: Bearer <token>\" ("+EnvControlToken+"); generated and printed when listening beyond loopback without one")
	if err := fs.Parse(args); err != nil {
		return err
	}

	acct := emulator.Account{ID: envOr("CPAAS_AUTH_ID", emulator.DefaultAuthID), Token: envOr("CPAAS_AUTH_TOKEN", emulator.DefaultAuthToken)}
	limit := emulator.RateLimit{Rate: *rateLimit, Burst: *rateBurst}
	if err := limit.Validate(); err != nil {
		return fmt.Errorf("-rate-limit/-rate-burst: %w", err)
	}
	opts := emulator.Options{
		RateLimit:              limit,
		Accounts:               []emulator.Account{acct},
		BrandRegistrationDelay: *registryDelay, CampaignRegistrationDelay: *registryDelay, NumberLinkDelay: *registryDelay,
		TollfreeVerificationDelay: *tollfreeDelay,
	}
	if *verbose {
		// Microseconds: a request log is a timeline (the rate-limit bench
		// reads the gaps between requests from it).
		log.SetFlags(log.LstdFlags | log.Lmicroseconds)
		opts.Logf = log.Printf
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	defer ln.Close() // on an early return; Serve closes it otherwise
	opts.ControlToken = *controlToken
	if opts.ControlToken == "" && !loopback(ln.Addr()) {
		if opts.ControlToken, err = newControlToken(); err != nil {
			ln.Close()
			return err
		}
	}
	srv := emulator.New(opts)
	defer srv.Close()
	if *stateFile != "" {
		if err := srv.UseStateFile(*stateFile); err != nil {
			return fmt.Errorf("-state-file: %w", err)
		}
	}
	faults := emulator.Faults{Seed: *seed}
	if *faultsFile != "" {
		data, err := os.ReadFile(*faultsFile)
		if err != nil {
			return err
		}
		if faults, err = emulator.ReadFaults(data); err != nil {
			return fmt.Errorf("%s: %w", *faultsFile, err)
		}
		if faults.Seed == 0 {
			faults.Seed = *seed
		}
	}
	if *latency > 0 || *rate429 > 0 || *rate5xx > 0 || *rateDrop > 0 {
		if *retryAfter == 0 {
			*retryAfter = emulator.RetryNow
		}
		faults.Rules = append(faults.Rules, emulator.FaultRule{
			Latency: *latency, Rate429: *rate429, Rate5xx: *rate5xx, RateDrop: *rateDrop, RetryAfter: *retryAfter,
		})
	}
	if len(faults.Rules) > 0 {
		srv.SetFaults(faults)
	}

	control := ""
	if opts.ControlToken != "" {
		control = EnvControlToken + "=" + opts.ControlToken + "\n"
	}
	if _, err := fmt.Fprintf(stdout, "CPAAS_BASE_URL=http://%s\nCPAAS_AUTH_ID=%s\nCPAAS_AUTH_TOKEN=%s\n%s# cpaas emulator ready; control API at http://%s/_emulator/\n",
		ln.Addr(), acct.ID, acct.Token, control, ln.Addr()); err != nil {
		ln.Close()
		return err
	}

	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(shutdown)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// EnvControlToken is the environment variable of -control-token, and the
// name the emulator prints a token under.
const EnvControlToken = "CPAAS_EMULATOR_CONTROL_TOKEN"

// loopback reports whether the emulator listens on a loopback address only.
func loopback(a net.Addr) bool {
	tcp, ok := a.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}

// newControlToken is 32 random hex digits.
func newControlToken() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("generating a control token: %w", err)
	}
	return hex.EncodeToString(b), nil
}
