package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
)

var _ datasource.DataSourceWithConfigure = &EndpointDataSource{}

// EndpointDataSource reads an endpoint made elsewhere, by id.
type EndpointDataSource struct {
	client *client.Client
}

// NewEndpointDataSource is the constructor the provider registers.
func NewEndpointDataSource() datasource.DataSource { return &EndpointDataSource{} }

type endpointDataModel struct {
	ID            types.String `tfsdk:"id"`
	Username      types.String `tfsdk:"username"`
	SIPUsername   types.String `tfsdk:"sip_username"`
	Alias         types.String `tfsdk:"alias"`
	AppID         types.String `tfsdk:"app_id"`
	SIPURI        types.String `tfsdk:"sip_uri"`
	SIPRegistered types.Bool   `tfsdk:"sip_registered"`
	ResourceURI   types.String `tfsdk:"resource_uri"`
}

func (d *EndpointDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_endpoint"
}

func (d *EndpointDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads a SIP endpoint by id, for endpoints managed elsewhere. The password is never read.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "Endpoint id (`endpoint_id`).",
				Required:            true,
				Validators:          []validator.String{stringvalidator.UTF8LengthAtLeast(1)},
			},
			"username": schema.StringAttribute{
				MarkdownDescription: "Username that was requested at creation (`sip_username` without its 12 appended digits).",
				Computed:            true,
			},
			"sip_username":   schema.StringAttribute{MarkdownDescription: "Full SIP username.", Computed: true},
			"alias":          schema.StringAttribute{MarkdownDescription: "Friendly name.", Computed: true},
			"app_id":         schema.StringAttribute{MarkdownDescription: "Attached application id, or null.", Computed: true},
			"sip_uri":        schema.StringAttribute{MarkdownDescription: "SIP URI, `sip:<sip_username>@<domain>`.", Computed: true},
			"sip_registered": schema.BoolAttribute{MarkdownDescription: "Whether a SIP device is registered.", Computed: true},
			"resource_uri":   schema.StringAttribute{MarkdownDescription: "API path of the endpoint.", Computed: true},
		},
	}
}

func (d *EndpointDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = configureDataSource(req, resp)
}

func (d *EndpointDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m endpointDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	ep, err := d.client.GetEndpoint(ctx, m.ID.ValueString())
	if err != nil {
		addAPIError(&resp.Diagnostics, "Error reading endpoint", "endpoint "+m.ID.ValueString(), err)
		return
	}
	m.Username = types.StringValue(endpointrules.RequestedUsername(ep.Username))
	m.SIPUsername = types.StringValue(ep.Username)
	m.Alias = types.StringValue(ep.Alias)
	m.AppID = types.StringNull()
	if app := ep.AppID(); app != "" {
		m.AppID = types.StringValue(app)
	}
	m.SIPURI = types.StringValue(ep.SIPURI)
	m.SIPRegistered = types.BoolValue(ep.IsSIPRegistered())
	m.ResourceURI = types.StringValue(ep.ResourceURI)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
