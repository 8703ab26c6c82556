package kit

import (
	"context"
	"reflect"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// decode reads a plan, a state or a configuration into a model, and says
// whether it could: its own errors only, not those diags already held (a
// kind's ModifyPlan decodes after the rules' errors).
//
// A model of top-level framework values (types.String, ...) is read
// directly (decodeDirect); anything else, and every value the direct way
// does not take, goes through the framework's Get, which reports the
// errors. The framework's reflection compiles a regular expression for
// each field it reads (internal/reflect.isValidFieldName, v1.19.0): in an
// apply of 1,000 endpoints that was a tenth of the provider's own CPU.
func Decode[M any](ctx context.Context, from interface {
	Get(context.Context, any) diag.Diagnostics
}, diags *diag.Diagnostics) (M, bool) {
	var m M
	if DecodeDirect(ctx, from, &m) {
		return m, true
	}
	m = *new(M)
	d := from.Get(ctx, &m)
	diags.Append(d...)
	return m, !d.HasError()
}

// modelField is a field of a model: its attribute and its index.
type modelField struct {
	name  string
	index int
}

// modelFields caches, per model type, its fields ([]modelField), or nil
// when the type is not one decodeDirect reads.
var modelFields sync.Map

var attrValueType = reflect.TypeFor[attr.Value]()

// fieldsOf returns the fields of a model struct whose every field is
// exported, tagged with its attribute (never "-") and of a concrete type
// that is an attr.Value; nil for any other type.
func FieldsOf(t reflect.Type) []modelField {
	if cached, ok := modelFields.Load(t); ok {
		if fields, ok := cached.([]modelField); ok {
			return fields
		}
	}
	var fields []modelField
	if t.Kind() == reflect.Struct {
		for i := range t.NumField() {
			f := t.Field(i)
			tag := f.Tag.Get("tfsdk")
			if !f.IsExported() || f.Anonymous || tag == "" || tag == "-" || strings.Contains(tag, ",") ||
				f.Type.Kind() == reflect.Interface || !f.Type.Implements(attrValueType) {
				fields = nil
				break
			}
			fields = append(fields, modelField{name: tag, index: i})
		}
	}
	modelFields.Store(t, fields)
	return fields
}

// decodeDirect fills *m from the raw value of from (a tfsdk.Plan, State
// or Config) when it is a known object whose attributes are exactly the
// model's fields, each converted and validated by its type as the
// framework does, to the field's own type; a value whose own validation
// (xattr.ValidateableAttribute) would run is left to the framework. It says
// whether it read *m; on false *m may be partly set.
func DecodeDirect(ctx context.Context, from any, m any) bool {
	var raw tftypes.Value
	var typ attr.Type
	switch f := from.(type) {
	case tfsdk.Plan:
		raw, typ = f.Raw, f.Schema.Type()
	case tfsdk.State:
		raw, typ = f.Raw, f.Schema.Type()
	case tfsdk.Config:
		raw, typ = f.Raw, f.Schema.Type()
	default:
		return false
	}
	target := reflect.ValueOf(m).Elem()
	fields := FieldsOf(target.Type())
	withTypes, ok := typ.(attr.TypeWithAttributeTypes)
	if fields == nil || !ok || raw.IsNull() || !raw.IsKnown() || !raw.Type().Is(tftypes.Object{}) {
		return false
	}
	attrTypes := withTypes.AttributeTypes()
	var values map[string]tftypes.Value
	if len(attrTypes) != len(fields) || raw.As(&values) != nil || len(values) != len(fields) {
		return false
	}
	for _, f := range fields {
		at, ok := attrTypes[f.name]
		v, present := values[f.name]
		if !ok || !present {
			return false
		}
		// The framework validates with the type (Int64Type checks the
		// number fits); a value that fails is left to it to report.
		//nolint:staticcheck // xattr.TypeWithValidate is deprecated, but the framework still runs it.
		if validator, ok := at.(xattr.TypeWithValidate); ok && validator.Validate(ctx, v, path.Root(f.name)).HasError() {
			return false
		}
		res, err := at.ValueFromTerraform(ctx, v)
		if err != nil {
			return false
		}
		if _, validates := res.(xattr.ValidateableAttribute); validates {
			return false
		}
		field := target.Field(f.index)
		if reflect.TypeOf(res) != field.Type() {
			return false
		}
		field.Set(reflect.ValueOf(res))
	}
	return true
}

// save writes a model into a state, as the framework's State.Set does: a
// model decodeDirect reads is written directly (encodeDirect), anything
// else, and every value the direct way does not take, through Set, which
// reports the errors. Set's reflection (internal/reflect.FromValue, which
// compiles a regular expression per field) was two thirds of an endpoint
// create's own CPU in an apply of 1,000.
func Save(ctx context.Context, to *tfsdk.State, m any) diag.Diagnostics {
	if raw, ok := EncodeDirect(ctx, to.Schema.Type(), m); ok {
		to.Raw = raw // of the schema's own type: Set would check it again
		return nil
	}
	return to.Set(ctx, m)
}

// encodeDirect is the object value of *m (a pointer to a model
// decodeDirect reads) for typ, the schema's type: every field's value as
// the framework writes it, when each is of its attribute's type, passes
// the type's validation and has no validation of its own to run (the
// framework's Set then reports). It says whether it could.
func EncodeDirect(ctx context.Context, typ attr.Type, m any) (tftypes.Value, bool) {
	pv := reflect.ValueOf(m)
	if pv.Kind() != reflect.Pointer || pv.IsNil() {
		return tftypes.Value{}, false
	}
	source := pv.Elem()
	fields := FieldsOf(source.Type())
	withTypes, ok := typ.(attr.TypeWithAttributeTypes)
	if fields == nil || !ok {
		return tftypes.Value{}, false
	}
	attrTypes := withTypes.AttributeTypes()
	if len(attrTypes) != len(fields) {
		return tftypes.Value{}, false
	}
	values := make(map[string]tftypes.Value, len(fields))
	for _, f := range fields {
		at, ok := attrTypes[f.name]
		if !ok {
			return tftypes.Value{}, false
		}
		v, ok := source.Field(f.index).Interface().(attr.Value)
		if !ok || v == nil {
			return tftypes.Value{}, false
		}
		if _, validates := v.(xattr.ValidateableAttribute); validates || !v.Type(ctx).Equal(at) {
			return tftypes.Value{}, false
		}
		tv, err := v.ToTerraformValue(ctx)
		if err != nil {
			return tftypes.Value{}, false
		}
		// The framework validates with the type (Int64Type checks the
		// number fits); a value that fails is left to it to report.
		//nolint:staticcheck // xattr.TypeWithValidate is deprecated, but the framework still runs it.
		if validator, ok := at.(xattr.TypeWithValidate); ok && validator.Validate(ctx, tv, path.Root(f.name)).HasError() {
			return tftypes.Value{}, false
		}
		values[f.name] = tv
	}
	objType := typ.TerraformType(ctx)
	if tftypes.ValidateValue(objType, values) != nil {
		return tftypes.Value{}, false
	}
	return tftypes.NewValue(objType, values), true
}
