package client

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/clienttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// A refresh of one subaccount's applications reads that subaccount's
// listing, not the account's: the state of one team costs its own
// objects' pages however many the other teams hold.
func TestNarrowedListingReadsOnlyItsSubaccount(t *testing.T) {
	var mu sync.Mutex
	lists := map[string]int{} // list requests of Application/ by subaccount filter
	gets := 0
	env := clienttest.Start(t, emulator.Options{Seed: 7}, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodGet && strings.Contains(r.URL.Path, "/Application/") {
				mu.Lock()
				if strings.HasSuffix(r.URL.Path, "/Application/") {
					lists[r.URL.Query().Get("subaccount")]++
				} else {
					gets++
				}
				mu.Unlock()
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
	ctx := context.Background()
	setup := newClient()
	sub, err := setup.CreateSubaccount(ctx, wire.SubaccountCreate{Name: "team", Enabled: wire.Flag(true)})
	if err != nil {
		t.Fatal(err)
	}
	answer := "https://example.com/answer"
	create := func(n int, in *string) []string {
		ids := make([]string, n)
		for i := range ids {
			out, err := setup.CreateApplication(ctx, wire.ApplicationCreate{AppName: fmt.Sprintf("app%d", i),
				ApplicationSettings: wire.ApplicationSettings{AnswerURL: &answer, Subaccount: in}})
			if err != nil {
				t.Fatal(err)
			}
			ids[i] = out.AppID
		}
		return ids
	}
	create(300, nil) // the rest of the account: 15 pages of 20
	team := create(30, &sub.AuthID)
	mu.Lock()
	clear(lists)
	gets = 0
	mu.Unlock()

	c := newClient()
	var listed, wrong int
	clienttest.InParallel(team, func(id string, rmu *sync.Mutex) {
		a, fromList, err := ApplicationListing.Refresh(ctx, c, sub.AuthID, id)
		rmu.Lock()
		defer rmu.Unlock()
		switch {
		case err != nil:
			t.Errorf("refresh of %s: %v", id, err)
		case a.AppID != id || a.SubAccount == nil || *a.SubAccount != sub.AuthID:
			wrong++
		case fromList:
			listed++
		}
	})
	mu.Lock()
	defer mu.Unlock()
	if wrong != 0 {
		t.Errorf("%d refreshes read another application or placement", wrong)
	}
	// 30 applications, 20 a page: 2 pages of the team's listing, and the
	// refreshes that came before the listing started (at most
	// RefreshListAfter-1) make GETs.
	if lists[sub.AuthID] != 2 || len(lists) != 1 {
		t.Errorf("list requests by subaccount filter: %v; want 2 of %s's and no other", lists, sub.AuthID)
	}
	if listed+gets != len(team) || gets > RefreshListAfter-1 {
		t.Errorf("the listing answered %d refreshes and %d made GETs; want all %d, at most %d by GET", listed, gets, len(team), RefreshListAfter-1)
	}
}
