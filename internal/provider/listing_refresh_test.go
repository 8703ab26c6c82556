package provider_test

import (
	"context"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
)

// TestAccListingRefresh runs provtest.ListingRefresh for every kind with a list
// route, in the order of their names.
func TestAccListingRefresh(t *testing.T) {
	t.Parallel()
	runEachParallel(t, testtables.All.ListingRefreshes, func(t *testing.T, lr provtest.ListingRefresh) { lr.Run(t) })
}

// TestListingRefreshCoversEveryListedKind: every resource whose refreshes
// a listing answers (its page has the Refresh note) has an entry.
func TestListingRefreshCoversEveryListedKind(t *testing.T) {
	pages, err := provider.DocPages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	registered := map[string]bool{}
	for _, lr := range testtables.All.ListingRefreshes {
		registered[lr.Typ] = true
	}
	listed := 0
	for _, p := range pages {
		if p.Dir != "resources" || p.Refresh == "" {
			continue
		}
		listed++
		if typ := "cpaas_" + p.Name; !registered[typ] {
			t.Errorf("%s refreshes from a listing but has no entry in TestAccListingRefresh: add one to its family's tables (listingRefresh)", typ)
		}
	}
	if listed == 0 {
		t.Fatal("no resource page has a Refresh note: the check checks nothing")
	}
}
