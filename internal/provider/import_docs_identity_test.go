package provider_test

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
	fwresource "github.com/hashicorp/terraform-plugin-framework/resource"
)

// importShRE reads the address and id of an import.sh.
var importShRE = regexp.MustCompile(`(?m)^terraform import (\S+) (\S+)$`)

// identitySchemas are the identity attributes of every resource type the
// provider serves, and whether each is required for import.
func identitySchemas(t *testing.T) map[string]map[string]bool {
	t.Helper()
	ctx := context.Background()
	out := map[string]map[string]bool{}
	for _, newResource := range provider.New("test")().Resources(ctx) {
		r := newResource()
		var meta fwresource.MetadataResponse
		r.Metadata(ctx, fwresource.MetadataRequest{ProviderTypeName: "cpaas"}, &meta)
		withIdentity, ok := r.(fwresource.ResourceWithIdentity)
		if !ok {
			out[meta.TypeName] = nil
			continue
		}
		var resp fwresource.IdentitySchemaResponse
		withIdentity.IdentitySchema(ctx, fwresource.IdentitySchemaRequest{}, &resp)
		if resp.Diagnostics.HasError() {
			t.Fatalf("%s: identity schema: %v", meta.TypeName, resp.Diagnostics)
		}
		attrs := map[string]bool{}
		for name, a := range resp.IdentitySchema.Attributes {
			attrs[name] = a.IsRequiredForImport()
		}
		out[meta.TypeName] = attrs
	}
	return out
}

// TestImportDocsIdentityExamples: every resource with a docs example has
// an import-by-identity.tf that imports the object of its import.sh, by
// the attributes of the resource's identity schema (every one it requires
// for import, and no other), with import.sh's values.
func TestImportDocsIdentityExamples(t *testing.T) {
	schemas := identitySchemas(t)
	dirs, err := os.ReadDir(filepath.Join(acctest.RepoRoot(t), "examples", "resources"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		typ := d.Name()
		ex, err := provtest.ReadIdentityExample(t, typ)
		if err != nil {
			t.Errorf("%s: %v (every resource page shows an import by identity: write examples/resources/%s/%s)", typ, err, typ, provtest.IdentityExampleFile)
			continue
		}
		schema, ok := schemas[typ]
		if !ok || schema == nil {
			t.Errorf("%s: the provider serves no resource of that type with an identity schema", typ)
			continue
		}
		for name, required := range schema {
			if _, set := ex.Values[name]; !set && required {
				t.Errorf("%s: %s does not set identity attribute %s, which the identity schema requires", typ, provtest.IdentityExampleFile, name)
			}
		}
		for name := range ex.Values {
			if _, ok := schema[name]; !ok {
				t.Errorf("%s: %s sets identity attribute %s, which the identity schema (%v) does not have", typ, provtest.IdentityExampleFile, name, slices.Sorted(maps.Keys(schema)))
			}
		}
		if !strings.HasPrefix(ex.To, typ+".") {
			t.Errorf("%s: %s imports to %s, not a %s", typ, provtest.IdentityExampleFile, ex.To, typ)
		}
		// The same object as import.sh, so the page's two imports agree.
		m := importShRE.FindStringSubmatch(provtest.ReadExample(t, typ, "import.sh"))
		if m == nil {
			t.Errorf("%s: import.sh has no terraform import command", typ)
			continue
		}
		if m[1] != ex.To {
			t.Errorf("%s: %s imports to %s, import.sh to %s", typ, provtest.IdentityExampleFile, ex.To, m[1])
		}
		if k, ok := testtables.All.ImportDocsKinds[typ]; ok && k.Identity != nil {
			if want := k.Identity(m[2]); !maps.Equal(want, ex.Values) {
				t.Errorf("%s: %s's identity is %v, import.sh's id %q is %v", typ, provtest.IdentityExampleFile, ex.Values, m[2], want)
			}
			if want := slices.Sorted(maps.Keys(k.Identity(m[2]))); !slices.Equal(want, slices.Sorted(maps.Keys(schema))) {
				t.Errorf("%s: the identity in the tables (importDocs) names %v, the identity schema %v", typ, want, slices.Sorted(maps.Keys(schema)))
			}
		}
		_, name, _ := strings.Cut(ex.To, ".")
		if !regexp.MustCompile(`(?m)^resource "` + regexp.QuoteMeta(typ) + `" "` + regexp.QuoteMeta(name) + `" \{`).MatchString(provtest.ExampleConfig(t, typ)) {
			t.Errorf("%s: %s imports to %s, which resource.tf does not declare", typ, provtest.IdentityExampleFile, ex.To)
		}
	}
}

// The parser reads what the examples hold, and replaces only the values.
func TestImportDocsIdentityExampleWith(t *testing.T) {
	src := "# A link.\nimport {\n  to = cpaas_10dlc_campaign_number.alerts\n  identity = {\n    campaign_id = \"CQ7ZP3A\"\n    number      = \"14155550100\"\n  }\n}\n"
	ex, err := provtest.ParseIdentityExample("x.tf", src)
	if err != nil {
		t.Fatal(err)
	}
	if ex.To != "cpaas_10dlc_campaign_number.alerts" || !maps.Equal(ex.Values, map[string]string{"campaign_id": "CQ7ZP3A", "number": "14155550100"}) {
		t.Fatalf("parsed %s %v", ex.To, ex.Values)
	}
	got, err := ex.With(map[string]string{"campaign_id": "C1", "number": "1\"2"})
	if err != nil {
		t.Fatal(err)
	}
	want := strings.NewReplacer(`"CQ7ZP3A"`, `"C1"`, `"14155550100"`, `"1\"2"`).Replace(src)
	if got != want {
		t.Errorf("with:\n%s\nwant:\n%s", got, want)
	}
	if _, err := ex.With(map[string]string{"campaign_id": "C1"}); err == nil {
		t.Error("with: no error for a missing value")
	}
	if _, err := ex.With(map[string]string{"campaign_id": "C1", "number": "1", "other": "x"}); err == nil {
		t.Error("with: no error for a value the example does not set")
	}
	for _, bad := range []string{
		"import {\n  to = a.b\n  id = \"x\"\n}\n",
		"import {\n  to = a.b\n  identity = { k = var.x }\n}\n",
		"import {\n  to = a.b\n  identity = { k = \"x\" }\n}\nimport {\n  to = a.c\n  identity = { k = \"y\" }\n}\n",
		"import {\n  to = a\n  identity = { k = \"x\" }\n}\n",
	} {
		if _, err := provtest.ParseIdentityExample("bad.tf", bad); err == nil {
			t.Errorf("no error for:\n%s", bad)
		}
	}
}
