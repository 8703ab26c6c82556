package endpoint

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// endpointData is data.cpaas_endpoint: it reads an endpoint made elsewhere,
// by id.
var endpointData = &kit.DataKind[endpointDataModel]{
	TypeName: "_endpoint", Schema: endpointDataSchema, Read: readEndpointData,
	Subcategory: kit.SubSIPEndpoints,
}

// readEndpointData reads the endpoint a data source names.
var readEndpointData = kit.ReadByID("endpoint", func(m *endpointDataModel) string { return m.ID.ValueString() },
	(*client.Client).GetEndpoint, (*endpointDataModel).apply)

type endpointDataModel struct {
	ID            types.String `tfsdk:"id"`
	Username      types.String `tfsdk:"username"`
	SIPUsername   types.String `tfsdk:"sip_username"`
	Alias         types.String `tfsdk:"alias"`
	AppID         types.String `tfsdk:"app_id"`
	SIPURI        types.String `tfsdk:"sip_uri"`
	SIPRegistered types.Bool   `tfsdk:"sip_registered"`
	ResourceURI   types.String `tfsdk:"resource_uri"`
	SIPContact    types.String `tfsdk:"sip_contact"`
	SIPExpires    types.String `tfsdk:"sip_expires"`
	SIPUserAgent  types.String `tfsdk:"sip_user_agent"`
}

func endpointDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a SIP endpoint by id, for endpoints managed elsewhere, with the device registered with it. The password is never read: the API returns neither it nor a digest of it.",
		Attributes: map[string]schema.Attribute{
			"id":             kit.RequiredString("Endpoint id (`endpoint_id`).", stringvalidator.UTF8LengthAtLeast(1)),
			"username":       kit.ComputedString("Username that was requested at creation (`sip_username` without its 12 appended digits)."),
			"sip_username":   kit.ComputedString("Full SIP username."),
			"alias":          kit.ComputedString("Friendly name."),
			"app_id":         kit.ComputedString("Attached application id, or null."),
			"sip_uri":        kit.ComputedString("SIP URI, `sip:<sip_username>@<domain>`."),
			"sip_registered": kit.ComputedBool("Whether a SIP device is registered."),
			"resource_uri":   kit.ComputedString("API path of the endpoint."),
			"sip_contact":    kit.ComputedString(sipContactDescription),
			"sip_expires":    kit.ComputedString(sipExpiresDescription),
			"sip_user_agent": kit.ComputedString(sipUserAgentDescription),
		},
	}
}

// apply copies what the API reports into m.
func (m *endpointDataModel) apply(ep *client.Endpoint) {
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
	m.SIPContact, m.SIPExpires, m.SIPUserAgent = sipRegistration(ep, types.StringNull(), types.StringNull(), types.StringNull())
}
