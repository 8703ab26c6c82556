package main

// The framework floor: the real provider, served by
// terraform-plugin-framework as it is, with only cpaas_endpoint's work
// taken out. Its cpaas_endpoint has the real schema (attributes,
// validators, plan modifiers, identity) and calls no API: the framework
// does for it everything it does for the real resource (decoding, schema
// walks, validation, plan modification, identity), and the resource adds
// nothing. Timed against the plain floor (the no-op plugin above, which
// answers the protocol itself), it is what the framework costs for this
// schema; the real provider against it is what the provider's own code
// costs.

import (
	"context"
	"fmt"
	"sync/atomic"

	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// frameworkFloor wraps the real provider; it serves its resources but
// cpaas_endpoint.
type frameworkFloor struct {
	fwprovider.Provider
}

func (p frameworkFloor) Resources(ctx context.Context) []func() resource.Resource {
	factories := p.Provider.Resources(ctx)
	for i, factory := range factories {
		r := factory()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "cpaas"}, &meta)
		if meta.TypeName != endpointType {
			continue
		}
		var s resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &s)
		var ids resource.IdentitySchemaResponse
		if withID, ok := r.(resource.ResourceWithIdentity); ok {
			withID.IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &ids)
		}
		e := &idleEndpoint{schema: s.Schema, identity: ids.IdentitySchema, next: new(atomic.Int64)}
		factories[i] = func() resource.Resource { return e }
	}
	return factories
}

// idleEndpoint is cpaas_endpoint with the real schema and no work: a
// create makes up the attributes the API would fill in, like the plain
// floor's; read, update and delete keep what they are given.
type idleEndpoint struct {
	schema   schema.Schema
	identity identityschema.Schema
	next     *atomic.Int64
}

var _ resource.ResourceWithIdentity = &idleEndpoint{}

func (e *idleEndpoint) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = endpointType
}

func (e *idleEndpoint) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = e.schema
}

func (e *idleEndpoint) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = e.identity
}

func (e *idleEndpoint) Create(_ context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	attrs := map[string]tftypes.Value{}
	if err := req.Plan.Raw.As(&attrs); err != nil {
		resp.Diagnostics.AddError("schemafloor", err.Error())
		return
	}
	var username string
	if err := attrs["username"].As(&username); err != nil {
		resp.Diagnostics.AddError("schemafloor", err.Error())
		return
	}
	n := e.next.Add(1)
	sip := fmt.Sprintf("%s%012d", username, n)
	id := fmt.Sprintf("%014d", n)
	attrs["id"] = tftypes.NewValue(tftypes.String, id)
	attrs["sip_username"] = tftypes.NewValue(tftypes.String, sip)
	attrs["sip_uri"] = tftypes.NewValue(tftypes.String, "sip:"+sip+"@sip.cpaas.test")
	attrs["sip_registered"] = tftypes.NewValue(tftypes.Bool, false)
	attrs["password_wo"] = tftypes.NewValue(tftypes.String, nil)
	// What else the framework planned unknown (a registered device's
	// sip_contact, sip_expires, sip_user_agent) the API leaves null.
	for name, v := range attrs {
		if !v.IsKnown() {
			attrs[name] = tftypes.NewValue(v.Type(), nil)
		}
	}
	resp.State.Raw = tftypes.NewValue(req.Plan.Raw.Type(), attrs)
	if resp.Identity != nil {
		resp.Identity.Raw = tftypes.NewValue(resp.Identity.Raw.Type(), map[string]tftypes.Value{"endpoint_id": attrs["id"]})
	}
}

// Read keeps the state; like every framework resource with an identity, it
// must return one (the framework refuses a read without), which Terraform
// before 1.12 does not keep between commands.
func (e *idleEndpoint) Read(_ context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if resp.Identity == nil || !resp.Identity.Raw.IsNull() {
		return
	}
	attrs := map[string]tftypes.Value{}
	if err := req.State.Raw.As(&attrs); err != nil {
		resp.Diagnostics.AddError("schemafloor", err.Error())
		return
	}
	resp.Identity.Raw = tftypes.NewValue(resp.Identity.Raw.Type(), map[string]tftypes.Value{"endpoint_id": attrs["id"]})
}

func (e *idleEndpoint) Update(_ context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = req.Plan.Raw
}

func (e *idleEndpoint) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
