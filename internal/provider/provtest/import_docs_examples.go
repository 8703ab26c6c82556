package provtest

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Adopting what exists: for every resource, the objects of its docs example
// (examples/resources/<type>/resource.tf) are made outside Terraform
// through the client, then imported with import blocks next to that very
// configuration. The plan must import each one and replace, create or
// destroy nothing; the apply changes nothing in the account (the
// emulator's inventory is the same before and after); the next plan is
// empty.

// ExampleConfig reads the docs example of a resource type.
func ExampleConfig(t *testing.T, typ string) string {
	t.Helper()
	return ReadExample(t, typ, "resource.tf")
}

func ReadExample(t *testing.T, typ, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(acctest.RepoRoot(t), "examples", "resources", typ, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// ImportBlockRE matches an import block of an example (its body holds no
// braces).
var ImportBlockRE = regexp.MustCompile(`(?m)^import \{[^{}]*\}\n`)

// ImportBlocks writes one import block per address, in a stable order.
func ImportBlocks(ids [][2]string) string {
	var b strings.Builder
	for _, p := range ids {
		fmt.Fprintf(&b, "\nimport {\n  to = %s\n  id = %q\n}\n", p[0], p[1])
	}
	return b.String()
}

// RecordedOnImportArgs are, by resource type, the arguments no reply of the
// API carries (timeouts, callback settings given at registration only, a
// message's text, a secret): an import cannot read them, so the first plan
// records the configured values in place, calling no API (the test checks
// the account is unchanged). Any other attribute an import plan changes is
// a value the provider read wrongly, and fails the test. Each kind declares
// its own beside its import docs case, in its family's tables.
//
// RecordedOnImport declares the arguments of resource type typ that an
// import cannot read (the tables' RecordedOnImportArgs).
func (r *Tables) RecordedOnImport(typ string, attrs ...string) {
	registerIn(r.RecordedOnImportArgs, "recorded-on-import arguments", typ, attrs)
}

// ChangedAttrs names the top-level attributes an update changes, other
// than those in allowed, with their values before and after.
func ChangedAttrs(c *tfjson.Change, allowed []string) string {
	before, _ := c.Before.(map[string]any)
	after, _ := c.After.(map[string]any)
	unknown, _ := c.AfterUnknown.(map[string]any)
	var out []string
	// An unknown value is not in after: walk both.
	keys := maps.Clone(after)
	if keys == nil {
		keys = map[string]any{}
	}
	for k := range unknown {
		keys[k] = nil
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if slices.Contains(allowed, k) {
			continue
		}
		if u, _ := unknown[k].(bool); u {
			out = append(out, k+" (unknown)")
			continue
		}
		if !reflect.DeepEqual(before[k], after[k]) {
			out = append(out, fmt.Sprintf("%s: %v -> %v", k, before[k], after[k]))
		}
	}
	return strings.Join(out, ", ")
}

// ImportDocsCase makes the objects of one docs example outside Terraform
// and says how to import them.
type ImportDocsCase struct {
	Typ string
	// example is the documented configuration, a path under
	// examples/resources/<typ>: resource.tf when empty. An import
	// configuration's own import blocks give way to the test's, and its
	// plan must import and change nothing: no in-place record either.
	Example string
	// make creates the objects and returns the import ids by address and
	// the example's variables.
	Make func(t *testing.T, env *acctest.Env, c *client.Client) ([][2]string, config.Variables)
}

func WaitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	if !acctest.Eventually(t, 10*time.Second, cond) {
		t.Fatalf("%s did not happen", what)
	}
}

func (tc ImportDocsCase) Name() string {
	if tc.Example != "" {
		return tc.Typ + "_" + strings.TrimSuffix(filepath.Dir(tc.Example), "/")
	}
	return tc.Typ
}

// The tables' ImportDocsKinds are the docs-example import cases and the import
// identity of each resource type. Each family adds its own in its tables,
// as chaos parts are added; TestImportDocsCoversEveryExample fails for an
// example without one.

type ImportDocsKind struct {
	Identity func(id string) map[string]string
	Cases    []ImportDocsCase
}

// ImportDocs adds the identity of resource type typ and the cases that
// make the objects of its docs examples.
func (r *Tables) ImportDocs(typ string, identity func(id string) map[string]string, cases ...ImportDocsCase) {
	for i := range cases {
		cases[i].Typ = typ
	}
	registerIn(r.ImportDocsKinds, "import docs", typ, ImportDocsKind{Identity: identity, Cases: cases})
}

// Identity is an identity of the attributes keys, the import id's parts
// separated by "/" in that order.
func Identity(keys ...string) func(id string) map[string]string {
	return func(id string) map[string]string {
		parts := strings.SplitN(id, "/", len(keys))
		out := map[string]string{}
		for i, k := range keys {
			if i < len(parts) {
				out[k] = parts[i]
			}
		}
		return out
	}
}

// DocsCtx is the context the cases call the client with.
var DocsCtx = context.Background()
