package tendlc

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// NewTenDLCProfileListResource lists the account's business profiles
// (terraform query, Terraform 1.14+); listResource does the work.
func NewTenDLCProfileListResource() list.ListResource {
	return &kit.ListResource{ListKind: profileList}
}

var profileList = kit.ListKind{
	Of: profileKind, Objects: "business profiles",
	Description: "Every business profile of the account, named by `profile_uuid`. The API's list takes no filter; `entity_type` " +
		"selects here. The API leaves empty fields out, so the generated configuration holds what the profile has.",
	Filters: map[string]listschema.StringAttribute{
		"entity_type": {
			MarkdownDescription: "Only the profiles of this entity type.",
			Validators:          []validator.String{profileFieldRule("entity_type")},
		},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllProfiles(ctx)
		return kit.ByID(all, err, func(p client.Profile) bool { return f["entity_type"] == "" || p.EntityType == f["entity_type"] },
			func(p client.Profile) (string, string) {
				return fmt.Sprintf("%s (%s)", p.ProfileAlias, p.ProfileUUID), p.ProfileUUID
			})
	},
}
