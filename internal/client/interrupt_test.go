package client

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// An interrupt (Ctrl-C cancels the run's context) that comes while a
// create is on its way does not abandon it: the reply, the object the API
// made, reaches the caller.
func TestCreateInFlightOutlivesTheInterrupt(t *testing.T) {
	var n atomic.Int32
	arrived := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		arrived <- struct{}{}
		time.Sleep(300 * time.Millisecond) // the interrupt comes meanwhile
		_, _ = w.Write([]byte(`{"api_id":"a-2","endpoint_id":"42","username":"u000000000000","alias":"x","message":"created"}`))
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-arrived
		cancel()
	}()
	ep, err := newTestClient(t, srv.URL, 3).CreateEndpoint(ctx, EndpointCreate{Username: "u", Password: "ppppp", Alias: "a"})
	if err != nil {
		t.Fatalf("a create sent before the interrupt failed: %v", err)
	}
	if ep.EndpointID != "42" {
		t.Fatalf("the create's reply was lost: %+v", ep)
	}
	if ctx.Err() == nil || n.Load() != 1 {
		t.Fatalf("the interrupt did not come during the create (ctx %v), or it was sent %d times", ctx.Err(), n.Load())
	}
}

// After an interrupt, a create not yet sent is never sent, and its error
// says so (not that its outcome is unknown).
func TestCreateAfterTheInterruptIsNeverSent(t *testing.T) {
	srv, n := server(t, http.StatusOK)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := newTestClient(t, srv.URL, 3).CreateEndpoint(ctx, EndpointCreate{Username: "u", Password: "ppppp", Alias: "a"})
	if err == nil || n.Load() != 0 {
		t.Fatalf("a create after the interrupt was sent %d times (err %v)", n.Load(), err)
	}
	if IsOutcomeUnknown(err) || !neverReachedServer(err) {
		t.Fatalf("want an error that says the create was never sent, got %v", err)
	}
	if !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("the error does not say the run was interrupted: %v", err)
	}
}

// A read is cut short by the interrupt as before: only what changes
// something outlives it.
func TestReadInFlightEndsWithTheInterrupt(t *testing.T) {
	release := make(chan struct{})
	arrived := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived <- struct{}{}
		<-release
		_, _ = w.Write([]byte(`{"endpoint_id":"42"}`))
	}))
	defer srv.Close()
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-arrived
		cancel()
	}()
	_, err := newTestClient(t, srv.URL, 3).GetEndpoint(ctx, "42")
	if err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Fatalf("a read in flight at the interrupt: want it cancelled, got %v", err)
	}
}
