package emulator

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

var accountTestAreas = []testArea{
	// The account: its two routes (GET and POST on the account's root) are
	// walked by the route tests like any other; its one object is the account
	// itself, read by GET on the root.
	{
		segment: "Account",
		kind:    "account",
		get:     func(string) string { return "" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			call("POST", "", map[string]any{"name": "Sec account", "city": "Oakland", "timezone": "America/Chicago"})
			return ""
		},
		bodies: map[string][]bodyCase{
			"POST ": {{"", map[string]any{"name": "Ext account", "address": "1 Main Street", "city": "Oakland", "state": "CA", "timezone": "America/New_York"}}},
		},
		wrongType: map[string]any{"timezone": 5, "city": true, "state": []any{}},
		goldens: func(call goldenCall) {
			call(202, "POST", "", map[string]any{"name": "Acme Dental", "address": "1 Market Street", "city": "San Francisco"}, "account_updated.json")
			call(200, "GET", "", nil, "account_get.json")
		},
	},
}

func accountOf(t *testing.T, e *subEnv, id, tok string) wire.AccountReply {
	t.Helper()
	m := e.as(id, tok, 200, "GET", "", nil)
	return wire.AccountReply{APIID: m["api_id"].(string), Account: wire.Account{
		AccountType: m["account_type"].(string), Address: m["address"].(string), AuthID: m["auth_id"].(string),
		AutoRecharge: m["auto_recharge"].(bool), BillingMode: m["billing_mode"].(string), CashCredits: m["cash_credits"].(string),
		City: m["city"].(string), Name: m["name"].(string), ResourceURI: m["resource_uri"].(string), State: m["state"].(string),
		Timezone: m["timezone"].(string),
	}}
}

// TestAccount_getAndUpdate: the record as recorded (every text field
// present, "" when empty); an update sets the fields given, leaves those
// left out or null as they are, empties one given ""; a timezone that is
// not an IANA zone is a 400 naming the rule and the value, changing
// nothing; Go's doubled trailing slash reaches the same route.
func TestAccount_getAndUpdate(t *testing.T) {
	e := newSubEnv(t)
	a := accountOf(t, e, idA, tokA)
	want := wire.Account{AccountType: "standard", AuthID: idA, BillingMode: "prepaid", CashCredits: "25.00000",
		ResourceURI: "/v1/Account/" + idA + "/", Timezone: DefaultAccountTimezone}
	if a.APIID == "" || a.Account != want {
		t.Fatalf("a new account: %+v, want %+v", a, want)
	}
	if out := e.as(idA, tokA, 202, "POST", "", map[string]any{"name": "Acme", "address": "1 Main St", "city": "Oakland", "timezone": "Asia/Kolkata"}); out["message"] != "changed" {
		t.Fatalf("update: %v", out)
	}
	e.as(idA, tokA, 202, "POST", "/", map[string]any{"name": nil, "address": "", "state": "CA", "x_unknown": 1})
	want.Name, want.City, want.State, want.Timezone = "Acme", "Oakland", "CA", "Asia/Kolkata"
	if got := accountOf(t, e, idA, tokA).Account; got != want {
		t.Fatalf("after the updates: %+v, want %+v", got, want)
	}
	for _, tz := range []string{"Mars/Olympus_Mons", "", "Local"} {
		out := e.as(idA, tokA, 400, "POST", "", map[string]any{"name": "Changed", "timezone": tz})
		if msg, _ := out["error"].(string); !strings.Contains(msg, "timezone must be an IANA time zone name") || !strings.Contains(msg, `"`+tz+`"`) {
			t.Errorf("timezone %q: %v", tz, out)
		}
	}
	if got := accountOf(t, e, idA, tokA).Account; got != want {
		t.Fatalf("a refused update changed the account: %+v", got)
	}
	// B's account is its own.
	if b := accountOf(t, e, idB, tokB); b.Name != "" || b.City != "" || b.AuthID != idB {
		t.Fatalf("account B: %+v", b)
	}
}

// TestAccount_lookupsAreBilled: each answered look-up takes its price from
// the balance (a subaccount's from its main account's); a refused one is
// free; the balance survives a restart from the state file. A
// subaccount's record carries its own name, which its update changes.
func TestAccount_lookupsAreBilled(t *testing.T) {
	e := newSubEnv(t)
	path := filepath.Join(t.TempDir(), "state.json")
	if err := e.s.UseStateFile(path); err != nil {
		t.Fatal(err)
	}
	sub, subTok := e.sub("Payments")
	for _, who := range [][2]string{{idA, tokA}, {idA, tokA}, {sub, subTok}} {
		if st, out := direct(e.s, "GET", "/v1/Number/+14155550100?type=carrier", who[0], who[1], nil); st != 200 {
			t.Fatalf("look-up as %s: %d %s", who[0], st, out)
		}
	}
	if st, _ := direct(e.s, "GET", "/v1/Number/+19995550100?type=carrier", idA, tokA, nil); st != 404 {
		t.Fatalf("an unknown number: %d", st)
	}
	if got := accountOf(t, e, idA, tokA).CashCredits; got != "24.98800" {
		t.Errorf("after three answered look-ups and a refused one: %s, want 24.98800 (25 - 3 x %s)", got, "0.004")
	}
	if got := accountOf(t, e, sub, subTok); got.CashCredits != "24.98800" || got.Name != "Payments" || got.AuthID != sub {
		t.Errorf("the subaccount's record: %+v, want its main account's balance and its own name", got)
	}
	if got := accountOf(t, e, idB, tokB).CashCredits; got != "25.00000" {
		t.Errorf("account B paid for A's look-ups: %s", got)
	}
	e.as(sub, subTok, 202, "POST", "", map[string]any{"name": "Payments EU"})
	if got := e.as(idA, tokA, 200, "GET", "Subaccount/"+sub+"/", nil)["name"]; got != "Payments EU" {
		t.Errorf("the subaccount's name after its account update: %v", got)
	}
	restarted := New(Options{Accounts: []Account{{ID: idA, Token: tokA}, {ID: idB, Token: tokB}}, Clock: NewManualClock(t0)})
	t.Cleanup(restarted.Close)
	if err := restarted.UseStateFile(path); err != nil {
		t.Fatal(err)
	}
	r := &subEnv{t, restarted}
	if got := accountOf(t, r, idA, tokA).CashCredits; got != "24.98800" {
		t.Errorf("the balance after a restart: %s", got)
	}
}
