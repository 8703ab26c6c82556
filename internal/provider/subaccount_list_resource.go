package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// NewSubaccountListResource lists the main account's subaccounts
// (terraform query, Terraform 1.14+); listResource does the work.
func NewSubaccountListResource() list.ListResource { return &listResource{listKind: subaccountList} }

var subaccountList = listKind{
	of: subaccountKind, objects: "subaccounts",
	description: "Every subaccount of the main account, newest first, named by `auth_id`. The API has no filter; `name` keeps " +
		"the subaccounts of that exact name. No auth_token is listed or imported.",
	filters: map[string]listschema.StringAttribute{
		"name": {MarkdownDescription: "Only the subaccounts of this name (the whole name)."},
	},
	find: func(ctx context.Context, c *client.Client, f listFilters) ([]listedObject, error) {
		all, err := c.ListAllSubaccounts(ctx)
		return byID(all, err, func(s client.Subaccount) bool { return f["name"] == "" || s.Name == f["name"] },
			func(s client.Subaccount) (string, string) { return fmt.Sprintf("%s (%s)", s.Name, s.AuthID), s.AuthID })
	},
}
