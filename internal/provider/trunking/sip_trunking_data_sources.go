package trunking

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/trunkingrules"
)

// The SIP trunking data sources: each reads one object made elsewhere by
// its id, with what the API returns (never a password).

// sipTrunkData is data.cpaas_sip_trunk: what a PBX needs (trunk_domain).
var sipTrunkData = &kit.DataKind[sipTrunkModel]{
	TypeName: "_sip_trunk", Schema: sipTrunkDataSchema,
	Subcategory: kit.SubSIPTrunking,
	Read:        kit.ReadByID("SIP trunk", func(m *sipTrunkModel) string { return m.ID.ValueString() }, (*client.Client).GetTrunk, applySIPTrunk),
}

func sipTrunkDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a SIP trunk by id: its direction, status, links and the `trunk_domain` a PBX points at.",
		Attributes: map[string]schema.Attribute{
			"id":              kit.RequiredString("Trunk id (`trunk_id`).", stringvalidator.RegexMatches(trunkingrules.TrunkIDPattern, "must be a string of digits")),
			"name":            kit.ComputedString("Friendly name."),
			"trunk_direction": kit.ComputedString("`inbound` or `outbound`."),
			"trunk_status":    kit.ComputedString("`enabled` or `disabled`."),
			"secure":          kit.ComputedBool("Whether calls use TLS and SRTP."),
			"ipacl_id":        kit.ComputedString("The IP access list of an outbound trunk, or null."),
			"credential_id":   kit.ComputedString("The credentials list of an outbound trunk, or null."),
			"primary_uri_id":  kit.ComputedString("The primary origination URI of an inbound trunk, or null."),
			"fallback_uri_id": kit.ComputedString("The fallback origination URI of an inbound trunk, or null."),
			"trunk_domain":    kit.ComputedString("The trunk's SIP domain (`<trunk_id>.zt.<domain>`)."),
		},
	}
}

// sipCredentialListData is data.cpaas_sip_credential_list.
var sipCredentialListData = &kit.DataKind[sipCredentialListDataModel]{
	TypeName: "_sip_credential_list", Schema: sipCredentialListDataSchema,
	Subcategory: kit.SubSIPTrunking,
	Read: kit.ReadByID("credentials list", func(m *sipCredentialListDataModel) string { return m.ID.ValueString() }, (*client.Client).GetSIPCredential,
		func(m *sipCredentialListDataModel, x *client.SIPCredential) {
			m.Name, m.Username = kit.StringOrNull(x.Name), types.StringValue(x.Username)
		}),
}

type sipCredentialListDataModel struct {
	ID       types.String `tfsdk:"id"`
	Name     types.String `tfsdk:"name"`
	Username types.String `tfsdk:"username"`
}

func sipCredentialListDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a SIP trunking credentials list by id. The password is never read: the API never returns it.",
		Attributes: map[string]schema.Attribute{
			"id":       kit.RequiredString("Credentials list UUID (`credential_uuid`).", stringvalidator.UTF8LengthAtLeast(1)),
			"name":     kit.ComputedString("Friendly name, or null."),
			"username": kit.ComputedString("The SIP username."),
		},
	}
}

// sipIPACLData is data.cpaas_sip_ip_acl.
var sipIPACLData = &kit.DataKind[sipIPACLModel]{
	TypeName: "_sip_ip_acl", Schema: sipIPACLDataSchema,
	Subcategory: kit.SubSIPTrunking,
	Read:        kit.ReadByID("IP access control list", func(m *sipIPACLModel) string { return m.ID.ValueString() }, (*client.Client).GetIPACL, applySIPIPACL),
}

func sipIPACLDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a SIP trunking IP access control list by id.",
		Attributes: map[string]schema.Attribute{
			"id":           kit.RequiredString("IP access control list UUID (`ipacl_uuid`).", stringvalidator.UTF8LengthAtLeast(1)),
			"name":         kit.ComputedString("Friendly name, or null."),
			"ip_addresses": schema.SetAttribute{MarkdownDescription: "The addresses and CIDR blocks.", Computed: true, ElementType: types.StringType},
		},
	}
}

// sipOriginationURIData is data.cpaas_sip_origination_uri.
var sipOriginationURIData = &kit.DataKind[sipOriginationURIDataModel]{
	TypeName: "_sip_origination_uri", Schema: sipOriginationURIDataSchema,
	Subcategory: kit.SubSIPTrunking,
	Read: kit.ReadByID("origination URI", func(m *sipOriginationURIDataModel) string { return m.ID.ValueString() }, (*client.Client).GetOriginationURI,
		func(m *sipOriginationURIDataModel, x *client.OriginationURI) {
			var r sipOriginationURIModel
			applySIPOriginationURI(&r, x)
			m.Name, m.URI, m.AuthenticationNeeded, m.Username = r.Name, r.URI, r.AuthenticationNeeded, r.Username
		}),
}

type sipOriginationURIDataModel struct {
	ID                   types.String `tfsdk:"id"`
	Name                 types.String `tfsdk:"name"`
	URI                  types.String `tfsdk:"uri"`
	AuthenticationNeeded types.Bool   `tfsdk:"authentication_needed"`
	Username             types.String `tfsdk:"username"`
}

func sipOriginationURIDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a SIP trunking origination URI by id. The password is never read: the API never returns it.",
		Attributes: map[string]schema.Attribute{
			"id":                    kit.RequiredString("Origination URI UUID (`uri_uuid`).", stringvalidator.UTF8LengthAtLeast(1)),
			"name":                  kit.ComputedString("Friendly name, or null."),
			"uri":                   kit.ComputedString("Where calls go: host or IPv4 address, optional port and transport."),
			"authentication_needed": kit.ComputedBool("Whether the service authenticates to the PBX."),
			"username":              kit.ComputedString("The username it authenticates with, or null while authentication is off."),
		},
	}
}
