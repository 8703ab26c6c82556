package provider

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/endpoint"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// rawEndpointConfig is a cpaas_endpoint configuration with the given values of
// root attributes (the others null).
func rawEndpointConfig(t testing.TB, values map[string]tftypes.Value) tfsdk.Config {
	t.Helper()
	ctx := context.Background()
	var sresp resource.SchemaResponse
	endpoint.EndpointKind.NewResource().Schema(ctx, resource.SchemaRequest{}, &sresp)
	typ := sresp.Schema.Type().TerraformType(ctx).(tftypes.Object)
	attrs := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		attrs[name] = tftypes.NewValue(at, nil)
		if v, ok := values[name]; ok {
			attrs[name] = v
		}
	}
	return tfsdk.Config{Schema: sresp.Schema, Raw: tftypes.NewValue(typ, attrs)}
}

// The raw-configuration validator must say exactly what the framework's
// resourcevalidator.Conflicting said, for every combination of null,
// unknown and known values.
func TestRootConflicting_sameAsConflicting(t *testing.T) {
	ctx := context.Background()
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	states := map[string]tftypes.Value{
		"null":    tftypes.NewValue(tftypes.String, nil),
		"unknown": tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
		"known":   str("s3cret-ü"),
	}
	generic := resourcevalidator.Conflicting(path.MatchRoot("password"), path.MatchRoot("password_wo"))
	ours := kit.RootConflicting{Names: []string{"password", "password_wo"}}
	if got, want := ours.Description(ctx), generic.Description(ctx); got != want {
		t.Errorf("description %q, want %q", got, want)
	}
	conflicts := 0
	for pwName, pw := range states {
		for woName, wo := range states {
			config := rawEndpointConfig(t, map[string]tftypes.Value{"username": str("alice"), "password": pw, "password_wo": wo})
			req := resource.ValidateConfigRequest{Config: config}
			var want, got resource.ValidateConfigResponse
			generic.ValidateResource(ctx, req, &want)
			ours.ValidateResource(ctx, req, &got)
			if !got.Diagnostics.Equal(want.Diagnostics) {
				t.Errorf("password %s, password_wo %s: diagnostics %v, want %v", pwName, woName, got.Diagnostics, want.Diagnostics)
			}
			if want.Diagnostics.HasError() {
				conflicts++
			}
		}
	}
	if conflicts != 1 {
		t.Errorf("%d combinations conflict, want 1 (both known)", conflicts)
	}
}

func TestRawString(t *testing.T) {
	config := rawEndpointConfig(t, map[string]tftypes.Value{
		"password_wo": tftypes.NewValue(tftypes.String, "pässwörd"),
		"alias":       tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
	})
	if v, ok := kit.RawString(config.Raw, "password_wo"); !ok || v != "pässwörd" {
		t.Errorf("password_wo: %q, %v", v, ok)
	}
	for _, name := range []string{"alias", "password", "no_such_attribute"} {
		if v, ok := kit.RawString(config.Raw, name); ok {
			t.Errorf("%s: %q, want unset", name, v)
		}
	}
	attrs := kit.RawRootAttributes(config.Raw)
	if !kit.RawConfigured(attrs, "alias") || !kit.RawConfigured(attrs, "password_wo") || kit.RawConfigured(attrs, "password") {
		t.Errorf("rawConfigured: alias (unknown) and password_wo must count as configured, password (null) not")
	}
	if kit.RawRootAttributes(tftypes.NewValue(config.Raw.Type(), nil)) != nil {
		t.Error("a null configuration has attributes")
	}
}

// What the validator of password / password_wo costs per call, the
// framework's generic one against the raw-configuration one.
func BenchmarkEndpointConflictValidator(b *testing.B) {
	ctx := context.Background()
	config := rawEndpointConfig(b, map[string]tftypes.Value{
		"username":            tftypes.NewValue(tftypes.String, "alice"),
		"password_wo":         tftypes.NewValue(tftypes.String, "s3cret-pass"),
		"password_wo_version": tftypes.NewValue(tftypes.Number, 1),
		"alias":               tftypes.NewValue(tftypes.String, "Alice"),
	})
	req := resource.ValidateConfigRequest{Config: config}
	for _, v := range []struct {
		name string
		v    resource.ConfigValidator
	}{
		{"resourcevalidator.Conflicting", resourcevalidator.Conflicting(path.MatchRoot("password"), path.MatchRoot("password_wo"))},
		{"rootConflicting", kit.RootConflicting{Names: []string{"password", "password_wo"}}},
	} {
		b.Run(v.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var resp resource.ValidateConfigResponse
				v.v.ValidateResource(ctx, req, &resp)
				if resp.Diagnostics.HasError() {
					b.Fatal(resp.Diagnostics)
				}
			}
		})
	}
}
