// Command schemafloor is a measuring instrument for make bench, not a
// provider for users: it serves the real provider's schema under the real
// address, but its cpaas_endpoint does no work. It calls no API, runs no
// validators or plan modifiers, and answers every resource call with the
// smallest computation that gives Terraform the same plan and the same
// state (same attributes, same sensitive paths, same private-state size)
// as the real provider.
//
// Timing Terraform with it gives the floor for this schema: what Terraform
// itself spends on N cpaas_endpoint resources. The bench prints the real
// provider against it, which separates the provider's own overhead from
// the cost of the schema's state in Terraform (terraform_data, the issue's
// baseline, has a smaller state and no sensitive attributes).
package main

import (
	"context"
	"encoding/base64"
	"fmt"
	"log"
	"strings"
	"sync/atomic"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
)

const endpointType = "cpaas_endpoint"

func main() {
	f, err := newFloor()
	if err != nil {
		log.Fatal(err)
	}
	err = tf6server.Serve("registry.terraform.io/cpaas-dev/cpaas", func() tfprotov6.ProviderServer { return f })
	if err != nil {
		log.Fatal(err)
	}
}

// newFloor wraps the real provider and takes cpaas_endpoint's type from
// its schema.
func newFloor() (*floor, error) {
	prov := providerserver.NewProtocol6(provider.New("schemafloor")())()
	resp, err := prov.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		return nil, err
	}
	s, ok := resp.ResourceSchemas[endpointType]
	if !ok {
		return nil, fmt.Errorf("schemafloor: the provider has no %s", endpointType)
	}
	typ, ok := s.ValueType().(tftypes.Object)
	if !ok {
		return nil, fmt.Errorf("schemafloor: %s is not an object", endpointType)
	}
	return &floor{ProviderServer: prov, typ: typ}, nil
}

// floor answers the resource calls of cpaas_endpoint itself and passes
// everything else (schema, provider configuration) to the real provider.
type floor struct {
	tfprotov6.ProviderServer
	typ  tftypes.Object
	next atomic.Int64
}

// computed are the attributes the API fills in.
var computed = []string{"id", "sip_username", "sip_uri", "sip_registered"}

// private has the size of the real provider's private state: the
// framework's JSON map of base64 values around a 22-character fingerprint.
var private = []byte(`{"pw":"` + base64.StdEncoding.EncodeToString([]byte(`"`+strings.Repeat("f", 22)+`"`)) + `"}`)

func (f *floor) ValidateResourceConfig(_ context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	if req.TypeName != endpointType {
		return nil, unsupported(req.TypeName)
	}
	return &tfprotov6.ValidateResourceConfigResponse{}, nil
}

func (f *floor) UpgradeResourceState(_ context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	if req.TypeName != endpointType {
		return nil, unsupported(req.TypeName)
	}
	v, err := req.RawState.UnmarshalWithOpts(f.typ, tfprotov6.UnmarshalOpts{})
	if err != nil {
		return nil, err
	}
	dv, err := tfprotov6.NewDynamicValue(f.typ, v)
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &dv}, err
}

func (f *floor) ReadResource(_ context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	if req.TypeName != endpointType {
		return nil, unsupported(req.TypeName)
	}
	return &tfprotov6.ReadResourceResponse{NewState: req.CurrentState, Private: req.Private}, nil
}

func (f *floor) PlanResourceChange(_ context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	if req.TypeName != endpointType {
		return nil, unsupported(req.TypeName)
	}
	proposed, err := req.ProposedNewState.Unmarshal(f.typ)
	if err != nil {
		return nil, err
	}
	if proposed.IsNull() { // destroy
		return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState, PlannedPrivate: req.PriorPrivate}, nil
	}
	prior, err := req.PriorState.Unmarshal(f.typ)
	if err != nil {
		return nil, err
	}
	attrs := map[string]tftypes.Value{}
	if err := proposed.As(&attrs); err != nil {
		return nil, err
	}
	attrs["password_wo"] = tftypes.NewValue(tftypes.String, nil)
	if prior.IsNull() { // create: the API fills in the computed attributes
		for _, name := range computed {
			attrs[name] = tftypes.NewValue(f.typ.AttributeTypes[name], tftypes.UnknownValue)
		}
	}
	dv, err := tfprotov6.NewDynamicValue(f.typ, tftypes.NewValue(f.typ, attrs))
	return &tfprotov6.PlanResourceChangeResponse{PlannedState: &dv, PlannedPrivate: req.PriorPrivate}, err
}

func (f *floor) ApplyResourceChange(_ context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	if req.TypeName != endpointType {
		return nil, unsupported(req.TypeName)
	}
	planned, err := req.PlannedState.Unmarshal(f.typ)
	if err != nil {
		return nil, err
	}
	if planned.IsNull() { // delete
		return &tfprotov6.ApplyResourceChangeResponse{NewState: req.PlannedState}, nil
	}
	attrs := map[string]tftypes.Value{}
	if err := planned.As(&attrs); err != nil {
		return nil, err
	}
	if !attrs["id"].IsKnown() { // create
		var username string
		if err := attrs["username"].As(&username); err != nil {
			return nil, err
		}
		n := f.next.Add(1)
		sip := fmt.Sprintf("%s%012d", username, n)
		attrs["id"] = tftypes.NewValue(tftypes.String, fmt.Sprintf("%014d", n))
		attrs["sip_username"] = tftypes.NewValue(tftypes.String, sip)
		attrs["sip_uri"] = tftypes.NewValue(tftypes.String, "sip:"+sip+"@sip.cpaas.test")
		attrs["sip_registered"] = tftypes.NewValue(tftypes.Bool, false)
	}
	dv, err := tfprotov6.NewDynamicValue(f.typ, tftypes.NewValue(f.typ, attrs))
	return &tfprotov6.ApplyResourceChangeResponse{NewState: &dv, Private: private}, err
}

func unsupported(typeName string) error {
	return fmt.Errorf("schemafloor serves only %s, not %s", endpointType, typeName)
}
