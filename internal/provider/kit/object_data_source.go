package kit

import (
	"context"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// dataReadFunc fills m from the API; an error goes to diags, and then
// nothing is saved.
type dataReadFunc[M any] func(ctx context.Context, c *client.Client, m *M, diags *diag.Diagnostics)

// readByID is the read of a data source that names one object by id: get
// it (a client method: (*client.Client).GetBrand), then apply what it
// reports. A failure names the object, what ("10DLC brand"), and its id.
func ReadByID[M, O any](what string, id func(*M) string, get func(*client.Client, context.Context, string) (*O, error), apply func(*M, *O)) dataReadFunc[M] {
	return func(ctx context.Context, c *client.Client, m *M, diags *diag.Diagnostics) {
		id := id(m)
		o, err := get(c, ctx, id)
		if err != nil {
			AddAPIError(diags, "Error reading "+what, what+" "+id, err)
			return
		}
		apply(m, o)
	}
}

// readByIDReporting is readByID for an apply that reports what converting
// the object's collections reports: into the read's diags.
func ReadByIDReporting[M, O any](what string, id func(*M) string, get func(*client.Client, context.Context, string) (*O, error),
	apply func(*M, *O, *diag.Diagnostics),
) dataReadFunc[M] {
	return func(ctx context.Context, c *client.Client, m *M, diags *diag.Diagnostics) {
		ReadByID(what, id, get, ReportingTo(diags, apply))(ctx, c, m, diags)
	}
}

// dataKind is one data source, as a value: its name, schema, read and
// checks. objectDataSource serves it as a datasource.DataSource, as
// objectResource serves an objectKind (CONTRIBUTING.md).
type DataKind[M any] struct {
	// typeName follows the provider's name: "_10dlc_brand".
	TypeName string
	// subcategory groups its page in the registry's navigation (docs.go).
	Subcategory subcategory
	Schema      func(context.Context) schema.Schema
	// read fills the model, decoded from the configuration, from the API.
	Read dataReadFunc[M]
	// Optional hooks, each the framework method of the same name.
	ValidateConfig   func(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse)
	ConfigValidators []datasource.ConfigValidator
}

// newDataSource is the constructor the provider registers for k.
func (k *DataKind[M]) NewDataSource() datasource.DataSource { return &objectDataSource[M]{kind: k} }

// objectDataSource serves a dataKind.
type objectDataSource[M any] struct {
	client *client.Client
	kind   *DataKind[M]
	// schema and rules: the kind's schema as served, and the rules taken
	// out of it to run at read (rules_at_read.go), made once.
	schemaOnce sync.Once
	schema     schema.Schema
	rules      rulesAtPlan
}

var _ interface {
	datasource.DataSourceWithConfigure
	datasource.DataSourceWithValidateConfig
	datasource.DataSourceWithConfigValidators
} = &objectDataSource[struct{}]{}

func (d *objectDataSource[M]) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + d.kind.TypeName
}

func (d *objectDataSource[M]) Schema(ctx context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = d.servedSchema(ctx)
}

func (d *objectDataSource[M]) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = configureDataSource(req, resp)
}

// ValidateConfig runs the kind's rules under `terraform validate`, and
// those of the known values of a configuration that holds a value not
// known yet, whose read may wait for the apply (rules_at_read.go).
func (d *objectDataSource[M]) ValidateConfig(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	switch {
	case !dataRulesAtRead():
		if d.kind.ValidateConfig != nil {
			d.kind.ValidateConfig(ctx, req, resp)
		}
	case !req.Config.Raw.IsFullyKnown():
		resp.Diagnostics.Append(d.staticRules(ctx, req.Config)...)
	}
}

func (d *objectDataSource[M]) ConfigValidators(context.Context) []datasource.ConfigValidator {
	if dataRulesAtRead() {
		return nil // run by ValidateConfig or Read
	}
	return d.kind.ConfigValidators
}

// Read checks the kind's rules, decodes the configuration, reads, and
// saves the result.
func (d *objectDataSource[M]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if dataRulesAtRead() {
		if resp.Diagnostics.Append(d.staticRules(ctx, req.Config)...); resp.Diagnostics.HasError() {
			return
		}
	}
	m, ok := Decode[M](ctx, req.Config, &resp.Diagnostics)
	if !ok {
		return
	}
	d.kind.Read(ctx, d.client, &m, &resp.Diagnostics)
	if !resp.Diagnostics.HasError() {
		resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
	}
}

// Attributes of data source schemas.

// requiredString is the attribute that names what to read.
func RequiredString(desc string, vs ...validator.String) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: desc, Required: true, Validators: vs}
}

func ComputedString(desc string) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: desc, Computed: true}
}

func ComputedBool(desc string) schema.BoolAttribute {
	return schema.BoolAttribute{MarkdownDescription: desc, Computed: true}
}

func ComputedInt64(desc string) schema.Int64Attribute {
	return schema.Int64Attribute{MarkdownDescription: desc, Computed: true}
}
