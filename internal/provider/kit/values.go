package kit

import (
	"context"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// setStrings reads a set of strings in sorted order; known is false when
// the set or any element is unknown.
func SetStrings(ctx context.Context, s types.Set) (out []string, known bool, diags diag.Diagnostics) {
	if s.IsUnknown() {
		return nil, false, nil
	}
	if s.IsNull() {
		return nil, true, nil
	}
	var elems []types.String
	diags = s.ElementsAs(ctx, &elems, false)
	for _, e := range elems {
		if e.IsUnknown() {
			return nil, false, diags
		}
		out = append(out, e.ValueString())
	}
	sort.Strings(out)
	return out, true, diags
}

// stringOrNull maps the API's "" (unset) to null, so optional attributes
// left out of the configuration plan no change.
func StringOrNull(s string) types.String {
	if s == "" {
		return types.StringNull()
	}
	return types.StringValue(s)
}

// changedString is what an update sends for a string attribute: nil when
// the plan keeps the state's value, else the planned value, "" for null
// (which the API reads as removing it: an app_id detaches, an alias
// clears).
func ChangedString(plan, state types.String) *string {
	if plan.Equal(state) {
		return nil
	}
	v := plan.ValueString()
	return &v
}

// Known is whether v holds a value: neither null nor unknown.
func Known(v interface {
	IsNull() bool
	IsUnknown() bool
}) bool {
	return !v.IsNull() && !v.IsUnknown()
}
