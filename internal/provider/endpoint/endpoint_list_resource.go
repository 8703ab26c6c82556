package endpoint

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// NewEndpointListResource lists the account's SIP endpoints.
func NewEndpointListResource() list.ListResource { return &kit.ListResource{ListKind: endpointList} }

var endpointList = kit.ListKind{
	Of: EndpointKind, Objects: "endpoints",
	Description: "Every SIP endpoint of the account, named by `endpoint_id`. The API offers no filter; `username` narrows " +
		"the list to endpoints whose requested username (the SIP username without its 12 digits) is the one given. Passwords are never " +
		"listed: an endpoint imported without one keeps its own.",
	Filters: map[string]listschema.StringAttribute{
		"username": {MarkdownDescription: "Only the endpoints whose requested username is this one."},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllEndpoints(ctx)
		keep := func(e client.Endpoint) bool {
			return f["username"] == "" || endpointrules.IsSIPUsernameOf(e.Username, f["username"])
		}
		return kit.ByID(all, err, keep, func(e client.Endpoint) (string, string) {
			return fmt.Sprintf("%s (%s)", e.Alias, e.Username), e.EndpointID
		})
	},
}
