package kit

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// specRule is the one way a rule of the spec reaches plan time: it runs
// the rules package's own check (the one the API side runs), so plan time
// and the API cannot disagree. check gets the attribute's name, for the
// rules that name the field in their message, and returns nil or an error
// that starts with the field's name and says the rule and the offending
// part (never a secret).
func SpecRule(description string, check func(attr, value string) error) validator.String {
	return specRuleValidator{description: description, check: check}
}

type specRuleValidator struct {
	description string
	check       func(attr, value string) error
}

func (v specRuleValidator) Description(context.Context) string { return v.description }

func (v specRuleValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v specRuleValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := v.check(req.Path.String(), req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value", "Attribute "+err.Error()+".")
	}
}

// specRuleWorded is specRule for a rule the framework has a validator for
// (a pattern, a list of values): the verdict is still check's, the rules
// package's, but a refusal keeps the framework validator's wording
// ("value must be one of: [...], got: ..."), the text users of every
// framework provider know. Where the two disagree, check wins: a value
// check accepts passes, and one only check refuses gets check's message.
func SpecRuleWorded(wording validator.String, check func(attr, value string) error) validator.String {
	return wordedRuleValidator{wording: wording, check: check}
}

type wordedRuleValidator struct {
	wording validator.String
	check   func(attr, value string) error
}

func (v wordedRuleValidator) Description(ctx context.Context) string {
	return v.wording.Description(ctx)
}

func (v wordedRuleValidator) MarkdownDescription(ctx context.Context) string {
	return v.wording.MarkdownDescription(ctx)
}

func (v wordedRuleValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	err := v.check(req.Path.String(), req.ConfigValue.ValueString())
	if err == nil {
		return
	}
	var worded validator.StringResponse
	v.wording.ValidateString(ctx, req, &worded)
	if worded.Diagnostics.HasError() {
		resp.Diagnostics.Append(worded.Diagnostics...)
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value", "Attribute "+err.Error()+".")
}

// shapeRule is the plan-time check of a 10DLC id or number shape
// (tendlcrules.CheckShape): pattern, and rule, its words.
func ShapeRule(pattern *regexp.Regexp, rule string) validator.String {
	return SpecRuleWorded(stringvalidator.RegexMatches(pattern, "must be "+rule), func(attr, v string) error {
		return tendlcrules.CheckShape(attr, v, pattern, rule)
	})
}

// specInt64RuleWorded is specRuleWorded for an integer rule (a range).
func SpecInt64RuleWorded(wording validator.Int64, check func(attr string, value int64) error) validator.Int64 {
	return wordedInt64RuleValidator{wording: wording, check: check}
}

type wordedInt64RuleValidator struct {
	wording validator.Int64
	check   func(attr string, value int64) error
}

func (v wordedInt64RuleValidator) Description(ctx context.Context) string {
	return v.wording.Description(ctx)
}

func (v wordedInt64RuleValidator) MarkdownDescription(ctx context.Context) string {
	return v.wording.MarkdownDescription(ctx)
}

func (v wordedInt64RuleValidator) ValidateInt64(ctx context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	err := v.check(req.Path.String(), req.ConfigValue.ValueInt64())
	if err == nil {
		return
	}
	var worded validator.Int64Response
	v.wording.ValidateInt64(ctx, req, &worded)
	if worded.Diagnostics.HasError() {
		resp.Diagnostics.Append(worded.Diagnostics...)
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value", "Attribute "+err.Error()+".")
}

// listSizeExactly refuses a list of any other length than n, in the
// words a user reads ("must contain exactly 3 elements: ..."), where the
// framework's SizeBetween(n, n) reads "at least 3 elements and at most 3
// elements". what says what the elements are.
func ListSizeExactly(n int, what string) validator.List {
	return listSizeExactlyValidator{n: n, what: what}
}

type listSizeExactlyValidator struct {
	n    int
	what string
}

func (v listSizeExactlyValidator) Description(context.Context) string {
	return fmt.Sprintf("list must contain exactly %d elements: %s", v.n, v.what)
}

func (v listSizeExactlyValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v listSizeExactlyValidator) ValidateList(_ context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if got := len(req.ConfigValue.Elements()); got != v.n {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value",
			fmt.Sprintf("Attribute %s must contain exactly %d elements (%s), got: %d.", req.Path, v.n, v.what, got))
	}
}

// laterRule declares rules the service added after it had made objects
// that break them (such a rule must never block adopting what exists): a campaign sample shorter than
// today's 20 characters, a masking play URL of an .xml file. A later rule
// applies to what is created or changed, never to a value an import or a
// refresh brought in and the configuration keeps: at plan time it runs its
// validators (specRule, specRuleWorded, ...) on the planned value only
// when there is no prior state (a create or a replacement) or the value
// differs from the prior state's. Validators see no state, so a later
// rule is a plan modifier: it goes in the attribute's PlanModifiers, not
// its Validators, beside the rules that always hold (a maximum length
// older records keep too). The first refusal is the only error: one
// mistake, one error, naming the attribute, the rule and the value's
// offending part. Put it after the attribute's other plan modifiers, so it
// judges the value they plan.
func LaterRule(rules ...validator.String) laterRuleModifier {
	return laterRuleModifier{rules: rules}
}

type laterRuleModifier struct {
	rules []validator.String
	// unreadable: no reply carries the value, so on an existing object a
	// null prior value means "not read" (after an import), and the
	// configuration's value is recorded in place, not sent.
	unreadable bool
}

// ofUnreadable is the later rule of a value no reply carries (a
// campaign's description): on an object that exists, a value the state
// does not hold is recorded, not sent, and is not judged either.
func (m laterRuleModifier) OfUnreadable() laterRuleModifier {
	m.unreadable = true
	return m
}

func (m laterRuleModifier) Description(ctx context.Context) string {
	var out []string
	for _, r := range m.rules {
		out = append(out, r.Description(ctx))
	}
	return strings.Join(out, "; ") + ", when the value is created or changed (values an import or refresh brought in are kept)"
}

func (m laterRuleModifier) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (m laterRuleModifier) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	resp.Diagnostics.Append(m.judge(ctx, req.Path, req.PathExpression, req.Config, resp.PlanValue, req.StateValue,
		req.State.Raw.IsNull(), req.Plan.Raw.IsNull())...)
}

// judge is the later rule of the value planned at at: its first refusal,
// or nothing when the value is kept from the state (noState: a create).
func (m laterRuleModifier) judge(ctx context.Context, at path.Path, expr path.Expression, config tfsdk.Config, planned, prior types.String,
	noState, noPlan bool) diag.Diagnostics {
	if planned.IsNull() || planned.IsUnknown() || noPlan {
		return nil
	}
	if !noState && (planned.Equal(prior) || m.unreadable && prior.IsNull()) {
		return nil // kept: an older value the service holds
	}
	for _, r := range m.rules {
		var out validator.StringResponse
		r.ValidateString(ctx, validator.StringRequest{Path: at, PathExpression: expr, Config: config, ConfigValue: planned}, &out)
		if out.Diagnostics.HasError() {
			return out.Diagnostics
		}
	}
	return nil
}
