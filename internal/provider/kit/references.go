package kit

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// A reference is an argument that names another object of the account by
// its id (an endpoint's app_id). When the id is known at plan, a kind's
// planWith checks that the object exists, so a reference to a missing
// object is refused before anything of the apply is created (a number
// bought, an application made) rather than by the API's reply to this
// object's create. The checks of a kind cost one listing per provider
// configuration and run (client.Listing.Exists), never a GET per resource.
type Reference struct {
	attr string // the argument: "app_id"
	what string // what it names: "application"
	// exists says whether the object of id exists.
	exists func(ctx context.Context, c *client.Client, id string) (bool, error)
	// fix says how to name one that exists, in resource names.
	fix string
	// applies, when set, says whether the argument names such an object in
	// this plan (a powerpack's application_id names an application only
	// for application_type "xml").
	Applies func(ctx context.Context, plan PlanGetter) bool
}

// planGetter is what reference.applies reads: the plan.
type PlanGetter interface {
	GetAttribute(ctx context.Context, p path.Path, target interface{}) diag.Diagnostics
}

// missingRefNote is what a reference's description says of a missing
// object; of names the resource ("endpoint").
func MissingRefNote(of string) string {
	return "An id that names no existing object is refused: the plan warns, and the apply stops before the " + of +
		" is created or changed."
}

// existsIn is reference.exists from a kind's listing.
func existsIn[T any](l *client.Listing[T]) func(ctx context.Context, c *client.Client, id string) (bool, error) {
	return func(ctx context.Context, c *client.Client, id string) (bool, error) { return l.Exists(ctx, c, "", id) }
}

// applicationRef is an argument naming one of the account's applications.
func ApplicationRef(attr string) Reference {
	return Reference{attr: attr, what: "application", exists: existsIn(client.ApplicationListing),
		fix: "create the application with cpaas_application and reference its id (" + attr + " = cpaas_application.<name>.app_id), " +
			"or use the app_id of an existing application (data source cpaas_application)"}
}

// checkReferences is a planWith that checks refs: each one whose value is
// known, set, and new (a create, or a changed value) must name an object
// that exists. A check the API cannot answer is skipped: the create
// reports the API's own words.
func CheckReferences(refs ...Reference) func(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	return func(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
		if req.Plan.Raw.IsNull() || c.IsPending() {
			return
		}
		for _, r := range refs {
			var v types.String
			at := path.Root(r.attr)
			if d := req.Plan.GetAttribute(ctx, at, &v); d.HasError() || !Known(v) || v.ValueString() == "" {
				continue
			}
			if !req.State.Raw.IsNull() {
				var prior types.String
				if d := req.State.GetAttribute(ctx, at, &prior); !d.HasError() && prior.Equal(v) {
					continue // unchanged: nothing new is referenced
				}
			}
			if r.Applies != nil && !r.Applies(ctx, req.Plan) {
				continue
			}
			ok, err := r.exists(ctx, c, v.ValueString())
			if err != nil {
				tflog.Debug(ctx, "reference not checked", map[string]any{"attribute": r.attr, "value": v.ValueString(), "error": err.Error()})
				continue
			}
			if !ok {
				resp.Diagnostics.AddAttributeError(at, "No such "+r.what,
					fmt.Sprintf("%s %q names no %s of the account; it must be the id of an existing %s. To fix it, %s.",
						r.attr, v.ValueString(), r.what, r.what, r.fix))
			}
		}
	}
}

// planWithAll runs each of checks, a kind's planWith made of several.
func PlanWithAll(checks ...func(context.Context, *client.Client, resource.ModifyPlanRequest, *resource.ModifyPlanResponse)) func(context.Context, *client.Client, resource.ModifyPlanRequest, *resource.ModifyPlanResponse) {
	return func(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
		for _, check := range checks {
			check(ctx, c, req, resp)
		}
	}
}

// idRef is an argument naming an object of the kind listed by l, created
// with the resource typ, whose id attribute is idAttr.
func IdRef[T any](attr, what, typ, idAttr string, l *client.Listing[T]) Reference {
	return Reference{attr: attr, what: what, exists: existsIn(l),
		fix: fmt.Sprintf("create the %s with %s and reference its id (%s = %s.<name>.%s), or use the id of an existing one",
			what, typ, attr, typ, idAttr)}
}
