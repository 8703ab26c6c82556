package subaccount

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// NewSubaccountListResource lists the main account's subaccounts
// (terraform query, Terraform 1.14+); listResource does the work.
func NewSubaccountListResource() list.ListResource {
	return &kit.ListResource{ListKind: subaccountList}
}

var subaccountList = kit.ListKind{
	Of: subaccountKind, Objects: "subaccounts",
	Description: "Every subaccount of the main account, newest first, named by `auth_id`. The API has no filter; `name` keeps " +
		"the subaccounts of that exact name. No auth_token is listed or imported.",
	Filters: map[string]listschema.StringAttribute{
		"name": {MarkdownDescription: "Only the subaccounts of this name (the whole name)."},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllSubaccounts(ctx)
		return kit.ByID(all, err, func(s client.Subaccount) bool { return f["name"] == "" || s.Name == f["name"] },
			func(s client.Subaccount) (string, string) { return fmt.Sprintf("%s (%s)", s.Name, s.AuthID), s.AuthID })
	},
}
