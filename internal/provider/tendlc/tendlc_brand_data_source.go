package tendlc

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// tenDLCBrandData is data.cpaas_10dlc_brand: it reads a 10DLC brand
// registered elsewhere, by id.
var tenDLCBrandData = &kit.DataKind[tendlcBrandDataModel]{
	TypeName: "_10dlc_brand", Schema: tenDLCBrandDataSchema, Read: readBrandData,
	Subcategory: kit.SubTenDLC,
}

// readBrandData reads the brand a data source names.
var readBrandData = kit.ReadByID("10DLC brand", func(m *tendlcBrandDataModel) string { return m.ID.ValueString() },
	func(c *client.Client, ctx context.Context, id string) (*client.Brand, error) {
		return getBrand(ctx, c, id, true)
	},
	(*tendlcBrandDataModel).apply)

// tendlcBrandDataModel is what the API reports of a brand.
type tendlcBrandDataModel = brandAttrs

func tenDLCBrandDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a 10DLC brand by id, for brands registered outside this configuration (for example to create campaigns under them).",
		Attributes: withDataAttributes(map[string]schema.Attribute{
			"id": kit.RequiredString("Brand id, "+tendlcrules.BrandIDRule+".",
				kit.ShapeRule(tendlcrules.BrandIDPattern, tendlcrules.BrandIDRule)),
			"brand_alias":         kit.ComputedString("Name of the brand (from the brand list: the service's GET leaves it out)."),
			"profile_uuid":        kit.ComputedString("UUID of the business profile."),
			"brand_type":          kit.ComputedString("`STARTER` or `STANDARD`."),
			"secondary_vetting":   kit.ComputedBool("Whether secondary vetting was requested (the brand has a `vetting_status`)."),
			"registration_status": kit.ComputedString("`PROCESSING`, `COMPLETED` (registered) or `FAILED` (rejected)."),
			"vetting_status":      kit.ComputedString("Secondary vetting status: `PENDING`, `ACTIVE` (vetted) or `FAILED`; null when none was requested."),
			"vetting_score":       kit.ComputedInt64("Score the secondary vetting gave the brand; null until vetted."),
			"declined_reasons": schema.ListNestedAttribute{
				MarkdownDescription: "Why the registry rejected the brand; empty unless `registration_status` is `FAILED`.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"code":    kit.ComputedString("Reason code."),
					"message": kit.ComputedString("What is wrong and what to correct."),
				}},
			},
			"created_at": kit.ComputedString("When the brand was submitted, RFC 3339 in UTC with microseconds."),
		}, brandProfileDataAttributes()),
	}
}

// brandProfileDataAttributes are the profile's data a brand carries, as
// data source attributes.
func brandProfileDataAttributes() map[string]schema.Attribute {
	return brandProfileAttributes(func(d string) schema.Attribute { return kit.ComputedString(d) },
		func(d string, fields map[string]string) schema.Attribute {
			nested := map[string]schema.Attribute{}
			for f, fd := range fields {
				nested[f] = kit.ComputedString(fd)
			}
			return schema.SingleNestedAttribute{MarkdownDescription: d, Computed: true, Attributes: nested}
		})
}

// withDataAttributes adds more to a data source schema's attributes.
func withDataAttributes(attrs, more map[string]schema.Attribute) map[string]schema.Attribute {
	for k, v := range more {
		attrs[k] = v
	}
	return attrs
}
