package compliance

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// complianceDocumentTypesData is data.cpaas_compliance_document_types: the
// document types of the compliance application family, with their data fields.
var complianceDocumentTypesData = &kit.DataKind[complianceDocumentTypesModel]{
	TypeName: "_compliance_document_types", Schema: complianceDocumentTypesSchema, Read: readComplianceDocumentTypes,
	Subcategory: kit.SubPhoneNumbers,
}

type documentTypeFieldModel struct {
	FieldName    types.String `tfsdk:"field_name"`
	FriendlyName types.String `tfsdk:"friendly_name"`
	FieldType    types.String `tfsdk:"field_type"`
	MinLength    types.Int64  `tfsdk:"min_length"`
	MaxLength    types.Int64  `tfsdk:"max_length"`
	HelpText     types.String `tfsdk:"help_text"`
	Format       types.String `tfsdk:"format"`
	Enums        []string     `tfsdk:"enums"`
}

type documentTypeModel struct {
	DocumentTypeID types.String             `tfsdk:"document_type_id"`
	Name           types.String             `tfsdk:"name"`
	Description    types.String             `tfsdk:"description"`
	ProofRequired  types.Bool               `tfsdk:"proof_required"`
	Fields         []documentTypeFieldModel `tfsdk:"fields"`
}

type complianceDocumentTypesModel struct {
	DocumentTypes []documentTypeModel `tfsdk:"document_types"`
}

func complianceDocumentTypesSchema(context.Context) schema.Schema {
	c := kit.ComputedString
	return schema.Schema{
		MarkdownDescription: "The document types of the older compliance API (`ComplianceDocumentType`): what each proof is called, " +
			"its data fields (the keys of a `cpaas_compliance_document`'s `data_fields`, with their limits, formats and allowed values) " +
			"and whether a file must be uploaded with it.",
		Attributes: map[string]schema.Attribute{
			"document_types": schema.ListNestedAttribute{
				MarkdownDescription: "Every document type, in the API's order.", Computed: true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"document_type_id": c("Id to give as a document's `document_type_id`."),
					"name":             c("Name of the document type."),
					"description":      c("What the document is."),
					"proof_required":   schema.BoolAttribute{MarkdownDescription: "Whether a file must be uploaded with the document.", Computed: true},
					"fields": schema.ListNestedAttribute{
						MarkdownDescription: "The document's data fields (`data_fields` keys).", Computed: true,
						NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
							"field_name":    c("Key in `data_fields`."),
							"friendly_name": c("What the field is called on the form."),
							"field_type":    c("`string`, `date` or `enum`."),
							"min_length":    schema.Int64Attribute{MarkdownDescription: "Fewest characters; null when the API sets none.", Computed: true},
							"max_length":    schema.Int64Attribute{MarkdownDescription: "Most characters; null when the API sets none.", Computed: true},
							"help_text":     c("Guidance on the value; null when none."),
							"format":        c("Format of a date (`yyyy-mm-dd`); null when none."),
							"enums":         schema.ListAttribute{MarkdownDescription: "Allowed values of an `enum` field; null otherwise.", Computed: true, ElementType: types.StringType},
						}},
					},
				}},
			},
		},
	}
}

func readComplianceDocumentTypes(ctx context.Context, c *client.Client, m *complianceDocumentTypesModel, diags *diag.Diagnostics) {
	dts, err := c.DocumentTypes(ctx)
	if err != nil {
		kit.AddAPIError(diags, "Error reading compliance document types", "the document types", err)
		return
	}
	m.DocumentTypes = []documentTypeModel{}
	for _, t := range dts {
		dt := documentTypeModel{DocumentTypeID: types.StringValue(t.DocumentTypeID), Name: types.StringValue(t.DocumentName),
			Description: kit.StringOrNull(t.Description), ProofRequired: types.BoolValue(t.ProofRequired), Fields: []documentTypeFieldModel{}}
		for _, f := range t.Information {
			var enums []string
			if len(f.Enums) > 0 {
				enums = f.Enums
			}
			dt.Fields = append(dt.Fields, documentTypeFieldModel{FieldName: types.StringValue(f.FieldName), FriendlyName: kit.StringOrNull(f.FriendlyName),
				FieldType: kit.StringOrNull(f.FieldType), MinLength: intOrNull(f.MinLength), MaxLength: intOrNull(f.MaxLength),
				HelpText: kit.StringOrNull(f.HelpText), Format: kit.StringOrNull(f.Format), Enums: enums})
		}
		m.DocumentTypes = append(m.DocumentTypes, dt)
	}
}

// complianceAppRequirementData is data.cpaas_compliance_requirement: what an
// compliance application family application for a country, number type and end user type
// must hold.
var complianceAppRequirementData = &kit.DataKind[complianceAppRequirementModel]{
	TypeName: "_compliance_requirement", Schema: complianceAppRequirementSchema, Read: readComplianceAppRequirement,
	Subcategory: kit.SubPhoneNumbers,
}

type acceptableDocumentModel struct {
	DocumentTypeID types.String `tfsdk:"document_type_id"`
	Name           types.String `tfsdk:"name"`
}

type acceptableDocumentTypeModel struct {
	Name                types.String              `tfsdk:"name"`
	Scope               types.String              `tfsdk:"scope"`
	AcceptableDocuments []acceptableDocumentModel `tfsdk:"acceptable_documents"`
}

type complianceAppRequirementModel struct {
	CountryISO2             types.String                  `tfsdk:"country_iso2"`
	NumberType              types.String                  `tfsdk:"number_type"`
	EndUserType             types.String                  `tfsdk:"end_user_type"`
	ComplianceRequirementID types.String                  `tfsdk:"compliance_requirement_id"`
	AcceptableDocumentTypes []acceptableDocumentTypeModel `tfsdk:"acceptable_document_types"`
}

func complianceAppRequirementSchema(context.Context) schema.Schema {
	c := kit.ComputedString
	return schema.Schema{
		MarkdownDescription: "What an application of the older compliance API (`cpaas_compliance_application`) for a country, a " +
			"number type and an end user type must hold (`ComplianceRequirement`): for each entry, one document of one of its " +
			"acceptable types. For India use `cpaas_phone_number_compliance_requirements` (the one-call API).",
		Attributes: map[string]schema.Attribute{
			"country_iso2": kit.RequiredString("Country, ISO 3166 alpha-2 in upper case (`DE`); not one the one-call API covers.", complianceAppCountryRule),
			"number_type": kit.RequiredString("Number type: "+kit.OneOfText(compliancerules.NumberTypes)+".", kit.SpecRuleWorded(
				stringvalidator.OneOf(compliancerules.NumberTypes...), compliancerules.CheckNumberType)),
			"end_user_type": kit.RequiredString("End user type: "+kit.OneOfText(compliancerules.UserTypes)+".", kit.SpecRuleWorded(
				stringvalidator.OneOf(compliancerules.UserTypes...), compliancerules.CheckUserType)),
			"compliance_requirement_id": c("The requirement's id: an application's `compliance_requirement_id`."),
			"acceptable_document_types": schema.ListNestedAttribute{
				MarkdownDescription: "What the application must hold: one document per entry, of one of the entry's acceptable types. " +
					"Empty when the country asks for nothing.", Computed: true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"name":  c("What the entry asks for."),
					"scope": c("What it proves (`identity`, `address`, `use_case` in the emulator)."),
					"acceptable_documents": schema.ListNestedAttribute{
						MarkdownDescription: "The document types that satisfy the entry.", Computed: true,
						NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
							"document_type_id": c("Id to give as a document's `document_type_id`."),
							"name":             c("Name of the document type."),
						}},
					},
				}},
			},
		},
	}
}

func readComplianceAppRequirement(ctx context.Context, c *client.Client, m *complianceAppRequirementModel, diags *diag.Diagnostics) {
	r, err := c.FindComplianceRequirement(ctx, m.CountryISO2.ValueString(), m.NumberType.ValueString(), m.EndUserType.ValueString())
	if err != nil {
		kit.AddAPIError(diags, "Error reading compliance requirement", fmt.Sprintf("requirement of %s %s numbers for a %s end user",
			m.CountryISO2.ValueString(), m.NumberType.ValueString(), m.EndUserType.ValueString()), err)
		return
	}
	m.ComplianceRequirementID = types.StringValue(r.ComplianceRequirementID)
	m.AcceptableDocumentTypes = []acceptableDocumentTypeModel{}
	for _, e := range r.AcceptableDocumentTypes {
		out := acceptableDocumentTypeModel{Name: types.StringValue(e.Name), Scope: kit.StringOrNull(e.Scope), AcceptableDocuments: []acceptableDocumentModel{}}
		for _, d := range e.AcceptableDocuments {
			out.AcceptableDocuments = append(out.AcceptableDocuments, acceptableDocumentModel{DocumentTypeID: types.StringValue(d.DocumentTypeID),
				Name: types.StringValue(d.DocumentTypeName)})
		}
		m.AcceptableDocumentTypes = append(m.AcceptableDocumentTypes, out)
	}
}
