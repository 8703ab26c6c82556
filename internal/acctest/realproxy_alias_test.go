package acctest

import (
	"context"
	"errors"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// TestRealProxyNamesBoughtNumbers: a number the test buys without an alias
// gets the bare prefix as its alias on the account (so make sweep finds it
// after a killed run), while the test reads it with no alias (null, as the
// API answers for a number never given one); one the test names or clears
// afterwards holds the prefixed name, or the bare prefix again, and reads
// as the test wrote it. The numbers sweeper keeps them without
// CPAAS_ACC_SPEND=numbers, releases them with it, and never touches the
// account's own number.
func TestRealProxyNamesBoughtNumbers(t *testing.T) {
	const id, token = "MAPROXYTEST000000006", "proxy-test-token"
	direct, _ := proxyTestAccount(t, id, SpendNumbers)
	ctx := context.Background()
	const pre = "tfacc-0a1b2c3d-"
	rec := &guardRecorder{TB: t}
	u, _ := startRealProxy(rec, "0a1b2c3d")
	viaProxy, err := client.New(client.Config{BaseURL: u, AuthID: id, AuthToken: token, Version: "test", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	found, _, err := direct.SearchAllPhoneNumbers(ctx, client.PhoneNumberSearch{CountryISO: "US", Type: "local"}, 4)
	if err != nil || len(found) != 4 {
		t.Fatalf("search: %v %v", found, err)
	}
	own, bare, named, cleared := found[0].Number, found[1].Number, found[2].Number, found[3].Number
	if _, err := direct.BuyPhoneNumber(ctx, own, client.PhoneNumberBuy{}); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{bare, named, cleared} {
		if _, err := viaProxy.BuyPhoneNumber(ctx, n, client.PhoneNumberBuy{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := viaProxy.UpdateNumber(ctx, named, client.NumberUpdate{Alias: new("front-desk")}); err != nil {
		t.Fatal(err)
	}
	if err := viaProxy.UpdateNumber(ctx, cleared, client.NumberUpdate{Alias: new("")}); err != nil {
		t.Fatal(err)
	}
	if len(rec.errors) != 0 {
		t.Fatalf("the guard reported %q", rec.errors)
	}

	held := func(n string) *string {
		t.Helper()
		got, err := direct.GetNumber(ctx, n)
		if err != nil {
			t.Fatalf("the account's number %s: %v", n, err)
		}
		return got.Alias
	}
	if a := held(bare); a == nil || *a != pre {
		t.Errorf("the account holds the bought number %s with alias %v, want the bare prefix %q", bare, show(a), pre)
	}
	if a := held(named); a == nil || *a != pre+"front-desk" {
		t.Errorf("the account holds the named number %s with alias %v, want %q", named, show(a), pre+"front-desk")
	}
	if a := held(cleared); a == nil || *a != pre {
		t.Errorf("the account holds the cleared number %s with alias %v, want the bare prefix %q", cleared, show(a), pre)
	}
	if a := held(own); a != nil {
		t.Errorf("the account's own number %s has alias %v, want none (the proxy never saw it)", own, show(a))
	}

	// The test reads what it would without the proxy: null for a number
	// never named, "" for one cleared, its own alias otherwise.
	want := map[string]*string{bare: nil, named: new("front-desk"), cleared: new("")}
	for n, w := range want {
		got, err := viaProxy.GetNumber(ctx, n)
		if err != nil {
			t.Fatalf("the test reads %s: %v", n, err)
		}
		if show(got.Alias) != show(w) {
			t.Errorf("the test reads %s with alias %v, want %v", n, show(got.Alias), show(w))
		}
	}
	listed, err := viaProxy.ListAllNumbers(ctx, client.AccountNumberFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(listed) != len(want) {
		t.Errorf("the test lists %d numbers, want its %d", len(listed), len(want))
	}
	for _, n := range listed {
		w, ok := want[n.Number]
		if !ok {
			t.Errorf("the test lists %s, not its own", n.Number)
		} else if show(n.Alias) != show(w) {
			t.Errorf("the test lists %s with alias %v, want %v", n.Number, show(n.Alias), show(w))
		}
	}

	// make sweep: without CPAAS_ACC_SPEND=numbers the numbers stay rented.
	realMode.spend[SpendNumbers] = false
	if err := sweeps["numbers"](); err != nil {
		t.Fatalf("sweeping the numbers without spending allowed: %v", err)
	}
	for _, n := range []string{own, bare, named, cleared} {
		if _, err := direct.GetNumber(ctx, n); err != nil {
			t.Errorf("number %s after a sweep without %s=numbers: %v, want it kept", n, EnvSpend, err)
		}
	}
	realMode.spend[SpendNumbers] = true
	if err := sweeps["numbers"](); err != nil {
		t.Fatalf("sweeping the numbers: %v", err)
	}
	for _, n := range []string{bare, named, cleared} {
		if _, err := direct.GetNumber(ctx, n); !errors.Is(err, client.ErrNotFound) {
			t.Errorf("the test's number %s after the sweep: %v, want released (not found)", n, err)
		}
	}
	if _, err := direct.GetNumber(ctx, own); err != nil {
		t.Errorf("the account's own number %s after the sweep: %v, want it kept", own, err)
	}
}

// show prints an alias as the API's JSON would: null or the quoted text.
func show(a *string) string {
	if a == nil {
		return "null"
	}
	return `"` + *a + `"`
}
