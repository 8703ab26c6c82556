package provider_test

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
	fwresource "github.com/hashicorp/terraform-plugin-framework/resource"
)

// importDocsCases are the registered cases, by resource type.
func importDocsCases() []provtest.ImportDocsCase {
	var all []provtest.ImportDocsCase
	for _, typ := range slices.Sorted(maps.Keys(testtables.All.ImportDocsKinds)) {
		all = append(all, testtables.All.ImportDocsKinds[typ].Cases...)
	}
	return all
}

func TestAccImport_docsExamplesPlanNoReplacement(t *testing.T) {
	for _, tc := range importDocsCases() {
		t.Run(tc.Name(), func(t *testing.T) {
			t.Parallel()
			testtables.TestImportDocsExample(t, tc, false)
		})
	}
}

// The same adoption with import blocks that name each object by its
// resource identity (Terraform 1.12+), and the identity in the state. Each
// resource's documented import by identity (import-by-identity.tf) is
// one of them, as written but for its values.
func TestAccImport_docsExamplesByIdentity_TF114(t *testing.T) {
	for _, tc := range importDocsCases() {
		t.Run(tc.Name(), func(t *testing.T) {
			t.Parallel()
			testtables.TestImportDocsExample(t, tc, true)
		})
	}
}

// TestImportDocsCoversEveryExample: every resource type the provider
// serves has a docs example, and every example has its import case and
// identity in its family's tables (importDocs).
func TestImportDocsCoversEveryExample(t *testing.T) {
	dirs, err := os.ReadDir(filepath.Join(acctest.RepoRoot(t), "examples", "resources"))
	if err != nil {
		t.Fatal(err)
	}
	examples := map[string]bool{}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		examples[d.Name()] = true
		if k, ok := testtables.All.ImportDocsKinds[d.Name()]; !ok || len(k.Cases) == 0 || k.Identity == nil {
			t.Errorf("%s has a docs example but no import case and identity: add them to its family's tables (importDocs)", d.Name())
		}
	}
	for typ := range testtables.All.ImportDocsKinds {
		if !examples[typ] {
			t.Errorf("import docs registered for %s, which has no examples/resources/%s", typ, typ)
		}
	}
	p := provider.New("test")()
	for _, newResource := range p.Resources(context.Background()) {
		var resp fwresource.MetadataResponse
		newResource().Metadata(context.Background(), fwresource.MetadataRequest{ProviderTypeName: "cpaas"}, &resp)
		if !examples[resp.TypeName] {
			t.Errorf("%s has no docs example (examples/resources/%s/resource.tf)", resp.TypeName, resp.TypeName)
		}
	}
}
