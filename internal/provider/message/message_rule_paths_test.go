package message

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A broken rule of a message names the attribute that holds it, however
// deep: a template parameter's text, not the whole template.
func TestValidateMessageInputsNamesTheAttribute(t *testing.T) {
	ctx := context.Background()
	tplType := messageInputAttributes(func(s string) string { return s })["template"].GetType().(types.ObjectType)
	tpl, d := types.ObjectValueFrom(ctx, tplType.AttrTypes, templateModel{
		Name: types.StringValue("welcome"), Language: types.StringValue("en"),
		Components: []componentModel{{Type: types.StringValue("body"), Parameters: []parameterModel{{Type: types.StringValue("text"), Text: types.StringValue("")}}}},
	})
	if d.HasError() {
		t.Fatal(d)
	}
	dst := func(vs ...string) types.List {
		els := make([]attr.Value, len(vs))
		for i, v := range vs {
			els[i] = types.StringValue(v)
		}
		return types.ListValueMust(types.StringType, els)
	}
	for _, tc := range []struct {
		name string
		cfg  messageInputsModel
		want path.Path
		text string
	}{
		{"template parameter", messageInputsModel{Src: types.StringValue("14155550100"), Dst: dst("14155550101"), Type: types.StringValue("chatapp"), Template: tpl},
			path.Root("template").AtName("components").AtListIndex(0).AtName("parameters").AtListIndex(0).AtName("text"),
			`template.components[0].parameters[0].text: is required for a text parameter (got "")`},
		{"second destination", messageInputsModel{Src: types.StringValue("14155550100"), Dst: dst("14155550101", "0123"), Type: types.StringValue("sms"), Text: types.StringValue("hi")},
			path.Root("dst").AtListIndex(1),
			`dst[1]: sanitised number "0123" must begin with the country code, not 0 (got "0123")`},
	} {
		diags := validateMessageInputs(ctx, &tc.cfg)
		if len(diags) != 1 {
			t.Fatalf("%s: %d diagnostics, want 1: %v", tc.name, len(diags), diags)
		}
		got, ok := diags[0].(interface{ Path() path.Path })
		if !ok || !got.Path().Equal(tc.want) {
			t.Errorf("%s: diagnostic on %v, want %s", tc.name, diags[0], tc.want)
		}
		if diags[0].Detail() != tc.text {
			t.Errorf("%s: detail %q, want %q", tc.name, diags[0].Detail(), tc.text)
		}
	}
}
