package emulator

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

// TestOwnCarrierNumbers: POST Number/ adds numbers from the account's own
// carrier, all or none; they are listed and read with the carrier's name,
// their number_type, no rental fee; they update like any owned number; a
// delete removes one from the account and never puts it on sale.
func TestOwnCarrierNumbers(t *testing.T) {
	srv, hs := newNumbersServer(t)
	const a, b = "4930120000001", "4930120000002"
	st, out := numCall(t, hs, numTestID, "POST", "Number/",
		`{"numbers":"`+a+`,`+b+`","carrier":"`+IncomingCarrierNorthwind+`","region":"Berlin, GERMANY","number_type":"fixed"}`)
	if st != http.StatusAccepted || out["message"] != "changed" {
		t.Fatalf("add: HTTP %d %v, want 202 changed", st, out)
	}
	st, got := numCall(t, hs, numTestID, "GET", "Number/"+a+"/", "")
	if st != http.StatusOK {
		t.Fatalf("get: HTTP %d %v", st, got)
	}
	for k, want := range map[string]any{"carrier": "Northwind Telecom", "number_type": "fixed", "region": "Berlin, GERMANY",
		"monthly_rental_rate": "0.00000", "voice_enabled": true, "sms_enabled": false, "application": "", "sub_account": nil} {
		if got[k] != want {
			t.Errorf("GET Number/%s/ %s = %#v, want %#v", a, k, got[k], want)
		}
	}
	// A rented (here: starter) number shows the service as its carrier.
	_, starter := numCall(t, hs, numTestID, "GET", "Number/14155550100/", "")
	if starter["carrier"] != "CPaaS" || starter["number_type"] != "local" {
		t.Errorf("starter number: carrier %v, number_type %v; want CPaaS, local", starter["carrier"], starter["number_type"])
	}
	_, list := numCall(t, hs, numTestID, "GET", "Number/?number_startswith=493012", "")
	if got := objectNumbers(t, list); !slices.Equal(got, []string{a, b}) {
		t.Errorf("list: %v, want %v", got, []string{a, b})
	}
	_, list = numCall(t, hs, numTestID, "GET", "Number/?type=fixed&number_startswith=49", "")
	if got := objectNumbers(t, list); !slices.Equal(got, []string{a, b}) {
		t.Errorf("list type=fixed: %v, want %v", got, []string{a, b})
	}

	if st, out := numCall(t, hs, numTestID, "POST", "Number/"+a+"/", `{"alias":"Berlin office"}`); st != http.StatusAccepted {
		t.Fatalf("update: HTTP %d %v", st, out)
	}
	if _, got := numCall(t, hs, numTestID, "GET", "Number/"+a+"/", ""); got["alias"] != "Berlin office" || got["carrier"] != "Northwind Telecom" {
		t.Errorf("after update: alias %v carrier %v", got["alias"], got["carrier"])
	}

	if st, out := numCall(t, hs, numTestID, "DELETE", "Number/"+a+"/", ""); st != http.StatusNoContent {
		t.Fatalf("delete: HTTP %d %v", st, out)
	}
	if st, _ := numCall(t, hs, numTestID, "GET", "Number/"+a+"/", ""); st != http.StatusNotFound {
		t.Errorf("after delete: GET HTTP %d, want 404", st)
	}
	// Not on sale: neither the search nor a purchase finds it.
	if _, ok := srv.inventory.Get(a); ok {
		t.Errorf("%s is in the inventory", a)
	}
	if st, _ := numCall(t, hs, numOtherID, "POST", "PhoneNumber/"+a+"/", `{}`); st != http.StatusNotFound {
		t.Errorf("buying a removed own-carrier number: HTTP %d, want 404", st)
	}
	// It can be added again, by this account or another.
	if st, out := numCall(t, hs, numOtherID, "POST", "Number/", `{"numbers":"`+a+`","carrier":"`+IncomingCarrierFabrikam+`","region":"Berlin"}`); st != http.StatusAccepted {
		t.Fatalf("add again: HTTP %d %v", st, out)
	}
	if _, got := numCall(t, hs, numOtherID, "GET", "Number/"+a+"/", ""); got["carrier"] != "Fabrikam Voice" || got["number_type"] != "local" {
		t.Errorf("default number_type: carrier %v number_type %v, want Fabrikam Voice, local", got["carrier"], got["number_type"])
	}
}

// TestOwnCarrierNumberValidation: each mistake gets a 400 naming the
// field, the rule and the value, and nothing is added.
func TestOwnCarrierNumberValidation(t *testing.T) {
	_, hs := newNumbersServer(t)
	_, search := numCall(t, hs, numTestID, "GET", "PhoneNumber/?country_iso=US&limit=1", "")
	forSale := objectNumbers(t, search)[0]
	ok := `"carrier":"` + IncomingCarrierNorthwind + `","region":"Berlin"`
	for _, tc := range []struct{ body, want string }{
		{`{` + ok + `}`, `numbers "" must be a comma-separated list of distinct numbers`},
		{`{"numbers":"+4930,1",` + ok + `}`, `numbers "+4930,1" must be a comma-separated list of distinct numbers, each 1 to 15 digits starting with the country code: number "+4930" is invalid`},
		{`{"numbers":"4930120000009,4930120000009",` + ok + `}`, `4930120000009 is given twice`},
		{`{"numbers":"4930120000009","carrier":"99","region":"Berlin"}`, `carrier "99" must be the id of an incoming carrier of the account (the emulator's accounts have ` + IncomingCarrierNorthwind},
		{`{"numbers":"4930120000009","carrier":"` + IncomingCarrierNorthwind + `","region":" "}`, `region " " must not be empty`},
		{`{"numbers":"4930120000009",` + ok + `,"number_type":"toll-free"}`, `number_type "toll-free" must be one of local, fixed, tollfree, mobile, national`},
		{`{"numbers":"4930120000009,14155550100",` + ok + `}`, `number 14155550100 already belongs to this account`},
		{`{"numbers":"4930120000009,` + forSale + `",` + ok + `}`, `number ` + forSale + ` is one of the service's own numbers, not your carrier's: rent it with POST PhoneNumber/` + forSale + `/`},
		{`{"numbers":"4930120000009",` + ok + `,"app_id":"404"}`, `app_id`},
		{`{"numbers":"4930120000009",` + ok + `,"subaccount":"SANOSUCH000000000000"}`, `subaccount "SANOSUCH000000000000" is not a subaccount of this account`},
	} {
		st, out := numCall(t, hs, numTestID, "POST", "Number/", tc.body)
		if msg, _ := out["error"].(string); st != http.StatusBadRequest || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: HTTP %d %q, want 400 containing %q", tc.body, st, msg, tc.want)
		}
	}
	if st, _ := numCall(t, hs, numTestID, "GET", "Number/4930120000009/", ""); st != http.StatusNotFound {
		t.Errorf("a refused add left 4930120000009 in the account (HTTP %d)", st)
	}
}
