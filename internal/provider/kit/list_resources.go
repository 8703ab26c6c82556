package kit

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// List resources (Terraform 1.14+): `terraform query` finds the objects of
// the account and, with -generate-config-out, writes a resource block and
// an import block (by identity) for each. Every list names each object by
// the identity its resource imports, and with include_resource fills the
// resource data by that resource's own Read, seeded as its import is: the
// data is exactly what an import of the object reads, so the generated
// configuration plans no change after the import.

// listKind is one list resource: everything in which the list resources
// differ. listResource does the rest, the same for every kind.
type ListKind struct {
	// of is the kind of the resource listed: its type name, its identity
	// (which names each result) and its Read (which fills each result's
	// data).
	Of          listedKind
	Objects     string // what the error of a failed listing calls them: "endpoints"
	Description string // the list block's MarkdownDescription
	// filters are the list block's attributes, all optional strings; find
	// gets their values.
	Filters map[string]listschema.StringAttribute
	// find lists the objects the filters select, each named and seeded as
	// its import is.
	Find func(ctx context.Context, c *client.Client, f ListFilters) ([]ListedObject, error)
}

// listedKind is what a list resource takes from its resource's
// objectKind.
type listedKind interface {
	listing() (typeName string, identity ResourceIdentity, newResource func() resource.Resource)
}

func (k *ObjectKind[M]) listing() (string, ResourceIdentity, func() resource.Resource) {
	return k.TypeName, k.Identity, k.NewResource
}

// listFilters holds the value of each filter of a list block, "" when it
// is not set.
type ListFilters map[string]string

// listResource is every list resource, driven by its kind.
type ListResource struct {
	ListKind
	client *client.Client
}

var _ list.ListResourceWithConfigure = &ListResource{}

func (r *ListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	typeName, _, _ := r.Of.listing()
	resp.TypeName = req.ProviderTypeName + typeName
}

func (r *ListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	attrs := make(map[string]listschema.Attribute, len(r.Filters))
	for name, a := range r.Filters {
		a.Optional = true
		attrs[name] = a
	}
	resp.Schema = listschema.Schema{MarkdownDescription: r.Description, Attributes: attrs}
}

func (r *ListResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *ListResource) List(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream) {
	f := ListFilters{}
	for name := range r.Filters {
		var v types.String
		if diags := req.Config.GetAttribute(ctx, path.Root(name), &v); diags.HasError() {
			resp.Results = list.ListResultsStreamDiagnostics(diags)
			return
		}
		f[name] = v.ValueString()
	}
	r.stream(ctx, req, resp, f)
}

// listedObject is one object found: its display name and the state
// attributes its import sets (the identity is made of some of them).
type ListedObject struct {
	Name string
	Seed map[string]string
}

// stream pushes one result per object, at most req.Limit of them, then
// stops. The kind's find runs lazily, when Terraform starts reading the stream.
func (r *ListResource) stream(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream, f ListFilters) {
	resp.Results = func(push func(list.ListResult) bool) {
		objs, err := r.Find(ctx, r.client, f)
		if err != nil {
			res := list.ListResult{}
			AddAPIError(&res.Diagnostics, "Error listing "+r.Objects, "the account's "+r.Objects, err)
			push(res)
			return
		}
		for i, o := range objs {
			if req.Limit > 0 && int64(i) >= req.Limit {
				return
			}
			if !push(r.result(ctx, req, o)) {
				return
			}
		}
	}
}

// result names o by identity and, when asked, fills the resource data by
// the resource's Read of the state an import of o starts from.
func (r *ListResource) result(ctx context.Context, req list.ListRequest, o ListedObject) list.ListResult {
	res := req.NewListResult(ctx)
	res.DisplayName = o.Name
	_, identity, newResource := r.Of.listing()
	for _, a := range identity {
		res.Diagnostics.Append(res.Identity.SetAttribute(ctx, path.Root(a.Name), o.Seed[a.State])...)
	}
	if !req.IncludeResource || res.Diagnostics.HasError() {
		return res
	}
	state := tfsdk.State{Schema: req.ResourceSchema, Raw: tftypes.NewValue(req.ResourceSchema.Type().TerraformType(ctx), nil)}
	for k, v := range o.Seed {
		res.Diagnostics.Append(state.SetAttribute(ctx, path.Root(k), types.StringValue(v))...)
	}
	rs, ok := newResource().(resource.ResourceWithConfigure)
	if !ok {
		res.Diagnostics.AddError("Cannot read listed object", fmt.Sprintf("The resource of %s cannot be configured. This is a bug in the provider; please report it.", o.Name))
		return res
	}
	cr := resource.ConfigureResponse{}
	rs.Configure(ctx, resource.ConfigureRequest{ProviderData: r.client}, &cr)
	res.Diagnostics.Append(cr.Diagnostics...)
	if res.Diagnostics.HasError() {
		return res
	}
	rr := resource.ReadResponse{State: state, Identity: res.Identity}
	rs.Read(ctx, resource.ReadRequest{State: state, Identity: res.Identity}, &rr)
	res.Diagnostics.Append(rr.Diagnostics...)
	if rr.State.Raw.IsNull() && !res.Diagnostics.HasError() {
		res.Diagnostics.AddWarning("Object gone while listing", fmt.Sprintf("%s disappeared between the list and its read; it has no resource data.", o.Name))
		return res
	}
	res.Resource = &tfsdk.Resource{Schema: rr.State.Schema, Raw: rr.State.Raw}
	return res
}

// byID lists the objects found that keep accepts (all when keep is nil),
// each with its display name and the id its import takes.
func ByID[T any](all []T, err error, keep func(T) bool, named func(T) (name, id string)) ([]ListedObject, error) {
	var out []ListedObject
	for _, o := range all {
		if keep == nil || keep(o) {
			name, id := named(o)
			out = append(out, ListedObject{Name: name, Seed: map[string]string{"id": id}})
		}
	}
	return out, err
}

// idFilterRule is a list filter's id shape (tendlcrules.CheckShape) at
// plan time, worded "must be a brand id, ...".
func IdFilterRule(pattern *regexp.Regexp, words, rule string) validator.String {
	return SpecRuleWorded(stringvalidator.RegexMatches(pattern, words+rule), func(attr, v string) error {
		return tendlcrules.CheckShape(attr, v, pattern, rule)
	})
}
