package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// NewVerifiedCallerIDListResource lists the account's verified caller IDs
// (terraform query, Terraform 1.14+); listResource does the work.
func NewVerifiedCallerIDListResource() list.ListResource {
	return &listResource{listKind: verifiedCallerIDList}
}

var verifiedCallerIDList = listKind{
	of: verifiedCallerIDKind, objects: "verified caller IDs",
	description: "Every verified caller ID of the account, newest first, named by its number. `alias`, `country` and " +
		"`subaccount` are the API's filters. Numbers still waiting for their code are not verified and not listed.",
	filters: map[string]listschema.StringAttribute{
		"alias":      {MarkdownDescription: "Only the numbers with exactly this alias."},
		"country":    {MarkdownDescription: "Only the numbers of this ISO 3166-1 alpha-2 country (`US`)."},
		"subaccount": {MarkdownDescription: "Only the numbers assigned to this subaccount (`auth_id`)."},
	},
	find: func(ctx context.Context, c *client.Client, f listFilters) ([]listedObject, error) {
		all, err := c.ListAllVerifiedCallerIDs(ctx, client.VerifiedCallerIDFilter{Alias: f["alias"], Country: f["country"], Subaccount: f["subaccount"]})
		return byID(all, err, nil, func(v client.VerifiedCallerID) (string, string) {
			if v.Alias == "" {
				return v.PhoneNumber, v.PhoneNumber
			}
			return fmt.Sprintf("%s (%s)", v.Alias, v.PhoneNumber), v.PhoneNumber
		})
	},
}
