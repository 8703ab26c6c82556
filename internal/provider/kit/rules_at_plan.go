package kit

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/runmode"
)

// One plan lists every mistake. Terraform validates a configuration
// (ValidateResourceConfig: attribute validators, config validators,
// ValidateConfig) before it plans, and stops at the first phase with an
// error; a rule that must see the state (a later rule, which never judges
// a value an import brought in; a requirement of the create only) can only
// run at plan. A kind with both kinds of rule reported its mistakes one
// run at a time: the static ones, then, once fixed, the others.
//
// A kind with RulesAtPlan set checks them all at plan, in ModifyPlan: its
// schema is served without attribute validators and without later rules
// (rulesAtPlan keeps them), its config validators and ValidateConfig are
// not run at validate, and ObjectResource.ModifyPlan runs each, once per
// attribute and in one phase, before the kind's own ModifyPlan (whose
// requirements of a create then add theirs). An attribute whose static
// rule failed is not judged by its later rule too: one mistake, one error.
//
// `terraform validate` plans nothing: when the provider's parent runs it
// (runmode reads the CLI's command line), such a kind's schema keeps its
// validators and every static rule runs there, as in any provider.
//
// Not every kind: a kind's rules at plan judge the configuration Terraform
// hands the plan, in which an argument under ignore_changes holds the
// state's value (a message imported with ignore_changes = [text] has none),
// and a data source's static mistake (validated first) still hides them.

// rulesAtPlan says whether the kind's rules run at plan: a RulesAtPlan
// kind's, but under `terraform validate`, which plans nothing.
func (r *ObjectResource[M]) rulesAtPlan() bool { return r.Kind.RulesAtPlan && !runmode.Validates() }

// rulesAtPlan is what a RulesAtPlan kind's schema held: per top-level
// attribute (and attributes of single nested objects, and of each element
// of a list nested attribute), its validators and later rules.
type rulesAtPlan struct {
	attrs []attrRules
}

type attrRules struct {
	at      path.Path
	str     []validator.String
	i64     []validator.Int64
	boolean []validator.Bool
	set     []validator.Set
	list    []validator.List
	mp      []validator.Map
	later   []laterRuleModifier
	// elems: the rules of a list nested attribute's elements, their paths
	// relative to an element; checked for each element the configuration
	// holds.
	elems *rulesAtPlan
}

func (r attrRules) empty() bool {
	return len(r.str)+len(r.i64)+len(r.boolean)+len(r.set)+len(r.list)+len(r.mp)+len(r.later) == 0 && r.elems == nil
}

// deferRules returns s without its validators and later rules, and them.
// Presence rules stay: checkPresence runs them again at plan, where an
// unknown value counts as set.
func deferRules(s schema.Schema) (schema.Schema, rulesAtPlan) {
	var rules rulesAtPlan
	s.Attributes = deferAttributes(s.Attributes, path.Empty(), &rules)
	return s, rules
}

func deferAttributes(attrs map[string]schema.Attribute, parent path.Path, rules *rulesAtPlan) map[string]schema.Attribute {
	out := make(map[string]schema.Attribute, len(attrs))
	for name, a := range attrs {
		at := parent.AtName(name)
		r := attrRules{at: at}
		switch v := a.(type) {
		case schema.StringAttribute:
			v.Validators, r.str = keepPresence(v.Validators)
			v.PlanModifiers, r.later = withoutLater(v.PlanModifiers)
			a = v
		case schema.Int64Attribute:
			v.Validators, r.i64 = keepPresence(v.Validators)
			a = v
		case schema.BoolAttribute:
			v.Validators, r.boolean = keepPresence(v.Validators)
			a = v
		case schema.SetAttribute:
			v.Validators, r.set = keepPresence(v.Validators)
			a = v
		case schema.ListAttribute:
			v.Validators, r.list = keepPresence(v.Validators)
			a = v
		case schema.MapAttribute:
			v.Validators, r.mp = keepPresence(v.Validators)
			a = v
		case schema.SingleNestedAttribute:
			v.Attributes = deferAttributes(v.Attributes, at, rules)
			a = v
		case schema.ListNestedAttribute:
			v.Validators, r.list = keepPresence(v.Validators)
			var elems rulesAtPlan
			v.NestedObject.Attributes = deferAttributes(v.NestedObject.Attributes, path.Empty(), &elems)
			if len(elems.attrs) > 0 {
				r.elems = &elems
			}
			a = v
		}
		if !r.empty() {
			rules.attrs = append(rules.attrs, r)
		}
		out[name] = a
	}
	return out
}

// keepPresence splits vs into the presence rules, which stay in the
// schema, and the others, deferred.
func keepPresence[V any](vs []V) (kept, deferred []V) {
	for _, v := range vs {
		if _, ok := any(v).(presenceAtPlan); ok {
			kept = append(kept, v)
		} else {
			deferred = append(deferred, v)
		}
	}
	return kept, deferred
}

// withoutLater splits ms into the later rules, deferred, and the others.
func withoutLater(ms []planmodifier.String) (kept []planmodifier.String, later []laterRuleModifier) {
	for _, m := range ms {
		if l, ok := m.(laterRuleModifier); ok {
			later = append(later, l)
		} else {
			kept = append(kept, m)
		}
	}
	return kept, later
}

// check runs every deferred rule against the plan's configuration (and,
// for the later rules, the planned value and the prior state).
func (rules rulesAtPlan) check(ctx context.Context, req resource.ModifyPlanRequest, plan PlanGetter) diag.Diagnostics {
	return rules.checkUnder(ctx, path.Empty(), req, plan)
}

// checkUnder is check of rules whose paths are relative to base (the
// element of a list nested attribute; empty: the root).
func (rules rulesAtPlan) checkUnder(ctx context.Context, base path.Path, req resource.ModifyPlanRequest, plan PlanGetter) diag.Diagnostics {
	var found diag.Diagnostics
	for _, a := range rules.attrs {
		var d diag.Diagnostics
		a.at = rebase(base, a.at)
		expr := a.at.Expression()
		if a.elems != nil {
			var elems types.List
			if diags := req.Config.GetAttribute(ctx, a.at, &elems); !diags.HasError() && !elems.IsNull() && !elems.IsUnknown() {
				for i := range elems.Elements() {
					d.Append(a.elems.checkUnder(ctx, a.at.AtListIndex(i), req, plan)...)
				}
			}
		}
		switch {
		case len(a.str) > 0 || len(a.later) > 0:
			var v types.String
			if diags := req.Config.GetAttribute(ctx, a.at, &v); diags.HasError() {
				continue
			}
			for _, r := range a.str {
				var out validator.StringResponse
				r.ValidateString(ctx, validator.StringRequest{Path: a.at, PathExpression: expr, Config: req.Config, ConfigValue: v}, &out)
				d.Append(out.Diagnostics...)
			}
			if d.HasError() || len(a.later) == 0 {
				break
			}
			var planned, prior types.String
			if diags := plan.GetAttribute(ctx, a.at, &planned); diags.HasError() {
				break
			}
			if !req.State.Raw.IsNull() {
				if diags := req.State.GetAttribute(ctx, a.at, &prior); diags.HasError() {
					break
				}
			}
			for _, l := range a.later {
				d.Append(l.judge(ctx, a.at, expr, req.Config, planned, prior, req.State.Raw.IsNull(), req.Plan.Raw.IsNull())...)
				if d.HasError() {
					break
				}
			}
		case len(a.i64) > 0:
			var v types.Int64
			if diags := req.Config.GetAttribute(ctx, a.at, &v); diags.HasError() {
				continue
			}
			for _, r := range a.i64 {
				var out validator.Int64Response
				r.ValidateInt64(ctx, validator.Int64Request{Path: a.at, PathExpression: expr, Config: req.Config, ConfigValue: v}, &out)
				d.Append(out.Diagnostics...)
			}
		case len(a.boolean) > 0:
			var v types.Bool
			if diags := req.Config.GetAttribute(ctx, a.at, &v); diags.HasError() {
				continue
			}
			for _, r := range a.boolean {
				var out validator.BoolResponse
				r.ValidateBool(ctx, validator.BoolRequest{Path: a.at, PathExpression: expr, Config: req.Config, ConfigValue: v}, &out)
				d.Append(out.Diagnostics...)
			}
		case len(a.set) > 0:
			var v types.Set
			if diags := req.Config.GetAttribute(ctx, a.at, &v); diags.HasError() {
				continue
			}
			for _, r := range a.set {
				var out validator.SetResponse
				r.ValidateSet(ctx, validator.SetRequest{Path: a.at, PathExpression: expr, Config: req.Config, ConfigValue: v}, &out)
				d.Append(out.Diagnostics...)
			}
		case len(a.list) > 0:
			var v types.List
			if diags := req.Config.GetAttribute(ctx, a.at, &v); diags.HasError() {
				continue
			}
			for _, r := range a.list {
				var out validator.ListResponse
				r.ValidateList(ctx, validator.ListRequest{Path: a.at, PathExpression: expr, Config: req.Config, ConfigValue: v}, &out)
				d.Append(out.Diagnostics...)
			}
		case len(a.mp) > 0:
			var v types.Map
			if diags := req.Config.GetAttribute(ctx, a.at, &v); diags.HasError() {
				continue
			}
			for _, r := range a.mp {
				var out validator.MapResponse
				r.ValidateMap(ctx, validator.MapRequest{Path: a.at, PathExpression: expr, Config: req.Config, ConfigValue: v}, &out)
				d.Append(out.Diagnostics...)
			}
		}
		found.Append(d...)
	}
	return found
}

// rebase is rel, a path relative to base, from the root.
func rebase(base, rel path.Path) path.Path {
	out := base
	for _, step := range rel.Steps() {
		switch s := step.(type) {
		case path.PathStepAttributeName:
			out = out.AtName(string(s))
		case path.PathStepElementKeyInt:
			out = out.AtListIndex(int(s))
		case path.PathStepElementKeyString:
			out = out.AtMapKey(string(s))
		case path.PathStepElementKeyValue:
			out = out.AtSetValue(s.Value)
		}
	}
	return out
}
