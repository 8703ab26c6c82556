package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// tenDLCBrandData is data.cpaas_10dlc_brand: it reads a 10DLC brand
// registered elsewhere, by id.
var tenDLCBrandData = &dataKind[tendlcBrandDataModel]{
	typeName: "_10dlc_brand", schema: tenDLCBrandDataSchema, read: readBrandData,
}

// readBrandData reads the brand a data source names.
var readBrandData = readByID("10DLC brand", func(m *tendlcBrandDataModel) string { return m.ID.ValueString() },
	(*client.Client).GetBrand, (*tendlcBrandDataModel).apply)

// tendlcBrandDataModel is what the API reports of a brand.
type tendlcBrandDataModel = brandAttrs

func tenDLCBrandDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a 10DLC brand by id, for brands registered outside this configuration (for example to create campaigns under them).",
		Attributes: map[string]schema.Attribute{
			"id": requiredString("Brand id, "+tendlcrules.BrandIDRule+".",
				shapeRule(tendlcrules.BrandIDPattern, tendlcrules.BrandIDRule)),
			"brand_alias":         computedString("Name of the brand."),
			"profile_uuid":        computedString("UUID of the business profile."),
			"brand_type":          computedString("`STARTER` or `STANDARD`."),
			"secondary_vetting":   computedBool("Whether secondary vetting was requested."),
			"registration_status": computedString("`PROCESSING`, `COMPLETED` (registered) or `FAILED` (rejected)."),
			"vetting_status":      computedString("`NOT_REQUESTED`, `PENDING`, `ACCEPTED` or `FAILED`."),
			"declined_reasons": schema.ListNestedAttribute{
				MarkdownDescription: "Why the registry rejected the brand; empty unless `registration_status` is `FAILED`.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"code":    computedString("Reason code."),
					"message": computedString("What is wrong and what to correct."),
				}},
			},
			"created_at": computedString("When the brand was submitted, RFC 3339."),
		},
	}
}
