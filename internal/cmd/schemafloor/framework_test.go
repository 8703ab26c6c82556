package main

import (
	"context"
	"reflect"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
)

// The framework floor serves the provider's own schema, all of it, and its
// cpaas_endpoint calls no API: a create with no emulator (nor any
// configured provider) makes up the API's attributes, and a read keeps the
// state and gives it an identity.
func TestFrameworkFloorServesTheRealSchemaAndDoesNoWork(t *testing.T) {
	ctx := context.Background()
	f := testFloor(t) // the real provider's schema, and value helpers
	srv := provider.NewServerFor(frameworkFloor{provider.New("test")()})()
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	providerSchemas := f.schema.ResourceSchemas
	if len(schemas.ResourceSchemas) != len(providerSchemas)-1 { // f adds cpaas_floor_data
		t.Errorf("%d resource schemas, want the provider's %d", len(schemas.ResourceSchemas), len(providerSchemas)-1)
	}
	if !reflect.DeepEqual(schemas.ResourceSchemas[endpointType], providerSchemas[endpointType]) {
		t.Errorf("cpaas_endpoint's schema differs from the provider's")
	}

	config := f.value(t, map[string]tftypes.Value{
		"username": str("bench7"), "alias": str("bench endpoint 7"), "password_wo": str("secret-password"),
		"password_wo_version": tftypes.NewValue(tftypes.Number, 1),
	})
	plan, err := srv.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: endpointType, PriorState: f.null(t), ProposedNewState: config, Config: config,
	})
	if err != nil || len(plan.Diagnostics) > 0 {
		t.Fatalf("plan: %v %v", err, plan.Diagnostics)
	}
	applied, err := srv.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: endpointType, PriorState: f.null(t), PlannedState: plan.PlannedState, Config: config,
	})
	if err != nil || len(applied.Diagnostics) > 0 {
		t.Fatalf("apply: %v %v", err, applied.Diagnostics)
	}
	state := f.attrs(t, applied.NewState)
	var id, sipUsername string
	if err := state["id"].As(&id); err != nil {
		t.Fatal(err)
	}
	if err := state["sip_username"].As(&sipUsername); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^\d{14}$`).MatchString(id) || !regexp.MustCompile(`^bench7\d{12}$`).MatchString(sipUsername) || !state["password_wo"].IsNull() {
		t.Errorf("state id %q, sip_username %q, password_wo %v", id, sipUsername, state["password_wo"])
	}
	for name, v := range state {
		if !v.IsFullyKnown() {
			t.Errorf("%s is unknown after apply: Terraform refuses that", name)
		}
	}
	if len(applied.Private) != 0 {
		t.Errorf("private state %s: the provider keeps none for an endpoint", applied.Private)
	}

	read, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: endpointType, CurrentState: applied.NewState, Private: applied.Private})
	if err != nil || len(read.Diagnostics) > 0 {
		t.Fatalf("read: %v %v", err, read.Diagnostics)
	}
	if got := f.attrs(t, read.NewState); !reflect.DeepEqual(got, state) {
		t.Errorf("read changed the state:\n%v\nwant\n%v", got, state)
	}
	if read.NewIdentity == nil || read.NewIdentity.IdentityData == nil {
		t.Error("read returned no identity: the framework refuses that")
	}
}
