package client_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/clienttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
)

// Creates refused by the API's rate limit are retried (a 429 means the
// request was not carried out) without using up max_retries, and each
// creates exactly one endpoint: none twice, none lost.
func TestThrottledCreatesAreRetriedOnceEach(t *testing.T) {
	env := clienttest.Start(t, emulator.Options{Seed: 3, RateLimit: emulator.RateLimit{Rate: 100, Burst: 10}})
	srv := env.Server
	c, err := client.New(client.Config{BaseURL: env.URL, AuthID: env.AuthID, AuthToken: env.AuthToken, MaxRetries: 1})
	if err != nil {
		t.Fatal(err)
	}
	const n = 30
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := c.CreateEndpoint(context.Background(), client.EndpointCreate{Username: fmt.Sprintf("u%d", i), Password: "secret1", Alias: "a"})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("create failed under the rate limit: %v", err)
		}
	}
	objs, _ := srv.Objects(emulator.DefaultAuthID)
	if got := len(objs["endpoints"]); got != n {
		t.Fatalf("the account holds %d endpoints after %d creates", got, n)
	}
	// Each requested username exactly once: a create retried after its 429
	// neither doubled nor replaced another.
	all, err := c.ListAllEndpoints(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, e := range all {
		seen[endpointrules.RequestedUsername(e.Username)]++
	}
	for i := 0; i < n; i++ {
		if u := fmt.Sprintf("u%d", i); seen[u] != 1 {
			t.Errorf("endpoint %s exists %d times, want once", u, seen[u])
		}
	}
	if st := srv.FaultStats(); st.RateLimited == 0 {
		t.Fatal("the rate limit refused nothing: the test did not exercise throttling")
	} else {
		t.Logf("%d requests, %d refused by the rate limit", st.Requests, st.RateLimited)
	}
}
