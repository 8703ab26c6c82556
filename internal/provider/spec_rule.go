package provider

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// specRule is the one way a rule of the spec reaches plan time: it runs
// the rules package's own check (the one the API side runs), so plan time
// and the API cannot disagree. check gets the attribute's name, for the
// rules that name the field in their message, and returns nil or an error
// that starts with the field's name and says the rule and the offending
// part (never a secret).
func specRule(description string, check func(attr, value string) error) validator.String {
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
func specRuleWorded(wording validator.String, check func(attr, value string) error) validator.String {
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
func shapeRule(pattern *regexp.Regexp, rule string) validator.String {
	return specRuleWorded(stringvalidator.RegexMatches(pattern, "must be "+rule), func(attr, v string) error {
		return tendlcrules.CheckShape(attr, v, pattern, rule)
	})
}

// specInt64RuleWorded is specRuleWorded for an integer rule (a range).
func specInt64RuleWorded(wording validator.Int64, check func(attr string, value int64) error) validator.Int64 {
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
func listSizeExactly(n int, what string) validator.List {
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
