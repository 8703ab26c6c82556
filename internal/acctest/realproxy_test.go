package acctest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// guardRecorder stands in for the test the proxy serves, to see what the
// guard reports.
type guardRecorder struct {
	testing.TB
	mu     sync.Mutex
	errors []string
}

func (g *guardRecorder) Errorf(format string, args ...any) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.errors = append(g.errors, fmt.Sprintf(format, args...))
}

// TestRealProxyPrefixesAndGuards runs the proxy against an emulator holding
// an object of the account's own: the test's application is created
// prefixed and seen without the prefix, the account's own and another
// test's of the same name are left out of the listing, deleting the
// account's own is refused and reported, and so is a purchase.
func TestRealProxyPrefixesAndGuards(t *testing.T) {
	const id, token = "MAPROXYTEST000000001", "proxy-test-token"
	direct, _ := proxyTestAccount(t, id)
	ctx := context.Background()
	own, err := direct.CreateApplication(ctx, client.ApplicationCreate{AppName: "customer-own", ApplicationSettings: answering})
	if err != nil {
		t.Fatal(err)
	}

	rec := &guardRecorder{TB: t}
	u, p := startRealProxy(rec, "0a1b2c3d")
	viaProxy, err := client.New(client.Config{BaseURL: u, AuthID: id, AuthToken: token, Version: "test", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	mine, err := viaProxy.CreateApplication(ctx, client.ApplicationCreate{AppName: "pbx", ApplicationSettings: answering})
	if err != nil {
		t.Fatal(err)
	}
	if !p.has(mine.AppID) || p.has(own.AppID) {
		t.Errorf("the proxy holds %v as the test's, want %s only", p.created, mine.AppID)
	}
	held, err := direct.GetApplication(ctx, mine.AppID)
	if err != nil || held.AppName != "tfacc-0a1b2c3d-pbx" {
		t.Fatalf("the account holds %+v (%v), want app_name tfacc-0a1b2c3d-pbx", held, err)
	}
	seen, err := viaProxy.GetApplication(ctx, mine.AppID)
	if err != nil || seen.AppName != "pbx" {
		t.Fatalf("the test reads %+v (%v), want app_name pbx", seen, err)
	}
	// Another test, running at the same time, names its application alike.
	otherURL, _ := startRealProxy(&guardRecorder{TB: t}, "99999999")
	other, err := client.New(client.Config{BaseURL: otherURL, AuthID: id, AuthToken: token, Version: "test", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.CreateApplication(ctx, client.ApplicationCreate{AppName: "pbx", ApplicationSettings: answering}); err != nil {
		t.Fatal(err)
	}
	listed, err := viaProxy.ListAllApplications(ctx, "")
	if err != nil || len(listed) != 1 || listed[0].AppID != mine.AppID {
		t.Fatalf("the test lists %+v (%v), want its own application only (not the account's, nor the other test's)", listed, err)
	}
	byName, err := viaProxy.ListAllApplications(ctx, "pbx")
	if err != nil || len(byName) != 1 || byName[0].AppID != mine.AppID {
		t.Fatalf("a filter by name lists %+v (%v), want the test's application", byName, err)
	}

	err = viaProxy.DeleteApplication(ctx, own.AppID, client.ApplicationDelete{})
	var apiErr *client.APIError
	if err == nil || !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusForbidden {
		t.Fatalf("deleting the account's own application: %v, want a 403 from the guard", err)
	}
	if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], "not an object this test created: "+own.AppID) {
		t.Errorf("the guard reported %q", rec.errors)
	}
	if _, err := direct.GetApplication(ctx, own.AppID); err != nil {
		t.Errorf("the account's own application after the refused delete: %v", err)
	}
	if err := viaProxy.DeleteApplication(ctx, mine.AppID, client.ApplicationDelete{}); err != nil {
		t.Errorf("deleting the test's own application: %v", err)
	}

	// A purchase, without CPAAS_ACC_SPEND=numbers, never reaches the API.
	rec.errors = nil
	_, err = viaProxy.BuyPhoneNumber(ctx, "14155550123", client.PhoneNumberBuy{})
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusForbidden {
		t.Fatalf("buying a number without spending allowed: %v, want a 403 from the guard", err)
	}
	if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], "it costs money (numbers), which CPAAS_ACC_SPEND does not name") {
		t.Errorf("the guard reported %q", rec.errors)
	}
}

var answering = wire.ApplicationSettings{AnswerURL: new("https://example.com/a")}

// proxyTestAccount starts an emulator holding the account id alone, puts
// the package in real mode against it (with the spending categories given)
// until the test ends, and returns a client that talks to it directly, as
// the account's own scripts would, and the emulator.
func proxyTestAccount(t *testing.T, id string, spend ...SpendCategory) (*client.Client, *emulator.Server) {
	t.Helper()
	const token = "proxy-test-token"
	srv := emulator.New(emulator.Options{Accounts: []emulator.Account{{ID: id, Token: token}}})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { hs.Close(); srv.Close() })
	saved := realMode
	t.Cleanup(func() { realMode = saved })
	realMode = &realConfig{baseURL: hs.URL, authID: id, authToken: token}
	if len(spend) > 0 {
		realMode.spend = map[SpendCategory]bool{}
		for _, c := range spend {
			realMode.spend[c] = true
		}
	}
	direct, err := client.New(client.Config{BaseURL: hs.URL, AuthID: id, AuthToken: token, Version: "test", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return direct, srv
}
