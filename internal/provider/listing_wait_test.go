package provider_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
)

// TestAccListingWait runs provtest.ListingWait for every waiting kind.
func TestAccListingWait(t *testing.T) {
	t.Parallel()
	runEachParallel(t, testtables.All.ListingWaits, func(t *testing.T, lw provtest.ListingWait) { lw.Run(t, testtables.All.ListingRefreshes) })
}

// TestListingWaitCoversEveryWaitingKind checks that every Listing the
// provider waits through (a call client.<Listing>.Watch in its sources)
// has its TestAccListingWait entry, and that every entry names one: a new
// waiting kind cannot skip the test that counts its waits' requests.
func TestListingWaitCoversEveryWaitingKind(t *testing.T) {
	// The provider's sources: this folder's and each family's.
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	inFamilies, err := filepath.Glob("*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, inFamilies...)
	waited := map[string]string{} // Listing -> a file that waits through it
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			watch, ok := n.(*ast.SelectorExpr)
			if !ok || watch.Sel.Name != "Watch" {
				return true
			}
			if listing, ok := watch.X.(*ast.SelectorExpr); ok {
				if pkg, ok := listing.X.(*ast.Ident); ok && pkg.Name == "client" {
					waited[listing.Sel.Name] = fset.Position(watch.Pos()).String()
				}
			}
			return true
		})
	}
	if len(waited) == 0 {
		t.Fatal("no client.<Listing>.Watch call found in the provider's sources: the check checks nothing")
	}
	entries := map[string]string{}
	for name, lw := range testtables.All.ListingWaits {
		if lw.Watches == "" {
			t.Errorf("TestAccListingWait entry %q names no Listing: set watches", name)
			continue
		}
		entries[lw.Watches] = name
		if _, ok := waited[lw.Watches]; !ok {
			t.Errorf("TestAccListingWait entry %q names client.%s, which no resource waits through", name, lw.Watches)
		}
	}
	for listing, at := range waited {
		if _, ok := entries[listing]; !ok {
			t.Errorf("%s: a wait through client.%s.Watch has no TestAccListingWait entry: add one to its family's tables (listingWait) (watches: %q)", at, listing, listing)
		}
	}
}
