package client

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The plan-time checks of one brand's campaigns share one read of its use
// cases: concurrent ones wait for the read under way, later ones reuse it,
// another brand reads its own, and a failed read is not kept.
func TestBrandUsecasesOnceReadsEachBrandOnce(t *testing.T) {
	var reads sync.Map // brand -> *atomic.Int32
	var missing atomic.Bool
	missing.Store(true)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
		brand := parts[len(parts)-2]
		n, _ := reads.LoadOrStore(brand, new(atomic.Int32))
		n.(*atomic.Int32).Add(1)
		time.Sleep(50 * time.Millisecond) // the checks below start while it is under way
		w.Header().Set("Content-Type", "application/json")
		if brand == "BGONE01" && missing.Load() {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"api_id":"a-1","error":"brand not found"}`))
			return
		}
		_, _ = w.Write([]byte(`{"api_id":"a-2","brand_id":"` + brand + `","use_cases":[{"code":"MIXED","name":"Mixed","details":"x"}]}`))
	}))
	t.Cleanup(srv.Close)
	c := newTestClient(t, srv.URL, 0)
	count := func(brand string) int32 {
		n, ok := reads.Load(brand)
		if !ok {
			return 0
		}
		return n.(*atomic.Int32).Load()
	}

	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := c.BrandUsecasesOnce(context.Background(), "BRAND01")
			if err != nil || len(got.UseCases) != 1 || got.UseCases[0].Code != "MIXED" {
				t.Errorf("BrandUsecasesOnce = %+v, %v; want MIXED", got, err)
			}
		}()
	}
	wg.Wait()
	if _, err := c.BrandUsecasesOnce(context.Background(), "BRAND01"); err != nil {
		t.Fatal(err)
	}
	if n := count("BRAND01"); n != 1 {
		t.Errorf("9 checks of one brand made %d reads, want 1", n)
	}
	if _, err := c.BrandUsecasesOnce(context.Background(), "BRAND02"); err != nil {
		t.Fatal(err)
	}
	if n := count("BRAND02"); n != 1 {
		t.Errorf("another brand made %d reads, want its own 1", n)
	}

	if _, err := c.BrandUsecasesOnce(context.Background(), "BGONE01"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a missing brand: err = %v, want ErrNotFound", err)
	}
	missing.Store(false)
	if _, err := c.BrandUsecasesOnce(context.Background(), "BGONE01"); err != nil {
		t.Fatalf("after a failed read the next check reads again: %v", err)
	}
	if n := count("BGONE01"); n != 2 {
		t.Errorf("a failed read then a check made %d reads, want 2 (a failure is not kept)", n)
	}
}
