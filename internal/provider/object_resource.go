package provider

import (
	"context"
	"errors"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// objectKind is what makes one API object a resource: its name, its
// identity, and how to read, delete and import it by id. objectResource
// turns it into the Metadata, Configure, IdentitySchema, Read, Delete and
// ImportState every resource has, so a resource writes only its Schema,
// Create and Update (CONTRIBUTING.md).
type objectKind[M any] struct {
	// typeName follows the provider's name: "_10dlc_brand".
	typeName string
	// what names the object in messages: "10DLC brand".
	what     string
	identity resourceIdentity
	// id is the object's id in a state; nil reads the id attribute.
	id func(*M) string
	// refresh reads object id into m. client.ErrNotFound or errGone
	// removes the resource from the state.
	refresh refreshFunc[M]
	// remove deletes the object (a client method: (*client.Client).DeleteBrand);
	// client.ErrNotFound counts as done. nil when the resource writes its
	// own Delete (a 10DLC number link waits for the operators' unlink).
	remove func(c *client.Client, ctx context.Context, id string) error
	// removing is the verb of remove in messages; "" is "deleting".
	removing string
	// importAs checks an import id and returns the attributes it sets
	// besides id, or what is wrong with the id: the diagnostic's detail, in
	// sentences (a string, not an error: Go's error strings are not
	// sentences). nil takes any id.
	importAs func(id string) (attrs map[string]string, problem string)
}

// idIn is the id of the object a state (decoded into m) names. It reads
// the raw state: the framework's GetAttribute walks and copies the schema
// on every call, which a refresh of 1,000 endpoints pays 1,000 times.
func (k *objectKind[M]) idIn(state tfsdk.State, m *M) string {
	if k.id != nil {
		return k.id(m)
	}
	id, _ := rawString(state.Raw, "id")
	return id
}

// importIDMatching is the importAs of a kind whose import id is its id,
// of the form pattern matches: "a brand id", rule says the form.
func importIDMatching(pattern *regexp.Regexp, what, rule string) func(string) (map[string]string, string) {
	return func(id string) (map[string]string, string) {
		if !pattern.MatchString(id) {
			return nil, fmt.Sprintf("import id %q must be %s, %s.", id, what, rule)
		}
		return nil, ""
	}
}

// errGone is a refresh's answer for an object that exists but is over (an
// expired session, a failed link): the resource leaves the state, and the
// next plan creates it again.
var errGone = errors.New("object is gone")

// refreshFunc reads object id into m; req gives a Read's private state.
type refreshFunc[M any] func(ctx context.Context, c *client.Client, id string, m *M, req resource.ReadRequest, diags *diag.Diagnostics) error

// readBy is the refresh of a kind whose object one call reads: get (a
// client method: (*client.Client).GetBrand), then apply what it reports.
func readBy[M, O any](get func(*client.Client, context.Context, string) (*O, error), apply func(*M, *O)) refreshFunc[M] {
	return func(ctx context.Context, c *client.Client, id string, m *M, _ resource.ReadRequest, _ *diag.Diagnostics) error {
		o, err := get(c, ctx, id)
		if err == nil {
			apply(m, o)
		}
		return err
	}
}

// objectResource is the shared part of every resource of one API object.
// A resource embeds it, with kind set by its constructor.
type objectResource[M any] struct {
	client *client.Client
	kind   *objectKind[M]
}

func (r *objectResource[M]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + r.kind.typeName
}

func (r *objectResource[M]) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = configureResource(req, resp)
}

func (r *objectResource[M]) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = r.kind.identity.schema()
}

// Read refreshes the object; one that is gone leaves the state.
func (r *objectResource[M]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer r.kind.identity.afterRead(ctx, req.State, &resp.State, resp.Identity, &resp.Diagnostics)
	state, ok := decode[M](ctx, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	id := r.kind.idIn(req.State, &state)
	err := r.kind.refresh(ctx, r.client, id, &state, req, &resp.Diagnostics)
	switch {
	case errors.Is(err, client.ErrNotFound) || errors.Is(err, errGone):
		tflog.Debug(ctx, r.kind.what+" no longer exists; removing it from the state", map[string]any{"id": id})
		resp.State.RemoveResource(ctx)
	case err != nil:
		addAPIError(&resp.Diagnostics, "Error reading "+r.kind.what, r.kind.what+" "+id, err)
	case !resp.Diagnostics.HasError():
		resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
	}
}

// Delete removes the object; one already gone is no error.
func (r *objectResource[M]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	state, ok := decode[M](ctx, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	id := r.kind.idIn(req.State, &state)
	if err := r.kind.remove(r.client, ctx, id); err != nil && !errors.Is(err, client.ErrNotFound) {
		verb := r.kind.removing
		if verb == "" {
			verb = "deleting"
		}
		addAPIError(&resp.Diagnostics, "Error "+verb+" "+r.kind.what, r.kind.what+" "+id, err)
	}
}

// ImportState takes the id, or the identity's parts joined by "/".
func (r *objectResource[M]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	id, ok := r.kind.identity.importID(ctx, req, &resp.Diagnostics)
	if !ok {
		return
	}
	var attrs map[string]string
	if r.kind.importAs != nil {
		var problem string
		if attrs, problem = r.kind.importAs(id); problem != "" {
			resp.Diagnostics.AddError("Invalid import id", problem)
			return
		}
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), id)...)
	for name, v := range attrs {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(name), v)...)
	}
}

// recordPlan is the Update of arguments that call no API (waits, timeouts,
// callback settings the API takes at create only): the plan becomes the
// state.
func (r *objectResource[M]) recordPlan(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer r.saveIdentity(ctx, &resp.State, resp.Identity, &resp.Diagnostics)
	if plan, ok := decode[M](ctx, req.Plan, &resp.Diagnostics); ok {
		resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
	}
}

// saveIdentity is deferred by Create and Update, so every path that saves
// an object saves its identity too.
func (r *objectResource[M]) saveIdentity(ctx context.Context, state *tfsdk.State, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	r.kind.identity.fromState(ctx, state, identity, diags)
}

// decode reads a plan, a state or a configuration into a model, and says
// whether it could.
func decode[M any](ctx context.Context, from interface {
	Get(context.Context, any) diag.Diagnostics
}, diags *diag.Diagnostics) (M, bool) {
	var m M
	diags.Append(from.Get(ctx, &m)...)
	return m, !diags.HasError()
}
