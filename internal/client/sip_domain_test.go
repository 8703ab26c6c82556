package client

import (
	"context"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// The creates of a burst learn their SIP URIs from one read-back between
// them; after it every URI is derived without a request.
func TestNewEndpointSIPURIReadsBackOnceThenDerives(t *testing.T) {
	srv, newClient := emulatorClient(t)
	c := newClient()
	ids := createEndpoints(t, c, 6)
	want := map[string]*Endpoint{}
	for _, id := range ids {
		ep, err := newClient().GetEndpoint(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		want[id] = ep
	}
	srv.SetFaults(emulator.Faults{}) // resets the request count
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		got = map[string]string{}
	)
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			uri, err := c.NewEndpointSIPURI(context.Background(), id, want[id].Username)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			got[id] = uri
			mu.Unlock()
		}()
	}
	wg.Wait()
	for _, id := range ids {
		if got[id] != want[id].SIPURI {
			t.Errorf("endpoint %s: NewEndpointSIPURI = %q, the API says %q", id, got[id], want[id].SIPURI)
		}
	}
	if n := srv.FaultStats().Requests; n != 1 {
		t.Fatalf("%d creates made %d requests to learn their SIP URIs, want 1", len(ids), n)
	}
}
