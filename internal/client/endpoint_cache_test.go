package client

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/clienttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
)

// emulatorClient starts an emulator and returns a client of its account.
func emulatorClient(t *testing.T) (*emulator.Server, func() *Client) {
	t.Helper()
	env := clienttest.Start(t, emulator.Options{Seed: 7})
	srv := env.Server
	return srv, func() *Client {
		c, err := New(Config{BaseURL: env.URL, AuthID: env.AuthID, AuthToken: env.AuthToken, MaxRetries: -1})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
}

// endpointsToRefresh creates n endpoints in a new emulator and returns
// a fresh client (a new provider process) with a gathering window of
// window, and the emulator's request count reset.
func endpointsToRefresh(t *testing.T, n int, window time.Duration) (*emulator.Server, *Client, []string) {
	t.Helper()
	srv, newClient := emulatorClient(t)
	ids := createEndpoints(t, newClient(), n)
	c := newClient()
	c.sched.GatherWindow = window
	srv.SetFaults(emulator.Faults{})
	return srv, c, ids
}

func createEndpoints(t *testing.T, c *Client, n int) []string {
	t.Helper()
	ids := make([]string, n)
	for i := range ids {
		out, err := c.CreateEndpoint(context.Background(), EndpointCreate{Username: fmt.Sprintf("u%d", i), Password: "secret1", Alias: fmt.Sprintf("a%d", i)})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = out.EndpointID
	}
	return ids
}

// refreshAll refreshes ids with 10 workers, as terraform -parallelism=10.
func refreshAll(t *testing.T, c *Client, ids []string) map[string]*Endpoint {
	t.Helper()
	out := map[string]*Endpoint{}
	var errs []error
	clienttest.InParallel(ids, func(id string, mu *sync.Mutex) {
		ep, err := c.RefreshEndpoint(context.Background(), id)
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", id, err))
		}
		out[id] = ep
	})
	if len(errs) > 0 {
		t.Fatal(errors.Join(errs...))
	}
	return out
}

func TestEndpointSIPURIIsLearnedFromTheFirstRead(t *testing.T) {
	_, newClient := emulatorClient(t)
	c := newClient()
	created := createEndpoints(t, c, 1)
	if _, ok := c.EndpointSIPURI("x"); ok {
		t.Fatal("the SIP domain is known before any endpoint was read")
	}
	ep, err := c.GetEndpoint(context.Background(), created[0])
	if err != nil {
		t.Fatal(err)
	}
	got, ok := c.EndpointSIPURI(ep.Username)
	if !ok || got != ep.SIPURI {
		t.Fatalf("EndpointSIPURI(%q) = %q, %v; the API says %q", ep.Username, got, ok, ep.SIPURI)
	}
	// A reply of another shape teaches nothing.
	fresh := newClient()
	fresh.learnSIPDomain(&Endpoint{Username: "bob123", SIPURI: "sip:other@x.test"})
	if _, ok := fresh.EndpointSIPURI("bob123"); ok {
		t.Fatal("a sip_uri that does not match the username taught a domain")
	}
}

func TestRefreshPrefetchListsOnceAndServesEachIDOnce(t *testing.T) {
	// A window no scheduler delay outlasts: the ten workers' first reads
	// gather, so the listing serves every refresh and no GET is made.
	srv, c, ids := endpointsToRefresh(t, 45, time.Minute)
	got := refreshAll(t, c, ids)
	requests := srv.FaultStats().Requests
	pages := (45 + endpointrules.ListMaxLimit - 1) / endpointrules.ListMaxLimit
	if requests != pages {
		t.Errorf("refreshing 45 endpoints took %d requests; want the %d list pages only", requests, pages)
	}
	// What the prefetch served is what a GET says.
	for _, id := range ids {
		want, err := c.GetEndpoint(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		g := got[id]
		if g == nil || *g != *want {
			t.Errorf("refresh of %s = %+v, GET = %+v", id, g, want)
		}
	}
	// Each id was served at most once: a second refresh goes to the API.
	srv.SetFaults(emulator.Faults{})
	if _, err := c.RefreshEndpoint(context.Background(), ids[44]); err != nil {
		t.Fatal(err)
	}
	if n := srv.FaultStats().Requests; n != 1 {
		t.Errorf("a second refresh of the same id made %d requests, want 1 GET", n)
	}
}

func TestRefreshPrefetchNeverHidesOwnWritesOrDeletes(t *testing.T) {
	_, newClient := emulatorClient(t)
	ids := createEndpoints(t, newClient(), 30)
	c := newClient()
	refreshAll(t, c, ids[:RefreshListAfter]) // the snapshot now holds ids[10:]

	alias := "changed"
	if err := c.UpdateEndpoint(context.Background(), ids[20], EndpointUpdate{Alias: &alias}); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteEndpoint(context.Background(), ids[21]); err != nil {
		t.Fatal(err)
	}
	ep, err := c.RefreshEndpoint(context.Background(), ids[20])
	if err != nil || ep.Alias != alias {
		t.Fatalf("refresh after update = %+v, %v; want alias %q", ep, err, alias)
	}
	if _, err := c.RefreshEndpoint(context.Background(), ids[21]); !errors.Is(err, ErrNotFound) {
		t.Fatalf("refresh after delete = %v, want ErrNotFound", err)
	}
	// Deleted behind this client's back: absent from a snapshot means a GET.
	other := newClient()
	refreshAll(t, other, ids[:RefreshListAfter])
	if err := newClient().DeleteEndpoint(context.Background(), ids[22]); err != nil {
		t.Fatal(err)
	}
	// The snapshot of `other` predates the delete; that is a refresh racing
	// a change made elsewhere, which a GET a moment earlier would also miss.
	// An id missing from it, though, is never reported as deleted:
	if _, err := other.RefreshEndpoint(context.Background(), "99999999999999"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown id = %v, want ErrNotFound from a GET", err)
	}
}

// A write while the listing runs keeps that id out of the snapshot the
// listing installs, whichever state of the object the listing saw: an
// update made while the list request is held is read again with a GET,
// and an untouched id is answered from the listing.
func TestRefreshPrefetchDropsIDsWrittenDuringTheListing(t *testing.T) {
	listing := make(chan struct{}, 1) // a list request arrived
	release := make(chan struct{})
	var gets atomic.Int32
	env := clienttest.Start(t, emulator.Options{Seed: 7}, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/Endpoint/") && r.URL.Query().Get("offset") == "0" {
				select {
				case listing <- struct{}{}:
					<-release
				default:
				}
			} else if r.Method == http.MethodGet {
				gets.Add(1)
			}
			next.ServeHTTP(w, r)
		})
	})
	newClient := func() *Client {
		c, err := New(Config{BaseURL: env.URL, AuthID: env.AuthID, AuthToken: env.AuthToken, MaxRetries: -1})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	ids := createEndpoints(t, newClient(), 5)
	c := newClient()
	ctx := context.Background()
	checked := make(chan error, 1)
	go func() {
		_, err := EndpointListing.Exists(ctx, c, "", ids[3]) // starts the listing
		checked <- err
	}()
	<-listing
	alias := "written"
	if err := c.UpdateEndpoint(ctx, ids[2], EndpointUpdate{Alias: &alias}); err != nil {
		t.Fatal(err)
	}
	close(release)
	if err := <-checked; err != nil {
		t.Fatal(err)
	}
	gets.Store(0)
	if ok, err := EndpointListing.Exists(ctx, c, "", ids[3]); !ok || err != nil || gets.Load() != 0 {
		t.Fatalf("an untouched id: exists %v, %v, %d GETs; want it answered from the listing", ok, err, gets.Load())
	}
	if ok, err := EndpointListing.Exists(ctx, c, "", ids[2]); !ok || err != nil || gets.Load() != 1 {
		t.Fatalf("an id written during the listing: exists %v, %v, %d GETs; want it read with a GET", ok, err, gets.Load())
	}
}

// The gathering window ends: the reads in it make their GETs, and the
// next read opens a new window, counting on to the listing. As Terraform
// may start a plan: one refresh of a kind alone, the other nine of its
// burst a window later. They gather in the second window, and the tenth
// read starts the listing, which serves the nine and the rest. With the
// window opened only once, reads 2 to 9 each made a GET first.
func TestRefreshGatheringOpensAgainAndReadsCountOn(t *testing.T) {
	srv, c, ids := endpointsToRefresh(t, 30, 100*time.Millisecond)
	refreshAll(t, c, ids[:1])
	if n := srv.FaultStats().Requests; n != 1 {
		t.Fatalf("1 refresh in an expired window made %d requests, want 1 GET", n)
	}
	srv.SetFaults(emulator.Faults{})
	refreshAll(t, c, ids[1:10])
	pages := (30 + endpointrules.ListMaxLimit - 1) / endpointrules.ListMaxLimit
	if n := srv.FaultStats().Requests; n != pages {
		t.Fatalf("reads 2 to 10, together a window after the first, made %d requests, want the %d list pages", n, pages)
	}
	srv.SetFaults(emulator.Faults{})
	refreshAll(t, c, ids[10:])
	if n := srv.FaultStats().Requests; n != 0 {
		t.Fatalf("reads 11 to 30 made %d requests, want none: the listing serves them", n)
	}
}

// A kind whose refreshes come one at a time, a window apart, never gathers:
// each waits its window and makes its GET, and the tenth starts the
// listing. No more than RefreshListAfter-1 GETs are made in all.
func TestRefreshGatheringOneAtATimeCostsAtMostNineGETs(t *testing.T) {
	srv, c, ids := endpointsToRefresh(t, 30, 10*time.Millisecond)
	for i, id := range ids[:RefreshListAfter-1] {
		start := time.Now()
		if _, err := c.RefreshEndpoint(context.Background(), id); err != nil {
			t.Fatal(err)
		}
		if waited := time.Since(start); waited < 10*time.Millisecond {
			t.Fatalf("read %d returned after %v, before its window of 10ms ended", i+1, waited)
		}
	}
	if n := srv.FaultStats().Requests; n != RefreshListAfter-1 {
		t.Fatalf("%d reads one at a time made %d requests, want %d GETs", RefreshListAfter-1, n, RefreshListAfter-1)
	}
	srv.SetFaults(emulator.Faults{})
	refreshAll(t, c, ids[RefreshListAfter-1:])
	pages := (30 + endpointrules.ListMaxLimit - 1) / endpointrules.ListMaxLimit
	if n := srv.FaultStats().Requests; n != pages {
		t.Fatalf("reads 10 to 30 made %d requests, want the %d list pages", n, pages)
	}
}

// The window stays open while refreshes keep coming less than a window
// apart: 10 refreshes 40 ms apart, with a 100 ms window, are all served by
// the listing. With the window counted from the first refresh, the first 3
// made their GETs when it ended, and the next 6 theirs before the 10th
// started the listing.
func TestRefreshGatheringStaysOpenWhileRefreshesKeepComing(t *testing.T) {
	srv, c, ids := endpointsToRefresh(t, 30, 100*time.Millisecond)
	var wg sync.WaitGroup
	for i, id := range ids[:10] {
		if i > 0 {
			time.Sleep(40 * time.Millisecond)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.RefreshEndpoint(context.Background(), id); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	pages := (30 + endpointrules.ListMaxLimit - 1) / endpointrules.ListMaxLimit
	if n := srv.FaultStats().Requests; n != pages {
		t.Fatalf("10 refreshes 40 ms apart in a 100 ms window made %d requests, want the %d list pages", n, pages)
	}
}

func TestRefreshBelowThresholdIsOneGETEach(t *testing.T) {
	srv, newClient := emulatorClient(t)
	ids := createEndpoints(t, newClient(), RefreshListAfter-1)
	c := newClient()
	srv.SetFaults(emulator.Faults{})
	refreshAll(t, c, ids)
	if n := srv.FaultStats().Requests; n != len(ids) {
		t.Fatalf("%d refreshes made %d requests, want one GET each and no listing", len(ids), n)
	}
}

// Ten requests at once, round after round (terraform -parallelism=10),
// reuse the ten connections of the first round instead of dialling anew.
func TestPooledTransportKeepsAConnectionPerParallelRequest(t *testing.T) {
	const parallel, rounds = 10, 4
	var (
		dials   atomic.Int32
		arrived sync.WaitGroup
	)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived.Done()
		arrived.Wait() // hold every request until all of the round are in flight
		_, _ = w.Write([]byte(`{"endpoint_id":"1"}`))
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			dials.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	c := newTestClient(t, srv.URL, -1)
	for range rounds {
		arrived.Add(parallel)
		var wg sync.WaitGroup
		for range parallel {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := c.GetEndpoint(context.Background(), "1"); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
	}
	if n := dials.Load(); n != parallel {
		t.Fatalf("%d rounds of %d parallel requests opened %d connections, want %d (one pool, kept alive)", rounds, parallel, n, parallel)
	}
}
