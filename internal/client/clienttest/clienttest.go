// Package clienttest serves the emulator over HTTP for the client's tests:
// one call gives a test its emulator, the base URL and credentials a
// client is given, and the requests the emulator answered. It imports the
// emulator, never the client, so the client's own (internal) tests use it
// as its external tests do.
package clienttest

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// Env is an emulator served over HTTP for one test, closed when it ends.
type Env struct {
	// Server is the emulator, for its control calls (faults, delays,
	// objects).
	Server *emulator.Server
	// URL is the base URL a client is given.
	URL string
	// AuthID and AuthToken are the credentials of the emulator's first
	// account (its default account when opts named none).
	AuthID, AuthToken string

	mu       sync.Mutex
	requests []string
}

// Start serves an emulator made with opts until the test ends. wrap, when
// given, receives each request first and passes it on by calling next (the
// emulator), to hold, count or change a request.
func Start(t testing.TB, opts emulator.Options, wrap ...func(next http.Handler) http.Handler) *Env {
	t.Helper()
	srv := emulator.New(opts)
	e := &Env{Server: srv, AuthID: emulator.DefaultAuthID, AuthToken: emulator.DefaultAuthToken}
	if len(opts.Accounts) > 0 {
		e.AuthID, e.AuthToken = opts.Accounts[0].ID, opts.Accounts[0].Token
	}
	var h http.Handler = srv
	for i := len(wrap) - 1; i >= 0; i-- {
		h = wrap[i](h)
	}
	inner := h
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.mu.Lock()
		e.requests = append(e.requests, r.Method+" "+r.URL.Path)
		e.mu.Unlock()
		inner.ServeHTTP(w, r)
	}))
	e.URL = hs.URL
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return e
}

// Requests are the requests served so far, in order, each as "METHOD
// /path" (the query left out).
func (e *Env) Requests() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.requests...)
}

// InParallel calls f for each item with 10 workers, as terraform
// -parallelism=10 does; f locks mu around what it records.
func InParallel[T any](items []T, f func(item T, mu *sync.Mutex)) {
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		work = make(chan T)
	)
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range work {
				f(it, &mu)
			}
		}()
	}
	for _, it := range items {
		work <- it
	}
	close(work)
	wg.Wait()
}
