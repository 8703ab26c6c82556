package main

import (
	"context"
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func testFloor(t *testing.T) *floor {
	t.Helper()
	f, err := newFloor()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *floor) value(t *testing.T, attrs map[string]tftypes.Value) *tfprotov6.DynamicValue {
	t.Helper()
	full := map[string]tftypes.Value{}
	for name, typ := range f.typ.AttributeTypes {
		full[name] = tftypes.NewValue(typ, nil)
	}
	for k, v := range attrs {
		full[k] = v
	}
	dv, err := tfprotov6.NewDynamicValue(f.typ, tftypes.NewValue(f.typ, full))
	if err != nil {
		t.Fatal(err)
	}
	return &dv
}

func (f *floor) null(t *testing.T) *tfprotov6.DynamicValue {
	t.Helper()
	dv, err := tfprotov6.NewDynamicValue(f.typ, tftypes.NewValue(f.typ, nil))
	if err != nil {
		t.Fatal(err)
	}
	return &dv
}

func (f *floor) attrs(t *testing.T, dv *tfprotov6.DynamicValue) map[string]tftypes.Value {
	t.Helper()
	v, err := dv.Unmarshal(f.typ)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]tftypes.Value{}
	if err := v.As(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

func str(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }

// The floor must give Terraform what the real provider gives it: a create
// plan with the API's attributes unknown and the write-only password null,
// then a state with them filled in the API's formats, no private state,
// the identity, and a read and a destroy that keep or drop it.
func TestFloorCreateReadDestroyLikeTheProvider(t *testing.T) {
	ctx := context.Background()
	f := testFloor(t)
	config := f.value(t, map[string]tftypes.Value{
		"username": str("bench7"), "alias": str("bench endpoint 7"), "password_wo": str("secret-password"),
		"password_wo_version": tftypes.NewValue(tftypes.Number, 1),
	})
	plan, err := f.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: endpointType, PriorState: f.null(t), ProposedNewState: config, Config: config,
	})
	if err != nil {
		t.Fatal(err)
	}
	planned := f.attrs(t, plan.PlannedState)
	for _, name := range computed {
		if planned[name].IsKnown() {
			t.Errorf("planned %s = %v, want unknown", name, planned[name])
		}
	}
	if !planned["password_wo"].IsNull() {
		t.Errorf("planned password_wo = %v, want null", planned["password_wo"])
	}

	applied, err := f.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: endpointType, PriorState: f.null(t), PlannedState: plan.PlannedState, Config: config,
	})
	if err != nil {
		t.Fatal(err)
	}
	state := f.attrs(t, applied.NewState)
	var id, sipUsername, sipURI string
	var registered bool
	for name, dst := range map[string]any{"id": &id, "sip_username": &sipUsername, "sip_uri": &sipURI, "sip_registered": &registered} {
		if err := state[name].As(dst); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if !regexp.MustCompile(`^\d{14}$`).MatchString(id) || !regexp.MustCompile(`^bench7\d{12}$`).MatchString(sipUsername) ||
		sipURI != "sip:"+sipUsername+"@sip.cpaas.test" || registered {
		t.Errorf("state id %q, sip_username %q, sip_uri %q, sip_registered %v", id, sipUsername, sipURI, registered)
	}
	if len(applied.Private) != 0 {
		t.Errorf("private state %s: the provider keeps none for an endpoint", applied.Private)
	}
	if applied.NewIdentity == nil {
		t.Fatal("no identity: the provider gives one (Terraform 1.12+ keeps it)")
	}
	identity, err := applied.NewIdentity.IdentityData.Unmarshal(f.idTyp)
	if err != nil {
		t.Fatal(err)
	}
	if want := tftypes.NewValue(f.idTyp, map[string]tftypes.Value{identityAttr: state["id"]}); !identity.Equal(want) {
		t.Errorf("identity %v, want %v", identity, want)
	}

	read, err := f.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: endpointType, CurrentState: applied.NewState, Private: applied.Private})
	if err != nil {
		t.Fatal(err)
	}
	if got := f.attrs(t, read.NewState); !got["id"].Equal(state["id"]) || string(read.Private) != string(applied.Private) {
		t.Errorf("read changed the state: %v, private %s", got, read.Private)
	}

	destroy, err := f.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: endpointType, PriorState: applied.NewState, ProposedNewState: f.null(t), Config: f.null(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	gone, err := f.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: endpointType, PriorState: applied.NewState, PlannedState: destroy.PlannedState,
	})
	if err != nil {
		t.Fatal(err)
	}
	if v, err := gone.NewState.Unmarshal(f.typ); err != nil || !v.IsNull() {
		t.Errorf("state after destroy = %v (%v), want null", v, err)
	}
}

func TestFloorServesOnlyItsTwoResources(t *testing.T) {
	f := testFloor(t)
	if _, err := f.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: "cpaas_phone_number"}); err == nil {
		t.Fatal("ReadResource of cpaas_phone_number: want an error")
	}
	schema, err := f.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if schema.ResourceSchemas[endpointType] == nil || schema.ResourceSchemas[dataType] == nil {
		t.Fatalf("schema lists %d resources, want %s and %s among them", len(schema.ResourceSchemas), endpointType, dataType)
	}
	meta, err := f.GetMetadata(context.Background(), &tfprotov6.GetMetadataRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(meta.Resources, func(r tfprotov6.ResourceMetadata) bool { return r.TypeName == dataType }) {
		t.Errorf("metadata does not list %s: %v", dataType, meta.Resources)
	}
}

// cpaas_floor_data behaves as terraform_data does: a create plans an
// unknown id and an unknown output of the input's type, the apply sets a
// UUID-sized id and copies the input to the output, and a plan of the
// applied state changes nothing.
func TestFloorDataLikeTerraformData(t *testing.T) {
	ctx := context.Background()
	f := testFloor(t)
	dyn := func(attrs map[string]tftypes.Value) *tfprotov6.DynamicValue {
		full := map[string]tftypes.Value{}
		for name := range f.dataTyp.AttributeTypes {
			full[name] = tftypes.NewValue(tftypes.DynamicPseudoType, nil)
		}
		full["id"] = tftypes.NewValue(tftypes.String, nil)
		for k, v := range attrs {
			full[k] = v
		}
		dv, err := tfprotov6.NewDynamicValue(f.dataTyp, tftypes.NewValue(f.dataTyp, full))
		if err != nil {
			t.Fatal(err)
		}
		return &dv
	}
	attrs := func(dv *tfprotov6.DynamicValue) map[string]tftypes.Value {
		v, err := dv.Unmarshal(f.dataTyp)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]tftypes.Value{}
		if err := v.As(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	null, err := tfprotov6.NewDynamicValue(f.dataTyp, tftypes.NewValue(f.dataTyp, nil))
	if err != nil {
		t.Fatal(err)
	}
	config := dyn(map[string]tftypes.Value{"input": str("item-3")})
	plan, err := f.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: dataType, PriorState: &null, ProposedNewState: config, Config: config,
	})
	if err != nil {
		t.Fatal(err)
	}
	planned := attrs(plan.PlannedState)
	if planned["id"].IsKnown() || planned["output"].IsKnown() || !planned["output"].Type().Equal(tftypes.String) {
		t.Errorf("planned id %v, output %v: want both unknown, the output a string", planned["id"], planned["output"])
	}
	applied, err := f.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: dataType, PriorState: &null, PlannedState: plan.PlannedState, Config: config,
	})
	if err != nil {
		t.Fatal(err)
	}
	state := attrs(applied.NewState)
	var id, output string
	if err := state["id"].As(&id); err != nil || len(id) != 36 {
		t.Errorf("id %q (%v): want 36 characters, a UUID's", id, err)
	}
	if err := state["output"].As(&output); err != nil || output != "item-3" {
		t.Errorf("output %q (%v), want the input item-3", output, err)
	}
	again, err := f.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: dataType, PriorState: applied.NewState, ProposedNewState: applied.NewState, Config: config,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := attrs(again.PlannedState); !got["id"].Equal(state["id"]) || !got["output"].Equal(state["output"]) {
		t.Errorf("a plan of the applied state changed it: %v", got)
	}
}

// A state written by the real provider upgrades unchanged.
func TestFloorUpgradesAStateFile(t *testing.T) {
	f := testFloor(t)
	raw := `{"alias":"a","app_id":null,"id":"12848535246423","password":null,"password_wo":null,"password_wo_version":1,` +
		`"sip_registered":false,"sip_uri":"sip:bench0860499285604@sip.cpaas.test","sip_username":"bench0860499285604","username":"bench0"}`
	resp, err := f.UpgradeResourceState(context.Background(), &tfprotov6.UpgradeResourceStateRequest{
		TypeName: endpointType, RawState: &tfprotov6.RawState{JSON: []byte(raw)},
	})
	if err != nil {
		t.Fatal(err)
	}
	var id string
	if err := f.attrs(t, resp.UpgradedState)["id"].As(&id); err != nil || id != "12848535246423" {
		t.Fatalf("upgraded id %q (%v)", id, err)
	}
}
