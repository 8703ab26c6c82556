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

// NewPhoneNumberListResource lists the numbers the account owns.
func NewPhoneNumberListResource() list.ListResource {
	return &kit.ListResource{ListKind: phoneNumberList}
}

var phoneNumberList = kit.ListKind{
	Of: phoneNumberKind, Objects: "phone numbers",
	Description: "The numbers the account rents from the service, named by `number`, with the account's own filters (numbers " +
		"from its own carriers are `cpaas_own_carrier_number`'s). Destroying an imported " +
		"`cpaas_phone_number` releases the number: add `release_protection = true` to what you generate, and apply it.",
	Filters: map[string]listschema.StringAttribute{
		"number_starts_with": {MarkdownDescription: "Only the numbers that start with these digits (country code first)."},
		"type": {
			MarkdownDescription: "Only the numbers of this type: `toll-free` (or `tollfree`), `local`, `mobile`, `national` or `fixed` " +
				"(`local` and `national` are kinds of `fixed`).",
			Validators: []validator.String{kit.SpecRuleWorded(stringvalidator.OneOf(numberrules.TypeValues...),
				numberrules.CheckType)},
		},
		"services": {MarkdownDescription: "Only the numbers with these services, comma-separated: `voice`, `sms` (for example `voice,sms`)."},
		"subaccount": {
			MarkdownDescription: "Only the numbers of this subaccount (its `auth_id`; the API's own filter). The main account's own " +
				"`auth_id` lists its own numbers; unset, every number the credentials reach.",
			Validators: []validator.String{stringvalidator.RegexMatches(kit.AuthIDPattern, "must be MA or SA followed by 18 upper-case letters or digits")},
		},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllNumbers(ctx, client.AccountNumberFilter{NumberStartsWith: f["number_starts_with"], Type: f["type"], Services: f["services"],
			Subaccount: f["subaccount"]})
		// Numbers from the account's own carriers are cpaas_own_carrier_number's:
		// their removal is no release.
		rented := func(n client.AccountNumber) bool { return n.Carrier == "" || n.Carrier == numberrules.ServiceCarrier }
		return kit.ByID(all, err, rented, func(n client.AccountNumber) (string, string) {
			name := n.Number
			if a := n.AliasText(); a != "" {
				name += " (" + a + ")"
			}
			return name, n.Number
		})
	},
}
