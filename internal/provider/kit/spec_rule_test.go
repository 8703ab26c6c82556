package kit

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The rules package decides; the framework validator only words a refusal.
func TestSpecRuleWorded_verdictIsTheRulesPackages(t *testing.T) {
	// check takes "get" (as an API that ignores case would), the wording
	// validator does not; check refuses "PUTS", the wording validator
	// takes it (as a too-loose pattern would).
	check := func(attr, v string) error {
		if strings.EqualFold(v, "GET") || v == "POST" {
			return nil
		}
		return errors.New(attr + " must be GET or POST, got " + v)
	}
	v := SpecRuleWorded(stringvalidator.Any(stringvalidator.OneOf("GET", "POST"), stringvalidator.RegexMatches(regexp.MustCompile(`^PUT`), "starts with PUT")), check)
	for _, tc := range []struct {
		value, wantError string
	}{
		{"GET", ""},
		{"get", ""}, // the rules accept it: so does plan time
		{"DELETE", `value must be one of`},
		{"PUTS", "Attribute method must be GET or POST, got PUTS."}, // only the rules refuse it: their words
	} {
		var resp validator.StringResponse
		v.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("method"), ConfigValue: types.StringValue(tc.value)}, &resp)
		got := ""
		if resp.Diagnostics.HasError() {
			got = resp.Diagnostics.Errors()[0].Detail()
		}
		if (tc.wantError == "") != (got == "") || !strings.Contains(got, tc.wantError) {
			t.Errorf("%q: error %q, want one containing %q", tc.value, got, tc.wantError)
		}
	}
	var resp validator.StringResponse
	v.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("method"), ConfigValue: types.StringNull()}, &resp)
	if resp.Diagnostics.HasError() {
		t.Errorf("null refused: %v", resp.Diagnostics)
	}
}

// A later rule judges what a create or a change sends, never a value the
// state holds that the configuration keeps (an import or a refresh
// brought it in); an unreadable value's later rule also leaves a value
// recorded in place on an existing object.
func TestLaterRule_judgesOnlyWhatIsCreatedOrChanged(t *testing.T) {
	objType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"sample1": tftypes.String}}
	obj := func(v any) tftypes.Value {
		return tftypes.NewValue(objType, map[string]tftypes.Value{"sample1": tftypes.NewValue(tftypes.String, v)})
	}
	rule := LaterRule(SpecRule("20 to 1024 characters", func(attr, v string) error {
		if n := len([]rune(v)); n < 20 {
			return fmt.Errorf("%s must be 20 to 1024 characters long, got %d", attr, n)
		}
		return nil
	}))
	const older, err = "OTP registration", "Attribute sample1 must be 20 to 1024 characters long, got 11."
	nineteen := strings.Repeat("é", 19)
	for _, tc := range []struct {
		name       string
		mod        planmodifier.String
		prior      *string // nil: no object yet (a create)
		priorNull  bool    // the object exists, the value is not in its state
		planned    string
		wantDetail string
	}{
		{name: "create, short", mod: rule, planned: "OTP sign-in", wantDetail: err},
		{name: "create, 19 two-byte characters", mod: rule, planned: nineteen, wantDetail: "Attribute sample1 must be 20 to 1024 characters long, got 19."},
		{name: "create, 20 two-byte characters", mod: rule, planned: nineteen + "é"},
		{name: "adopted older value kept", mod: rule, prior: new(older), planned: older},
		{name: "older value changed to another short one", mod: rule, prior: new(older), planned: "OTP sign-in", wantDetail: err},
		{name: "value added to an existing object", mod: rule, priorNull: true, planned: "OTP sign-in", wantDetail: err},
		{name: "unreadable value recorded after an import", mod: rule.OfUnreadable(), priorNull: true, planned: "OTP sign-in"},
		{name: "unreadable value changed", mod: rule.OfUnreadable(), prior: new(older), planned: "OTP sign-in", wantDetail: err},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := planmodifier.StringRequest{Path: path.Root("sample1"), PlanValue: types.StringValue(tc.planned), ConfigValue: types.StringValue(tc.planned),
				Plan: tfsdk.Plan{Raw: obj(tc.planned)}, State: tfsdk.State{Raw: tftypes.NewValue(objType, nil)}, StateValue: types.StringNull()}
			switch {
			case tc.prior != nil:
				req.State.Raw, req.StateValue = obj(*tc.prior), types.StringValue(*tc.prior)
			case tc.priorNull:
				req.State.Raw = obj(nil)
			}
			resp := planmodifier.StringResponse{PlanValue: req.PlanValue}
			tc.mod.PlanModifyString(context.Background(), req, &resp)
			got := ""
			if resp.Diagnostics.HasError() {
				if n := resp.Diagnostics.ErrorsCount(); n != 1 {
					t.Errorf("%d errors, want one", n)
				}
				got = resp.Diagnostics.Errors()[0].Detail()
			}
			if got != tc.wantDetail {
				t.Errorf("error %q, want %q", got, tc.wantDetail)
			}
		})
	}
}
