package tendlc

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// tenDLCBrandUsecasesData is data.cpaas_10dlc_brand_usecases: the use
// cases a brand may register campaigns for (GET 10dlc/Brand/{id}/usecases/).
var tenDLCBrandUsecasesData = &kit.DataKind[brandUsecasesModel]{
	TypeName: "_10dlc_brand_usecases", Schema: brandUsecasesSchema, Read: readBrandUsecases,
	Subcategory: kit.SubTenDLC,
}

type brandUsecasesModel struct {
	BrandID  types.String `tfsdk:"brand_id"`
	Codes    types.List   `tfsdk:"codes"`
	UseCases types.List   `tfsdk:"use_cases"`
}

// usecaseType is one element of use_cases.
var usecaseType = types.ObjectType{AttrTypes: map[string]attr.Type{"code": types.StringType, "name": types.StringType, "details": types.StringType}}

func brandUsecasesSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "The use cases a 10DLC brand may register campaigns for, as the service lists them for the brand: a `STARTER` brand " +
			"takes only `STARTER`, a `STANDARD` brand every other use case. A `cpaas_10dlc_campaign` whose brand exists at plan time is " +
			"checked against the same list; use this data source to choose or validate a `usecase` in your own configuration.",
		Attributes: map[string]schema.Attribute{
			"brand_id": kit.RequiredString("Id of the brand, "+tendlcrules.BrandIDRule+".", kit.ShapeRule(tendlcrules.BrandIDPattern, tendlcrules.BrandIDRule)),
			"codes":    schema.ListAttribute{MarkdownDescription: "The use case codes, such as `MIXED`, in the service's order.", Computed: true, ElementType: types.StringType},
			"use_cases": schema.ListNestedAttribute{
				MarkdownDescription: "Each use case with its label and description.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"code":    kit.ComputedString("Use case code, the value of a campaign's `usecase`."),
					"name":    kit.ComputedString("Label, such as `Account Notification`."),
					"details": kit.ComputedString("What the use case covers."),
				}},
			},
		},
	}
}

func readBrandUsecases(ctx context.Context, c *client.Client, m *brandUsecasesModel, diags *diag.Diagnostics) {
	id := m.BrandID.ValueString()
	got, err := c.GetBrandUsecases(ctx, id)
	if err != nil {
		kit.AddAPIError(diags, "Error reading the use cases of 10DLC brand", "10DLC brand "+id, err)
		return
	}
	codes := make([]attr.Value, 0, len(got.UseCases))
	elems := make([]attr.Value, 0, len(got.UseCases))
	for _, u := range got.UseCases {
		codes = append(codes, types.StringValue(u.Code))
		elems = append(elems, types.ObjectValueMust(usecaseType.AttrTypes, map[string]attr.Value{
			"code": types.StringValue(u.Code), "name": types.StringValue(u.Name), "details": types.StringValue(u.Details),
		}))
	}
	m.Codes = types.ListValueMust(types.StringType, codes)
	m.UseCases = types.ListValueMust(usecaseType, elems)
}
