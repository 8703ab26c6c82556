package trunking

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/trunkingrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// sipTrunkKind is cpaas_sip_trunk, a SIP trunk: outbound (the PBX sends
// calls, authenticated by an IP access list and/or a credentials list) or
// inbound (the service delivers calls to a primary origination URI, with
// a fallback). Read, updated in place (but for its direction), deleted
// and imported by its trunk_id; everything is read back.
var sipTrunkKind = &kit.ObjectKind[sipTrunkModel]{
	TypeName: "_sip_trunk", What: "SIP trunk", Identity: sipTrunkIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubSIPTrunking, Listed: &kit.ListedDoc{
		Limit:   client.TrunkListing.Limit,
		Objects: "trunks",
		Object:  "trunk",
		From:    "the account's trunk list",
	}},
	Schema: sipTrunkSchema, Create: createSIPTrunk, Update: updateSIPTrunk,
	Refresh:        kit.ReadListed(client.TrunkListing, applySIPTrunk, nil),
	Remove:         (*client.Client).DeleteTrunk,
	ImportAs:       kit.ImportIDMatching(trunkingrules.TrunkIDPattern, "a trunk id", "a string of digits (`trunk_id`)"),
	ValidateConfig: validateSIPTrunk,
	// Before the trunk is created: the lists and URIs it links exist.
	PlanWith: kit.CheckReferences(
		kit.IdRef("ipacl_id", "IP access control list", "cpaas_sip_ip_acl", "id", client.IPACLListing),
		kit.IdRef("credential_id", "credentials list", "cpaas_sip_credential_list", "id", client.SIPCredentialListing),
		kit.IdRef("primary_uri_id", "origination URI", "cpaas_sip_origination_uri", "id", client.OriginationURIListing),
		kit.IdRef("fallback_uri_id", "origination URI", "cpaas_sip_origination_uri", "id", client.OriginationURIListing)),
}

type sipTrunkModel struct {
	ID             types.String `tfsdk:"id"`
	Name           types.String `tfsdk:"name"`
	TrunkDirection types.String `tfsdk:"trunk_direction"`
	TrunkStatus    types.String `tfsdk:"trunk_status"`
	Secure         types.Bool   `tfsdk:"secure"`
	IPACLID        types.String `tfsdk:"ipacl_id"`
	CredentialID   types.String `tfsdk:"credential_id"`
	PrimaryURIID   types.String `tfsdk:"primary_uri_id"`
	FallbackURIID  types.String `tfsdk:"fallback_uri_id"`
	TrunkDomain    types.String `tfsdk:"trunk_domain"`
}

func sipTrunkSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "A SIP trunk of the SIP trunking service. An **outbound** trunk takes calls from a PBX, which " +
			"points at `trunk_domain` and is authenticated by an IP access list (`ipacl_id`) and/or a credentials list " +
			"(`credential_id`): at least one. An **inbound** trunk delivers calls to the PBX at its primary origination " +
			"URI (`primary_uri_id`, required) or, when that fails, its fallback (`fallback_uri_id`). A link that does not " +
			"fit the direction is refused at plan time; a link to a list or URI that does not exist is refused too, at plan (`terraform destroy` only warns of it), " +
			"and nothing is created or changed. Changing `trunk_direction` replaces the trunk; everything else " +
			"updates in place.\n\n" + sipTrunkNumbersNote + "\n\n" + adoptRuleSIPTrunk,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedKeptString("Trunk id (`trunk_id`, a string of digits)."),
			"name": schema.StringAttribute{
				MarkdownDescription: "Friendly name of the trunk (the service refuses a trunk without one). Updates in place.",
				Required:            true,
				Validators:          []validator.String{stringvalidator.UTF8LengthAtLeast(1)},
			},
			"trunk_direction": kit.RequiredReplacingString("`inbound` or `outbound`. Changing it replaces the trunk.", trunkDirectionRule),
			"trunk_status": schema.StringAttribute{
				MarkdownDescription: "`enabled` (the default) or `disabled`. Updates in place.",
				Optional:            true,
				Computed:            true,
				Default:             stringdefault.StaticString(trunkingrules.Enabled),
				Validators:          []validator.String{trunkStatusRule},
			},
			"secure": schema.BoolAttribute{
				MarkdownDescription: "Whether calls use TLS for signalling and SRTP for media. Default `false`. Updates in place.",
				Optional:            true,
				Computed:            true,
				Default:             booldefault.StaticBool(false),
			},
			"ipacl_id":        optionalID("Outbound trunks: the IP access list (`cpaas_sip_ip_acl`) the PBX is authenticated by. Updates in place."),
			"credential_id":   optionalID("Outbound trunks: the credentials list (`cpaas_sip_credential_list`) the PBX is authenticated by. Updates in place."),
			"primary_uri_id":  optionalID("Inbound trunks (required there): the origination URI (`cpaas_sip_origination_uri`) calls are delivered to. Updates in place."),
			"fallback_uri_id": optionalID("Inbound trunks: the origination URI calls go to when the primary one fails. Updates in place."),
			"trunk_domain":    kit.ComputedKeptString("The trunk's SIP domain (`<trunk_id>.zt.<domain>`): what an outbound trunk's PBX sends its calls to."),
		},
	}
}

// sipTrunkNumbersNote says how a number's calls reach an inbound trunk.
const sipTrunkNumbersNote = "**Numbers that ring an inbound trunk** are set on the number: `sip_trunk_id` of " +
	"`cpaas_phone_number`, updated in place. " + number.SipTrunkNumberNote

// validateSIPTrunk is trunkingrules.CheckLinks at plan time: each link that
// does not fit the direction, and a missing one it needs, on its
// attribute, naming it and the direction. An unknown link (a reference to
// an object not made yet) counts as set.
func validateSIPTrunk(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m sipTrunkModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || m.TrunkDirection.IsUnknown() || m.TrunkDirection.IsNull() {
		return
	}
	set := [4]bool{configuredOrUnknown(m.IPACLID), configuredOrUnknown(m.CredentialID), configuredOrUnknown(m.PrimaryURIID), configuredOrUnknown(m.FallbackURIID)}
	for _, e := range trunkingrules.CheckLinks(m.TrunkDirection.ValueString(), set, sipLinkNames) {
		resp.Diagnostics.AddAttributeError(path.Root(sipLinkNames[e.Link]), "Invalid SIP trunk link", e.Err.Error()+".")
	}
}

func createSIPTrunk(ctx context.Context, c *client.Client, plan *sipTrunkModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	secure := plan.Secure.ValueBool()
	in := client.TrunkCreate{
		Name: plan.Name.ValueString(), TrunkDirection: plan.TrunkDirection.ValueString(), TrunkStatus: plan.TrunkStatus.ValueString(),
		Secure: &secure, IPACLUUID: plan.IPACLID.ValueString(), CredentialUUID: plan.CredentialID.ValueString(),
		PrimaryURIUUID: plan.PrimaryURIID.ValueString(), FallbackURIUUID: plan.FallbackURIID.ValueString(),
	}
	created, err := createSIPOrAdopt(ctx, "SIP trunk", fmt.Sprintf("name %q, %s", in.Name, in.TrunkDirection),
		func(ctx context.Context) (string, error) {
			out, err := c.CreateTrunk(ctx, in)
			if err != nil {
				return "", err
			}
			return out.TrunkID, nil
		},
		func(ctx context.Context) ([]client.Trunk, error) {
			return c.ListAllTrunks(ctx, client.TrunkFilter{TrunkDirection: in.TrunkDirection})
		},
		func(t *client.Trunk) bool {
			return t.Name == in.Name && t.TrunkDirection == in.TrunkDirection && t.TrunkStatus == in.TrunkStatus && t.Secure == secure &&
				wire.Deref(t.IPACLUUID) == in.IPACLUUID && wire.Deref(t.CredentialUUID) == in.CredentialUUID &&
				wire.Deref(t.PrimaryURIUUID) == in.PrimaryURIUUID && wire.Deref(t.FallbackURIUUID) == in.FallbackURIUUID
		},
		func(t *client.Trunk) string { return t.TrunkID })
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating SIP trunk", "SIP trunk "+plan.Name.ValueString(), err)
		return false
	}
	plan.ID = types.StringValue(created.id)
	trunk, err := c.GetTrunk(ctx, created.id)
	if err != nil {
		plan.TrunkDomain = types.StringNull()
		kit.AddAPIError(&resp.Diagnostics, "Error reading SIP trunk after create", "SIP trunk "+created.id, err)
		return true
	}
	applySIPTrunk(plan, trunk)
	return true
}

// applySIPTrunk copies what the API reports into m; an unused link is null.
func applySIPTrunk(m *sipTrunkModel, t *client.Trunk) {
	link := func(v *string) types.String {
		if v == nil {
			return types.StringNull()
		}
		return kit.StringOrNull(*v)
	}
	m.ID = types.StringValue(t.TrunkID)
	m.Name = types.StringValue(t.Name)
	m.TrunkDirection = types.StringValue(t.TrunkDirection)
	m.TrunkStatus = types.StringValue(t.TrunkStatus)
	m.Secure = types.BoolValue(t.Secure)
	m.IPACLID, m.CredentialID = link(t.IPACLUUID), link(t.CredentialUUID)
	m.PrimaryURIID, m.FallbackURIID = link(t.PrimaryURIUUID), link(t.FallbackURIUUID)
	m.TrunkDomain = types.StringValue(t.TrunkDomain)
}

func updateSIPTrunk(ctx context.Context, c *client.Client, plan, state *sipTrunkModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	in := client.TrunkUpdate{
		Name: kit.ChangedString(plan.Name, state.Name), TrunkStatus: kit.ChangedString(plan.TrunkStatus, state.TrunkStatus),
		IPACLUUID: kit.ChangedString(plan.IPACLID, state.IPACLID), CredentialUUID: kit.ChangedString(plan.CredentialID, state.CredentialID),
		PrimaryURIUUID: kit.ChangedString(plan.PrimaryURIID, state.PrimaryURIID), FallbackURIUUID: kit.ChangedString(plan.FallbackURIID, state.FallbackURIID),
	}
	if !plan.Secure.Equal(state.Secure) {
		v := plan.Secure.ValueBool()
		in.Secure = &v
	}
	if in == (client.TrunkUpdate{}) {
		return true
	}
	if err := c.UpdateTrunk(ctx, state.ID.ValueString(), in); err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating SIP trunk", "SIP trunk "+state.ID.ValueString(), err)
		return false
	}
	return true
}
