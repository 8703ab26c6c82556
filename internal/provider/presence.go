package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
)

// Pairings that depend only on presence are checked at plan even when a
// value is unknown: an argument set to a value known only after apply (an
// app_id of an application this run creates) is set. The framework's
// validators (AlsoRequires, ExactlyOneOf) wait for every value to be
// known, which moves the error to the apply, after other objects were
// created, and into the plan `terraform destroy` runs first.

// alsoRequiresPresent is AlsoRequires, with an unknown value counted as
// set: the attribute it is on, when configured, needs each of others
// configured (an unknown other may still be null: it is not refused).
type alsoRequiresPresent []path.Expression

func alsoRequires(others ...path.Expression) alsoRequiresPresent { return others }

func (a alsoRequiresPresent) Description(context.Context) string {
	return fmt.Sprintf("also requires %v", []path.Expression(a))
}
func (a alsoRequiresPresent) MarkdownDescription(ctx context.Context) string {
	return a.Description(ctx)
}

func (a alsoRequiresPresent) check(ctx context.Context, cfg tfsdk.Config, at path.Path, atExpr path.Expression, v attr.Value, diags *diag.Diagnostics) {
	if v.IsNull() {
		return
	}
	for _, e := range atExpr.MergeExpressions(a...) {
		paths, d := cfg.PathMatches(ctx, e)
		diags.Append(d...)
		for _, p := range paths {
			if p.Equal(at) {
				continue
			}
			var other attr.Value
			diags.Append(cfg.GetAttribute(ctx, p, &other)...)
			if other != nil && other.IsNull() {
				diags.AddAttributeError(at, "Invalid Attribute Combination",
					fmt.Sprintf("Attribute %q must be specified when %q is specified", p, at))
			}
		}
	}
}

func (a alsoRequiresPresent) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	a.check(ctx, req.Config, req.Path, req.PathExpression, req.ConfigValue, &resp.Diagnostics)
}

func (a alsoRequiresPresent) ValidateInt64(ctx context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	a.check(ctx, req.Config, req.Path, req.PathExpression, req.ConfigValue, &resp.Diagnostics)
}
