package message

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// messageOption hands messagerules.CheckOption the attribute's name, by which
// CheckOption finds the option's values: each option sits at the root
// under its own name and refuses a value it does not take there, once,
// naming the attribute; and takes a value it does. (The refusal is
// shown only when CheckOption refuses too: kit.SpecRuleWorded.)
func TestMessageOptionsApplyAtTheirPaths(t *testing.T) {
	ctx := context.Background()
	attrs := messageInputAttributes(func(s string) string { return s })
	for name, good := range map[string]string{"type": "sms", "method": "GET", "dlt_template_category": "promotional", "log": "content_only"} {
		a, ok := attrs[name].(schema.StringAttribute)
		if !ok || len(a.Validators) == 0 {
			t.Errorf("%s: no string attribute with validators", name)
			continue
		}
		run := func(v string) []string {
			var details []string
			for _, r := range a.Validators {
				var out validator.StringResponse
				r.ValidateString(ctx, validator.StringRequest{Path: path.Root(name), PathExpression: path.MatchRoot(name),
					ConfigValue: types.StringValue(v)}, &out)
				for _, d := range out.Diagnostics.Errors() {
					details = append(details, d.Detail())
				}
			}
			return details
		}
		if got := run(good); len(got) != 0 {
			t.Errorf("%s = %q refused: %q", name, good, got)
		}
		if got := run("NOT_A_VALUE"); len(got) != 1 || !strings.HasPrefix(got[0], "Attribute "+name+" value must be one of:") {
			t.Errorf("%s = NOT_A_VALUE: refusals %q, want one naming %s", name, got, name)
		}
	}
}
