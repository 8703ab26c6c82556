package message

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

var _ function.Function = &SMSUnitsFunction{}

// SMSUnitsFunction counts the encoding, characters and units of SMS text,
// with the same code the emulator bills by.
type SMSUnitsFunction struct{}

// NewSMSUnitsFunction is the constructor the provider registers.
func NewSMSUnitsFunction() function.Function { return &SMSUnitsFunction{} }

var smsUnitsAttrTypes = map[string]attr.Type{
	"encoding":       types.StringType,
	"characters":     types.Int64Type,
	"units":          types.Int64Type,
	"max_characters": types.Int64Type,
}

func (f *SMSUnitsFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "sms_units"
}

func (f *SMSUnitsFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "Encoding, length and billed units of SMS text",
		MarkdownDescription: "Returns how an SMS text is encoded and billed: `encoding` is `GSM` when every character is in the " +
			"GSM 03.38 basic set or its extension table, `UCS-2` otherwise; `characters` is the length the limits apply to " +
			"(GSM septets, where the extension characters `^ { } \\ [ ] ~ | €` count 2, or UTF-16 code units, where most " +
			"emoji count 2); `units` is the number of SMS parts (1 up to 160 GSM or 70 UCS-2 characters, then one per 153 " +
			"or 67); `max_characters` is the limit for the encoding (1,600 or 737). Empty text has 0 units.",
		Parameters: []function.Parameter{
			function.StringParameter{Name: "text", MarkdownDescription: "The message text."},
		},
		Return: function.ObjectReturn{AttributeTypes: smsUnitsAttrTypes},
	}
}

func (f *SMSUnitsFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var text string
	resp.Error = function.ConcatFuncErrors(req.Arguments.Get(ctx, &text))
	if resp.Error != nil {
		return
	}
	u := messagerules.CountUnits(text)
	obj, diags := types.ObjectValue(smsUnitsAttrTypes, map[string]attr.Value{
		"encoding":       types.StringValue(u.Encoding),
		"characters":     types.Int64Value(int64(u.Characters)),
		"units":          types.Int64Value(int64(u.Units)),
		"max_characters": types.Int64Value(int64(messagerules.MaxChars(u.Encoding))),
	})
	if diags.HasError() {
		resp.Error = function.FuncErrorFromDiags(ctx, diags)
		return
	}
	resp.Error = function.ConcatFuncErrors(resp.Result.Set(ctx, obj))
}

func (f *SMSUnitsFunction) DocPage() kit.DocPage {
	return kit.PageDocs{Subcategory: kit.SubMessaging}.Page("functions", "sms_units")
}
