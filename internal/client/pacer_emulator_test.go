package client

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/clienttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// Ten workers creating endpoints as fast as they can against the
// emulator's rate limit, on the real clock and real HTTP: the pace the
// pacer keeps must settle near the limit and never collapse. Requests
// that had reserved their slot at a pace the API has just refused used to
// go out at that pace after the refusal, be refused in turn, and each
// count as a new event measured over a few milliseconds, dividing the pace
// by 0.7 each time (to under a fifth of the limit). Nothing here is timed:
// the pace is what the pacer holds to, read every 10 ms once confirmed; it
// saws between the limit and pacerDecrease of it, so its mean is what must
// be near the limit.
func TestPacerAgainstTheEmulatorKeepsThePaceNearTheLimit(t *testing.T) {
	const limit, burst, n, workers = 40.0, 20, 400, 10
	env := clienttest.Start(t, emulator.Options{Seed: 5, RateLimit: emulator.RateLimit{Rate: limit, Burst: burst}})
	srv := env.Server
	c, err := New(Config{BaseURL: env.URL, AuthID: env.AuthID, AuthToken: env.AuthToken, MaxRetries: 3})
	if err != nil {
		t.Fatal(err)
	}
	pace := func() (float64, bool) {
		c.pacer.mu.Lock()
		defer c.pacer.mu.Unlock()
		return float64(c.pacer.paceAt(time.Now())), c.pacer.confirmed
	}
	lowest, sum, samples := math.Inf(1), 0.0, 0
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
				if r, confirmed := pace(); confirmed {
					lowest = math.Min(lowest, r)
					sum += r
					samples++
				}
			}
		}
	}()
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := next.Add(1); i <= n; i = next.Add(1) {
				if _, err := c.CreateEndpoint(context.Background(), EndpointCreate{Username: fmt.Sprintf("p%d", i), Password: "secret1", Alias: "a"}); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	<-sampled
	st := srv.FaultStats()
	if st.RateLimited == 0 || samples == 0 {
		t.Fatal("the rate limit refused nothing: the test did not exercise the pacer")
	}
	mean := sum / float64(samples)
	t.Logf("%d requests, %d answered 429; pace %.2f/s on average once confirmed, lowest %.2f/s (limit %.0f/s)",
		st.Requests, st.RateLimited, mean, lowest, limit)
	if mean < 0.8*limit || mean > 1.2*limit {
		t.Errorf("pace %.2f/s on average, want within 20%% of the limit %.0f/s", mean, limit)
	}
	if lowest < 0.6*limit {
		t.Errorf("the pace fell to %.2f/s, under 60%% of the limit %.0f/s: refusals collapsed it", lowest, limit)
	}
}
