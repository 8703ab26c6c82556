package kit

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/helpers/validatordiag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Reading a few root attributes from the raw configuration rather than
// through the framework: resolving a path or decoding the whole model goes
// through the schema (the framework copies its attribute map at every path
// step) and converts every value, once per resource and call. At N = 1,000
// endpoints those were the two largest costs of the provider's own making
// in a CPU profile (internal/cmd/bench/README.md).

// rawRootAttributes is the root object's attributes of raw, nil when raw is
// null or unknown.
func RawRootAttributes(raw tftypes.Value) map[string]tftypes.Value {
	if !raw.IsKnown() || raw.IsNull() {
		return nil
	}
	var attrs map[string]tftypes.Value
	if err := raw.As(&attrs); err != nil {
		return nil
	}
	return attrs
}

// rawString is root string attribute name of raw: set is false when it is
// null, unknown or absent.
func RawString(raw tftypes.Value, name string) (value string, set bool) {
	v, ok := RawRootAttributes(raw)[name]
	if !ok || !v.IsKnown() || v.IsNull() {
		return "", false
	}
	if err := v.As(&value); err != nil {
		return "", false
	}
	return value, true
}

// rawConfigured is whether root attribute name of raw is set: known or
// unknown, but not null.
func RawConfigured(attrs map[string]tftypes.Value, name string) bool {
	v, ok := attrs[name]
	return ok && !v.IsNull()
}

// rootConflicting is resourcevalidator.Conflicting for root attributes, with
// the same rule and diagnostic (an unknown value does not conflict yet), read
// from the raw configuration: the generic validator resolves each path
// expression against the schema and converts each value on every validation
// call (119 µs and 427 allocations a call on an endpoint configuration,
// against 0.12 µs and 2 here; BenchmarkEndpointConflictValidator).
type RootConflicting struct{ Names []string }

var _ resource.ConfigValidator = RootConflicting{}

func (v RootConflicting) Description(ctx context.Context) string { return v.MarkdownDescription(ctx) }

func (v RootConflicting) MarkdownDescription(context.Context) string {
	return fmt.Sprintf("These attributes cannot be configured together: [%s]", strings.Join(v.Names, ","))
}

func (v RootConflicting) ValidateResource(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	attrs := RawRootAttributes(req.Config.Raw)
	var configured []string
	for _, name := range v.Names {
		if a, ok := attrs[name]; ok && a.IsKnown() && !a.IsNull() {
			configured = append(configured, name)
		}
	}
	if len(configured) > 1 {
		resp.Diagnostics.Append(validatordiag.InvalidAttributeCombinationDiagnostic(path.Root(configured[0]), v.Description(ctx)))
	}
}
