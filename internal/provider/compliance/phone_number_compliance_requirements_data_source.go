package compliance

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// phoneNumberComplianceRequirementsData is
// data.cpaas_phone_number_compliance_requirements: what an application for
// a country, number type and end user type must hold.
var phoneNumberComplianceRequirementsData = &kit.DataKind[phoneNumberComplianceRequirementsModel]{
	TypeName: "_phone_number_compliance_requirements", Schema: phoneNumberComplianceRequirementsSchema, Read: readPhoneNumberComplianceRequirements,
	Subcategory: kit.SubPhoneNumbers,
}

type requirementFieldModel struct {
	FieldName    types.String `tfsdk:"field_name"`
	FriendlyName types.String `tfsdk:"friendly_name"`
	FieldType    types.String `tfsdk:"field_type"`
	Required     types.Bool   `tfsdk:"required"`
	MinLength    types.Int64  `tfsdk:"min_length"`
	MaxLength    types.Int64  `tfsdk:"max_length"`
	HelpText     types.String `tfsdk:"help_text"`
	Format       types.String `tfsdk:"format"`
	Enums        []string     `tfsdk:"enums"`
	Description  types.String `tfsdk:"description"`
}

type requirementDocumentTypeModel struct {
	DocumentTypeID types.String            `tfsdk:"document_type_id"`
	Name           types.String            `tfsdk:"name"`
	Description    types.String            `tfsdk:"description"`
	ProofRequired  types.Bool              `tfsdk:"proof_required"`
	Fields         []requirementFieldModel `tfsdk:"fields"`
}

type phoneNumberComplianceRequirementsModel struct {
	CountryISO    types.String                   `tfsdk:"country_iso"`
	NumberType    types.String                   `tfsdk:"number_type"`
	UserType      types.String                   `tfsdk:"user_type"`
	RequirementID types.String                   `tfsdk:"requirement_id"`
	DocumentTypes []requirementDocumentTypeModel `tfsdk:"document_types"`
}

func phoneNumberComplianceRequirementsSchema(context.Context) schema.Schema {
	c := kit.ComputedString
	return schema.Schema{
		MarkdownDescription: "What a compliance application for a country, a number type and an end user type must hold: each " +
			"document type with its data fields (their limits, formats and allowed values) and whether a file must be uploaded. " +
			"An empty `document_types` means the country asks for nothing. Feed it to `cpaas_phone_number_compliance` " +
			"(" + kit.OneOfText(compliancerules.OneCallCountries) + ").",
		Attributes: map[string]schema.Attribute{
			"country_iso": kit.RequiredString("Country, ISO 3166 alpha-2 in upper case (`IN`).", kit.SpecRule("a country code", compliancerules.CheckCountry)),
			"number_type": kit.RequiredString("Number type: "+kit.OneOfText(compliancerules.NumberTypes)+".", kit.SpecRuleWorded(
				stringvalidator.OneOf(compliancerules.NumberTypes...), compliancerules.CheckNumberType)),
			"user_type": kit.RequiredString("End user type: "+kit.OneOfText(compliancerules.UserTypes)+".", kit.SpecRuleWorded(
				stringvalidator.OneOf(compliancerules.UserTypes...), compliancerules.CheckUserType)),
			"requirement_id": c("The requirement's id."),
			"document_types": schema.ListNestedAttribute{
				MarkdownDescription: "The document types the application must hold, one document of each.", Computed: true,
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
							"required":      schema.BoolAttribute{MarkdownDescription: "Whether the field must be given.", Computed: true},
							"min_length":    schema.Int64Attribute{MarkdownDescription: "Fewest characters; null when the API sets none.", Computed: true},
							"max_length":    schema.Int64Attribute{MarkdownDescription: "Most characters; null when the API sets none.", Computed: true},
							"help_text":     c("Guidance on the value; null when none."),
							"format":        c("Format of a date (`yyyy-mm-dd`); null when none."),
							"enums":         schema.ListAttribute{MarkdownDescription: "Allowed values of an `enum` field (the API's comma-separated string, split); null otherwise.", Computed: true, ElementType: types.StringType},
							"description":   c("What the field holds; null when the API says nothing."),
						}},
					},
				}},
			},
		},
	}
}

func intOrNull(v int) types.Int64 {
	if v == 0 {
		return types.Int64Null()
	}
	return types.Int64Value(int64(v))
}

func readPhoneNumberComplianceRequirements(ctx context.Context, c *client.Client, m *phoneNumberComplianceRequirementsModel, diags *diag.Diagnostics) {
	r, err := c.GetComplianceRequirement(ctx, m.CountryISO.ValueString(), m.NumberType.ValueString(), m.UserType.ValueString())
	if err != nil {
		kit.AddAPIError(diags, "Error reading compliance requirement", fmt.Sprintf("requirement of %s %s numbers for a %s end user",
			m.CountryISO.ValueString(), m.NumberType.ValueString(), m.UserType.ValueString()), err)
		return
	}
	m.RequirementID = types.StringValue(r.RequirementID)
	m.DocumentTypes = []requirementDocumentTypeModel{}
	for _, t := range r.DocumentTypes {
		dt := requirementDocumentTypeModel{DocumentTypeID: types.StringValue(t.DocumentTypeID), Name: types.StringValue(t.Name),
			Description: kit.StringOrNull(t.Description), ProofRequired: types.BoolValue(t.ProofRequired), Fields: []requirementFieldModel{}}
		for _, f := range t.RequiredFields {
			var enums []string
			if f.Enums != "" {
				for _, e := range strings.Split(f.Enums, ",") {
					enums = append(enums, strings.TrimSpace(e))
				}
			}
			dt.Fields = append(dt.Fields, requirementFieldModel{FieldName: types.StringValue(f.FieldName), FriendlyName: kit.StringOrNull(f.FriendlyName),
				FieldType: kit.StringOrNull(f.FieldType), Required: types.BoolValue(f.Required), MinLength: intOrNull(f.MinLength),
				MaxLength: intOrNull(f.MaxLength), HelpText: kit.StringOrNull(f.HelpText), Format: kit.StringOrNull(f.Format), Enums: enums,
				Description: kit.StringOrNull(f.Description)})
		}
		m.DocumentTypes = append(m.DocumentTypes, dt)
	}
}
