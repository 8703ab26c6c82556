package kit

import (
	"context"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/runmode"
)

// One plan lists every mistake. Terraform validates a configuration
// (ValidateResourceConfig, ValidateDataResourceConfig, ValidateActionConfig:
// attribute validators, config validators, ValidateConfig) before it plans,
// and stops at the first phase with an error; a rule that must see the
// state (a later rule, which never judges a value an import brought in; a
// requirement of the create only) or the account (a reference) can only
// run at plan. A static mistake anywhere in the configuration, in a data
// source, a resource or an action, hid every mistake of the plan until the
// next run.
//
// So every static rule runs in the plan. A resource kind's schema is
// served without attribute validators and without later rules
// (rulesAtPlan keeps them), its config validators and ValidateConfig are
// not run at validate, and ObjectResource.ModifyPlan runs each, once per
// attribute and in one phase, before the kind's own ModifyPlan (whose
// requirements of a create then add theirs). An attribute whose static
// rule failed is not judged by its later rule too: one mistake, one error.
// A data source's rules run when it is read (objectDataSource.Read, in the
// plan when its configuration is known; rules_at_read.go), and an action's
// when its invocation is planned (the action's ModifyPlan).
//
// The plan's configuration is not quite the one written: an argument
// under ignore_changes holds the state's value (a message imported with
// ignore_changes = [text] holds none). So at plan a static rule refuses
// only what the configuration changes: what the same rules find in the
// prior object's values (priorAsConfig) is no mistake of this
// configuration, but an imported object or one the service accepted under
// an older rule, which must never block adopting it.
//
// `terraform validate` plans nothing: when the provider's parent runs it
// (runmode reads the CLI's command line), schemas keep their validators
// and every static rule runs there, as in any provider.

// rulesAtPlan says whether the kind's rules run at plan: always, but under
// `terraform validate`, which plans nothing.
func (r *ObjectResource[M]) rulesAtPlan() bool { return RulesAtPlan() }

// rulesAtPlan is what a schema held: per top-level
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

// static runs every deferred validator against cfg: the rules that judge
// the configuration alone.
func (rules rulesAtPlan) static(ctx context.Context, cfg tfsdk.Config) diag.Diagnostics {
	return rules.staticUnder(ctx, path.Empty(), cfg)
}

// staticUnder is static of rules whose paths are relative to base (the
// element of a list nested attribute; empty: the root).
func (rules rulesAtPlan) staticUnder(ctx context.Context, base path.Path, cfg tfsdk.Config) diag.Diagnostics {
	var found diag.Diagnostics
	for _, a := range rules.attrs {
		at := rebase(base, a.at)
		if a.elems != nil {
			var elems types.List
			if diags := cfg.GetAttribute(ctx, at, &elems); !diags.HasError() && Known(elems) {
				for i := range elems.Elements() {
					found.Append(a.elems.staticUnder(ctx, at.AtListIndex(i), cfg)...)
				}
			}
		}
		found.Append(a.validate(ctx, at, cfg)...)
	}
	return found
}

// validate runs the attribute's validators on its value in cfg.
func (a attrRules) validate(ctx context.Context, at path.Path, cfg tfsdk.Config) diag.Diagnostics {
	var d diag.Diagnostics
	expr := at.Expression()
	switch {
	case len(a.str) > 0:
		var v types.String
		if diags := cfg.GetAttribute(ctx, at, &v); diags.HasError() {
			return nil
		}
		for _, r := range a.str {
			var out validator.StringResponse
			r.ValidateString(ctx, validator.StringRequest{Path: at, PathExpression: expr, Config: cfg, ConfigValue: v}, &out)
			d.Append(out.Diagnostics...)
		}
	case len(a.i64) > 0:
		var v types.Int64
		if diags := cfg.GetAttribute(ctx, at, &v); diags.HasError() {
			return nil
		}
		for _, r := range a.i64 {
			var out validator.Int64Response
			r.ValidateInt64(ctx, validator.Int64Request{Path: at, PathExpression: expr, Config: cfg, ConfigValue: v}, &out)
			d.Append(out.Diagnostics...)
		}
	case len(a.boolean) > 0:
		var v types.Bool
		if diags := cfg.GetAttribute(ctx, at, &v); diags.HasError() {
			return nil
		}
		for _, r := range a.boolean {
			var out validator.BoolResponse
			r.ValidateBool(ctx, validator.BoolRequest{Path: at, PathExpression: expr, Config: cfg, ConfigValue: v}, &out)
			d.Append(out.Diagnostics...)
		}
	case len(a.set) > 0:
		var v types.Set
		if diags := cfg.GetAttribute(ctx, at, &v); diags.HasError() {
			return nil
		}
		for _, r := range a.set {
			var out validator.SetResponse
			r.ValidateSet(ctx, validator.SetRequest{Path: at, PathExpression: expr, Config: cfg, ConfigValue: v}, &out)
			d.Append(out.Diagnostics...)
		}
	case len(a.list) > 0:
		var v types.List
		if diags := cfg.GetAttribute(ctx, at, &v); diags.HasError() {
			return nil
		}
		for _, r := range a.list {
			var out validator.ListResponse
			r.ValidateList(ctx, validator.ListRequest{Path: at, PathExpression: expr, Config: cfg, ConfigValue: v}, &out)
			d.Append(out.Diagnostics...)
		}
	case len(a.mp) > 0:
		var v types.Map
		if diags := cfg.GetAttribute(ctx, at, &v); diags.HasError() {
			return nil
		}
		for _, r := range a.mp {
			var out validator.MapResponse
			r.ValidateMap(ctx, validator.MapRequest{Path: at, PathExpression: expr, Config: cfg, ConfigValue: v}, &out)
			d.Append(out.Diagnostics...)
		}
	}
	return d
}

// later runs the later rules against the planned values and the prior
// state, but on an attribute refused already holds an error on (its
// static rule failed): one mistake, one error.
func (rules rulesAtPlan) later(ctx context.Context, req resource.ModifyPlanRequest, plan PlanGetter, refused diag.Diagnostics) diag.Diagnostics {
	return rules.laterUnder(ctx, path.Empty(), req, plan, refused)
}

func (rules rulesAtPlan) laterUnder(ctx context.Context, base path.Path, req resource.ModifyPlanRequest, plan PlanGetter, refused diag.Diagnostics) diag.Diagnostics {
	var found diag.Diagnostics
	for _, a := range rules.attrs {
		at := rebase(base, a.at)
		if a.elems != nil {
			var elems types.List
			if diags := req.Config.GetAttribute(ctx, at, &elems); !diags.HasError() && Known(elems) {
				for i := range elems.Elements() {
					found.Append(a.elems.laterUnder(ctx, at.AtListIndex(i), req, plan, refused)...)
				}
			}
		}
		if len(a.later) == 0 || hasErrorWithin(refused, at) || hasErrorWithin(found, at) {
			continue
		}
		var planned, prior types.String
		if diags := plan.GetAttribute(ctx, at, &planned); diags.HasError() {
			continue
		}
		if !req.State.Raw.IsNull() {
			if diags := req.State.GetAttribute(ctx, at, &prior); diags.HasError() {
				continue
			}
		}
		for _, l := range a.later {
			d := l.judge(ctx, at, at.Expression(), req.Config, planned, prior, req.State.Raw.IsNull(), req.Plan.Raw.IsNull())
			found.Append(d...)
			if d.HasError() {
				break
			}
		}
	}
	return found
}

// hasErrorWithin says whether diags holds an error on at or a path inside
// it.
func hasErrorWithin(diags diag.Diagnostics, at path.Path) bool {
	for _, d := range diags {
		if p, ok := d.(diag.DiagnosticWithPath); ok && d.Severity() == diag.SeverityError && within(p.Path(), at) {
			return true
		}
	}
	return false
}

// priorAsConfig is the configuration that would hold the prior state's
// values: each top-level argument the configuration sets takes the state's
// value, and what it leaves null stays null (a computed value is no
// argument). Its rules' verdicts are those an object already held: an
// import, or a value the service accepted under an older rule.
func priorAsConfig(cfg tfsdk.Config, state tfsdk.State) (tfsdk.Config, bool) {
	var configured, prior map[string]tftypes.Value
	if cfg.Raw.As(&configured) != nil || state.Raw.As(&prior) != nil || configured == nil || prior == nil ||
		!cfg.Raw.Type().Equal(state.Raw.Type()) {
		return tfsdk.Config{}, false
	}
	out := make(map[string]tftypes.Value, len(configured))
	for name, v := range configured {
		out[name] = v
		if p, ok := prior[name]; ok && !v.IsNull() {
			out[name] = p
		}
	}
	return tfsdk.Config{Schema: cfg.Schema, Raw: tftypes.NewValue(cfg.Raw.Type(), out)}, true
}

// newSince is found without what before holds: the mistakes a change
// brought, not those the prior object held already.
func newSince(found, before diag.Diagnostics) diag.Diagnostics {
	var out diag.Diagnostics
	for _, d := range found {
		if d.Severity() == diag.SeverityError && slices.ContainsFunc(before, d.Equal) {
			continue
		}
		out.Append(d)
	}
	return out
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

// RulesAtPlan says whether static rules run in the plan: always, but
// under `terraform validate`, which plans nothing. A kind outside the
// kit's (an action) checks it to serve its schema and validate as the
// kit's kinds do.
func RulesAtPlan() bool { return !runmode.Validates() }

// StaticRules are the attribute validators taken out of a schema's
// attributes (DeferRules), to run where the plan judges the
// configuration.
type StaticRules struct{ rules rulesAtPlan }

// DeferRules returns attrs without their validators (but the presence
// rules), and them.
func DeferRules(attrs map[string]schema.Attribute) (map[string]schema.Attribute, StaticRules) {
	var rules rulesAtPlan
	attrs = deferAttributes(attrs, path.Empty(), &rules)
	return attrs, StaticRules{rules}
}

// Check runs the rules on cfg, a configuration of the same attributes.
func (s StaticRules) Check(ctx context.Context, cfg tfsdk.Config) diag.Diagnostics {
	return s.rules.static(ctx, cfg)
}
