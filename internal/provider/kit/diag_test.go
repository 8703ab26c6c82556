package kit

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
)

// A pending client (the provider's configuration unknown at plan time)
// calls nothing and says which arguments are unknown; a 401 through a
// subaccount's credentials says the subaccount may be disabled, a 401 of
// the main account blames the credentials.
func TestAddAPIErrorWords(t *testing.T) {
	_, err := client.Pending([]string{"auth_id", "auth_token"}).GetApplication(context.Background(), "123")
	for _, tc := range []struct {
		name string
		err  error
		want []string
	}{
		{"pending", err, []string{"auth_id and auth_token are not known until apply", "Nothing was changed", "terraform apply -target="}},
		{"subaccount 401", &client.APIError{StatusCode: 401, Method: "GET", Path: "/v1/Account/SA0123456789ABCDEFGH/Application/1/"},
			[]string{"subaccount SA0123456789ABCDEFGH (HTTP 401)", "may be disabled", "enabled = true", "terraform apply -target=cpaas_subaccount.NAME"}},
		{"main account 401", &client.APIError{StatusCode: 401, Method: "GET", Path: "/v1/Account/MA0123456789ABCDEFGH/Application/1/"},
			[]string{"authentication failed", "CPAAS_AUTH_ID"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var diags diag.Diagnostics
			AddAPIError(&diags, "Error reading application", "application 123", tc.err)
			detail := diags[0].Detail()
			for _, w := range tc.want {
				if !strings.Contains(detail, w) {
					t.Errorf("detail lacks %q:\n%s", w, detail)
				}
			}
			if tc.name == "main account 401" && strings.Contains(detail, "disabled") {
				t.Errorf("a main account's 401 blames a subaccount:\n%s", detail)
			}
		})
	}
}

// A rules error's path becomes the attribute it names, step for step:
// names, list indexes and map keys.
func TestAttrPath(t *testing.T) {
	for _, tc := range []struct {
		in   fielderr.Path
		want path.Path
	}{
		{fielderr.Root("src"), path.Root("src")},
		{fielderr.Root("dst").AtIndex(1), path.Root("dst").AtListIndex(1)},
		{fielderr.Root("documents").AtIndex(2).At("data_fields"), path.Root("documents").AtListIndex(2).AtName("data_fields")},
		{fielderr.Root("documents").AtIndex(0).At("data_fields").AtKey("tax_id"), path.Root("documents").AtListIndex(0).AtName("data_fields").AtMapKey("tax_id")},
		{fielderr.Root("template").At("components").AtIndex(1).At("parameters").AtIndex(0).At("text"),
			path.Root("template").AtName("components").AtListIndex(1).AtName("parameters").AtListIndex(0).AtName("text")},
	} {
		if got := AttrPath(tc.in); !got.Equal(tc.want) {
			t.Errorf("attrPath(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
