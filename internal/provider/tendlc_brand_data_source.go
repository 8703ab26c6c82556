package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

var _ datasource.DataSourceWithConfigure = &TenDLCBrandDataSource{}

// TenDLCBrandDataSource reads a 10DLC brand registered elsewhere, by id.
type TenDLCBrandDataSource struct {
	client *client.Client
}

// NewTenDLCBrandDataSource is the constructor the provider registers.
func NewTenDLCBrandDataSource() datasource.DataSource { return &TenDLCBrandDataSource{} }

// tendlcBrandDataModel is what the API reports of a brand.
type tendlcBrandDataModel = brandAttrs

func (d *TenDLCBrandDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_10dlc_brand"
}

func (d *TenDLCBrandDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	computed := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{MarkdownDescription: desc, Computed: true}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads a 10DLC brand by id, for brands registered outside this configuration (for example to create campaigns under them).",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "Brand id, " + tendlcrules.BrandIDRule + ".",
				Required:            true,
				Validators:          []validator.String{stringvalidator.RegexMatches(tendlcrules.BrandIDPattern, "must be "+tendlcrules.BrandIDRule)},
			},
			"brand_alias":         computed("Name of the brand."),
			"profile_uuid":        computed("UUID of the business profile."),
			"brand_type":          computed("`STARTER` or `STANDARD`."),
			"secondary_vetting":   schema.BoolAttribute{MarkdownDescription: "Whether secondary vetting was requested.", Computed: true},
			"registration_status": computed("`PROCESSING`, `COMPLETED` (registered) or `FAILED` (rejected)."),
			"vetting_status":      computed("`NOT_REQUESTED`, `PENDING`, `ACCEPTED` or `FAILED`."),
			"declined_reasons": schema.ListNestedAttribute{
				MarkdownDescription: "Why the registry rejected the brand; empty unless `registration_status` is `FAILED`.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"code":    computed("Reason code."),
					"message": computed("What is wrong and what to correct."),
				}},
			},
			"created_at": computed("When the brand was submitted, RFC 3339."),
		},
	}
}

func (d *TenDLCBrandDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = configureDataSource(req, resp)
}

func (d *TenDLCBrandDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m tendlcBrandDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	b, err := d.client.GetBrand(ctx, m.ID.ValueString())
	if err != nil {
		addAPIError(&resp.Diagnostics, "Error reading 10DLC brand", "10DLC brand "+m.ID.ValueString(), err)
		return
	}
	m.apply(b)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
