package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/trunkrules"
)

// The SIP trunking data sources: each reads one object made elsewhere by
// its id, with what the API returns (never a password).

// sipTrunkData is data.cpaas_sip_trunk: what a PBX needs (trunk_domain).
var sipTrunkData = &dataKind[sipTrunkModel]{
	typeName: "_sip_trunk", schema: sipTrunkDataSchema,
	subcategory: subSIPTrunking,
	read:        readByID("SIP trunk", func(m *sipTrunkModel) string { return m.ID.ValueString() }, (*client.Client).GetTrunk, applySIPTrunk),
}

func sipTrunkDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a SIP trunk by id: its direction, status, links and the `trunk_domain` a PBX points at.",
		Attributes: map[string]schema.Attribute{
			"id":              requiredString("Trunk id (`trunk_id`).", stringvalidator.RegexMatches(trunkrules.TrunkIDPattern, "must be a string of digits")),
			"name":            computedString("Friendly name."),
			"trunk_direction": computedString("`inbound` or `outbound`."),
			"trunk_status":    computedString("`enabled` or `disabled`."),
			"secure":          computedBool("Whether calls use TLS and SRTP."),
			"ipacl_id":        computedString("The IP access list of an outbound trunk, or null."),
			"credential_id":   computedString("The credentials list of an outbound trunk, or null."),
			"primary_uri_id":  computedString("The primary origination URI of an inbound trunk, or null."),
			"fallback_uri_id": computedString("The fallback origination URI of an inbound trunk, or null."),
			"trunk_domain":    computedString("The trunk's SIP domain (`<trunk_id>.zt.<domain>`)."),
		},
	}
}

// sipCredentialListData is data.cpaas_sip_credential_list.
var sipCredentialListData = &dataKind[sipCredentialListDataModel]{
	typeName: "_sip_credential_list", schema: sipCredentialListDataSchema,
	subcategory: subSIPTrunking,
	read: readByID("credentials list", func(m *sipCredentialListDataModel) string { return m.ID.ValueString() }, (*client.Client).GetSIPCredential,
		func(m *sipCredentialListDataModel, x *client.SIPCredential) {
			m.Name, m.Username = stringOrNull(x.Name), types.StringValue(x.Username)
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
			"id":       requiredString("Credentials list UUID (`credential_uuid`).", stringvalidator.UTF8LengthAtLeast(1)),
			"name":     computedString("Friendly name, or null."),
			"username": computedString("The SIP username."),
		},
	}
}

// sipIPACLData is data.cpaas_sip_ip_acl.
var sipIPACLData = &dataKind[sipIPACLModel]{
	typeName: "_sip_ip_acl", schema: sipIPACLDataSchema,
	subcategory: subSIPTrunking,
	read:        readByID("IP access control list", func(m *sipIPACLModel) string { return m.ID.ValueString() }, (*client.Client).GetIPACL, applySIPIPACL),
}

func sipIPACLDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a SIP trunking IP access control list by id.",
		Attributes: map[string]schema.Attribute{
			"id":           requiredString("IP access control list UUID (`ipacl_uuid`).", stringvalidator.UTF8LengthAtLeast(1)),
			"name":         computedString("Friendly name, or null."),
			"ip_addresses": schema.SetAttribute{MarkdownDescription: "The addresses and CIDR blocks.", Computed: true, ElementType: types.StringType},
		},
	}
}

// sipOriginationURIData is data.cpaas_sip_origination_uri.
var sipOriginationURIData = &dataKind[sipOriginationURIDataModel]{
	typeName: "_sip_origination_uri", schema: sipOriginationURIDataSchema,
	subcategory: subSIPTrunking,
	read: readByID("origination URI", func(m *sipOriginationURIDataModel) string { return m.ID.ValueString() }, (*client.Client).GetOriginationURI,
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
			"id":                    requiredString("Origination URI UUID (`uri_uuid`).", stringvalidator.UTF8LengthAtLeast(1)),
			"name":                  computedString("Friendly name, or null."),
			"uri":                   computedString("Where calls go: host or IPv4 address, optional port and transport."),
			"authentication_needed": computedBool("Whether the service authenticates to the PBX."),
			"username":              computedString("The username it authenticates with, or null while authentication is off."),
		},
	}
}
