package application

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// NewApplicationListResource lists the account's applications (terraform
// query, Terraform 1.14+); listResource (list_resources.go) does the work.
func NewApplicationListResource() list.ListResource {
	return &kit.ListResource{ListKind: applicationList}
}

var applicationList = kit.ListKind{
	Of: applicationKind, Objects: "applications",
	Description: "Every application of the account, named by `app_id`, with the API's filter by name. Everything an " +
		"application holds is read back, so the generated configuration plans no change after the import.",
	Filters: map[string]listschema.StringAttribute{
		"app_name": {
			MarkdownDescription: "Only the applications of this name (the whole name; the API's own filter).",
			Validators:          []validator.String{appNameRule},
		},
		"subaccount": {
			MarkdownDescription: "Only the applications of this subaccount (its `auth_id`; the API's own filter). The main account's own " +
				"`auth_id` lists its own applications; unset, every application the credentials reach.",
			Validators: []validator.String{stringvalidator.RegexMatches(kit.AuthIDPattern, "must be MA or SA followed by 18 upper-case letters or digits")},
		},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllApplicationsIn(ctx, f["app_name"], f["subaccount"])
		return kit.ByID(all, err, nil, func(a client.Application) (string, string) {
			return fmt.Sprintf("%s (%s)", a.AppName, a.AppID), a.AppID
		})
	},
}
