package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
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
