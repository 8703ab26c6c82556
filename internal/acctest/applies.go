package acctest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// Test is resource.Test, counted: every step that applies a configuration
// is recorded in the run's apply count, which Main prints at the end of
// the run. The provider's tests call it rather than
// resource.Test.
//
// A case that names no PreCheck gets PreCheck(t), and one that names no
// provider gets this provider, served in-process
// (ProtoV6ProviderFactories): a test states only what differs.
func Test(t *testing.T, c resource.TestCase) {
	t.Helper()
	withDefaults(t, &c)
	defer runApplies.record(t.Name(), &c)()
	resource.Test(t, c)
}

// UnitTest is resource.UnitTest, counted and given defaults as Test is.
func UnitTest(t *testing.T, c resource.TestCase) {
	t.Helper()
	withDefaults(t, &c)
	defer runApplies.record(t.Name(), &c)()
	resource.UnitTest(t, c)
}

// withDefaults fills what nearly every case repeats.
func withDefaults(t *testing.T, c *resource.TestCase) {
	if c.PreCheck == nil {
		c.PreCheck = func() { PreCheck(t) }
	}
	if c.ProtoV6ProviderFactories == nil && c.ProtoV5ProviderFactories == nil && c.ProviderFactories == nil &&
		c.ExternalProviders == nil {
		c.ProtoV6ProviderFactories = ProtoV6ProviderFactories
	}
}

// runApplies is the run's count, printed by Main.
var runApplies = newApplies()

// applies counts, for a whole test run, the configurations the tests
// apply: each step that runs terraform apply on a configuration meant to
// succeed (not PlanOnly, ExpectError, Destroy, an import, a refresh or a
// query), and each apply a test runs with the CLI itself (CountApply),
// keyed by its configuration with what changes from run to run (the
// emulator's URL and port) taken out.
type applies struct {
	mu      sync.Mutex
	steps   int
	configs map[string]*configUse
	shared  map[string]bool // tests whose checks ran on another's apply
}

// configUse is one normalised configuration: which tests applied it, how
// often, and how long those steps took.
type configUse struct {
	key     string
	first   string // the normalised text, to name it in the report
	applies int
	tests   map[string]int
	elapsed time.Duration
}

func newApplies() *applies {
	return &applies{configs: map[string]*configUse{}, shared: map[string]bool{}}
}

var (
	emulatorURL = regexp.MustCompile(`https?://(?:127\.0\.0\.1|localhost|\[::1\]):[0-9]+`)
	randomName  = regexp.MustCompile(`tf-acc-test-[0-9a-z]+`)
	blanks      = regexp.MustCompile(`\s+`)
	// providerBlock is left out of the report's excerpt of a
	// configuration: every test has one.
	providerBlock = regexp.MustCompile(`provider "cpaas" \{[^}]*\}`)
)

// normalise is a configuration with the emulator's address and random
// names replaced and white space collapsed, so two tests that apply the
// same thing to their own emulators count as one configuration.
func normalise(cfg string) string {
	cfg = emulatorURL.ReplaceAllString(cfg, "http://emulator")
	cfg = randomName.ReplaceAllString(cfg, "tf-acc-test-RANDOM")
	return strings.TrimSpace(blanks.ReplaceAllString(cfg, " "))
}

// isApply says whether a step applies its configuration and expects it
// to succeed.
func isApply(s resource.TestStep) bool {
	hasConfig := s.Config != "" || s.ConfigFile != nil || s.ConfigDirectory != nil
	return hasConfig && !s.PlanOnly && s.ExpectError == nil && !s.Destroy &&
		!s.ImportState && !s.RefreshState && !s.Query
}

// stepKey is the step's normalised configuration and the key it is
// counted under: its text, its variables' values and, for a configuration
// in files, the functions naming them. The text names the variables but
// holds no value (a password may be one).
func stepKey(s resource.TestStep) (text, key string) {
	text = normalise(s.Config)
	keyed := text
	if s.ConfigFile != nil || s.ConfigDirectory != nil {
		text += fmt.Sprintf(" [config from files: %p %p]", s.ConfigFile, s.ConfigDirectory)
		keyed = text
	}
	if len(s.ConfigVariables) > 0 {
		names := make([]string, 0, len(s.ConfigVariables))
		for n := range s.ConfigVariables {
			names = append(names, n)
		}
		sort.Strings(names)
		text += " [variables: " + strings.Join(names, ", ") + "]"
		b, err := json.Marshal(s.ConfigVariables)
		if err != nil {
			b = []byte(err.Error())
		}
		keyed = text + string(b)
	}
	return text, hashKey(keyed)
}

func hashKey(keyed string) string {
	sum := sha256.Sum256([]byte(keyed))
	return hex.EncodeToString(sum[:])[:12]
}

// CountApply counts an apply a test ran with the CLI itself (the chaos and
// guides tests' runner), as Test counts a step: config is the text of the
// configuration's files, args the command's arguments (counted in the key,
// never shown: a -var may hold a secret), took the command's time.
func CountApply(test, config string, args []string, took time.Duration) {
	text := normalise(config)
	u := runApplies.add(test, hashKey(text+" "+strings.Join(args, " ")), text)
	runApplies.mu.Lock()
	u.elapsed += took
	runApplies.mu.Unlock()
}

// record wraps c's steps so each apply step is counted with its time:
// from the end of its PreConfig to its PostApplyFunc, or, when it failed,
// to the start of the next step or the end of the test. It returns the
// function that closes the last step, for the caller to defer.
func (a *applies) record(test string, c *resource.TestCase) func() {
	var mu sync.Mutex
	var open *configUse
	var start time.Time
	closeOpen := func() {
		mu.Lock()
		defer mu.Unlock()
		if open == nil {
			return
		}
		a.mu.Lock()
		open.elapsed += time.Since(start)
		a.mu.Unlock()
		open = nil
	}
	steps := make([]resource.TestStep, len(c.Steps))
	copy(steps, c.Steps)
	for i := range steps {
		s := &steps[i]
		pre, post := s.PreConfig, s.PostApplyFunc
		apply := isApply(*s)
		var text, key string
		if apply {
			text, key = stepKey(*s)
		}
		s.PreConfig = func() {
			closeOpen()
			if pre != nil {
				pre()
			}
			if !apply {
				return
			}
			u := a.add(test, key, text)
			mu.Lock()
			open, start = u, time.Now()
			mu.Unlock()
		}
		if apply {
			s.PostApplyFunc = func() {
				closeOpen()
				if post != nil {
					post()
				}
			}
		}
	}
	c.Steps = steps
	return closeOpen
}

// count is the number of apply steps so far.
func (a *applies) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.steps
}

// add counts one apply of the configuration key by test.
func (a *applies) add(test, key, text string) *configUse {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.steps++
	u := a.configs[key]
	if u == nil {
		u = &configUse{key: key, first: text, tests: map[string]int{}}
		a.configs[key] = u
	}
	u.applies++
	u.tests[test]++
	return u
}

// Shared marks a step that holds the checks of a test merged into
// another so as not to apply the same configuration again: former is the
// merged test's name, and the run's summary counts it among the tests
// whose checks ran on another test's apply ("shared this run").
func Shared(former string, s resource.TestStep) resource.TestStep {
	pre := s.PreConfig
	s.PreConfig = func() {
		runApplies.markShared(former)
		if pre != nil {
			pre()
		}
	}
	return s
}

func (a *applies) markShared(former string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.shared[former] = true
}

// Summary is the run's figures in one line: apply steps, distinct
// configurations, those applied by more than one test (their applies and
// the time those took) and the former tests whose checks ran on another
// test's apply (Shared).
func (a *applies) Summary() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	dups, dupApplies, dupTime := a.duplicatesLocked()
	return fmt.Sprintf("acctest: %d apply steps, %d distinct configurations; %d configurations applied by more than one test (%d applies, %.0f s); shared this run: %d",
		a.steps, len(a.configs), len(dups), dupApplies, dupTime.Seconds(), len(a.shared))
}

func (a *applies) duplicatesLocked() (dups []*configUse, n int, d time.Duration) {
	for _, u := range a.configs {
		if len(u.tests) > 1 {
			dups = append(dups, u)
			n += u.applies
			d += u.elapsed
		}
	}
	sort.Slice(dups, func(i, j int) bool {
		if dups[i].elapsed != dups[j].elapsed {
			return dups[i].elapsed > dups[j].elapsed
		}
		return dups[i].key < dups[j].key
	})
	return dups, n, d
}

// Report writes the summary line, then each configuration applied by more
// than one test, the longest first: its time, its applies, the tests
// (with their count when a test applied it more than once) and the start
// of its text, and the tests sharing another's apply.
func (a *applies) Report(w io.Writer) {
	_, _ = fmt.Fprintln(w, a.Summary())
	a.mu.Lock()
	defer a.mu.Unlock()
	dups, _, _ := a.duplicatesLocked()
	for _, u := range dups {
		tests := make([]string, 0, len(u.tests))
		for name, n := range u.tests {
			if n > 1 {
				name += fmt.Sprintf(" (x%d)", n)
			}
			tests = append(tests, name)
		}
		sort.Strings(tests)
		text := strings.TrimSpace(providerBlock.ReplaceAllString(u.first, ""))
		if r := []rune(text); len(r) > 160 {
			text = string(r[:160]) + "..."
		}
		_, _ = fmt.Fprintf(w, "  %6.1f s  %2d applies  config %s  %s\n      %s\n", u.elapsed.Seconds(), u.applies, u.key, strings.Join(tests, ", "), text)
	}
	if len(a.shared) > 0 {
		names := make([]string, 0, len(a.shared))
		for n := range a.shared {
			names = append(names, n)
		}
		sort.Strings(names)
		_, _ = fmt.Fprintf(w, "  shared: the checks of %s ran on another test's apply\n", strings.Join(names, ", "))
	}
}
