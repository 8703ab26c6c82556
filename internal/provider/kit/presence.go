package kit

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/helpers/validatordiag"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"

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

func AlsoRequires(others ...path.Expression) alsoRequiresPresent { return others }

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

// presence sorts the attributes exprs match in cfg: set (known, not null)
// and pending (unknown: set unless it turns out null).
func presence(ctx context.Context, cfg tfsdk.Config, exprs path.Expressions) (set, pending path.Paths, diags diag.Diagnostics) {
	for _, e := range exprs {
		paths, d := cfg.PathMatches(ctx, e)
		diags.Append(d...)
		for _, p := range paths {
			var v attr.Value
			diags.Append(cfg.GetAttribute(ctx, p, &v)...)
			switch {
			case v == nil || v.IsNull():
			case v.IsUnknown():
				pending = append(pending, p)
			default:
				set = append(set, p)
			}
		}
	}
	return set, pending, diags
}

// pendingNote says which of paths have values known only after apply, as
// a clause to append to the framework's wording; "" when none.
func pendingNote(set, pending path.Paths) string {
	if len(pending) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s set; %s known only after apply, which still counts as set)", pathList(set), pathList(pending))
}

func pathList(ps path.Paths) string {
	var names []string
	for _, p := range ps {
		names = append(names, p.String())
	}
	if len(names) == 0 {
		return "nothing else"
	}
	return strings.Join(names, " and ")
}

// Checked again at plan. ValidateConfig also runs for `terraform
// validate`, where a module's variables are unknown though a caller may
// pass null: there a rule refuses only what a known value decides (one
// known set and another pending is too many; two pending wait, as the
// framework's validators do). At plan (ModifyPlan, which `terraform
// validate` never calls) variables are known, and an unknown value comes
// from an object this run creates: it counts as set (presenceAtPlan).
type presenceAtPlan interface {
	// atPlan checks the rule, on the attribute at (a config-level rule
	// ignores it), counting every unknown value as set.
	atPlan(ctx context.Context, cfg tfsdk.Config, at path.Path) diag.Diagnostics
}

// exactlyOneOfPresent is ExactlyOneOf (resource and data source), with an
// unknown value counted as set: `number` known and `search` taken from a
// resource this run creates is refused at validation, and two values
// known only after apply are refused at plan (presenceAtPlan); not at
// apply, after other objects were created. The wording is the
// framework's, with what is set and pending appended.
type exactlyOneOfPresent path.Expressions

func ExactlyOneOf(exprs ...path.Expression) exactlyOneOfPresent { return exprs }

func (v exactlyOneOfPresent) Description(context.Context) string {
	return fmt.Sprintf("Exactly one of these attributes must be configured: %s", path.Expressions(v))
}
func (v exactlyOneOfPresent) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v exactlyOneOfPresent) validate(ctx context.Context, cfg tfsdk.Config, strict bool) diag.Diagnostics {
	set, pending, diags := presence(ctx, cfg, path.Expressions(v))
	tooMany := len(set)+len(pending) >= 2
	if !strict {
		tooMany = len(set) >= 2 || len(set) == 1 && len(pending) >= 1
	}
	switch {
	case diags.HasError():
	case tooMany:
		first := slices.Concat(set, pending)[0]
		diags.Append(validatordiag.InvalidAttributeCombinationDiagnostic(first, v.Description(ctx)+pendingNote(set, pending)))
	case len(set) == 0 && len(pending) == 0:
		diags.AddError("Missing Attribute Configuration", v.Description(ctx))
	}
	return diags
}

func (v exactlyOneOfPresent) ValidateResource(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	resp.Diagnostics.Append(v.validate(ctx, req.Config, false)...)
}

func (v exactlyOneOfPresent) ValidateDataSource(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	resp.Diagnostics.Append(v.validate(ctx, req.Config, false)...)
}

func (v exactlyOneOfPresent) atPlan(ctx context.Context, cfg tfsdk.Config, _ path.Path) diag.Diagnostics {
	return v.validate(ctx, cfg, true)
}

// conflictsWithPresent is ConflictsWith, with an unknown value counted as
// set (as exactlyOneOfPresent: at validation when the other side is
// known, at plan always); the framework's wording.
type conflictsWithPresent path.Expressions

func ConflictsWith(exprs ...path.Expression) conflictsWithPresent { return exprs }

func (v conflictsWithPresent) Description(context.Context) string {
	return fmt.Sprintf("Ensure that if an attribute is set, these are not set: %q", path.Expressions(v))
}
func (v conflictsWithPresent) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v conflictsWithPresent) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() {
		return
	}
	resp.Diagnostics.Append(v.check(ctx, req.Config, req.Path, req.PathExpression, !req.ConfigValue.IsUnknown(), false)...)
}

func (v conflictsWithPresent) atPlan(ctx context.Context, cfg tfsdk.Config, at path.Path) diag.Diagnostics {
	var this attr.Value
	diags := cfg.GetAttribute(ctx, at, &this)
	if diags.HasError() || this == nil || this.IsNull() {
		return diags
	}
	return v.check(ctx, cfg, at, at.Expression(), !this.IsUnknown(), true)
}

func (v conflictsWithPresent) check(ctx context.Context, cfg tfsdk.Config, at path.Path, atExpr path.Expression, thisKnown, strict bool) diag.Diagnostics {
	set, pending, diags := presence(ctx, cfg, atExpr.MergeExpressions(path.Expressions(v)...))
	if diags.HasError() {
		return diags
	}
	for _, p := range slices.Concat(set, pending) {
		otherKnown := slices.ContainsFunc(set, p.Equal)
		if p.Equal(at) || !strict && !thisKnown && !otherKnown {
			continue // itself, or both unknown at validation: wait for the plan
		}
		note := ""
		if !thisKnown || !otherKnown {
			note = " (a value known only after apply still counts as set)"
		}
		diags.Append(validatordiag.InvalidAttributeCombinationDiagnostic(at,
			fmt.Sprintf("Attribute %q cannot be specified when %q is specified%s", p, at, note)))
	}
	return diags
}

// presenceRules are the presence rules of a resource's schema and config
// validators that are checked again at plan, with where each applies.
type presenceRule struct {
	at   path.Path
	rule presenceAtPlan
}

func presenceRulesOf(s schema.Schema, configValidators []resource.ConfigValidator) []presenceRule {
	var rules []presenceRule
	for _, v := range configValidators {
		if r, ok := v.(presenceAtPlan); ok {
			rules = append(rules, presenceRule{path.Empty(), r})
		}
	}
	for name, a := range s.Attributes {
		if sa, ok := a.(schema.StringAttribute); ok {
			for _, v := range sa.Validators {
				if r, ok := v.(presenceAtPlan); ok {
					rules = append(rules, presenceRule{path.Root(name), r})
				}
			}
		}
	}
	return rules
}
