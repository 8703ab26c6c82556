package number_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
)

// numbersOnSale are n numbers the search q offers: in the emulator its
// first results (expectedSearch, from the emulator's own catalogue), in
// real mode n of the API's first results in random order (offTheHead), so
// that tests running in parallel on one account do not all buy the same
// ones.
func numbersOnSale(t *testing.T, env *acctest.Env, n int, q client.PhoneNumberSearch, kv ...string) []string {
	t.Helper()
	if !acctest.Real() {
		want, _ := numbertest.ExpectedSearch(t, n, kv...)
		return want
	}
	found, _, err := env.Client(t).SearchAllPhoneNumbers(context.Background(), q, 100)
	if err != nil || len(found) < n {
		t.Fatalf("real mode: the search %+v offers %d numbers (%v), want %d", q, len(found), err, n)
	}
	found = numbertest.OffTheHead(found, n)
	out := make([]string, n)
	for i := range out {
		out[i] = found[i].Number
	}
	return out
}

// withoutStandIns is owned without the numbers accountNumbers bought for
// env's test.
func withoutStandIns(env *acctest.Env, owned []string) []string {
	v, ok := numbertest.StandIns.Load(env)
	if !ok {
		return owned
	}
	s := v.(*numbertest.StandInSet)
	s.Mu.Lock()
	defer s.Mu.Unlock()
	return slices.DeleteFunc(slices.Clone(owned), func(n string) bool { return slices.Contains(s.Numbers, n) })
}

// lateString is a configuration variable whose value a step's check sets
// for a later step (a number the search bought): terraform-plugin-testing
// writes a step's variables when the step runs.
type lateString struct{ v string }

func (l *lateString) MarshalJSON() ([]byte, error) { return json.Marshal(l.v) }
