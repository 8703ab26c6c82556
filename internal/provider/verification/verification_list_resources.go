package verification

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// The list resources of the oldest compliance generation (terraform
// query, Terraform 1.14+). A display name never holds personal data; the
// API's customer_name filter is not offered, as it would put a name in a
// request's URL.

// NewVerificationAddressListResource lists the account's addresses.
func NewVerificationAddressListResource() list.ListResource {
	return &kit.ListResource{ListKind: verificationAddressList}
}

// NewVerificationIdentityListResource lists the account's identities.
func NewVerificationIdentityListResource() list.ListResource {
	return &kit.ListResource{ListKind: verificationIdentityList}
}

// verificationFilters are the filters both lists take.
func verificationFilters(what string) map[string]listschema.StringAttribute {
	return map[string]listschema.StringAttribute{
		"country_iso": {MarkdownDescription: "Only the " + what + " of this country, ISO 3166 alpha-2 in upper case.",
			Validators: []validator.String{verificationCountryRule}},
		"alias": {MarkdownDescription: "Only the " + what + " of this alias (the whole alias).", Validators: []validator.String{verificationTextRule}},
		"verification_status": {MarkdownDescription: "Only the " + what + " in this verification status: " +
			kit.OneOfText(compliancerules.VerificationStatuses) + ".", Validators: []validator.String{verificationStatusRule}},
	}
}

func verificationListed(alias *string, country, status, id string) (string, string) {
	name := deref(alias)
	if name == "" {
		name = id
	}
	return fmt.Sprintf("%s (%s, %s)", name, country, status), id
}

var verificationAddressList = func() kit.ListKind {
	f := verificationFilters("addresses")
	f["validation_status"] = listschema.StringAttribute{MarkdownDescription: "Only the addresses in this validation status: " +
		kit.OneOfText(compliancerules.VerificationStatuses) + ".", Validators: []validator.String{verificationStatusRule}}
	return kit.ListKind{
		Of: verificationAddressKind, Objects: "verification addresses",
		Description: "Every address of the oldest compliance generation (`Verification/Address`) of the account, named by `id`, " +
			"with the API's filters. Terraform writes sensitive values into generated configuration as null, and the API never " +
			"returns `address_proof_type`, `phone_number_country` and `number_type`: set them, and the names and address lines, " +
			"before the plan; the plan then only imports.",
		Filters: f,
		Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
			all, err := c.ListAllVerificationAddresses(ctx, client.VerificationFilter{CountryISO: f["country_iso"], Alias: f["alias"],
				VerificationStatus: f["verification_status"], ValidationStatus: f["validation_status"]})
			return kit.ByID(all, err, nil, func(a client.VerificationAddress) (string, string) {
				return verificationListed(a.Alias, a.CountryISO, a.VerificationStatus, a.ID)
			})
		},
	}
}()

var verificationIdentityList = kit.ListKind{
	Of: verificationIdentityKind, Objects: "verification identities",
	Description: "Every identity of the oldest compliance generation (`Verification/Identity`) of the account, named by `id`, " +
		"with the API's filters. Terraform writes sensitive values into generated configuration as null, and the API never returns " +
		"the birth data, the ID's issue or the address: set them before the plan; the plan then only imports.",
	Filters: verificationFilters("identities"),
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllVerificationIdentities(ctx, client.VerificationFilter{CountryISO: f["country_iso"], Alias: f["alias"],
			VerificationStatus: f["verification_status"]})
		return kit.ByID(all, err, nil, func(a client.VerificationIdentity) (string, string) {
			return verificationListed(a.Alias, a.CountryISO, a.VerificationStatus, a.ID)
		})
	},
}
