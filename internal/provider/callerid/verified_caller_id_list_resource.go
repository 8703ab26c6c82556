package callerid

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// NewVerifiedCallerIDListResource lists the account's verified caller IDs
// (terraform query, Terraform 1.14+); listResource does the work.
func NewVerifiedCallerIDListResource() list.ListResource {
	return &kit.ListResource{ListKind: verifiedCallerIDList}
}

var verifiedCallerIDList = kit.ListKind{
	Of: verifiedCallerIDKind, Objects: "verified caller IDs",
	Description: "Every verified caller ID of the account, newest first, named by its number. `alias`, `country` and " +
		"`subaccount` are the API's filters. Numbers still waiting for their code are not verified and not listed.",
	Filters: map[string]listschema.StringAttribute{
		"alias":      {MarkdownDescription: "Only the numbers with exactly this alias."},
		"country":    {MarkdownDescription: "Only the numbers of this ISO 3166-1 alpha-2 country (`US`)."},
		"subaccount": {MarkdownDescription: "Only the numbers assigned to this subaccount (`auth_id`)."},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllVerifiedCallerIDs(ctx, client.VerifiedCallerIDFilter{Alias: f["alias"], Country: f["country"], Subaccount: f["subaccount"]})
		return kit.ByID(all, err, nil, func(v client.VerifiedCallerID) (string, string) {
			if v.Alias == "" {
				return v.PhoneNumber, v.PhoneNumber
			}
			return fmt.Sprintf("%s (%s)", v.Alias, v.PhoneNumber), v.PhoneNumber
		})
	},
}
