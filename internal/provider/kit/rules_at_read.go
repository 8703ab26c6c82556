package kit

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
)

// A data source's static rules (its attribute validators, config
// validators and ValidateConfig) run when it is read: in the plan, where
// Terraform reads a data source whose configuration is known, beside every
// resource's rules (rules_at_plan.go). At validate they would stop
// Terraform before the plan, hiding every mistake the plan finds.
//
// A data source whose configuration holds a value not known at validate
// (a reference, a variable) may be read only at apply, when the value
// comes from an object the apply makes: a mistake of what is known would
// then first show at apply, after other objects changed. Its rules of the
// known values run at validate, as before; at read the same values pass
// again, and those known since are judged. Under `terraform validate`
// every rule runs at validate, as in any provider.

// dataRulesAtRead says whether a data source's rules run when it is read:
// always, but under `terraform validate`.
func dataRulesAtRead() bool { return RulesAtPlan() }

// deferDataRules returns s without its validators, and them: all of
// them, presence rules too, since a read has every value known.
func deferDataRules(s schema.Schema) (schema.Schema, rulesAtPlan) {
	var rules rulesAtPlan
	s.Attributes = deferDataAttributes(s.Attributes, path.Empty(), &rules)
	return s, rules
}

func deferDataAttributes(attrs map[string]schema.Attribute, parent path.Path, rules *rulesAtPlan) map[string]schema.Attribute {
	out := make(map[string]schema.Attribute, len(attrs))
	for name, a := range attrs {
		at := parent.AtName(name)
		r := attrRules{at: at}
		switch v := a.(type) {
		case schema.StringAttribute:
			r.str, v.Validators = v.Validators, nil
			a = v
		case schema.Int64Attribute:
			r.i64, v.Validators = v.Validators, nil
			a = v
		case schema.BoolAttribute:
			r.boolean, v.Validators = v.Validators, nil
			a = v
		case schema.SetAttribute:
			r.set, v.Validators = v.Validators, nil
			a = v
		case schema.ListAttribute:
			r.list, v.Validators = v.Validators, nil
			a = v
		case schema.MapAttribute:
			r.mp, v.Validators = v.Validators, nil
			a = v
		case schema.SingleNestedAttribute:
			v.Attributes = deferDataAttributes(v.Attributes, at, rules)
			a = v
		case schema.ListNestedAttribute:
			r.list, v.Validators = v.Validators, nil
			var elems rulesAtPlan
			v.NestedObject.Attributes = deferDataAttributes(v.NestedObject.Attributes, path.Empty(), &elems)
			if len(elems.attrs) > 0 {
				r.elems = &elems
			}
			a = v
		}
		if !r.empty() {
			rules.attrs = append(rules.attrs, r)
		}
		out[name] = a
	}
	return out
}

// servedSchema is the schema Terraform is given.
func (d *objectDataSource[M]) servedSchema(ctx context.Context) schema.Schema {
	d.schemaOnce.Do(func() {
		d.schema = d.kind.Schema(ctx)
		if dataRulesAtRead() {
			d.schema, d.rules = deferDataRules(d.schema)
		}
	})
	return d.schema
}

// staticRules runs every rule of the data source on cfg.
func (d *objectDataSource[M]) staticRules(ctx context.Context, cfg tfsdk.Config) diag.Diagnostics {
	d.servedSchema(ctx)
	found := d.rules.static(ctx, cfg)
	for _, v := range d.kind.ConfigValidators {
		var out datasource.ValidateConfigResponse
		v.ValidateDataSource(ctx, datasource.ValidateConfigRequest{Config: cfg}, &out)
		found.Append(out.Diagnostics...)
	}
	if d.kind.ValidateConfig != nil {
		var out datasource.ValidateConfigResponse
		d.kind.ValidateConfig(ctx, datasource.ValidateConfigRequest{Config: cfg}, &out)
		found.Append(out.Diagnostics...)
	}
	return found
}
