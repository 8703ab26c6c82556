package kit

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// fromState writes the identity the framework's SetAttribute, attribute by
// attribute, writes; a state that names no object yet writes none.
func TestIdentityFromStateWritesWhatSetAttributeWrites(t *testing.T) {
	ctx := context.Background()
	st := schema.Schema{Attributes: map[string]schema.Attribute{
		"id":          schema.StringAttribute{Computed: true},
		"campaign_id": schema.StringAttribute{Required: true},
		"number":      schema.StringAttribute{Required: true},
	}}
	typ := st.Type().TerraformType(ctx)
	state := func(id, campaign, number any) *tfsdk.State {
		return &tfsdk.State{Schema: st, Raw: tftypes.NewValue(typ, map[string]tftypes.Value{
			"id": tftypes.NewValue(tftypes.String, id), "campaign_id": tftypes.NewValue(tftypes.String, campaign),
			"number": tftypes.NewValue(tftypes.String, number)})}
	}
	for name, ri := range map[string]ResourceIdentity{"endpoint": EndpointIdentity, "campaign number": CampaignNumberIdentity} {
		identitySchema := ri.schema()
		nullIdentity := func() *tfsdk.ResourceIdentity {
			return &tfsdk.ResourceIdentity{Schema: identitySchema, Raw: tftypes.NewValue(identitySchema.Type().TerraformType(ctx), nil)}
		}
		s := state("C1/15551230000", "C1", "15551230000")
		got := nullIdentity()
		var diags diag.Diagnostics
		ri.fromState(ctx, s, got, &diags)
		want := nullIdentity()
		for _, a := range ri {
			v, _ := RawString(s.Raw, a.State)
			diags.Append(want.SetAttribute(ctx, path.Root(a.Name), types.StringValue(v))...)
		}
		if diags.HasError() || !got.Raw.Equal(want.Raw) {
			t.Errorf("%s: fromState = %v (%v), SetAttribute's %v", name, got.Raw, diags, want.Raw)
		}
		unnamed := nullIdentity()
		ri.fromState(ctx, state(nil, nil, nil), unnamed, &diags)
		if diags.HasError() || !unnamed.Raw.IsNull() {
			t.Errorf("%s: a state naming no object set the identity %v (%v)", name, unnamed.Raw, diags)
		}
	}
}
