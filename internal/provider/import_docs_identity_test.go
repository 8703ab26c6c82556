package provider_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	fwresource "github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/zclconf/go-cty/cty"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
)

// Every resource page shows an import by identity (Terraform 1.12+):
// examples/resources/<type>/import-by-identity.tf, one import block that
// names the object of the page's import.sh by the resource's identity
// schema, with import.sh's values. TestImportDocsIdentityExamples checks
// each file against the schema and import.sh; the by-identity adoption
// (TestAccImport_docsExamplesByIdentity_TF114) applies each one as
// written, its values swapped for those of the objects the test made.

const identityExampleFile = "import-by-identity.tf"

// identityExample is the import block of a resource's import-by-identity.tf.
type identityExample struct {
	src string
	// to is the address the block imports to.
	to string
	// values are the identity attributes as written, and where each value
	// stands in src.
	values map[string]string
	ranges map[string]hcl.Range
}

// parseIdentityExample reads an import-by-identity.tf: one import block,
// with only to and identity, whose identity is an object of string
// literals.
func parseIdentityExample(name, src string) (identityExample, error) {
	f, diags := hclsyntax.ParseConfig([]byte(src), name, hcl.InitialPos)
	if diags.HasErrors() {
		return identityExample{}, diags
	}
	body := f.Body.(*hclsyntax.Body)
	if len(body.Attributes) != 0 || len(body.Blocks) != 1 || body.Blocks[0].Type != "import" || len(body.Blocks[0].Labels) != 0 {
		return identityExample{}, fmt.Errorf("%s: want one import block and nothing else", name)
	}
	b := body.Blocks[0].Body
	if len(b.Blocks) != 0 || len(b.Attributes) != 2 || b.Attributes["to"] == nil || b.Attributes["identity"] == nil {
		return identityExample{}, fmt.Errorf("%s: the import block must set to and identity, and nothing else", name)
	}
	to, diags := hcl.AbsTraversalForExpr(b.Attributes["to"].Expr)
	if diags.HasErrors() || len(to) != 2 {
		return identityExample{}, fmt.Errorf("%s: to is not a resource address <type>.<name>", name)
	}
	step, ok := to[1].(hcl.TraverseAttr)
	if !ok {
		return identityExample{}, fmt.Errorf("%s: to is not a resource address <type>.<name>", name)
	}
	obj, ok := b.Attributes["identity"].Expr.(*hclsyntax.ObjectConsExpr)
	if !ok {
		return identityExample{}, fmt.Errorf("%s: identity is not an object", name)
	}
	ex := identityExample{src: src, to: to.RootName() + "." + step.Name, values: map[string]string{}, ranges: map[string]hcl.Range{}}
	for _, item := range obj.Items {
		k, kd := item.KeyExpr.Value(nil)
		v, vd := item.ValueExpr.Value(nil)
		if kd.HasErrors() || vd.HasErrors() || k.Type() != cty.String || v.Type() != cty.String || v.IsNull() {
			return identityExample{}, fmt.Errorf("%s: identity holds %s, not a string literal", name, item.KeyExpr.Range())
		}
		if _, dup := ex.values[k.AsString()]; dup {
			return identityExample{}, fmt.Errorf("%s: identity sets %s twice", name, k.AsString())
		}
		ex.values[k.AsString()] = v.AsString()
		ex.ranges[k.AsString()] = item.ValueExpr.Range()
	}
	return ex, nil
}

// readIdentityExample reads and parses the import-by-identity.tf of typ.
func readIdentityExample(t testing.TB, typ string) (identityExample, error) {
	p := filepath.Join(acctest.RepoRoot(t), "examples", "resources", typ, identityExampleFile)
	b, err := os.ReadFile(p)
	if err != nil {
		return identityExample{}, err
	}
	return parseIdentityExample(p, string(b))
}

// with is the example as written, its identity values replaced by values
// (each attribute the example sets).
func (ex identityExample) with(values map[string]string) (string, error) {
	keys := slices.SortedFunc(maps.Keys(ex.ranges), func(a, b string) int {
		return ex.ranges[b].Start.Byte - ex.ranges[a].Start.Byte // from the end
	})
	out := ex.src
	for _, k := range keys {
		v, ok := values[k]
		if !ok {
			return "", fmt.Errorf("%s: no value for identity attribute %s", ex.to, k)
		}
		r := ex.ranges[k]
		out = out[:r.Start.Byte] + fmt.Sprintf("%q", v) + out[r.End.Byte:]
	}
	if len(values) != len(ex.values) {
		return "", fmt.Errorf("%s: identity %v, the example sets %v", ex.to, slices.Sorted(maps.Keys(values)), slices.Sorted(maps.Keys(ex.values)))
	}
	return out, nil
}

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
		ex, err := readIdentityExample(t, typ)
		if err != nil {
			t.Errorf("%s: %v (every resource page shows an import by identity: write examples/resources/%s/%s)", typ, err, typ, identityExampleFile)
			continue
		}
		schema, ok := schemas[typ]
		if !ok || schema == nil {
			t.Errorf("%s: the provider serves no resource of that type with an identity schema", typ)
			continue
		}
		for name, required := range schema {
			if _, set := ex.values[name]; !set && required {
				t.Errorf("%s: %s does not set identity attribute %s, which the identity schema requires", typ, identityExampleFile, name)
			}
		}
		for name := range ex.values {
			if _, ok := schema[name]; !ok {
				t.Errorf("%s: %s sets identity attribute %s, which the identity schema (%v) does not have", typ, identityExampleFile, name, slices.Sorted(maps.Keys(schema)))
			}
		}
		if !strings.HasPrefix(ex.to, typ+".") {
			t.Errorf("%s: %s imports to %s, not a %s", typ, identityExampleFile, ex.to, typ)
		}
		// The same object as import.sh, so the page's two imports agree.
		m := importShRE.FindStringSubmatch(readExample(t, typ, "import.sh"))
		if m == nil {
			t.Errorf("%s: import.sh has no terraform import command", typ)
			continue
		}
		if m[1] != ex.to {
			t.Errorf("%s: %s imports to %s, import.sh to %s", typ, identityExampleFile, ex.to, m[1])
		}
		if k, ok := tables.importDocsKinds[typ]; ok && k.identity != nil {
			if want := k.identity(m[2]); !maps.Equal(want, ex.values) {
				t.Errorf("%s: %s's identity is %v, import.sh's id %q is %v", typ, identityExampleFile, ex.values, m[2], want)
			}
			if want := slices.Sorted(maps.Keys(k.identity(m[2]))); !slices.Equal(want, slices.Sorted(maps.Keys(schema))) {
				t.Errorf("%s: the identity in the tables (importDocs) names %v, the identity schema %v", typ, want, slices.Sorted(maps.Keys(schema)))
			}
		}
		_, name, _ := strings.Cut(ex.to, ".")
		if !regexp.MustCompile(`(?m)^resource "` + regexp.QuoteMeta(typ) + `" "` + regexp.QuoteMeta(name) + `" \{`).MatchString(exampleConfig(t, typ)) {
			t.Errorf("%s: %s imports to %s, which resource.tf does not declare", typ, identityExampleFile, ex.to)
		}
	}
}

// The parser reads what the examples hold, and replaces only the values.
func TestImportDocsIdentityExampleWith(t *testing.T) {
	src := "# A link.\nimport {\n  to = cpaas_10dlc_campaign_number.alerts\n  identity = {\n    campaign_id = \"CQ7ZP3A\"\n    number      = \"14155550100\"\n  }\n}\n"
	ex, err := parseIdentityExample("x.tf", src)
	if err != nil {
		t.Fatal(err)
	}
	if ex.to != "cpaas_10dlc_campaign_number.alerts" || !maps.Equal(ex.values, map[string]string{"campaign_id": "CQ7ZP3A", "number": "14155550100"}) {
		t.Fatalf("parsed %s %v", ex.to, ex.values)
	}
	got, err := ex.with(map[string]string{"campaign_id": "C1", "number": "1\"2"})
	if err != nil {
		t.Fatal(err)
	}
	want := strings.NewReplacer(`"CQ7ZP3A"`, `"C1"`, `"14155550100"`, `"1\"2"`).Replace(src)
	if got != want {
		t.Errorf("with:\n%s\nwant:\n%s", got, want)
	}
	if _, err := ex.with(map[string]string{"campaign_id": "C1"}); err == nil {
		t.Error("with: no error for a missing value")
	}
	if _, err := ex.with(map[string]string{"campaign_id": "C1", "number": "1", "other": "x"}); err == nil {
		t.Error("with: no error for a value the example does not set")
	}
	for _, bad := range []string{
		"import {\n  to = a.b\n  id = \"x\"\n}\n",
		"import {\n  to = a.b\n  identity = { k = var.x }\n}\n",
		"import {\n  to = a.b\n  identity = { k = \"x\" }\n}\nimport {\n  to = a.c\n  identity = { k = \"y\" }\n}\n",
		"import {\n  to = a\n  identity = { k = \"x\" }\n}\n",
	} {
		if _, err := parseIdentityExample("bad.tf", bad); err == nil {
			t.Errorf("no error for:\n%s", bad)
		}
	}
}
