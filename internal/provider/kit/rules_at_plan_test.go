package kit

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

type rulesModel struct {
	ID     types.String `tfsdk:"id"`
	Method types.String `tfsdk:"method"`
	Mode   types.String `tfsdk:"mode"`
	Note   types.String `tfsdk:"note"`
}

// noteOnlyInModeX is a rule of ValidateConfig over two arguments: note is
// only taken in mode "x"; the error is on note.
func noteOnlyInModeX(ctx context.Context, cfg tfsdk.Config) diag.Diagnostics {
	var m rulesModel
	diags := cfg.Get(ctx, &m)
	if !diags.HasError() && Known(m.Note) && Known(m.Mode) && m.Mode.ValueString() != "x" {
		diags.AddAttributeError(path.Root("note"), "Invalid note", "note is only taken when mode is \"x\", got mode "+m.Mode.String())
	}
	return diags
}

var rulesKind = &ObjectKind[rulesModel]{
	TypeName: "_rules", What: "rules object",
	Schema: func(context.Context) schema.Schema {
		return schema.Schema{Attributes: map[string]schema.Attribute{
			"id":     schema.StringAttribute{Computed: true},
			"method": schema.StringAttribute{Optional: true, Validators: []validator.String{stringvalidator.OneOf("GET", "POST")}},
			"mode":   schema.StringAttribute{Optional: true},
			"note":   schema.StringAttribute{Optional: true},
		}}
	},
	ValidateConfig: func(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
		resp.Diagnostics.Append(noteOnlyInModeX(ctx, req.Config)...)
	},
}

var rulesType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{
	"id": tftypes.String, "method": tftypes.String, "mode": tftypes.String, "note": tftypes.String}}

// rulesValue is an object of rulesType: its arguments from args (name,
// value pairs; a missing one is null).
func rulesValue(id string, args ...string) tftypes.Value {
	vals := map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, nil),
		"method": tftypes.NewValue(tftypes.String, nil), "mode": tftypes.NewValue(tftypes.String, nil), "note": tftypes.NewValue(tftypes.String, nil)}
	if id != "" {
		vals["id"] = tftypes.NewValue(tftypes.String, id)
	}
	for i := 0; i < len(args); i += 2 {
		vals[args[i]] = tftypes.NewValue(tftypes.String, args[i+1])
	}
	return tftypes.NewValue(rulesType, vals)
}

// A static rule at plan refuses what the configuration sets or changes,
// not what the prior object holds: a value imported (and kept, by the
// configuration or by ignore_changes, which hands the plan the state's
// value) or accepted under an older rule. A change that makes a kept value
// wrong (the mode under a kept note) is refused.
func TestRulesAtPlan_judgeWhatTheConfigurationChanges(t *testing.T) {
	ctx := context.Background()
	r := rulesKind.NewResource().(*ObjectResource[rulesModel])
	s := r.servedSchema(ctx)
	if a := s.Attributes["method"].(schema.StringAttribute); len(a.Validators) != 0 {
		t.Fatalf("the served schema keeps %d validators on method: they would run at validate", len(a.Validators))
	}
	for _, tc := range []struct {
		name   string
		prior  []string // nil: a create
		config []string
		want   []string // each error's detail holds one, in order
	}{
		{name: "create, wrong method and note", config: []string{"method", "PUT", "mode", "y", "note", "n"},
			want: []string{`value must be one of: ["GET" "POST"], got: "PUT"`, `note is only taken when mode is "x"`}},
		{name: "create, right", config: []string{"method", "GET", "mode", "x", "note", "n"}},
		{name: "imported wrong method, kept", prior: []string{"method", "PUT"}, config: []string{"method", "PUT"}},
		{name: "imported wrong method, changed to another", prior: []string{"method", "PUT"}, config: []string{"method", "DELETE"},
			want: []string{`got: "DELETE"`}},
		{name: "imported note out of mode, kept", prior: []string{"mode", "y", "note", "n"}, config: []string{"mode", "y", "note", "n"}},
		{name: "kept note, mode changed", prior: []string{"mode", "x", "note", "n"}, config: []string{"mode", "y", "note", "n"},
			want: []string{`note is only taken when mode is "x"`}},
		{name: "kept wrong method, note added out of mode", prior: []string{"method", "PUT", "mode", "y"},
			config: []string{"method", "PUT", "mode", "y", "note", "n"}, want: []string{`note is only taken when mode is "x"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state := tftypes.NewValue(rulesType, nil)
			if tc.prior != nil {
				state = rulesValue("1", tc.prior...)
			}
			req := resource.ModifyPlanRequest{
				Config: tfsdk.Config{Schema: s, Raw: rulesValue("", tc.config...)},
				Plan:   tfsdk.Plan{Schema: s, Raw: rulesValue("", tc.config...)},
				State:  tfsdk.State{Schema: s, Raw: state},
			}
			resp := resource.ModifyPlanResponse{Plan: req.Plan}
			r.ModifyPlan(ctx, req, &resp)
			errs := resp.Diagnostics.Errors()
			if len(errs) != len(tc.want) {
				t.Fatalf("%d errors, want %d: %v", len(errs), len(tc.want), errs)
			}
			for i, w := range tc.want {
				if !strings.Contains(errs[i].Detail(), w) {
					t.Errorf("error %d: %q, want one holding %q", i, errs[i].Detail(), w)
				}
			}
		})
	}
}

type rulesDataModel struct {
	Name types.String `tfsdk:"name"`
	Kind types.String `tfsdk:"kind"`
}

// A data source's rules run when it is read, not at validate, for a
// configuration known at validate; one with a value unknown at validate
// (its read may wait for the apply) keeps the rules of its known values
// at validate.
func TestRulesAtRead_dataSourceRulesRunAtRead(t *testing.T) {
	ctx := context.Background()
	reads := 0
	kind := &DataKind[rulesDataModel]{TypeName: "_rules",
		Schema: func(context.Context) dschema.Schema {
			return dschema.Schema{Attributes: map[string]dschema.Attribute{
				"name": dschema.StringAttribute{Optional: true, Validators: []validator.String{stringvalidator.LengthAtMost(3)}},
				"kind": dschema.StringAttribute{Optional: true, Validators: []validator.String{stringvalidator.OneOf("a", "b")}},
			}}
		},
		Read: func(context.Context, *client.Client, *rulesDataModel, *diag.Diagnostics) { reads++ },
	}
	d := kind.NewDataSource().(*objectDataSource[rulesDataModel])
	var sresp datasource.SchemaResponse
	d.Schema(ctx, datasource.SchemaRequest{}, &sresp)
	s := sresp.Schema
	if a := s.Attributes["name"].(dschema.StringAttribute); len(a.Validators) != 0 {
		t.Fatalf("the served schema keeps %d validators on name: they would run at validate", len(a.Validators))
	}
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String, "kind": tftypes.String}}
	cfg := func(name, kind any) tfsdk.Config {
		return tfsdk.Config{Schema: s, Raw: tftypes.NewValue(typ, map[string]tftypes.Value{
			"name": tftypes.NewValue(tftypes.String, name), "kind": tftypes.NewValue(tftypes.String, kind)})}
	}

	var v datasource.ValidateConfigResponse
	d.ValidateConfig(ctx, datasource.ValidateConfigRequest{Config: cfg("toolong", "c")}, &v)
	if v.Diagnostics.HasError() {
		t.Errorf("a known configuration is refused at validate: %v", v.Diagnostics)
	}
	v = datasource.ValidateConfigResponse{}
	d.ValidateConfig(ctx, datasource.ValidateConfigRequest{Config: cfg("toolong", tftypes.UnknownValue)}, &v)
	if n := v.Diagnostics.ErrorsCount(); n != 1 || !strings.Contains(v.Diagnostics.Errors()[0].Detail(), "length must be at most 3") {
		t.Errorf("with kind unknown at validate, the known name's rule gave %v, want its one error", v.Diagnostics)
	}

	rresp := datasource.ReadResponse{State: tfsdk.State{Schema: s, Raw: tftypes.NewValue(typ, nil)}}
	d.Read(ctx, datasource.ReadRequest{Config: cfg("toolong", "c")}, &rresp)
	if n := rresp.Diagnostics.ErrorsCount(); n != 2 || reads != 0 {
		t.Errorf("read of two mistakes: %d errors (want 2), %d reads (want none): %v", n, reads, rresp.Diagnostics)
	}
	rresp = datasource.ReadResponse{State: tfsdk.State{Schema: s, Raw: tftypes.NewValue(typ, nil)}}
	d.Read(ctx, datasource.ReadRequest{Config: cfg("abc", "a")}, &rresp)
	if rresp.Diagnostics.HasError() || reads != 1 {
		t.Errorf("read of a right configuration: %v, %d reads", rresp.Diagnostics, reads)
	}
}
