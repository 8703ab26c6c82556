package provider

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
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
	v := specRuleWorded(stringvalidator.Any(stringvalidator.OneOf("GET", "POST"), stringvalidator.RegexMatches(regexp.MustCompile(`^PUT`), "starts with PUT")), check)
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
