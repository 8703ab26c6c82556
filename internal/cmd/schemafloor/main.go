// Command schemafloor is a measuring instrument for make bench, not a
// provider for users: it serves the real provider's schema under the real
// address, but its cpaas_endpoint does no work. It calls no API, runs no
// validators or plan modifiers, and answers every resource call with the
// smallest computation that gives Terraform the same plan and the same
// state (same attributes, same sensitive paths, the same private state, and
// with Terraform 1.12+ the same identity) as the real provider. The bench's
// TestAccFloorKeepsTheProvidersState applies one configuration with both and
// fails if their state files' resource instances differ by one byte (but
// the digits of the ids the API makes up), and the bench itself refuses to
// report a ratio against a floor whose state differs.
//
// Timing Terraform with it gives the floor for this schema: what Terraform
// itself spends on N cpaas_endpoint resources. The bench prints the real
// provider against it, which separates the provider's own overhead from
// the cost of the schema's state in Terraform (terraform_data, the issue's
// baseline, has a smaller state and no sensitive attributes).
//
// It also serves cpaas_floor_data, a copy of terraform_data (same schema,
// same plan, same state) outside Terraform: timing it against
// terraform_data gives what Terraform spends on any resource only because
// a plugin process serves it.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"sync/atomic"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/cpuprofile"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/gctune"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
)

const (
	endpointType = "cpaas_endpoint"
	dataType     = "cpaas_floor_data"
)

// dataSchema is terraform_data's schema (Terraform 1.11).
var dataSchema = &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{Attributes: []*tfprotov6.SchemaAttribute{
	{Name: "id", Type: tftypes.String, Computed: true},
	{Name: "input", Type: tftypes.DynamicPseudoType, Optional: true},
	{Name: "output", Type: tftypes.DynamicPseudoType, Computed: true},
	{Name: "triggers_replace", Type: tftypes.DynamicPseudoType, Optional: true},
}}}

// mode is "framework" in the build of the framework floor (framework.go):
// go build -ldflags "-X main.mode=framework".
var mode string

func main() {
	// The same collector settings as the provider, so that the comparison
	// measures the provider's work and not a runtime setting.
	gctune.Apply()
	defer cpuprofile.FromEnv()()
	if mode == "framework" {
		// Served as the provider serves itself (main.go): the same server,
		// and the plugin libraries' logs off as Terraform does not read them.
		for _, v := range []string{"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_PROVIDER_CPAAS"} {
			_ = os.Setenv(v, "off")
		}
		err := tf6server.Serve("registry.terraform.io/cpaas-dev/cpaas", provider.NewServerFor(frameworkFloor{provider.New("schemafloor")()}))
		if err != nil {
			log.Fatal(err)
		}
		return
	}
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
	ids, err := prov.GetResourceIdentitySchemas(context.Background(), &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil {
		return nil, err
	}
	idTyp, err := identityType(ids.IdentitySchemas[endpointType])
	if err != nil {
		return nil, err
	}
	resp.ResourceSchemas[dataType] = dataSchema
	dataTyp, _ := dataSchema.ValueType().(tftypes.Object)
	return &floor{ProviderServer: prov, typ: typ, idTyp: idTyp, dataTyp: dataTyp, schema: resp}, nil
}

// identityAttr is the one attribute of cpaas_endpoint's identity: the
// endpoint's id, as the provider sets it from the state's id.
const identityAttr = "endpoint_id"

// identityType is the type of cpaas_endpoint's identity, which the floor
// fills as the provider does: endpoint_id is the id.
func identityType(s *tfprotov6.ResourceIdentitySchema) (tftypes.Object, error) {
	if s == nil || len(s.IdentityAttributes) != 1 || s.IdentityAttributes[0].Name != identityAttr {
		return tftypes.Object{}, fmt.Errorf("schemafloor: %s's identity is not {%s}: the floor must learn the new one", endpointType, identityAttr)
	}
	return tftypes.Object{AttributeTypes: map[string]tftypes.Type{identityAttr: s.IdentityAttributes[0].Type}}, nil
}

// identity is the identity data of the endpoint with this id.
func (f *floor) identity(id tftypes.Value) (*tfprotov6.ResourceIdentityData, error) {
	dv, err := tfprotov6.NewDynamicValue(f.idTyp, tftypes.NewValue(f.idTyp, map[string]tftypes.Value{identityAttr: id}))
	if err != nil {
		return nil, err
	}
	return &tfprotov6.ResourceIdentityData{IdentityData: &dv}, nil
}

// floor answers the resource calls of cpaas_endpoint itself and passes
// everything else (schema, provider configuration) to the real provider.
type floor struct {
	tfprotov6.ProviderServer
	typ     tftypes.Object // cpaas_endpoint's
	idTyp   tftypes.Object // cpaas_endpoint's identity
	dataTyp tftypes.Object // cpaas_floor_data's
	schema  *tfprotov6.GetProviderSchemaResponse
	next    atomic.Int64
}

func (f *floor) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return f.schema, nil
}

func (f *floor) GetMetadata(ctx context.Context, req *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	resp, err := f.ProviderServer.GetMetadata(ctx, req)
	if err == nil {
		resp.Resources = append(resp.Resources, tfprotov6.ResourceMetadata{TypeName: dataType})
	}
	return resp, err
}

// typeOf is the type of a resource the floor serves.
func (f *floor) typeOf(typeName string) (tftypes.Object, error) {
	switch typeName {
	case endpointType:
		return f.typ, nil
	case dataType:
		return f.dataTyp, nil
	}
	return tftypes.Object{}, fmt.Errorf("schemafloor serves only %s and %s, not %s", endpointType, dataType, typeName)
}

// computed are the attributes the API fills in.
var computed = []string{"id", "sip_username", "sip_uri", "sip_registered"}

// The provider keeps no private state for an endpoint (it once kept a
// password fingerprint there; the service returns no password digest to
// compare it with), so neither does the floor: what it must keep is what
// TestAccFloorKeepsTheProvidersState compares.

func (f *floor) ValidateResourceConfig(_ context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	if _, err := f.typeOf(req.TypeName); err != nil {
		return nil, err
	}
	return &tfprotov6.ValidateResourceConfigResponse{}, nil
}

func (f *floor) UpgradeResourceState(_ context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	typ, err := f.typeOf(req.TypeName)
	if err != nil {
		return nil, err
	}
	v, err := req.RawState.UnmarshalWithOpts(typ, tfprotov6.UnmarshalOpts{})
	if err != nil {
		return nil, err
	}
	dv, err := tfprotov6.NewDynamicValue(typ, v)
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &dv}, err
}

func (f *floor) ReadResource(_ context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	if _, err := f.typeOf(req.TypeName); err != nil {
		return nil, err
	}
	return &tfprotov6.ReadResourceResponse{NewState: req.CurrentState, Private: req.Private, NewIdentity: req.CurrentIdentity}, nil
}

func (f *floor) PlanResourceChange(_ context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	typ, err := f.typeOf(req.TypeName)
	if err != nil {
		return nil, err
	}
	proposed, err := req.ProposedNewState.Unmarshal(typ)
	if err != nil {
		return nil, err
	}
	if proposed.IsNull() { // destroy
		return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState, PlannedPrivate: req.PriorPrivate, PlannedIdentity: req.PriorIdentity}, nil
	}
	prior, err := req.PriorState.Unmarshal(typ)
	if err != nil {
		return nil, err
	}
	attrs := map[string]tftypes.Value{}
	if err := proposed.As(&attrs); err != nil {
		return nil, err
	}
	switch {
	case req.TypeName == dataType && prior.IsNull():
		// terraform_data plans an unknown id, and an unknown output of
		// the input's type (a null input stays null).
		attrs["id"] = tftypes.NewValue(tftypes.String, tftypes.UnknownValue)
		if in := attrs["input"]; !in.IsNull() {
			attrs["output"] = tftypes.NewValue(in.Type(), tftypes.UnknownValue)
		}
	case req.TypeName == endpointType:
		attrs["password_wo"] = tftypes.NewValue(tftypes.String, nil)
		if prior.IsNull() { // create: the API fills in the computed attributes
			for _, name := range computed {
				attrs[name] = tftypes.NewValue(typ.AttributeTypes[name], tftypes.UnknownValue)
			}
		}
	}
	dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, attrs))
	return &tfprotov6.PlanResourceChangeResponse{PlannedState: &dv, PlannedPrivate: req.PriorPrivate, PlannedIdentity: req.PriorIdentity}, err
}

func (f *floor) ApplyResourceChange(_ context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	typ, err := f.typeOf(req.TypeName)
	if err != nil {
		return nil, err
	}
	planned, err := req.PlannedState.Unmarshal(typ)
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
	if attrs["id"].IsKnown() { // nothing to create
		return &tfprotov6.ApplyResourceChangeResponse{NewState: req.PlannedState, Private: req.PlannedPrivate, NewIdentity: req.PlannedIdentity}, nil
	}
	n := f.next.Add(1)
	if req.TypeName == dataType {
		// terraform_data's id is a UUID; its output is its input.
		attrs["id"] = tftypes.NewValue(tftypes.String, fmt.Sprintf("00000000-0000-4000-8000-%012d", n))
		attrs["output"] = attrs["input"]
		dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, attrs))
		return &tfprotov6.ApplyResourceChangeResponse{NewState: &dv}, err
	}
	var username string
	if err := attrs["username"].As(&username); err != nil {
		return nil, err
	}
	sip := fmt.Sprintf("%s%012d", username, n)
	attrs["id"] = tftypes.NewValue(tftypes.String, fmt.Sprintf("%014d", n))
	attrs["sip_username"] = tftypes.NewValue(tftypes.String, sip)
	attrs["sip_uri"] = tftypes.NewValue(tftypes.String, "sip:"+sip+"@sip.cpaas.test")
	attrs["sip_registered"] = tftypes.NewValue(tftypes.Bool, false)
	dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, attrs))
	if err != nil {
		return nil, err
	}
	identity, err := f.identity(attrs["id"])
	return &tfprotov6.ApplyResourceChangeResponse{NewState: &dv, NewIdentity: identity}, err
}
