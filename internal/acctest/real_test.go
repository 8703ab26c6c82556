package acctest

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestReadReal(t *testing.T) {
	full := map[string]string{EnvReal: "1", EnvBaseURL: "https://api.example", EnvAuthID: "MAID", EnvAuthToken: "tok"}
	if c, err := readReal(env(map[string]string{EnvBaseURL: "x", EnvAuthID: "y", EnvAuthToken: "z"})); c != nil || err != nil {
		t.Errorf("without %s: %v, %v; want the emulator (nil, nil)", EnvReal, c, err)
	}
	c, err := readReal(env(full))
	if err != nil || c.baseURL != "https://api.example" || c.authID != "MAID" || c.authToken != "tok" || len(c.spend) != 0 {
		t.Fatalf("readReal = %+v, %v", c, err)
	}
	if d := realDescription(c); strings.Contains(d, "tok") || !strings.Contains(d, "MAID") || !strings.Contains(d, "CPAAS_ACC_SPEND: none") {
		t.Errorf("description %q: want the account, no token, no spending", d)
	}
	delete(full, EnvAuthToken)
	if _, err := readReal(env(full)); err == nil || !strings.Contains(err.Error(), "needs CPAAS_AUTH_TOKEN") {
		t.Errorf("without a token: %v", err)
	}
	full[EnvAuthToken] = "tok"
	full[EnvSpend] = "numbers, lookup"
	if c, err := readReal(env(full)); err != nil || !c.spend[SpendNumbers] || !c.spend[SpendLookup] || c.spend[SpendMessages] {
		t.Errorf("spend numbers,lookup: %+v, %v", c, err)
	}
	full[EnvSpend] = "all"
	if c, err := readReal(env(full)); err != nil || len(c.spend) != len(SpendCategories) {
		t.Errorf("spend all: %+v, %v", c, err)
	}
	full[EnvSpend] = "sms"
	if _, err := readReal(env(full)); err == nil || !strings.Contains(err.Error(), `names "sms"`) {
		t.Errorf("an unknown category: %v", err)
	}
	full[EnvReal] = "yes"
	if _, err := readReal(env(full)); err == nil {
		t.Error("CPAAS_ACC_REAL=yes: want an error, not a silent emulator run")
	}
}

func TestOptionsReason(t *testing.T) {
	for want, o := range map[string]emulator.Options{
		"time travel (a manual clock)":                     {Clock: emulator.NewManualClock(time.Unix(0, 0))},
		"registration delays the service does not shorten": {BrandRegistrationDelay: time.Millisecond, CampaignRegistrationDelay: time.Millisecond},
		"the emulator's request log, a rate limit":         {RateLimit: emulator.RateLimit{Rate: 1, Burst: 1}, Logf: t.Logf},
		"an emulator of its own":                           {},
	} {
		if got := optionsReason(o); got != want {
			t.Errorf("optionsReason = %q, want %q", got, want)
		}
	}
}

func TestSpendingOf(t *testing.T) {
	cfg := `
resource "cpaas_endpoint" "a" {}
resource  "cpaas_phone_number" "n" {}
data "cpaas_number_lookup" "l" {}
resource "cpaas_phone_number" "m" {}
resource "cpaas_10dlc_brand" "b" {}`
	if got, want := spendingOf(cfg), []SpendCategory{SpendNumbers, SpendLookup, Spend10DLC}; !slices.Equal(got, want) {
		t.Errorf("spendingOf = %v, want %v", got, want)
	}
	if got := spendingOf(`resource "cpaas_application" "a" {}`); len(got) != 0 {
		t.Errorf("an application costs %v, want nothing", got)
	}
}

func TestSpendOnSkipsOnlyInRealMode(t *testing.T) {
	saved := realMode
	t.Cleanup(func() { realMode = saved })
	for _, c := range []struct {
		real   *realConfig
		config string
		skip   string
	}{
		{nil, `resource "cpaas_phone_number" "n" {}`, ""},
		{&realConfig{spend: map[SpendCategory]bool{}}, `resource "cpaas_phone_number" "n" {}`, "costs money (numbers)"},
		{&realConfig{spend: map[SpendCategory]bool{SpendNumbers: true}}, `resource "cpaas_phone_number" "n" {}`, ""},
		{&realConfig{spend: map[SpendCategory]bool{}}, `resource "cpaas_masking_session" "s" {}`, "needs an account of its own"},
		{&realConfig{spend: map[SpendCategory]bool{}}, `resource "cpaas_endpoint" "e" {}`, ""},
	} {
		realMode = c.real
		var skipped string
		done := make(chan struct{})
		go func() { // a skip ends the goroutine it runs in
			defer close(done)
			r := &skipRecorder{TB: t}
			defer func() { skipped = r.msg }()
			SpendOn(r, c.config)
		}()
		<-done
		if (c.skip == "") != (skipped == "") || !strings.Contains(skipped, c.skip) {
			t.Errorf("real %v, %s: skipped %q, want %q", c.real != nil, c.config, skipped, c.skip)
		}
	}
}

// skipRecorder records a skip instead of ending the test.
type skipRecorder struct {
	testing.TB
	msg string
}

func (r *skipRecorder) Skipf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *skipRecorder) Helper() {}

// cleanupRecorder is a test whose cleanups run when the caller says.
type cleanupRecorder struct {
	testing.TB
	name     string
	cleanups []func()
}

func (c *cleanupRecorder) Name() string     { return c.name }
func (c *cleanupRecorder) Helper()          {}
func (c *cleanupRecorder) Cleanup(f func()) { c.cleanups = append(c.cleanups, f) }
func (c *cleanupRecorder) end() {
	for i := len(c.cleanups) - 1; i >= 0; i-- {
		c.cleanups[i]()
	}
}

// TestSerialTakesTurnsInRealModeOnly: in real mode a second test waits for
// the lock until the first ends, the holder asking again keeps it (so do
// its subtests), and in emulator mode nothing waits.
func TestSerialTakesTurnsInRealModeOnly(t *testing.T) {
	a := &cleanupRecorder{TB: t, name: "TestA"}
	b := &cleanupRecorder{TB: t, name: "TestB"}
	(&Env{}).Serial(a, "turns")
	(&Env{}).Serial(b, "turns") // emulator mode: would block if it locked
	if len(a.cleanups)+len(b.cleanups) != 0 {
		t.Fatal("Serial locked in emulator mode")
	}
	realEnv := &Env{proxy: &realProxy{}}
	realEnv.Serial(a, "turns")
	realEnv.Serial(a, "turns")
	realEnv.Serial(&cleanupRecorder{TB: t, name: "TestA/step"}, "turns")
	got := make(chan struct{})
	go func() {
		realEnv.Serial(b, "turns")
		close(got)
	}()
	select {
	case <-got:
		t.Fatal("a second test took the lock the first holds")
	case <-time.After(100 * time.Millisecond):
	}
	a.end()
	select {
	case <-got:
	case <-time.After(5 * time.Second):
		t.Fatal("the lock was not handed over when its holder ended")
	}
	b.end()
}

func TestBuysFromSearch(t *testing.T) {
	for config, want := range map[string]bool{
		"resource \"cpaas_phone_number\" \"a\" {\n  number = data.cpaas_phone_numbers.sf.numbers[0].number\n}":                           true,
		"resource \"cpaas_phone_number\" \"a\" {\n  search = {\n    country_iso = \"US\"\n  }\n}":                                        true,
		"resource \"cpaas_phone_number\" \"a\" {\n  search      = {\n    country_iso = \"US\"\n  }\n}":                                   true,
		"resource \"cpaas_phone_number\" \"a\" {\n  number = \"14155550100\"\n}":                                                         false,
		"data \"cpaas_phone_numbers\" \"sf\" {\n  country_iso = \"US\"\n}\noutput \"n\" { value = data.cpaas_phone_numbers.sf.numbers }": false,
	} {
		if got := buysFromSearch.MatchString(config); got != want {
			t.Errorf("buysFromSearch(%q) = %v, want %v", config, got, want)
		}
	}
}

// TestSpendOnTakesTheNumberSearchLock: in real mode a configuration that
// buys a search's first results makes the test hold SerialNumberSearch
// until it ends; one that names its number does not, and in emulator mode
// nothing does.
func TestSpendOnTakesTheNumberSearchLock(t *testing.T) {
	const fromSearch = "resource \"cpaas_phone_number\" \"a\" {\n  search = {\n    country_iso = \"US\"\n  }\n}"
	const named = "resource \"cpaas_phone_number\" \"a\" {\n  number = \"14155550100\"\n}"
	emu := &cleanupRecorder{TB: t, name: "TestEmulator"}
	SpendOn(emu, fromSearch)
	if len(emu.cleanups) != 0 {
		t.Fatal("SpendOn took a lock in emulator mode")
	}
	saved := realMode
	t.Cleanup(func() { realMode = saved })
	realMode = &realConfig{spend: map[SpendCategory]bool{SpendNumbers: true}}
	plain := &cleanupRecorder{TB: t, name: "TestNamed"}
	SpendOn(plain, named)
	if len(plain.cleanups) != 0 {
		t.Fatal("SpendOn took the lock for a configuration that names its number")
	}
	a := &cleanupRecorder{TB: t, name: "TestA"}
	SpendOn(a, fromSearch)
	SpendOn(a, fromSearch) // a later step's: the holder keeps it
	if len(a.cleanups) != 1 {
		t.Fatalf("SpendOn registered %d releases, want 1", len(a.cleanups))
	}
	serialsMu.Lock()
	holder := serials[SerialNumberSearch].holder
	serialsMu.Unlock()
	if holder != a {
		t.Fatalf("the lock's holder is %v, want the test", holder)
	}
	a.end()
}
