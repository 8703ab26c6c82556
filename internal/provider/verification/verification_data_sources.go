package verification

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// verificationAddressData is data.cpaas_verification_address: one address
// of the oldest compliance generation, by id.
var verificationAddressData = &kit.DataKind[verificationAddressDataModel]{
	TypeName: "_verification_address", Subcategory: kit.SubPhoneNumbers, Schema: verificationAddressDataSchema,
	Read: kit.ReadByID("verification address", func(m *verificationAddressDataModel) string { return m.ID.ValueString() },
		(*client.Client).GetVerificationAddress, applyVerificationAddressData),
}

// verificationIdentityData is data.cpaas_verification_identity: one
// identity of the oldest compliance generation, by id.
var verificationIdentityData = &kit.DataKind[verificationIdentityDataModel]{
	TypeName: "_verification_identity", Subcategory: kit.SubPhoneNumbers, Schema: verificationIdentityDataSchema,
	Read: kit.ReadByID("verification identity", func(m *verificationIdentityDataModel) string { return m.ID.ValueString() },
		(*client.Client).GetVerificationIdentity, applyVerificationIdentityData),
}

// verificationDataCommon is what both records carry.
type verificationDataCommon struct {
	ID                 types.String `tfsdk:"id"`
	Alias              types.String `tfsdk:"alias"`
	CountryISO         types.String `tfsdk:"country_iso"`
	Salutation         types.String `tfsdk:"salutation"`
	FirstName          types.String `tfsdk:"first_name"`
	LastName           types.String `tfsdk:"last_name"`
	Account            types.String `tfsdk:"account"`
	Subaccount         types.String `tfsdk:"subaccount"`
	URL                types.String `tfsdk:"url"`
	VerificationStatus types.String `tfsdk:"verification_status"`
	ValidationStatus   types.String `tfsdk:"validation_status"`
}

type verificationAddressDataModel struct {
	verificationDataCommon
	AddressLine1 types.String `tfsdk:"address_line1"`
	AddressLine2 types.String `tfsdk:"address_line2"`
	City         types.String `tfsdk:"city"`
	Region       types.String `tfsdk:"region"`
	PostalCode   types.String `tfsdk:"postal_code"`
}

type verificationIdentityDataModel struct {
	verificationDataCommon
	Nationality types.String `tfsdk:"nationality"`
	IDType      types.String `tfsdk:"id_type"`
	IDNumber    types.String `tfsdk:"id_number"`
}

func sensitiveComputed(desc string) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: desc + " Sensitive.", Computed: true, Sensitive: true}
}

// verificationDataAttributes are the attributes both data sources have.
func verificationDataAttributes(what string) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": kit.RequiredString("The "+what+"'s id: "+compliancerules.VerificationIDRule+".",
			kit.ShapeRule(compliancerules.VerificationIDPattern, compliancerules.VerificationIDRule)),
		"alias":               kit.ComputedString("Its alias; null when it has none."),
		"country_iso":         kit.ComputedString("Its country, ISO 3166 alpha-2."),
		"salutation":          kit.ComputedString("`Mr` or `Ms`."),
		"first_name":          sensitiveComputed("The person's first name."),
		"last_name":           sensitiveComputed("The person's last name."),
		"account":             kit.ComputedString("The account it belongs to."),
		"subaccount":          kit.ComputedString("The subaccount it belongs to; null for the main account's."),
		"url":                 kit.ComputedString("Its full URL in the API."),
		"verification_status": kit.ComputedString("Whether the service verified it: " + kit.OneOfText(compliancerules.VerificationStatuses) + "."),
		"validation_status":   kit.ComputedString("Whether the service validated its data: " + kit.OneOfText(compliancerules.VerificationStatuses) + "."),
	}
}

func verificationAddressDataSchema(context.Context) schema.Schema {
	a := verificationDataAttributes("address")
	a["address_line1"] = sensitiveComputed("The first line of the address.")
	a["address_line2"] = sensitiveComputed("The second line of the address.")
	a["city"] = sensitiveComputed("The city.")
	a["region"] = sensitiveComputed("The region.")
	a["postal_code"] = sensitiveComputed("The postal code.")
	return schema.Schema{MarkdownDescription: "One address of the oldest compliance generation (`Verification/Address`), by id: " +
		"what `cpaas_verification_address` keeps, as the API returns it, and its review's outcome.", Attributes: a}
}

func verificationIdentityDataSchema(context.Context) schema.Schema {
	a := verificationDataAttributes("identity")
	a["nationality"] = kit.ComputedString("The person's nationality, ISO 3166 alpha-2.")
	a["id_type"] = kit.ComputedString("The ID's type.")
	a["id_number"] = sensitiveComputed("The ID's number.")
	return schema.Schema{MarkdownDescription: "One identity of the oldest compliance generation (`Verification/Identity`), by id: " +
		"what the API returns of a `cpaas_verification_identity` (not the birth data, the ID's issue or the address), and its " +
		"review's outcome.", Attributes: a}
}

func applyVerificationDataCommon(m *verificationDataCommon, id string, alias *string, country, salutation, first, last, account string,
	subaccount *string, url, verification, validation string,
) {
	m.ID, m.Alias, m.CountryISO, m.Salutation = types.StringValue(id), kit.StringOrNull(deref(alias)), kit.StringOrNull(country), kit.StringOrNull(salutation)
	m.FirstName, m.LastName, m.Account, m.Subaccount = kit.StringOrNull(first), kit.StringOrNull(last), kit.StringOrNull(account), kit.StringOrNull(deref(subaccount))
	m.URL, m.VerificationStatus, m.ValidationStatus = kit.StringOrNull(url), kit.StringOrNull(verification), kit.StringOrNull(validation)
}

func applyVerificationAddressData(m *verificationAddressDataModel, a *client.VerificationAddress) {
	applyVerificationDataCommon(&m.verificationDataCommon, a.ID, a.Alias, a.CountryISO, a.Salutation, a.FirstName, a.LastName, a.Account,
		a.Subaccount, a.URL, a.VerificationStatus, a.ValidationStatus)
	m.AddressLine1, m.AddressLine2, m.City = kit.StringOrNull(a.AddressLine1), kit.StringOrNull(a.AddressLine2), kit.StringOrNull(a.City)
	m.Region, m.PostalCode = kit.StringOrNull(a.Region), kit.StringOrNull(a.PostalCode)
}

func applyVerificationIdentityData(m *verificationIdentityDataModel, a *client.VerificationIdentity) {
	applyVerificationDataCommon(&m.verificationDataCommon, a.ID, a.Alias, a.CountryISO, a.Salutation, a.FirstName, a.LastName, a.Account,
		a.Subaccount, a.URL, a.VerificationStatus, a.ValidationStatus)
	m.Nationality, m.IDType, m.IDNumber = kit.StringOrNull(a.Nationality), kit.StringOrNull(a.IDType), kit.StringOrNull(a.IDNumber)
}
