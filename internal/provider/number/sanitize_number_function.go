package number

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/function"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

var _ function.Function = &SanitizeNumberFunction{}

// SanitizeNumberFunction returns a phone number as the API sees it.
type SanitizeNumberFunction struct{}

// NewSanitizeNumberFunction is the constructor the provider registers.
func NewSanitizeNumberFunction() function.Function { return &SanitizeNumberFunction{} }

func (f *SanitizeNumberFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "sanitize_number"
}

func (f *SanitizeNumberFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "A phone number as the messaging API sees it",
		MarkdownDescription: "Strips what the API strips from a destination number (`/`, `-`, `.`, `+`, `(`, `)` and white space) " +
			"and checks the result: digits only, beginning with the country code (not `0`), at most 14 characters. " +
			"`\"+1 (415) 555-0100\"` gives `\"14155550100\"`. A value that is not a valid number after sanitising is an error " +
			"naming the rule, so a bad number fails at plan time.",
		Parameters: []function.Parameter{
			function.StringParameter{Name: "value", MarkdownDescription: "A phone number with country code, in any common notation."},
		},
		Return: function.StringReturn{},
	}
}

func (f *SanitizeNumberFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var value string
	resp.Error = function.ConcatFuncErrors(req.Arguments.Get(ctx, &value))
	if resp.Error != nil {
		return
	}
	n := messagerules.SanitizeDst(value)
	if fe := messagerules.CheckNumber(fielderr.Root("value"), value, n); fe != nil {
		resp.Error = function.NewArgumentFuncError(0, fe.Error())
		return
	}
	resp.Error = function.ConcatFuncErrors(resp.Result.Set(ctx, n))
}

func (f *SanitizeNumberFunction) DocPage() kit.DocPage {
	return kit.PageDocs{Subcategory: kit.SubPhoneNumbers}.Page("functions", "sanitize_number")
}
