package provider

import (
	"context"
	"sort"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// registeredNames is the type name of everything the families register,
// by what Terraform calls the category, in the order of families.
func registeredNames(t *testing.T) map[string][]string {
	t.Helper()
	ctx := context.Background()
	names := map[string][]string{}
	for _, f := range families {
		for _, n := range f.Resources {
			var resp resource.MetadataResponse
			n().Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "cpaas"}, &resp)
			names["resource"] = append(names["resource"], resp.TypeName)
		}
		for _, n := range f.DataSources {
			var resp datasource.MetadataResponse
			n().Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "cpaas"}, &resp)
			names["data source"] = append(names["data source"], resp.TypeName)
		}
		for _, n := range f.Lists {
			var resp resource.MetadataResponse
			n().Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "cpaas"}, &resp)
			names["list resource"] = append(names["list resource"], resp.TypeName)
		}
		for _, n := range f.Ephemeral {
			var resp ephemeral.MetadataResponse
			n().Metadata(ctx, ephemeral.MetadataRequest{ProviderTypeName: "cpaas"}, &resp)
			names["ephemeral resource"] = append(names["ephemeral resource"], resp.TypeName)
		}
		for _, n := range f.Actions {
			var resp action.MetadataResponse
			n().Metadata(ctx, action.MetadataRequest{ProviderTypeName: "cpaas"}, &resp)
			names["action"] = append(names["action"], resp.TypeName)
		}
		for _, n := range f.Functions {
			var resp function.MetadataResponse
			n().Metadata(ctx, function.MetadataRequest{}, &resp)
			names["function"] = append(names["function"], resp.Name)
		}
	}
	return names
}

// Every type a family registers has a name of its own in its category,
// the provider's server serves exactly the registered types, a list
// resource lists a registered resource, and the order is the table's.
func TestFamiliesServeUniqueTypes(t *testing.T) {
	names := registeredNames(t)
	for category, list := range names {
		seen := map[string]bool{}
		for _, n := range list {
			if n == "" {
				t.Errorf("a %s registers no type name", category)
			}
			if seen[n] {
				t.Errorf("%s %s is registered twice", category, n)
			}
			seen[n] = true
		}
	}
	schema, err := NewServer("test")().GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range schema.Diagnostics {
		t.Errorf("provider schema: %s: %s", d.Summary, d.Detail)
	}
	servedNames := map[string][]string{
		"resource":           keysOf(schema.ResourceSchemas),
		"data source":        keysOf(schema.DataSourceSchemas),
		"list resource":      keysOf(schema.ListResourceSchemas),
		"ephemeral resource": keysOf(schema.EphemeralResourceSchemas),
		"action":             keysOf(schema.ActionSchemas),
		"function":           keysOf(schema.Functions),
	}
	for category, got := range servedNames {
		want := append([]string(nil), names[category]...)
		sort.Strings(want)
		if len(got) != len(want) {
			t.Errorf("%ss: served %v, registered %v", category, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%ss: served %v, registered %v", category, got, want)
				break
			}
		}
	}
	resources := map[string]bool{}
	for _, n := range names["resource"] {
		resources[n] = true
	}
	for _, n := range names["list resource"] {
		if !resources[n] {
			t.Errorf("list resource %s lists no registered resource", n)
		}
	}
	p := &CPaaSProvider{}
	if got := len(p.Resources(context.Background())); got != len(names["resource"]) || got < 20 {
		t.Errorf("Resources() serves %d types, the families register %d", got, len(names["resource"]))
	}
}

func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
