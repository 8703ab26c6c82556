package testtables

import (
	"context"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// ExpectOnlyImports fails unless every managed resource in the plan is
// imported, and none is created, replaced or destroyed.
type ExpectOnlyImports struct {
	Want int
	// strict: not even the in-place record of RecordedOnImportArgs.
	Strict bool
}

func (e ExpectOnlyImports) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	var errs []string
	imported := 0
	for _, rc := range req.Plan.ResourceChanges {
		if rc.Mode != tfjson.ManagedResourceMode {
			continue
		}
		a := rc.Change.Actions
		if a.Create() || a.Delete() || a.Replace() || a.CreateBeforeDestroy() || a.DestroyBeforeCreate() {
			errs = append(errs, fmt.Sprintf("%s: %v (attributes forcing it: %v)", rc.Address, a, rc.Change.ReplacePaths))
			continue
		}
		if rc.Change.Importing != nil {
			imported++
		}
		if a.Update() && e.Strict {
			errs = append(errs, fmt.Sprintf("%s: updates in place: %s", rc.Address, provtest.ChangedAttrs(rc.Change, nil)))
		} else if a.Update() {
			if bad := provtest.ChangedAttrs(rc.Change, All.RecordedOnImportArgs[rc.Type]); bad != "" {
				errs = append(errs, fmt.Sprintf("%s: updates what a reply carries: %s", rc.Address, bad))
			}
		}
	}
	if imported != e.Want {
		errs = append(errs, fmt.Sprintf("%d resources imported, want %d", imported, e.Want))
	}
	if len(errs) > 0 {
		resp.Error = fmt.Errorf("the import plan must only import: %s", strings.Join(errs, "; "))
	}
}

// identityOf is the identity an import id stands for, by resource type
// (the type of the address addr).
func identityOf(addr, id string) map[string]string {
	typ, _, _ := strings.Cut(addr, ".")
	k, ok := All.ImportDocsKinds[typ]
	if !ok || k.Identity == nil {
		panic("no identity for " + typ + ": add it to its family's tables (importDocs)")
	}
	return k.Identity(id)
}

// identityImportBlocks writes one import block per address that names the
// object by its identity. The address a resource's docs import by identity
// (import-by-identity.tf) gets that block as written, with the identity of
// the object made in place of the docs' values; the documented
// configuration (resource.tf) must make that object.
func identityImportBlocks(t *testing.T, tc provtest.ImportDocsCase, ids [][2]string) string {
	t.Helper()
	var b strings.Builder
	documented := false
	for _, p := range ids {
		typ, _, _ := strings.Cut(p[0], ".")
		idt := identityOf(p[0], p[1])
		if ex, err := provtest.ReadIdentityExample(t, typ); err == nil && ex.To == p[0] {
			block, err := ex.With(idt)
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString("\n" + block)
			documented = documented || typ == tc.Typ
			continue
		}
		fmt.Fprintf(&b, "\nimport {\n  to = %s\n  identity = {\n", p[0])
		for _, k := range slices.Sorted(maps.Keys(idt)) {
			fmt.Fprintf(&b, "    %s = %q\n", k, idt[k])
		}
		b.WriteString("  }\n}\n")
	}
	if tc.Example == "" && !documented {
		ex, err := provtest.ReadIdentityExample(t, tc.Typ)
		if err != nil {
			t.Fatal(err)
		}
		t.Fatalf("%s imports %s by identity, which the case does not make (it makes %v)", provtest.IdentityExampleFile, ex.To, ids)
	}
	return b.String()
}

func TestImportDocsExample(t *testing.T, tc provtest.ImportDocsCase, byIdentity bool) {
	env := acctest.NewEnv(t, provtest.FastRegistry)
	c := env.Client(t)
	ids, vars := tc.Make(t, env, c)
	before := env.Objects(t)
	blocks := provtest.ImportBlocks(ids)
	var checks []statecheck.StateCheck
	var versions []tfversion.TerraformVersionCheck
	if byIdentity {
		blocks = identityImportBlocks(t, tc, ids)
		// Import blocks by identity are Terraform 1.12+ (and OpenTofu 1.12+,
		// which CI runs this test with too).
		versions = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)}
		for _, p := range ids {
			want := map[string]knownvalue.Check{}
			for k, v := range identityOf(p[0], p[1]) {
				want[k] = knownvalue.StringExact(v)
			}
			checks = append(checks, statecheck.ExpectIdentity(p[0], want))
		}
	}
	example := provtest.ExampleConfig(t, tc.Typ)
	if tc.Example != "" {
		example = provtest.ImportBlockRE.ReplaceAllString(provtest.ReadExample(t, tc.Typ, tc.Example), "")
	}
	cfg := env.Config(example + blocks)
	steps := []resource.TestStep{{
		Config:          cfg,
		ConfigVariables: vars,
		ConfigPlanChecks: resource.ConfigPlanChecks{
			PreApply:             []plancheck.PlanCheck{ExpectOnlyImports{Want: len(ids), Strict: tc.Example != ""}},
			PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
		},
		ConfigStateChecks: checks,
		Check: func(*terraform.State) error {
			if after := env.Objects(t); !reflect.DeepEqual(before, after) {
				return fmt.Errorf("the apply changed the account:\nbefore %v\nafter  %v", before, after)
			}
			return nil
		},
	}}
	// The test's own clean-up must be able to destroy what the example
	// protects: release_protection only lets go once applied false.
	if unprotected := strings.NewReplacer("prevent_destroy = true", "prevent_destroy = false",
		"release_protection = true", "release_protection = false").Replace(cfg); unprotected != cfg {
		steps = append(steps, resource.TestStep{Config: unprotected, ConfigVariables: vars})
	}
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: versions,
		Steps:                  steps,
	})
}
