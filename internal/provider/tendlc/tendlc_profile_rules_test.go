package tendlc

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/profilerules"
)

// profileFieldRule hands profilerules.CheckField the attribute's path as
// the field's name, by which CheckField finds the field's rules: every
// field with a rule must sit at the path of its name, and refuse a value
// that breaks it there, naming that path.
func TestProfileRulesApplyAtTheirPaths(t *testing.T) {
	ctx := context.Background()
	attrs := map[string]schema.StringAttribute{}
	for name, a := range profileSchema(ctx).Attributes {
		switch a := a.(type) {
		case schema.StringAttribute:
			attrs[name] = a
		case schema.SingleNestedAttribute:
			for inner, b := range a.Attributes {
				if s, ok := b.(schema.StringAttribute); ok {
					attrs[name+"."+inner] = s
				}
			}
		}
	}
	bad := map[string]string{}
	for field, n := range profilerules.MaxLength {
		bad[field] = strings.Repeat("é", n+1)
	}
	for field := range profilerules.Enumerations {
		bad[field] = "NOT_A_VALUE"
	}
	for _, field := range profilerules.EmailFields {
		bad[field] = "ops.example.com"
	}
	for field, value := range bad {
		if field == "service_subaccount" || slices.Contains(profilerules.LaterRules, field) {
			continue // the subaccount attribute's own rule; a later rule is a plan modifier
		}
		a, ok := attrs[field]
		if !ok {
			t.Errorf("%s: no attribute at that path", field)
			continue
		}
		at := pathOf(field)
		var refused []string
		for _, v := range a.Validators {
			var out validator.StringResponse
			v.ValidateString(ctx, validator.StringRequest{Path: at, PathExpression: at.Expression(), ConfigValue: types.StringValue(value)}, &out)
			for _, d := range out.Diagnostics.Errors() {
				refused = append(refused, d.Detail())
			}
		}
		if len(refused) != 1 || !strings.HasPrefix(refused[0], "Attribute "+field+" ") {
			t.Errorf("%s = %q: refusals %q, want one naming %s", field, value, refused, field)
		}
	}
}

func pathOf(field string) path.Path {
	parts := strings.Split(field, ".")
	p := path.Root(parts[0])
	for _, s := range parts[1:] {
		p = p.AtName(s)
	}
	return p
}
