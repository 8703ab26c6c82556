package verification

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// verificationIdentityIdentity names an identity by its id.
var verificationIdentityIdentity = kit.ResourceIdentity{{Name: "id", State: "id", Description: "Identity id (`id`, 14 digits)."}}

// verificationIdentityKind is cpaas_verification_identity: an identity of
// the oldest compliance generation (Verification/Identity/). Its record
// leaves out the birth data, the ID's issue and the address: those keep
// what the configuration sent.
var verificationIdentityKind = &kit.ObjectKind[verificationIdentityModel]{
	TypeName: "_verification_identity", What: "verification identity", Identity: verificationIdentityIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubPhoneNumbers,
		Intro: "**Which family.** Accounts still on the oldest compliance generation keep their addresses and identities " +
			"here (`cpaas_verification_address`, `cpaas_verification_identity`); the others use `cpaas_phone_number_compliance` " +
			"(India) or `cpaas_end_user`, `cpaas_compliance_document` and `cpaas_compliance_application`.\n\n" + verificationReviewNote,
		Listed: &kit.ListedDoc{
			Limit:   client.VerificationIdentityListing.Limit,
			Objects: "verification identities",
			Object:  "verification identity",
			From:    "the account's identity list",
		}},
	Schema: verificationIdentitySchema, Create: verificationIdentityWrites.createIn, Update: verificationIdentityWrites.updateIn,
	Refresh:    kit.ReadListed(client.VerificationIdentityListing, applyVerificationIdentity, nil), // the items carry all the GET does
	Remove:     (*client.Client).DeleteVerificationIdentity,
	ImportAs:   kit.ImportIDMatching(compliancerules.VerificationIDPattern, "an identity id", compliancerules.VerificationIDRule),
	ModifyPlan: planVerificationIdentity,
}

type verificationIdentityModel struct {
	verificationCommon
	BirthPlace               types.String `tfsdk:"birth_place"`
	BirthDate                types.String `tfsdk:"birth_date"`
	Nationality              types.String `tfsdk:"nationality"`
	IDNationality            types.String `tfsdk:"id_nationality"`
	IDIssueDate              types.String `tfsdk:"id_issue_date"`
	IDType                   types.String `tfsdk:"id_type"`
	IDNumber                 types.String `tfsdk:"id_number"`
	BusinessName             types.String `tfsdk:"business_name"`
	FiscalIdentificationCode types.String `tfsdk:"fiscal_identification_code"`
	StreetCode               types.String `tfsdk:"street_code"`
	MunicipalCode            types.String `tfsdk:"municipal_code"`
}

func verificationIdentitySchema(context.Context) schema.Schema {
	a := verificationAttributes("identity")
	unread := " The API never returns it."
	a["birth_place"] = verificationArg("The person's place of birth, 1 to 100 characters."+unread, true, true, false, verificationTextRule)
	a["birth_date"] = verificationArg("The person's date of birth, yyyy-mm-dd."+unread, true, true, false, verificationDateRule)
	a["nationality"] = verificationArg("The person's nationality, ISO 3166 alpha-2 in upper case.", true, false, false, verificationCountryRule)
	a["id_nationality"] = verificationArg("The country that issued the ID, ISO 3166 alpha-2 in upper case."+unread, true, false, false, verificationCountryRule)
	a["id_issue_date"] = verificationArg("When the ID was issued, yyyy-mm-dd."+unread, true, true, false, verificationDateRule)
	a["id_type"] = verificationArg("The ID's type (`passport`, `national_id`), 1 to 100 characters.", true, false, false, verificationTextRule)
	a["id_number"] = verificationArg("The ID's number, 1 to 100 characters.", true, true, false, verificationTextRule)
	a["business_name"] = verificationArg("The business the person represents, 1 to 100 characters."+unread, false, false, false, verificationTextRule)
	a["fiscal_identification_code"] = verificationArg("The fiscal identification code, 1 to 100 characters."+unread, false, true, false, verificationTextRule)
	a["street_code"] = verificationArg("The street code, 1 to 100 characters."+unread, false, true, false, verificationTextRule)
	a["municipal_code"] = verificationArg("The municipal code, 1 to 100 characters."+unread, false, true, false, verificationTextRule)
	for _, k := range []string{"address_line1", "address_line2", "city", "region", "postal_code"} {
		if s, ok := a[k].(schema.StringAttribute); ok {
			s.MarkdownDescription += unread
			a[k] = s
		}
	}
	return schema.Schema{
		MarkdownDescription: "An identity of the oldest compliance generation (`Verification/Identity`): the person behind the " +
			"account's regulated numbers and their ID, with an optional proof (`file`). Its reply to a create names no id: the provider " +
			"finds the new identity in the list by its `alias`. If that reply is lost (or is a 5xx), the identity the create made is " +
			"adopted the same way, never made twice.",
		Attributes: a,
	}
}

// sent are the arguments an update sends, in a fixed order.
func (m *verificationIdentityModel) sent() []types.String {
	return []types.String{m.Alias, m.CountryISO, m.Salutation, m.FirstName, m.LastName, m.AddressLine1, m.AddressLine2, m.City, m.Region,
		m.PostalCode, m.BirthPlace, m.BirthDate, m.Nationality, m.IDNationality, m.IDIssueDate, m.IDType, m.IDNumber, m.BusinessName,
		m.FiscalIdentificationCode, m.StreetCode, m.MunicipalCode}
}

func (m *verificationIdentityModel) data() client.VerificationIdentityData {
	return client.VerificationIdentityData{CountryISO: m.CountryISO.ValueString(), Salutation: m.Salutation.ValueString(),
		FirstName: m.FirstName.ValueString(), LastName: m.LastName.ValueString(), BirthPlace: m.BirthPlace.ValueString(),
		BirthDate: m.BirthDate.ValueString(), Nationality: m.Nationality.ValueString(), IDNationality: m.IDNationality.ValueString(),
		IDIssueDate: m.IDIssueDate.ValueString(), IDType: m.IDType.ValueString(), IDNumber: m.IDNumber.ValueString(),
		AddressLine1: m.AddressLine1.ValueString(), AddressLine2: m.AddressLine2.ValueString(), City: m.City.ValueString(),
		Region: m.Region.ValueString(), PostalCode: m.PostalCode.ValueString(), Alias: m.Alias.ValueString(),
		BusinessName: m.BusinessName.ValueString(), FiscalIdentificationCode: m.FiscalIdentificationCode.ValueString(),
		StreetCode: m.StreetCode.ValueString(), MunicipalCode: m.MunicipalCode.ValueString()}
}

func planVerificationIdentity(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	plan, ok := kit.Decode[verificationIdentityModel](ctx, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	var state verificationIdentityModel
	if !req.State.Raw.IsNull() {
		if state, ok = kit.Decode[verificationIdentityModel](ctx, req.State, &resp.Diagnostics); !ok {
			return
		}
	}
	verificationPlan(ctx, req, resp, "verification identity",
		func(m *verificationIdentityModel) *verificationCommon { return &m.verificationCommon }, (*verificationIdentityModel).sent, &plan, &state)
}

func applyVerificationIdentity(m *verificationIdentityModel, a *client.VerificationIdentity) {
	applyVerificationCommon(&m.verificationCommon, a.ID, deref(a.Alias), a.CountryISO, a.Salutation, a.FirstName, a.LastName, a.Account,
		a.Subaccount, a.URL, a.VerificationStatus, a.ValidationStatus)
	m.Nationality = kit.ReportedString(m.Nationality, a.Nationality)
	m.IDType = kit.ReportedString(m.IDType, a.IDType)
	m.IDNumber = kit.ReportedString(m.IDNumber, a.IDNumber)
}

// verificationIdentityWrites are the identity's create and update.
var verificationIdentityWrites = verificationWrites[*verificationIdentityModel, verificationIdentityModel, client.VerificationIdentityData, client.VerificationIdentity]{
	what:   "verification identity",
	common: func(m *verificationIdentityModel) *verificationCommon { return &m.verificationCommon },
	create: (*client.Client).CreateVerificationIdentity, update: (*client.Client).UpdateVerificationIdentity,
	get: (*client.Client).GetVerificationIdentity, list: (*client.Client).ListAllVerificationIdentities,
	id:    func(o client.VerificationIdentity) string { return o.ID },
	apply: applyVerificationIdentity,
}
