package kit

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// Ephemeral resources (Terraform 1.10+): values read at each run, for
// other blocks to use, that Terraform never writes to a plan or a state (a
// subaccount's auth_token). An ephemeral resource is one value, an
// ephemeralKind, served by ephemeralObject, as a resource is an objectKind
// (CONTRIBUTING.md, "Adding an ephemeral resource").

// ephemeralKind is one ephemeral resource: its name, its schema and how it
// opens (reads its values).
type EphemeralKind[M any] struct {
	// typeName follows the provider's name: "_subaccount_credentials".
	TypeName string
	// subcategory groups its page in the registry's navigation (docs.go).
	Subcategory subcategory
	Schema      func(context.Context) schema.Schema
	// open fills m, decoded from the configuration, from the API; any
	// error goes to diags, naming what it read, never a secret.
	Open func(ctx context.Context, c *client.Client, m *M, diags *diag.Diagnostics)
	// Optional hooks, each the framework method of the same name.
	configValidators []ephemeral.ConfigValidator
}

// newEphemeralResource is the constructor the provider registers for k.
func (k *EphemeralKind[M]) NewEphemeralResource() ephemeral.EphemeralResource {
	return &ephemeralObject[M]{kind: k}
}

// ephemeralObject serves an ephemeralKind.
type ephemeralObject[M any] struct {
	client *client.Client
	kind   *EphemeralKind[M]
}

var _ interface {
	ephemeral.EphemeralResourceWithConfigure
	ephemeral.EphemeralResourceWithConfigValidators
} = &ephemeralObject[struct{}]{}

func (e *ephemeralObject[M]) Metadata(_ context.Context, req ephemeral.MetadataRequest, resp *ephemeral.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + e.kind.TypeName
}

func (e *ephemeralObject[M]) Schema(ctx context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = e.kind.Schema(ctx)
}

func (e *ephemeralObject[M]) Configure(_ context.Context, req ephemeral.ConfigureRequest, resp *ephemeral.ConfigureResponse) {
	e.client = ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (e *ephemeralObject[M]) ConfigValidators(context.Context) []ephemeral.ConfigValidator {
	return e.kind.configValidators
}

// Open decodes the configuration, reads, and hands the result to
// Terraform, which keeps it in memory for this run only.
func (e *ephemeralObject[M]) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	m, ok := Decode[M](ctx, req.Config, &resp.Diagnostics)
	if !ok {
		return
	}
	if e.client == nil {
		resp.Diagnostics.AddError("CPaaS provider not configured",
			"The provider block of this ephemeral resource has no usable configuration yet; check its auth_id, auth_token and base_url.")
		return
	}
	e.kind.Open(ctx, e.client, &m, &resp.Diagnostics)
	if !resp.Diagnostics.HasError() {
		resp.Diagnostics.Append(resp.Result.Set(ctx, &m)...)
	}
}

// Attributes of ephemeral resource schemas.

func EphemeralRequiredString(desc string, vs ...validator.String) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: desc, Required: true, Validators: vs}
}

func EphemeralComputedString(desc string, sensitive bool) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: desc, Computed: true, Sensitive: sensitive}
}
