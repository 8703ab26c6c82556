package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
)

// NewEndpointListResource lists the account's SIP endpoints.
func NewEndpointListResource() list.ListResource { return &listResource{listKind: endpointList} }

var endpointList = listKind{
	of: endpointKind, objects: "endpoints",
	description: "Every SIP endpoint of the account, named by `endpoint_id`. The API offers no filter; `username` narrows " +
		"the list to endpoints whose requested username (the SIP username without its 12 digits) is the one given. Passwords are never " +
		"listed: an endpoint imported without one keeps its own.",
	filters: map[string]listschema.StringAttribute{
		"username": {MarkdownDescription: "Only the endpoints whose requested username is this one."},
	},
	find: func(ctx context.Context, c *client.Client, f listFilters) ([]listedObject, error) {
		all, err := c.ListAllEndpoints(ctx)
		keep := func(e client.Endpoint) bool {
			return f["username"] == "" || endpointrules.IsSIPUsernameOf(e.Username, f["username"])
		}
		return byID(all, err, keep, func(e client.Endpoint) (string, string) {
			return fmt.Sprintf("%s (%s)", e.Alias, e.Username), e.EndpointID
		})
	},
}
