package kit

import (
	"context"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/runmode"
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

// PlanGetter is what reference.applies reads: the plan (or, for the
// check's own reading of the prior value, the state).
type PlanGetter interface {
	GetAttribute(ctx context.Context, p path.Path, target interface{}) diag.Diagnostics
}

// MissingRefNote is what a reference's description says of a missing
// object; of names the resource ("endpoint"). It says what ModifyPlan
// does with the check's error (object_resource.go): an error at plan for
// an object that exists, a warning for one to be created, refused by the
// create (checkAtApply).
func MissingRefNote(of string) string {
	return "An id that names no existing object is an error of `terraform plan` and `terraform apply`, on this argument, and nothing " +
		"is created. `terraform destroy` only warns of it (its first plan asks for every configured " + of + ", and must not stop): " +
		"a failed apply never blocks a destroy. Where the provider cannot tell which command runs (it reads the command line of " +
		"the Terraform process that started it), the plan of a " + of + " to be created warns too, and the apply stops before it " +
		"is created."
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
// that exists. A list or set argument (a compliance application's
// document_ids) has each of its elements checked, and a missing one is
// named by its path (document_ids[1]); an element the state already held
// is not new. A check the API cannot answer is skipped: the create
// reports the API's own words.
func CheckReferences(refs ...Reference) func(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	return func(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
		if req.Plan.Raw.IsNull() || c.IsPending() {
			return
		}
		for _, r := range refs {
			at := path.Root(r.attr)
			planned := referenced(ctx, req.Plan, at)
			if len(planned) == 0 {
				continue
			}
			var prior []namedID
			if !req.State.Raw.IsNull() {
				prior = referenced(ctx, req.State, at)
			}
			if r.Applies != nil && !r.Applies(ctx, req.Plan) {
				continue
			}
			for _, id := range planned {
				if slices.ContainsFunc(prior, func(p namedID) bool { return p.value == id.value }) {
					continue // unchanged: nothing new is referenced
				}
				ok, err := r.exists(ctx, c, id.value)
				if err != nil {
					tflog.Debug(ctx, "reference not checked", map[string]any{"attribute": id.name, "value": id.value, "error": err.Error()})
					continue
				}
				if !ok {
					resp.Diagnostics.AddAttributeError(id.at, "No such "+r.what,
						fmt.Sprintf("%s %q names no %s of the account; it must be the id of an existing %s. To fix it, %s.",
							id.name, id.value, r.what, r.what, r.fix))
				}
			}
		}
	}
}

// namedID is one id a reference holds: its value, its path and how a
// message names that path (app_id, document_ids[1]).
type namedID struct {
	at          path.Path
	name, value string
}

// referenced is the known, non-empty ids the argument at holds in v (a
// plan or a state): its value, or each element of a list or set.
func referenced(ctx context.Context, v PlanGetter, at path.Path) []namedID {
	name := at.String()
	one := func(p path.Path, n string, s types.String) []namedID {
		if !Known(s) || s.ValueString() == "" {
			return nil
		}
		return []namedID{{at: p, name: n, value: s.ValueString()}}
	}
	var s types.String
	if d := v.GetAttribute(ctx, at, &s); !d.HasError() {
		return one(at, name, s)
	}
	var out []namedID
	var l types.List
	if d := v.GetAttribute(ctx, at, &l); !d.HasError() {
		if !Known(l) {
			return nil
		}
		for i, el := range l.Elements() {
			if e, ok := el.(types.String); ok {
				out = append(out, one(at.AtListIndex(i), fmt.Sprintf("%s[%d]", name, i), e)...)
			}
		}
		return out
	}
	var set types.Set
	if d := v.GetAttribute(ctx, at, &set); !d.HasError() && Known(set) {
		for _, el := range set.Elements() {
			if e, ok := el.(types.String); ok {
				out = append(out, one(at.AtSetValue(e), fmt.Sprintf("%s[%q]", name, e.ValueString()), e)...)
			}
		}
	}
	return out
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

// ComplianceApplicationRef is an argument naming an application of either
// compliance family a number may be rented against: a
// cpaas_phone_number_compliance (India; client.ComplianceListing) or a
// cpaas_compliance_application (client.ComplianceApplicationListing).
func ComplianceApplicationRef(attr string) Reference {
	older, newer := existsIn(client.ComplianceListing), existsIn(client.ComplianceApplicationListing)
	return Reference{attr: attr, what: "compliance application",
		exists: func(ctx context.Context, c *client.Client, id string) (bool, error) {
			ok, err := older(ctx, c, id)
			if ok {
				return true, nil
			}
			ok2, err2 := newer(ctx, c, id)
			if ok2 || err2 != nil {
				return ok2, err2
			}
			return false, err // missing from both, unless the first could not tell
		},
		fix: fmt.Sprintf("reference the id of an accepted application: a cpaas_phone_number_compliance for India (%[1]s = "+
			"cpaas_phone_number_compliance.<name>.id) or a cpaas_compliance_application for the other regulated countries "+
			"(%[1]s = cpaas_compliance_application.<name>.id), or use the id of an existing one", attr)}
}

// PlanCheck is a check of the API at plan (a kind's PlanWith, a
// CheckReferences).
type PlanCheck = func(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse)

// CheckAtPlan runs check at plan for a resource whose plans are what
// names (an ObjectResource's kind, the message), adding what it finds to
// resp. An object that exists gets errors: a replacement deletes before it
// creates, so an apply-time refusal of the create would come after the
// object was gone. An object not created yet (a failed apply left none),
// in a run that may be `terraform destroy` (its first plan asks for every
// configured object; runmode reads the CLI's command line), gets warnings,
// so the destroy goes on, and the create refuses it (CheckAtApply). A plan
// or apply the CLI's command line shows is not a destroy fails here, so a
// CI plan stops.
func CheckAtPlan(ctx context.Context, c *client.Client, check PlanCheck, what string, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if c == nil {
		return
	}
	found := resource.ModifyPlanResponse{Plan: resp.Plan}
	check(ctx, c, req, &found)
	if req.State.Raw.IsNull() && !runmode.Plans() {
		resp.Diagnostics.Append(warningsOf(found.Diagnostics, what)...)
		return
	}
	resp.Diagnostics.Append(found.Diagnostics...)
}

// warningsOf turns what a plan's check of the API found into warnings
// that say the apply refuses it: an error would also stop the plan that
// `terraform destroy` runs first, which a provider cannot tell apart.
func warningsOf(found diag.Diagnostics, what string) diag.Diagnostics {
	var out diag.Diagnostics
	for _, d := range found {
		if d.Severity() != diag.SeverityError {
			out.Append(d)
			continue
		}
		detail := d.Detail() + "\n\nThe apply stops at this " + what + ", before it is created or changed. (A plan's check " +
			"that asks the API fails `terraform plan` and `terraform apply`; it only warns where the provider cannot tell the run from " +
			"`terraform destroy`, whose first plan it must never stop.)"
		if p, ok := d.(diag.DiagnosticWithPath); ok {
			out.AddAttributeWarning(p.Path(), d.Summary(), detail)
		} else {
			out.AddWarning(d.Summary(), detail)
		}
	}
	return out
}

// CheckAtApply runs check again before a create or an update calls the
// API, where what it finds is an error: the plan may only have warned
// (CheckAtPlan). It says whether the apply may go on.
func CheckAtApply(ctx context.Context, c *client.Client, check PlanCheck, req resource.ModifyPlanRequest, diags *diag.Diagnostics) bool {
	if check == nil || c == nil {
		return true
	}
	found := resource.ModifyPlanResponse{Plan: req.Plan}
	check(ctx, c, req, &found)
	diags.Append(found.Diagnostics...)
	return !found.Diagnostics.HasError()
}

// SubaccountRef is an argument naming a subaccount by its auth_id (where
// an application, a number or a caller ID is placed). The provider's own
// account is no subaccount, but names the object's place too.
func SubaccountRef(attr string) Reference {
	listed := existsIn(client.SubaccountListing)
	return Reference{attr: attr, what: "subaccount",
		exists: func(ctx context.Context, c *client.Client, id string) (bool, error) {
			if id == c.AuthID() {
				return true, nil
			}
			return listed(ctx, c, id)
		},
		fix: fmt.Sprintf("create the subaccount with cpaas_subaccount and reference its auth_id (%s = cpaas_subaccount.<name>.auth_id), "+
			"or use the auth_id of an existing one (data source cpaas_subaccount)", attr)}
}
