package provider

import (
	"context"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/endpoint"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// endpointPlans are plans of an endpoint with every attribute known, null
// or unknown in turn.
func endpointPlans(t testing.TB) map[string]tfsdk.Plan {
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	known := map[string]tftypes.Value{
		"id": str("12345678901234"), "username": str("alice"), "password": str("s3cret-ü"), "password_wo": str("wo"),
		"password_wo_version": tftypes.NewValue(tftypes.Number, 3), "alias": str("Alice ü"), "app_id": str("77"),
		"sip_username": str("alice123456789012"), "sip_uri": str("sip:alice123456789012@sip.cpaas.test"),
		"sip_registered": tftypes.NewValue(tftypes.Bool, true), "sip_contact": str("sip:a@b"), "sip_expires": str("2026-01-02 03:04:05"),
		"sip_user_agent": str("phone"),
	}
	plans := map[string]tfsdk.Plan{}
	base := rawEndpointConfig(t, known)
	plans["known"] = tfsdk.Plan(base)
	typ := base.Raw.Type().(tftypes.Object)
	for _, fill := range []struct {
		name string
		v    func(tftypes.Type) tftypes.Value
	}{
		{"null", func(at tftypes.Type) tftypes.Value { return tftypes.NewValue(at, nil) }},
		{"unknown", func(at tftypes.Type) tftypes.Value { return tftypes.NewValue(at, tftypes.UnknownValue) }},
	} {
		mixed := map[string]tftypes.Value{}
		i := 0
		for name, at := range typ.AttributeTypes {
			mixed[name] = known[name]
			if i%2 == 0 {
				mixed[name] = fill.v(at)
			}
			i++
		}
		plans["half "+fill.name] = tfsdk.Plan{Schema: base.Schema, Raw: tftypes.NewValue(typ, mixed)}
		all := map[string]tftypes.Value{}
		for name, at := range typ.AttributeTypes {
			all[name] = fill.v(at)
		}
		plans["all "+fill.name] = tfsdk.Plan{Schema: base.Schema, Raw: tftypes.NewValue(typ, all)}
	}
	return plans
}

// decode reads exactly what the framework's Get reads, and reads a model
// of framework values directly.
func TestDecodeReadsWhatTheFrameworkReads(t *testing.T) {
	ctx := context.Background()
	for name, plan := range endpointPlans(t) {
		var want endpoint.EndpointModel
		if d := plan.Get(ctx, &want); d.HasError() {
			t.Fatalf("%s: framework: %v", name, d)
		}
		var direct endpoint.EndpointModel
		if !kit.DecodeDirect(ctx, plan, &direct) {
			t.Errorf("%s: the endpoint's model was not read directly", name)
		}
		var diags diag.Diagnostics
		got, ok := kit.Decode[endpoint.EndpointModel](ctx, plan, &diags)
		if !ok || diags.HasError() || !reflect.DeepEqual(got, want) || !reflect.DeepEqual(direct, want) {
			t.Errorf("%s: decode = %+v (%v), direct %+v, framework %+v", name, got, diags, direct, want)
		}
		state := tfsdk.State(plan)
		if got, ok := kit.Decode[endpoint.EndpointModel](ctx, state, &diags); !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: decode of the state = %+v", name, got)
		}
	}
}

// What decodeDirect does not take, the framework reads, errors included.
func TestDecodeLeavesTheRestToTheFramework(t *testing.T) {
	ctx := context.Background()
	plan := endpointPlans(t)["known"]
	// A model whose fields miss an attribute: the framework's error.
	type partial struct {
		ID types.String `tfsdk:"id"`
	}
	var diags diag.Diagnostics
	if _, ok := kit.Decode[partial](ctx, plan, &diags); ok || !diags.HasError() {
		t.Errorf("a model missing attributes decoded: %v", diags)
	}
	var frameworkPartial partial
	// (The framework lists the missing fields in map order: compare the summaries.)
	if want := plan.Get(ctx, &frameworkPartial); len(diags) != len(want) || diags[0].Summary() != want[0].Summary() {
		t.Errorf("errors %v, the framework's %v", diags, want)
	}
	// A field of a Go type, not a framework value: read by the framework.
	type goTypes struct {
		endpoint.EndpointModel
	}
	if kit.FieldsOf(reflect.TypeFor[goTypes]()) != nil {
		t.Error("a model with an embedded struct is read directly")
	}
	type plainString struct {
		ID       string       `tfsdk:"id"`
		Username types.String `tfsdk:"username"`
	}
	if kit.FieldsOf(reflect.TypeFor[plainString]()) != nil {
		t.Error("a model with a string field is read directly")
	}
	// A null plan (a delete): the framework's error, not a zero model.
	null := tfsdk.Plan{Schema: plan.Schema, Raw: tftypes.NewValue(plan.Raw.Type(), nil)}
	var m endpoint.EndpointModel
	if kit.DecodeDirect(ctx, null, &m) {
		t.Error("a null plan was read directly")
	}
}

// What reading an endpoint's plan costs: decode against the framework's
// Get (which compiles a regular expression per field).
func BenchmarkDecodeEndpointPlan(b *testing.B) {
	ctx := context.Background()
	plan := endpointPlans(b)["half unknown"]
	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var diags diag.Diagnostics
			if _, ok := kit.Decode[endpoint.EndpointModel](ctx, plan, &diags); !ok {
				b.Fatal(diags)
			}
		}
	})
	b.Run("framework Get", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var m endpoint.EndpointModel
			if d := plan.Get(ctx, &m); d.HasError() {
				b.Fatal(d)
			}
		}
	})
}

// save writes exactly what the framework's Set writes, and writes a model
// of framework values directly.
func TestSaveWritesWhatTheFrameworkWrites(t *testing.T) {
	ctx := context.Background()
	for name, plan := range endpointPlans(t) {
		var m endpoint.EndpointModel
		if d := plan.Get(ctx, &m); d.HasError() {
			t.Fatalf("%s: framework: %v", name, d)
		}
		want := tfsdk.State{Schema: plan.Schema}
		if d := want.Set(ctx, &m); d.HasError() {
			t.Fatalf("%s: framework: %v", name, d)
		}
		if _, ok := kit.EncodeDirect(ctx, plan.Schema.Type(), &m); !ok {
			t.Errorf("%s: the endpoint's model was not written directly", name)
		}
		got := tfsdk.State{Schema: plan.Schema}
		if d := kit.Save(ctx, &got, &m); d.HasError() || !got.Raw.Equal(want.Raw) {
			t.Errorf("%s: save = %v (%v), framework %v", name, got.Raw, d, want.Raw)
		}
	}
}

// What encodeDirect does not take, the framework writes, errors included.
func TestSaveLeavesTheRestToTheFramework(t *testing.T) {
	ctx := context.Background()
	schema := endpointPlans(t)["known"].Schema
	type partial struct {
		ID types.String `tfsdk:"id"`
	}
	st := tfsdk.State{Schema: schema}
	if d := kit.Save(ctx, &st, &partial{ID: types.StringValue("1")}); !d.HasError() {
		t.Error("a model missing attributes was saved")
	}
	// A field of another type than its attribute's: the framework's error.
	var m endpoint.EndpointModel
	if d := endpointPlans(t)["known"].Get(ctx, &m); d.HasError() {
		t.Fatal(d)
	}
	type wrongType struct {
		endpoint.EndpointModel
	}
	if _, ok := kit.EncodeDirect(ctx, schema.Type(), &wrongType{m}); ok {
		t.Error("a model with an embedded struct was written directly")
	}
	if _, ok := kit.EncodeDirect(ctx, schema.Type(), m); ok {
		t.Error("a model that is not a pointer was written directly")
	}
}

// What saving an endpoint's state costs: save against the framework's Set
// (which compiles a regular expression per field).
func BenchmarkSaveEndpointState(b *testing.B) {
	ctx := context.Background()
	plan := endpointPlans(b)["half unknown"]
	var m endpoint.EndpointModel
	if d := plan.Get(ctx, &m); d.HasError() {
		b.Fatal(d)
	}
	b.Run("save", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			st := tfsdk.State{Schema: plan.Schema}
			if d := kit.Save(ctx, &st, &m); d.HasError() {
				b.Fatal(d)
			}
		}
	})
	b.Run("framework Set", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			st := tfsdk.State{Schema: plan.Schema}
			if d := st.Set(ctx, &m); d.HasError() {
				b.Fatal(d)
			}
		}
	})
}
