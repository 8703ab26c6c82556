package acctest

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// Real mode runs the acceptance tests against an API given from the shell
// (a real account, or a standalone emulator treated as a black box) instead
// of an in-process emulator per test. It is chosen only by EnvReal=1, which
// `make testacc-real` sets; Main reads it, and then the three variables
// below, before Hermetic clears every CPAAS_* variable, so no other mode
// ever sees them.
const (
	EnvReal      = "CPAAS_ACC_REAL"
	EnvBaseURL   = "CPAAS_BASE_URL"
	EnvAuthID    = "CPAAS_AUTH_ID"
	EnvAuthToken = "CPAAS_AUTH_TOKEN"
	// EnvSpend names the spending categories a real-mode run may spend
	// money on, comma-separated (SpendCategories); "all" names every one.
	EnvSpend = "CPAAS_ACC_SPEND"
)

// Prefix starts the name (or alias) of every object a real-mode test
// creates, so that the account's own objects can be told apart: tests never
// touch an object without it, and make sweep deletes only what has it.
const Prefix = "tfacc-"

// SpendCategory is what a test costs on a real account; each family
// declares what its kinds cost (kit.RealKind).
type SpendCategory = kit.Spend

// The spending categories, each named in CPAAS_ACC_SPEND to allow it.
const (
	SpendNumbers    = kit.SpendNumbers    // buying (renting) numbers
	SpendMessages   = kit.SpendMessages   // sending messages
	Spend10DLC      = kit.Spend10DLC      // brand and campaign fees
	SpendCompliance = kit.SpendCompliance // compliance reviews
	SpendLookup     = kit.SpendLookup     // billed per look-up
)

// SpendCategories are all the categories, in the order the README gives
// their costs.
var SpendCategories = []SpendCategory{SpendNumbers, SpendMessages, Spend10DLC, SpendCompliance, SpendLookup}

// realConfig is real mode's account; nil in every other mode.
type realConfig struct {
	baseURL, authID, authToken string
	spend                      map[SpendCategory]bool
}

var realMode *realConfig

// Real reports whether the tests run against an API given from the shell.
func Real() bool { return realMode != nil }

// readReal reads real mode's settings: nil unless EnvReal is "1"; then the
// base URL and both credentials must be set, and EnvSpend may only name
// known categories.
func readReal(getenv func(string) string) (*realConfig, error) {
	switch v := getenv(EnvReal); v {
	case "":
		return nil, nil
	case "1":
	default:
		return nil, fmt.Errorf("%s=%q: set it to 1 for real mode, or leave it unset", EnvReal, v)
	}
	c := &realConfig{baseURL: getenv(EnvBaseURL), authID: getenv(EnvAuthID), authToken: getenv(EnvAuthToken), spend: map[SpendCategory]bool{}}
	var missing []string
	for name, v := range map[string]string{EnvBaseURL: c.baseURL, EnvAuthID: c.authID, EnvAuthToken: c.authToken} {
		if v == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return nil, fmt.Errorf("%s=1 needs %s: the API and the account to run against", EnvReal, strings.Join(missing, ", "))
	}
	for _, s := range strings.Split(getenv(EnvSpend), ",") {
		s = strings.TrimSpace(s)
		switch {
		case s == "":
		case s == "all":
			for _, k := range SpendCategories {
				c.spend[k] = true
			}
		case slices.Contains(SpendCategories, SpendCategory(s)):
			c.spend[SpendCategory(s)] = true
		default:
			return nil, fmt.Errorf("%s names %q: the categories are %v (or all)", EnvSpend, s, SpendCategories)
		}
	}
	return c, nil
}

// useReal enters real mode: the package's AuthID and AuthToken become the
// account's, which the tests' configurations and checks use.
func useReal(c *realConfig) {
	realMode = c
	if c != nil {
		AuthID, AuthToken = c.authID, c.authToken
	}
}

// realDescription is the line a real-mode run starts with: the API, the
// account and the categories it may spend on (never the token).
func realDescription(c *realConfig) string {
	var spend []string
	for _, k := range SpendCategories {
		if c.spend[k] {
			spend = append(spend, string(k))
		}
	}
	s := "none"
	if len(spend) > 0 {
		s = strings.Join(spend, ",")
	}
	return fmt.Sprintf("acctest: real mode: the API at %s, account %s; %s: %s (tests of other categories skip)", c.baseURL, c.authID, EnvSpend, s)
}

// newRealEnv is NewEnv in real mode: the API from the shell, no Server. A
// test that configures an emulator (a manual clock, short delays, a rate
// limit) needs one of its own, and skips saying which options.
func newRealEnv(t testing.TB, opts []func(*emulator.Options)) *Env {
	t.Helper()
	if len(opts) > 0 {
		var o emulator.Options
		for _, f := range opts {
			f(&o)
		}
		skipControl(t, optionsReason(o))
	}
	tag := randomTag()
	u, p := startRealProxy(t, tag)
	e := &Env{URL: u, t: t, tag: tag, proxy: p, started: time.Now()}
	t.Cleanup(func() { e.deleteLeftovers(t) })
	return e
}

// optionReasons say why a test that sets an emulator option needs an
// emulator of its own; an option missing here is named by its field.
var optionReasons = map[string]string{
	"Clock":                           "time travel (a manual clock)",
	"CallbackTimeout":                 "callbacks",
	"CallbackClient":                  "callbacks",
	"Logf":                            "the emulator's request log",
	"MessageSentDelay":                "the emulator's message delays",
	"MessageDeliveredDelay":           "the emulator's message delays",
	"MediaFetchTimeout":               "the emulator's media fetches",
	"MediaClient":                     "the emulator's media fetches",
	"BrandRegistrationDelay":          "registration delays the service does not shorten",
	"CampaignRegistrationDelay":       "registration delays the service does not shorten",
	"NumberLinkDelay":                 "registration delays the service does not shorten",
	"TollfreeVerificationDelay":       "the carrier's verification delay",
	"ComplianceReviewDelay":           "the compliance review delay",
	"NumberPoolLimit":                 "a campaign's number pool limit",
	"RateLimit":                       "a rate limit",
	"TollfreeMembersUnderTollfreeKey": "a reply shape of the recordings",
	"Seed":                            "reproducible ids",
}

// optionsReason names what the options set that only an emulator offers.
func optionsReason(o emulator.Options) string {
	v := reflect.ValueOf(o)
	var reasons []string
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if v.Field(i).IsZero() {
			continue
		}
		r, ok := optionReasons[f.Name]
		if !ok {
			r = "the emulator option " + f.Name
		}
		if !slices.Contains(reasons, r) {
			reasons = append(reasons, r)
		}
	}
	if len(reasons) == 0 {
		return "an emulator of its own"
	}
	return strings.Join(reasons, ", ")
}

// skipControl skips t in real mode: it needs what only the emulator's
// control API offers.
func skipControl(t testing.TB, reason string) {
	t.Helper()
	t.Skipf("real mode: needs the emulator's control API: %s", reason)
}

// Control is the test's emulator, for what only its control API does:
// time travel, injected faults, callbacks, verification codes, reading
// what the API never returns. reason says which; in real mode the test
// skips with it. A nil t is the test NewEnv was given (for helpers that
// have no t of their own).
func (e *Env) Control(t testing.TB, reason string) *emulator.Server {
	if t == nil {
		t = e.t
	}
	t.Helper()
	if e.Server == nil {
		skipControl(t, reason)
	}
	return e.Server
}

// Spend skips t unless CPAAS_ACC_SPEND allows its category. It does
// nothing outside real mode: the emulator charges nothing.
func Spend(t testing.TB, c SpendCategory) {
	t.Helper()
	if realMode != nil && !realMode.spend[c] {
		t.Skipf("real mode: costs money (%s); %s=%s runs it", c, EnvSpend, c)
	}
}

// What real mode knows of each kind, from the real-mode kinds every
// family declares in its Family (provider.RealKinds):
//   - spendOf is the category of each resource, action and data source
//     type that costs money on a real account: Config skips a test whose
//     configuration names one that CPAAS_ACC_SPEND does not allow;
//   - costs are the requests that cost money (a POST to the kind's path):
//     the proxy's net under those skips, for a test that spends through
//     the client;
//   - namedPaths are the collections whose objects carry a name the proxy
//     prefixes, and whose listings it filters to the test's own;
//   - ownAccountOf are the types whose tests assume the account is theirs
//     alone, and why: SpendOn skips them.
var spendOf, costs, namedPaths, ownAccountOf = realTables(provider.RealKinds())

// realTables derives real mode's tables from the families' kinds.
func realTables(kinds []kit.RealKind) (spend map[string]SpendCategory, costs []cost, named []string, own map[string]string) {
	spend, own = map[string]SpendCategory{}, map[string]string{}
	for _, k := range kinds {
		for _, t := range k.Types {
			if k.Spend != "" {
				spend[t] = k.Spend
			}
			if k.OwnAccount != "" {
				own[t] = k.OwnAccount
			}
		}
		if k.Path != "" && k.Spend != "" {
			costs = append(costs, cost{http.MethodPost, k.Path, k.Spend})
		}
		if k.Path != "" && k.Named && !slices.Contains(named, k.Path) {
			named = append(named, k.Path)
		}
	}
	return spend, costs, named, own
}

// typeRef matches a block of a configuration that names a type.
var typeRef = regexp.MustCompile(`\b(resource|data|action|ephemeral|list)\s+"(cpaas_[a-z0-9_]+)"`)

// spendingOf is what config costs: each category it names, in order.
func spendingOf(config string) []SpendCategory {
	var cats []SpendCategory
	for _, m := range typeRef.FindAllStringSubmatch(config, -1) {
		c := spendOf[m[1]+` "`+m[2]+`"`]
		if c != "" && !slices.Contains(cats, c) {
			cats = append(cats, c)
		}
	}
	return cats
}

// checkSpending skips e's test when config costs what CPAAS_ACC_SPEND
// does not allow.
func (e *Env) checkSpending(config string) {
	if e.t != nil {
		e.t.Helper()
		SpendOn(e.t, config)
	}
}

// SpendOn skips t when config (HCL, a guide's files) costs what
// CPAAS_ACC_SPEND does not allow; Env.Config calls it on every
// configuration it builds.
//
// In real mode, a configuration that buys the first results of a number
// search also makes t hold SerialNumberSearch until it ends: the tests on
// one account would otherwise buy each other's first result between the
// search and the purchase.
func SpendOn(t testing.TB, config string) {
	t.Helper()
	for _, c := range spendingOf(config) {
		Spend(t, c)
	}
	for _, m := range typeRef.FindAllStringSubmatch(config, -1) {
		if why, ok := ownAccountOf[m[1]+` "`+m[2]+`"`]; ok {
			SkipReal(t, "needs an account of its own: "+why)
		}
	}
	if realMode != nil && buysFromSearch.MatchString(config) {
		serial(t, SerialNumberSearch)
	}
}

// randomTag is eight hex digits.
func randomTag() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Prefixed reports whether name belongs to the tests (starts with Prefix).
func Prefixed(name string) bool { return strings.HasPrefix(name, Prefix) }

// printReal prints real mode's first line on stderr.
func printReal(c *realConfig) {
	if c != nil {
		fmt.Fprintln(os.Stderr, realDescription(c))
	}
}

// SkipReal skips t in real mode, saying why it cannot run on a shared
// account ("needs an account of its own: it changes the account's
// settings").
func SkipReal(t testing.TB, reason string) {
	t.Helper()
	if realMode != nil {
		t.Skipf("real mode: %s", reason)
	}
}

// serials are real mode's process-wide locks, by name (Env.Serial): a
// channel holding one token while a test has the lock, and that test.
var (
	serialsMu sync.Mutex
	serials   = map[string]*serialLock{}
)

type serialLock struct {
	token  chan struct{}
	holder testing.TB
}

// Serial makes t the only test of the run holding the lock name until it
// ends, in real mode: tests that share one account and race for the same
// thing (the first result of a number search, which another test can buy
// between a read and a purchase) take turns. A test that holds the lock
// already (it asks again for a later step) keeps it. In emulator mode each
// test has an account of its own and Serial does nothing: the suite keeps
// its parallelism. Call it after t.Parallel.
func (e *Env) Serial(t testing.TB, name string) {
	t.Helper()
	if e.proxy != nil {
		serial(t, name)
	}
}

// serial is Serial for a test in real mode.
func serial(t testing.TB, name string) {
	t.Helper()
	serialsMu.Lock()
	l, ok := serials[name]
	if !ok {
		l = &serialLock{token: make(chan struct{}, 1)}
		serials[name] = l
	}
	held := l.holder != nil && (l.holder == t || strings.HasPrefix(t.Name(), l.holder.Name()+"/"))
	serialsMu.Unlock()
	if held {
		return
	}
	l.token <- struct{}{}
	serialsMu.Lock()
	l.holder = t
	serialsMu.Unlock()
	t.Cleanup(func() {
		serialsMu.Lock()
		l.holder = nil
		serialsMu.Unlock()
		<-l.token
	})
}

// SerialNumberSearch is the lock of the tests that buy the first results
// of a number search: a cpaas_phone_number whose number comes from a
// cpaas_phone_numbers data source, or which buys by a search block (the
// first result still on sale). SpendOn takes it for every configuration
// that does either; a test that buys so through the client takes it with
// Env.Serial.
const SerialNumberSearch = "number-search"

// buysFromSearch matches a configuration that buys the first results of a
// number search: a cpaas_phone_number (or the data source's numbers) and
// a search block or the data source.
var buysFromSearch = regexp.MustCompile(`(?s)resource\s+"cpaas_phone_number"\s.*(\bsearch\s*=\s*\{|data\.cpaas_phone_numbers\.)`)
