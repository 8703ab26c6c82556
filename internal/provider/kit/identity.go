package kit

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Resource identity (Terraform 1.12+): what names an object in the account,
// so import blocks (`import { identity = {...} }`) and list resources name
// it by its parts rather than one opaque string. Every identity attribute
// is a string attribute of the resource's state; identityFromState copies
// them, once, at the end of Create, Read and Update (deferred).

// identityAttr is one identity attribute and the state attribute it
// mirrors.
type identityAttr struct {
	Name, State, Description string
	// list: the state attribute is a list of strings, joined by commas.
	list bool
}

// stateValue reads a's value from the state.
func (a identityAttr) stateValue(ctx context.Context, state *tfsdk.State) (types.String, diag.Diagnostics) {
	if !a.list {
		// From the raw state, as objectResource reads the id: GetAttribute
		// walks and copies the schema, and this runs after every Read.
		if v, ok := RawString(state.Raw, a.State); ok {
			return types.StringValue(v), nil
		}
		return types.StringNull(), nil
	}
	var l types.List
	d := state.GetAttribute(ctx, path.Root(a.State), &l)
	if d.HasError() || l.IsNull() || l.IsUnknown() || len(l.Elements()) == 0 {
		return types.StringNull(), d
	}
	var parts []string
	d.Append(l.ElementsAs(ctx, &parts, false)...)
	return types.StringValue(strings.Join(parts, ",")), d
}

// resourceIdentity describes one resource's identity.
type ResourceIdentity []identityAttr

// schema is the identity schema: every attribute is required to import.
func (ri ResourceIdentity) schema() identityschema.Schema {
	attrs := map[string]identityschema.Attribute{}
	for _, a := range ri {
		attrs[a.Name] = identityschema.StringAttribute{RequiredForImport: true, Description: a.Description}
	}
	return identityschema.Schema{Attributes: attrs}
}

// fromState sets identity from the state, when the state names an object.
// It is deferred by Create, Read and Update so every path that saves an
// object also saves its identity.
func (ri ResourceIdentity) fromState(ctx context.Context, state *tfsdk.State, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	if identity == nil || state == nil || state.Raw.IsNull() {
		return
	}
	values := make([]types.String, len(ri))
	for i, a := range ri {
		v, d := a.stateValue(ctx, state)
		if d.HasError() || v.IsNull() || v.IsUnknown() {
			return // no object yet: nothing to name
		}
		values[i] = v
	}
	// The whole identity at once, every attribute a string: SetAttribute
	// per attribute walks the schema and the value each time, most of
	// what an endpoint's create spent on its identity.
	attrTypes := make(map[string]tftypes.Type, len(ri))
	raw := make(map[string]tftypes.Value, len(ri))
	for i, a := range ri {
		attrTypes[a.Name] = tftypes.String
		raw[a.Name] = tftypes.NewValue(tftypes.String, values[i].ValueString())
	}
	diags.Append(identity.Set(ctx, tftypes.NewValue(tftypes.Object{AttributeTypes: attrTypes}, raw))...)
}

// afterRead sets identity at the end of a Read: from the state read, or,
// when the Read found the object gone and removed it, from the prior state
// that named it. The framework refuses a Read that ends with no identity
// even when it removes the resource, and Terraform before 1.12 (or a state
// written before identity) sends none to keep.
func (ri ResourceIdentity) AfterRead(ctx context.Context, prior tfsdk.State, state *tfsdk.State, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	if state != nil && state.Raw.IsNull() {
		state = &prior
	}
	ri.fromState(ctx, state, identity, diags)
}

// importID returns the import id: the one given (terraform import, or an
// import block's id), or else the one the identity's parts make, joined by
// "/" in the identity's order (the same form as the id).
func (ri ResourceIdentity) ImportID(ctx context.Context, req resource.ImportStateRequest, diags *diag.Diagnostics) (string, bool) {
	if req.ID != "" {
		return req.ID, true
	}
	if req.Identity == nil {
		diags.AddError("Missing import id", "The import names the object by neither an id nor an identity.")
		return "", false
	}
	parts := make([]string, len(ri))
	for i, a := range ri {
		var v types.String
		diags.Append(req.Identity.GetAttribute(ctx, path.Root(a.Name), &v)...)
		if diags.HasError() {
			return "", false
		}
		if v.ValueString() == "" {
			diags.AddAttributeError(path.Root(a.Name), "Missing identity attribute",
				fmt.Sprintf("Importing by identity needs %s (%s).", a.Name, a.Description))
			return "", false
		}
		parts[i] = v.ValueString()
	}
	return strings.Join(parts, "/"), true
}

// Identities of the resources. The names are the API's own.
var (
	EndpointIdentity = ResourceIdentity{{Name: "endpoint_id", State: "id", Description: "Endpoint id (`endpoint_id`)."}}
	BrandIdentity    = ResourceIdentity{{Name: "brand_id", State: "id", Description: "10DLC brand id (`brand_id`)."}}
	CampaignIdentity = ResourceIdentity{{Name: "campaign_id", State: "id", Description: "10DLC campaign id (`campaign_id`)."}}
	// A link is the number in the campaign: "<campaign_id>/<number>".
	CampaignNumberIdentity = ResourceIdentity{
		{Name: "campaign_id", State: "campaign_id", Description: "10DLC campaign id (`campaign_id`)."},
		{Name: "number", State: "number", Description: "The linked number, digits with the country code."},
	}
	PhoneNumberIdentity    = ResourceIdentity{{Name: "number", State: "id", Description: "The number, digits with the country code."}}
	MaskingSessionIdentity = ResourceIdentity{{Name: "session_uuid", State: "id", Description: "Masking session UUID (`session_uuid`)."}}
	// A message to several destinations is one resource with one UUID per
	// destination: its identity holds them joined by commas, in the order
	// of dst, as its import id does.
	MessageIdentity = ResourceIdentity{{Name: "message_uuids", State: "message_uuids", list: true, Description: "Message UUID, or for a " +
		"message to several destinations its UUIDs (one per destination) joined by commas, in the order of `dst`."}}
)
