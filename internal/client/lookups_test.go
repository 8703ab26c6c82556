package client

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/clienttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

func TestDefaultLookupBaseURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://api.service.example":        "https://lookup.service.example",
		"https://api.service.example/":       "https://lookup.service.example",
		"https://api.service.example:8443/x": "https://lookup.service.example:8443",
		"http://127.0.0.1:4010":              "http://127.0.0.1:4010",
		"https://cpaas.internal.example":     "https://cpaas.internal.example",
	} {
		if got := DefaultLookupBaseURL(in); got != want {
			t.Errorf("DefaultLookupBaseURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// lookupServer is an emulator that counts the look-up requests it serves.
func lookupServer(t *testing.T) (*Client, *atomic.Int64) {
	t.Helper()
	var lookups atomic.Int64
	env := clienttest.Start(t, emulator.Options{Seed: 3, Logf: func(format string, args ...any) {
		if strings.Contains(fmt.Sprintf(format, args...), " /v1/Number/") {
			lookups.Add(1)
		}
	}})
	c, err := New(Config{BaseURL: env.URL, AuthID: env.AuthID, AuthToken: env.AuthToken, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c, &lookups
}

// TestLookupNumber_onceAPerNumber: the look-up is billed per request, so a
// client asks for each number once, however many callers ask and however
// concurrently; a failure is not kept.
func TestLookupNumber_onceAPerNumber(t *testing.T) {
	c, lookups := lookupServer(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if l, err := c.LookupNumber(ctx, "+14155550100", "carrier"); err != nil || l.Carrier.Type != "mobile" {
				t.Errorf("%+v %v", l, err)
			}
		}()
	}
	wg.Wait()
	if _, err := c.LookupNumber(ctx, "+14155550100", "carrier"); err != nil {
		t.Fatal(err)
	}
	if n := lookups.Load(); n != 1 {
		t.Errorf("9 reads of one number made %d look-up requests, want 1", n)
	}
	if _, err := c.LookupNumber(ctx, "+12125550101", "carrier"); err != nil {
		t.Fatal(err)
	}
	if n := lookups.Load(); n != 2 {
		t.Errorf("a second number: %d requests in all, want 2", n)
	}
	// The look-up's own error shape reaches the caller as a 404 with its
	// message; asked again, it is asked again.
	for range 2 {
		_, err := c.LookupNumber(ctx, "+19995550100", "carrier")
		if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "Phone number is invalid or does not exist.") || !strings.Contains(err.Error(), "/v1/Number/+19995550100") {
			t.Errorf("an unknown number: %v", err)
		}
	}
	if n := lookups.Load(); n != 4 {
		t.Errorf("after two failed look-ups: %d requests in all, want 4", n)
	}
}
