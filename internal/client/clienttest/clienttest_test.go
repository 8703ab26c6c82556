package clienttest

import (
	"net/http"
	"slices"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// TestStartServesTheEmulatorAndRecords: a request reaches the emulator
// through each wrapper, outermost first, and is recorded with its method
// and path; the credentials are the first account's.
func TestStartServesTheEmulatorAndRecords(t *testing.T) {
	var order []string
	mark := func(name string) func(http.Handler) http.Handler {
		return func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				order = append(order, name)
				next.ServeHTTP(w, r)
			})
		}
	}
	env := Start(t, emulator.Options{Accounts: []emulator.Account{{ID: "MACLIENTTESTENV00001", Token: "tok"}}}, mark("outer"), mark("inner"))
	if env.AuthID != "MACLIENTTESTENV00001" || env.AuthToken != "tok" {
		t.Fatalf("credentials %q/%q, want the first account's", env.AuthID, env.AuthToken)
	}
	req, err := http.NewRequest(http.MethodGet, env.URL+"/v1/Account/"+env.AuthID+"/Endpoint/", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.SetBasicAuth(env.AuthID, env.AuthToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d, want 200 from the emulator", resp.StatusCode)
	}
	if want := []string{"outer", "inner"}; !slices.Equal(order, want) {
		t.Fatalf("wrappers ran %v, want %v", order, want)
	}
	if got, want := env.Requests(), []string{"GET /v1/Account/MACLIENTTESTENV00001/Endpoint/"}; !slices.Equal(got, want) {
		t.Fatalf("requests %v, want %v", got, want)
	}
}

func TestStartDefaultsToTheDefaultAccount(t *testing.T) {
	env := Start(t, emulator.Options{Seed: 1})
	if env.AuthID != emulator.DefaultAuthID || env.AuthToken != emulator.DefaultAuthToken {
		t.Fatalf("credentials %q, want the emulator's default account", env.AuthID)
	}
}
