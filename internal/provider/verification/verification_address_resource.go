package verification

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// verificationFamily is what Terraform is served of the oldest compliance generation, addresses and identities (provider.go's families).
var VerificationFamily = kit.Family{
	Resources:   []func() resource.Resource{verificationAddressKind.NewResource, verificationIdentityKind.NewResource},
	DataSources: []func() datasource.DataSource{verificationAddressData.NewDataSource, verificationIdentityData.NewDataSource},
	Lists:       []func() list.ListResource{NewVerificationAddressListResource, NewVerificationIdentityListResource},
	Sweepers:    sweepers,
	RealKinds:   realKinds,
}

// verificationAddressIdentity names an address by its id.
var verificationAddressIdentity = kit.ResourceIdentity{{Name: "id", State: "id", Description: "Address id (`id`, 14 digits)."}}

// verificationAddressKind is cpaas_verification_address: an address of
// the oldest compliance generation (Verification/Address/), multipart with
// an optional proof.
var verificationAddressKind = &kit.ObjectKind[verificationAddressModel]{
	TypeName: "_verification_address", What: "verification address", Identity: verificationAddressIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubPhoneNumbers,
		Intro: "**Which family.** Accounts still on the oldest compliance generation keep their addresses and identities " +
			"here (`cpaas_verification_address`, `cpaas_verification_identity`); the others use `cpaas_phone_number_compliance` " +
			"(India) or `cpaas_end_user`, `cpaas_compliance_document` and `cpaas_compliance_application`.\n\n" + verificationReviewNote,
		Listed: &kit.ListedDoc{
			Limit:   client.VerificationAddressListing.Limit,
			Objects: "verification addresses",
			Object:  "verification address",
			From:    "the account's address list",
		}},
	Schema: verificationAddressSchema, Create: verificationAddressWrites.createIn, Update: verificationAddressWrites.updateIn,
	Refresh:        kit.ReadListed(client.VerificationAddressListing, applyVerificationAddress, nil), // the items carry all the GET does
	Remove:         (*client.Client).DeleteVerificationAddress,
	ImportAs:       kit.ImportIDMatching(compliancerules.VerificationIDPattern, "an address id", compliancerules.VerificationIDRule),
	ModifyPlan:     planVerificationAddress,
	ValidateConfig: validateVerificationAddress,
}

type verificationAddressModel struct {
	verificationCommon
	AddressProofType         types.String `tfsdk:"address_proof_type"`
	PhoneNumberCountry       types.String `tfsdk:"phone_number_country"`
	NumberType               types.String `tfsdk:"number_type"`
	FiscalIdentificationCode types.String `tfsdk:"fiscal_identification_code"`
	StreetCode               types.String `tfsdk:"street_code"`
	MunicipalCode            types.String `tfsdk:"municipal_code"`
}

func verificationAddressSchema(context.Context) schema.Schema {
	a := verificationAttributes("address")
	a["address_proof_type"] = verificationArg("What proves the address: "+kit.OneOfText(compliancerules.AddressProofTypes)+". The API "+
		"never returns it.", true, false, true, kit.SpecRuleWorded(stringvalidator.OneOf(compliancerules.AddressProofTypes...), compliancerules.CheckAddressProofType))
	a["phone_number_country"] = verificationArg("The country of the numbers the address is for, ISO 3166 alpha-2 in upper case. "+
		"The API never returns it.", true, false, true, verificationCountryRule)
	a["number_type"] = verificationArg("The type of those numbers: "+kit.OneOfText(compliancerules.NumberTypes)+". The API never returns it.",
		true, false, true, kit.SpecRuleWorded(stringvalidator.OneOf(compliancerules.NumberTypes...), compliancerules.CheckNumberType))
	a["fiscal_identification_code"] = verificationArg("The fiscal identification code, required for an address in Spain (`ES`). "+
		"The API never returns it.", false, true, true, verificationTextRule)
	a["street_code"] = verificationArg("The street code, required for an address in Denmark (`DK`). The API never returns it.",
		false, true, true, verificationTextRule)
	a["municipal_code"] = verificationArg("The municipal code, required for an address in Denmark (`DK`). The API never returns it.",
		false, true, true, verificationTextRule)
	return schema.Schema{
		MarkdownDescription: "An address of the oldest compliance generation (`Verification/Address`): where the account's end user " +
			"lives or works, for regulated numbers, with an optional proof (`file`). Its reply to a create names no id: the provider " +
			"finds the new address in the list by its `alias`. If that reply is lost (or is a 5xx), the address the create made is " +
			"adopted the same way, never made twice.",
		Attributes: a,
	}
}

// sent are the arguments an update sends, in a fixed order.
func (m *verificationAddressModel) sent() []types.String {
	return []types.String{m.Alias, m.CountryISO, m.Salutation, m.FirstName, m.LastName, m.AddressLine1, m.AddressLine2, m.City, m.Region,
		m.PostalCode, m.AddressProofType, m.PhoneNumberCountry, m.NumberType, m.FiscalIdentificationCode, m.StreetCode, m.MunicipalCode}
}

func (m *verificationAddressModel) data() client.VerificationAddressData {
	return client.VerificationAddressData{CountryISO: m.CountryISO.ValueString(), Salutation: m.Salutation.ValueString(),
		FirstName: m.FirstName.ValueString(), LastName: m.LastName.ValueString(), AddressLine1: m.AddressLine1.ValueString(),
		AddressLine2: m.AddressLine2.ValueString(), City: m.City.ValueString(), Region: m.Region.ValueString(), PostalCode: m.PostalCode.ValueString(),
		AddressProofType: m.AddressProofType.ValueString(), PhoneNumberCountry: m.PhoneNumberCountry.ValueString(),
		NumberType: m.NumberType.ValueString(), Alias: m.Alias.ValueString(), FiscalIdentificationCode: m.FiscalIdentificationCode.ValueString(),
		StreetCode: m.StreetCode.ValueString(), MunicipalCode: m.MunicipalCode.ValueString()}
}

func planVerificationAddress(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	plan, ok := kit.Decode[verificationAddressModel](ctx, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	var state verificationAddressModel
	if !req.State.Raw.IsNull() {
		if state, ok = kit.Decode[verificationAddressModel](ctx, req.State, &resp.Diagnostics); !ok {
			return
		}
	}
	verificationPlan(ctx, req, resp, "verification address",
		func(m *verificationAddressModel) *verificationCommon { return &m.verificationCommon }, (*verificationAddressModel).sent, &plan, &state)
}

func validateVerificationAddress(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m verificationAddressModel
	if resp.Diagnostics.Append(req.Config.Get(ctx, &m)...); resp.Diagnostics.HasError() {
		return
	}
	for _, v := range []types.String{m.CountryISO, m.FiscalIdentificationCode, m.StreetCode, m.MunicipalCode} {
		if v.IsUnknown() {
			return
		}
	}
	for _, e := range compliancerules.CheckAddressCountryFields(m.CountryISO.ValueString(), m.FiscalIdentificationCode.ValueString(),
		m.StreetCode.ValueString(), m.MunicipalCode.ValueString()) {
		resp.Diagnostics.AddAttributeError(kit.AttrPath(e.Path), "Missing argument for the address's country", e.Error()+": set it.")
	}
}

func applyVerificationAddress(m *verificationAddressModel, a *client.VerificationAddress) {
	applyVerificationCommon(&m.verificationCommon, a.ID, deref(a.Alias), a.CountryISO, a.Salutation, a.FirstName, a.LastName, a.Account,
		a.Subaccount, a.URL, a.VerificationStatus, a.ValidationStatus)
	m.AddressLine1 = kit.ReportedString(m.AddressLine1, a.AddressLine1)
	m.AddressLine2 = kit.ReportedString(m.AddressLine2, a.AddressLine2)
	m.City = kit.ReportedString(m.City, a.City)
	m.Region = kit.ReportedString(m.Region, a.Region)
	m.PostalCode = kit.ReportedString(m.PostalCode, a.PostalCode)
}

// verificationAddressWrites are the address's create and update.
var verificationAddressWrites = verificationWrites[*verificationAddressModel, verificationAddressModel, client.VerificationAddressData, client.VerificationAddress]{
	what:   "verification address",
	common: func(m *verificationAddressModel) *verificationCommon { return &m.verificationCommon },
	create: (*client.Client).CreateVerificationAddress, update: (*client.Client).UpdateVerificationAddress,
	get: (*client.Client).GetVerificationAddress, list: (*client.Client).ListAllVerificationAddresses,
	id:    func(o client.VerificationAddress) string { return o.ID },
	apply: applyVerificationAddress,
}
