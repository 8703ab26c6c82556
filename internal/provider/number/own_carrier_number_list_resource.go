package number

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// NewOwnCarrierNumberListResource lists the numbers the account has from
// its own carriers.
func NewOwnCarrierNumberListResource() list.ListResource {
	return &kit.ListResource{ListKind: ownCarrierNumberList}
}

var ownCarrierNumberList = kit.ListKind{
	Of: ownCarrierNumberKind, Objects: "own-carrier numbers",
	Description: "The numbers the account has from its own carriers, named by `number`: the account's number list without the " +
		"numbers it rents from the service (whose record names the service as carrier; `cpaas_phone_number` lists those). " +
		"The record names each number's carrier but not its id: set `carrier` in what you generate. Destroying an imported " +
		"`cpaas_own_carrier_number` removes the number from the account; it stays with the carrier.",
	Filters: map[string]listschema.StringAttribute{
		"number_starts_with": {MarkdownDescription: "Only the numbers that start with these digits (country code first)."},
		"subaccount": {
			MarkdownDescription: "Only the numbers of this subaccount (its `auth_id`; the API's own filter). The main account's own " +
				"`auth_id` lists its own numbers; unset, every number the credentials reach.",
			Validators: []validator.String{stringvalidator.RegexMatches(kit.AuthIDPattern, "must be MA or SA followed by 18 upper-case letters or digits")},
		},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllNumbers(ctx, client.AccountNumberFilter{NumberStartsWith: f["number_starts_with"], Subaccount: f["subaccount"]})
		return kit.ByID(all, err, func(n client.AccountNumber) bool { return n.Carrier != numberrules.ServiceCarrier },
			func(n client.AccountNumber) (string, string) {
				name := n.Number + " (" + n.Carrier + ")"
				if a := n.AliasText(); a != "" {
					name = n.Number + " (" + a + ", " + n.Carrier + ")"
				}
				return name, n.Number
			})
	},
}
