package provtest

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Every resource page shows an import by identity (Terraform 1.12+):
// examples/resources/<type>/import-by-identity.tf, one import block that
// names the object of the page's import.sh by the resource's identity
// schema, with import.sh's values. TestImportDocsIdentityExamples checks
// each file against the schema and import.sh; the by-identity adoption
// (TestAccImport_docsExamplesByIdentity_TF114) applies each one as
// written, its values swapped for those of the objects the test made.

const IdentityExampleFile = "import-by-identity.tf"

// identityExample is the import block of a resource's import-by-identity.tf.
type identityExample struct {
	src string
	// to is the address the block imports to.
	To string
	// values are the identity attributes as written, and where each value
	// stands in src.
	Values map[string]string
	ranges map[string]hcl.Range
}

// ParseIdentityExample reads an import-by-identity.tf: one import block,
// with only to and identity, whose identity is an object of string
// literals.
func ParseIdentityExample(name, src string) (identityExample, error) {
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
	ex := identityExample{src: src, To: to.RootName() + "." + step.Name, Values: map[string]string{}, ranges: map[string]hcl.Range{}}
	for _, item := range obj.Items {
		k, kd := item.KeyExpr.Value(nil)
		v, vd := item.ValueExpr.Value(nil)
		if kd.HasErrors() || vd.HasErrors() || k.Type() != cty.String || v.Type() != cty.String || v.IsNull() {
			return identityExample{}, fmt.Errorf("%s: identity holds %s, not a string literal", name, item.KeyExpr.Range())
		}
		if _, dup := ex.Values[k.AsString()]; dup {
			return identityExample{}, fmt.Errorf("%s: identity sets %s twice", name, k.AsString())
		}
		ex.Values[k.AsString()] = v.AsString()
		ex.ranges[k.AsString()] = item.ValueExpr.Range()
	}
	return ex, nil
}

// ReadIdentityExample reads and parses the import-by-identity.tf of typ.
func ReadIdentityExample(t testing.TB, typ string) (identityExample, error) {
	p := filepath.Join(acctest.RepoRoot(t), "examples", "resources", typ, IdentityExampleFile)
	b, err := os.ReadFile(p)
	if err != nil {
		return identityExample{}, err
	}
	return ParseIdentityExample(p, string(b))
}

// with is the example as written, its identity values replaced by values
// (each attribute the example sets).
func (ex identityExample) With(values map[string]string) (string, error) {
	keys := slices.SortedFunc(maps.Keys(ex.ranges), func(a, b string) int {
		return ex.ranges[b].Start.Byte - ex.ranges[a].Start.Byte // from the end
	})
	out := ex.src
	for _, k := range keys {
		v, ok := values[k]
		if !ok {
			return "", fmt.Errorf("%s: no value for identity attribute %s", ex.To, k)
		}
		r := ex.ranges[k]
		out = out[:r.Start.Byte] + fmt.Sprintf("%q", v) + out[r.End.Byte:]
	}
	if len(values) != len(ex.Values) {
		return "", fmt.Errorf("%s: identity %v, the example sets %v", ex.To, slices.Sorted(maps.Keys(values)), slices.Sorted(maps.Keys(ex.Values)))
	}
	return out, nil
}
