package numbertest

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// AccountNumbers are numbers the test's account owns for the test to use:
// the emulator's starter numbers it names, or in real mode as many numbers
// bought (CPAAS_ACC_SPEND=numbers) through the test's proxy from the
// search q, so that they are the test's own: its guard lets the test change
// and release them, and they are released when the test ends. A real
// account has no starter numbers, and its others are not the test's.
func AccountNumbers(t *testing.T, env *acctest.Env, q client.PhoneNumberSearch, starters ...string) []client.PhoneNumber {
	t.Helper()
	if !acctest.Real() {
		out := make([]client.PhoneNumber, len(starters))
		for i, n := range starters {
			out[i] = client.PhoneNumber{Number: n}
		}
		return out
	}
	acctest.Spend(t, acctest.SpendNumbers)
	c := env.Client(t)
	ctx := context.Background()
	found, _, err := c.SearchAllPhoneNumbers(ctx, q, 100)
	if err != nil {
		t.Fatalf("real mode: searching numbers to buy: %v", err)
	}
	// Tests in parallel search alike: each tries the results in its own
	// order, past the first ones (offTheHead).
	found = OffTheHead(found, len(starters))
	var out []client.PhoneNumber
	for _, n := range found {
		if len(out) == len(starters) {
			break
		}
		if _, err := c.BuyPhoneNumber(ctx, n.Number, client.PhoneNumberBuy{}); err != nil {
			t.Logf("real mode: buying %s: %v (another test's, trying the next)", n.Number, err)
			continue
		}
		out = append(out, n)
		stand, _ := StandIns.LoadOrStore(env, &StandInSet{})
		stand.(*StandInSet).add(n.Number)
	}
	if len(out) < len(starters) {
		t.Fatalf("real mode: bought %d of the %d numbers the test needs (%+v)", len(out), len(starters), q)
	}
	return out
}

// searchHead is how many of a search's first results real mode leaves to
// the tests that buy a search's first results, which take turns
// (acctest.SerialNumberSearch): the tests that pick numbers of their own
// take them from further down, so that they never buy the number such a
// test has just read, between its search and its purchase.
const searchHead = 5

// OffTheHead is found without its first searchHead results when it offers
// n others, in random order.
func OffTheHead(found []client.PhoneNumber, n int) []client.PhoneNumber {
	if len(found)-searchHead >= n {
		found = found[searchHead:]
	}
	found = slices.Clone(found)
	rand.Shuffle(len(found), func(i, j int) { found[i], found[j] = found[j], found[i] })
	return found
}

// StandIns are the numbers accountNumbers bought for each real-mode test,
// by its Env: they stand in for the emulator's starter numbers, which stay
// with the account when the test's resources are destroyed.
var StandIns sync.Map

type StandInSet struct {
	Mu      sync.Mutex
	Numbers []string
}

func (s *StandInSet) add(n string) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	s.Numbers = append(s.Numbers, n)
}
