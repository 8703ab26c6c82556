package kit

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// objectKind is one API object's resource, as a value: its name, its
// identity, how to read, delete and import it by id, and its schema,
// create and update. objectResource serves it as a resource.Resource, so
// a resource is one variable and the functions it names (CONTRIBUTING.md).
type ObjectKind[M any] struct {
	// typeName follows the provider's name: "_10dlc_brand".
	TypeName string
	// what names the object in messages: "10DLC brand".
	What     string
	Identity ResourceIdentity
	// docs is what its page says besides the schema: its subcategory, and
	// the listing that answers its refreshes (docs.go).
	Docs PageDocs
	// id is the object's id in a state; nil reads the id attribute.
	id func(*M) string
	// refresh reads object id into m. client.ErrNotFound or errGone
	// removes the resource from the state. It assigns m's fields new
	// values and never changes a slice of m in place: Read compares m with
	// a copy made before, to skip saving an unchanged state.
	Refresh RefreshFunc[M]
	// remove deletes the object (a client method: (*client.Client).DeleteBrand);
	// client.ErrNotFound counts as done. nil when the resource writes its
	// own Delete (a 10DLC number link waits for the operators' unlink).
	Remove func(c *client.Client, ctx context.Context, id string) error
	// removing is the verb of remove in messages; "" is "deleting".
	Removing string
	// importAs checks an import id and returns the attributes it sets
	// besides id, or what is wrong with the id: the diagnostic's detail, in
	// sentences (a string, not an error: Go's error strings are not
	// sentences). nil takes any id.
	ImportAs func(id string) (attrs map[string]string, problem string)

	// schema is the resource's schema.
	Schema func(context.Context) schema.Schema
	// create makes the object plan describes and fills plan in from the
	// API's reply, adding any error to resp. It returns whether the object
	// exists: then plan, as far as it got, becomes the state (a failed read
	// after a create leaves it tainted rather than orphaned; untainted, with
	// a warning, for a Paid kind or an interrupted run: keepCreated).
	Create func(ctx context.Context, c *client.Client, plan *M, req resource.CreateRequest, resp *resource.CreateResponse) (exists bool)
	// update changes the object from state to plan, likewise; it returns
	// whether plan becomes the state. nil records the plan: a resource
	// whose every argument replaces it or calls no API.
	Update func(ctx context.Context, c *client.Client, plan, state *M, req resource.UpdateRequest, resp *resource.UpdateResponse) (saved bool)

	// paid marks a kind that costs money (a bought number): a failure after
	// its create made the object (a read, an alias) keeps it in the state
	// untainted, with a warning, instead of tainting it for replacement.
	Paid bool

	// Optional hooks, each the framework method of the same name.
	ModifyPlan func(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse)
	// planWith is a check that asks the API (a campaign's use case
	// against its brand's), after modifyPlan; skipped when the provider is
	// not configured yet (its configuration unknown at plan time). What it
	// finds is a warning at plan and an error at apply, before create or
	// update calls the API (objectResource.checkAtApply): a provider
	// cannot tell the plan `terraform destroy` runs first from any other,
	// and a plan's check of the API must never stop a destroy.
	PlanWith         func(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse)
	ValidateConfig   func(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse)
	ConfigValidators []resource.ConfigValidator
	// delete replaces remove for an object whose delete is more than one
	// call (a 10DLC number link waits for the operators' unlink).
	Delete func(ctx context.Context, c *client.Client, state *M, diags *diag.Diagnostics)
	// afterImport adds what an import records besides the id's attributes
	// (a private mark), after a successful ImportState.
	AfterImport func(ctx context.Context, resp *resource.ImportStateResponse)
	// singleton is set for an object the account has exactly one of (its
	// settings): what the rule says the account has, "one settings object".
	// A second instance of the kind planned for the same account in one
	// walk of one provider configuration is then an error naming the type
	// and the rule, instead of two resources that overwrite each other.
	Singleton string
}

// What objectResource serves; each hook does nothing where the kind has
// none.
var _ interface {
	resource.ResourceWithConfigure
	resource.ResourceWithIdentity
	resource.ResourceWithImportState
	resource.ResourceWithModifyPlan
	resource.ResourceWithValidateConfig
	resource.ResourceWithConfigValidators
} = &ObjectResource[struct{}]{}

// newResource is the constructor the provider registers for k.
func (k *ObjectKind[M]) NewResource() resource.Resource { return &ObjectResource[M]{Kind: k} }

// idIn is the id of the object a state (decoded into m) names. It reads
// the raw state: the framework's GetAttribute walks and copies the schema
// on every call, which a refresh of 1,000 endpoints pays 1,000 times.
func (k *ObjectKind[M]) idIn(state tfsdk.State, m *M) string {
	if k.id != nil {
		return k.id(m)
	}
	id, _ := RawString(state.Raw, "id")
	return id
}

// importIDMatching is the importAs of a kind whose import id is its id,
// of the form pattern matches: "a brand id", rule says the form.
func ImportIDMatching(pattern *regexp.Regexp, what, rule string) func(string) (map[string]string, string) {
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
var ErrGone = errors.New("object is gone")

// refreshFunc reads object id into m; req gives a Read's private state.
type RefreshFunc[M any] func(ctx context.Context, c *client.Client, id string, m *M, req resource.ReadRequest, diags *diag.Diagnostics) error

// readBy is the refresh of a kind whose object one call reads: get (a
// client method: (*client.Client).GetBrand), then apply what it reports.
func readBy[M, O any](get func(*client.Client, context.Context, string) (*O, error), apply func(*M, *O)) RefreshFunc[M] {
	return func(ctx context.Context, c *client.Client, id string, m *M, _ resource.ReadRequest, _ *diag.Diagnostics) error {
		o, err := get(c, ctx, id)
		if err == nil {
			apply(m, o)
		}
		return err
	}
}

// readListed is the refresh of a kind whose objects the account's listing
// answers (a client.Listing, declared in the client beside the kind's
// calls; see internal/client/sched/listing.go): apply what the object reports,
// from the listing when it answers for id, else from the GET. lacks says
// what the list items lack: for an object the listing answered, it puts
// back in m the prior value of each attribute whose field the items leave
// out (nil: they carry all the GET does). An object absent from the
// listing is read with the GET; only its 404 removes the resource.
func ReadListed[M, O any](l *client.Listing[O], apply func(*M, *O), lacks func(m, prior *M)) RefreshFunc[M] {
	if lacks == nil {
		return readBy(FromListing(l), apply)
	}
	return func(ctx context.Context, c *client.Client, id string, m *M, _ resource.ReadRequest, _ *diag.Diagnostics) error {
		_, err := ReadFromListing(ctx, c, l, "", id, m, apply, lacks)
		return err
	}
}

// readListedReporting is readListed for an apply that reports what
// converting the object's collections reports: into the Read's diags.
func ReadListedReporting[M, O any](l *client.Listing[O], apply func(*M, *O, *diag.Diagnostics), lacks func(m, prior *M)) RefreshFunc[M] {
	return func(ctx context.Context, c *client.Client, id string, m *M, req resource.ReadRequest, diags *diag.Diagnostics) error {
		return ReadListed(l, ReportingTo(diags, apply), lacks)(ctx, c, id, m, req, diags)
	}
}

// reportingTo is apply, which reports diagnostics, bound to diags: the
// apply the refresh and read helpers take.
func ReportingTo[M, O any](diags *diag.Diagnostics, apply func(*M, *O, *diag.Diagnostics)) func(*M, *O) {
	return func(m *M, o *O) { apply(m, o, diags) }
}

// fromListing is the get of a refresh helper that takes one (readBy,
// readPlacedBy) for a kind whose list items carry all its GET does: l's
// Refresh, from the listing when it answers, else the GET.
func FromListing[O any](l *client.Listing[O]) func(*client.Client, context.Context, string) (*O, error) {
	return func(c *client.Client, ctx context.Context, id string) (*O, error) {
		o, _, err := l.Refresh(ctx, c, "", id)
		return o, err
	}
}

// readFromListing is readListed's read, for a refresh that does more with
// the object (a child kind names its parent, "" otherwise): it returns
// the object it applied to m.
func ReadFromListing[M, O any](ctx context.Context, c *client.Client, l *client.Listing[O], parent, id string, m *M,
	apply func(*M, *O), lacks func(m, prior *M)) (*O, error) {
	o, listed, err := l.Refresh(ctx, c, parent, id)
	if err != nil {
		return nil, err
	}
	if !listed || lacks == nil {
		apply(m, o)
		return o, nil
	}
	prior := *m
	apply(m, o)
	lacks(m, &prior)
	return o, nil
}

// objectResource serves an objectKind as a resource.Resource. The message
// resource, which is not an API object's, embeds it and overrides its
// methods.
type ObjectResource[M any] struct {
	Client *client.Client
	Kind   *ObjectKind[M]
	// singletons is the walk's registry (configure.go).
	singletons *singletonRegistry
	// presence: the kind's presence rules checked again at plan
	// (presence.go), gathered from its schema once.
	presenceOnce sync.Once
	presence     []presenceRule
	// schema and rules: the kind's schema as served, and the rules taken
	// out of it to run at plan (rules_at_plan.go), made once.
	schemaOnce sync.Once
	schema     schema.Schema
	rules      rulesAtPlan
}

// servedSchema is the schema Terraform is given.
func (r *ObjectResource[M]) servedSchema(ctx context.Context) schema.Schema {
	r.schemaOnce.Do(func() {
		r.schema = r.Kind.Schema(ctx)
		if r.rulesAtPlan() {
			r.schema, r.rules = deferRules(r.schema)
		}
	})
	return r.schema
}

func (r *ObjectResource[M]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + r.Kind.TypeName
}

func (r *ObjectResource[M]) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.Client, r.singletons = configureResource(req, resp)
}

func (r *ObjectResource[M]) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = r.Kind.Identity.schema()
}

// Read refreshes the object; one that is gone leaves the state.
func (r *ObjectResource[M]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer r.Kind.Identity.AfterRead(ctx, req.State, &resp.State, resp.Identity, &resp.Diagnostics)
	state, ok := Decode[M](ctx, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	id := r.Kind.idIn(req.State, &state)
	if id == "" {
		// A state without an id (a create that failed before the API
		// named the object) names nothing to read: forgotten, so the
		// next plan creates it, and its create finds what exists.
		tflog.Warn(ctx, r.Kind.What+" has no id in the state; removing it from the state")
		resp.State.RemoveResource(ctx)
		return
	}
	prior := state
	err := r.Kind.Refresh(ctx, r.Client, id, &state, req, &resp.Diagnostics)
	switch {
	case errors.Is(err, client.ErrNotFound) || errors.Is(err, ErrGone):
		tflog.Debug(ctx, r.Kind.What+" no longer exists; removing it from the state", map[string]any{"id": id})
		resp.State.RemoveResource(ctx)
	case err != nil:
		AddAPIError(&resp.Diagnostics, "Error reading "+r.Kind.What, r.Kind.What+" "+id, err)
	default:
		handOver(r.Kind.TypeName, id) // the object is in a state: no run adopts it
		// The framework starts resp.State as the prior state: an object
		// that did not change (every object of a no-change plan) keeps it
		// without the reflection of Set, a third of the Read's CPU.
		if !resp.Diagnostics.HasError() && !reflect.DeepEqual(state, prior) {
			resp.Diagnostics.Append(Save(ctx, &resp.State, &state)...)
		}
	}
}

func (r *ObjectResource[M]) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = r.servedSchema(ctx)
}

func (r *ObjectResource[M]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer r.SaveIdentity(ctx, &resp.State, resp.Identity, &resp.Diagnostics)
	null := tfsdk.State{Schema: req.Plan.Schema, Raw: tftypes.NewValue(req.Plan.Raw.Type(), nil)}
	if !r.checkAtApply(ctx, req.Config, req.Plan, null, req.ProviderMeta, &resp.Diagnostics) {
		return
	}
	plan, ok := Decode[M](ctx, req.Plan, &resp.Diagnostics)
	var jc *journalCreate
	if ok && r.Client != nil {
		ctx, jc = withJournal(ctx, r.Client.AuthID(), r.Kind.TypeName, req.Config)
		if jc != nil && r.adoptJournaled(ctx, jc, req, resp) {
			return
		}
	}
	if ok && r.Kind.Create(ctx, r.Client, &plan, req, resp) {
		resp.Diagnostics.Append(Save(ctx, &resp.State, &plan)...)
		if jc != nil && jc.adopted != "" {
			resp.Diagnostics.AddWarning(jc.adoptedWarning(r.Kind.TypeName))
		}
		if jc != nil && jc.entry != nil {
			// The entry names the object by the resource's own id,
			// which a refresh hands over.
			if id := r.Kind.idIn(resp.State, &plan); id != "" && id != jc.entry.ID {
				_ = jc.j.Created(jc.entry, id)
			}
		}
		if resp.Diagnostics.HasError() && (ctx.Err() != nil || r.Kind.Paid) && r.Kind.idIn(resp.State, &plan) != "" {
			keepCreated(r.Kind.TypeName, ctx.Err() != nil, req.Plan, &resp.State, &resp.Diagnostics)
		}
	}
}

// asPlanned gives state every value the plan knew (Terraform refuses a
// result that differs from a known planned value) and null for what is
// still unknown: the next refresh reads the API's values, and the plan
// then changes what differs in place.
func asPlanned(plan tfsdk.Plan, state *tfsdk.State) {
	var planned, saved map[string]tftypes.Value
	if plan.Raw.As(&planned) == nil && state.Raw.As(&saved) == nil && saved != nil {
		for name, v := range planned {
			if v.IsFullyKnown() && !v.IsNull() {
				saved[name] = v
			}
		}
		state.Raw = tftypes.NewValue(state.Raw.Type(), saved)
	}
	state.Raw, _ = tftypes.Transform(state.Raw, func(_ *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		if !v.IsKnown() {
			return tftypes.NewValue(v.Type(), nil), nil
		}
		return v, nil
	})
}

// fillUnknown gives each top-level attribute of state that is not known
// the value from has.
func fillUnknown(state *tfsdk.State, from tftypes.Value) {
	var have, found map[string]tftypes.Value
	if state.Raw.As(&have) != nil || from.As(&found) != nil || have == nil {
		return
	}
	for name, v := range have {
		if f, ok := found[name]; ok && !v.IsFullyKnown() {
			have[name] = f
		}
	}
	state.Raw = tftypes.NewValue(state.Raw.Type(), have)
}

// adoptJournaled adopts, instead of creating, an object that a killed
// run's create of the same type and configuration made and never handed
// to Terraform, when the journal knows its id: it reads the object as a
// refresh does, then brings it to the plan as an update would (what the
// killed run never set, an alias, say). It reports whether it adopted one.
func (r *ObjectResource[M]) adoptJournaled(ctx context.Context, jc *journalCreate, req resource.CreateRequest, resp *resource.CreateResponse) bool {
	for _, e := range jc.j.Unfinished(jc.account, jc.typ, jc.digest) {
		// The id of what its create made, or, where the run was killed
		// with the create on its way, of what it aimed at (a number a
		// search found); without either, it is found as a lost reply is,
		// by CreateOrAdopt.
		id := e.ID
		if id == "" {
			id = e.Target
		}
		if id == "" {
			continue
		}
		seed := tfsdk.State{Schema: req.Plan.Schema, Raw: req.Plan.Raw}
		asPlanned(req.Plan, &seed)
		var diags diag.Diagnostics
		diags.Append(seed.SetAttribute(ctx, path.Root("id"), id)...)
		m, ok := Decode[M](ctx, seed, &diags)
		if !ok {
			continue
		}
		err := r.Kind.Refresh(ctx, r.Client, id, &m, resource.ReadRequest{State: seed}, &diags)
		switch {
		case errors.Is(err, client.ErrNotFound) || errors.Is(err, ErrGone):
			jc.j.Adopted(e) // deleted since, or never made: nothing to adopt
			continue
		case err != nil || diags.HasError():
			tflog.Warn(ctx, "could not read what an interrupted run created; creating as usual", map[string]any{"id": id})
			continue
		}
		found := tfsdk.State{Schema: req.Plan.Schema, Raw: seed.Raw}
		if d := Save(ctx, &found, &m); d.HasError() {
			continue
		}
		if !jc.j.Claim(e) {
			continue // another create of this run adopted it: two aimed at one number, one made it
		}
		jc.adopted, jc.adoptedStart = id, e.Started.Format("2006-01-02 15:04:05 UTC")
		resp.Diagnostics.AddWarning(jc.adoptedWarning(r.Kind.TypeName))
		// Finish what the killed run left undone (an alias it never
		// set) as an update from what was found to the plan would.
		up := resource.UpdateResponse{State: tfsdk.State{Schema: req.Plan.Schema, Raw: req.Plan.Raw}, Private: resp.Private, Identity: resp.Identity}
		r.Update(ctx, resource.UpdateRequest{Config: req.Config, Plan: req.Plan, State: found, ProviderMeta: req.ProviderMeta}, &up)
		resp.State = up.State
		if up.Diagnostics.HasError() {
			resp.State = found
		}
		fillUnknown(&resp.State, found.Raw)
		asPlanned(req.Plan, &resp.State)
		for _, d := range up.Diagnostics {
			if d.Severity() == diag.SeverityError {
				// The object is adopted whatever the update says: the
				// next plan shows what is left.
				resp.Diagnostics.AddWarning(d.Summary(), d.Detail())
			} else {
				resp.Diagnostics.Append(d)
			}
		}
		return true
	}
	return false
}

// keepCreated keeps an object that exists although what followed its
// create failed: the run's interrupt (Ctrl-C, a cancelled CI job) cut it
// short, or the kind costs money (Paid) and a read or an update after the
// purchase failed. What failed becomes a warning, so Terraform saves the
// object as far as the create got instead of marking it tainted, and the
// next plan reads it and plans what is left in place. A tainted object
// would be replaced: a number released and bought again. Values the create
// never learned are saved as null; the next refresh reads them. Every
// value the plan knew is saved as planned (Terraform refuses a result that
// differs from a known planned value), even where the API never got it
// (an alias the failure kept from being set): the next refresh reads the
// API's, and the plan then sets it in place.
func keepCreated(typeName string, interrupted bool, plan tfsdk.Plan, state *tfsdk.State, diags *diag.Diagnostics) {
	asPlanned(plan, state)
	note := fmt.Sprintf("The run was interrupted after the API created this cpaas%s. It is saved in the state, not tainted, "+
		"as far as its create got; the next plan reads it from the API and plans what is left to do in place, and nothing "+
		"is created twice. What the interrupt cut short:\n\n", typeName)
	if !interrupted {
		note = fmt.Sprintf("This cpaas%s was created (it costs money, and some cannot be had again), but a step after its "+
			"create failed. It is saved in the state, not tainted, so no apply releases or replaces it; the next plan reads it "+
			"from the API and plans what is left to do in place. What failed:\n\n", typeName)
	}
	kept := make(diag.Diagnostics, 0, len(*diags))
	for _, d := range *diags {
		if d.Severity() != diag.SeverityError || isDecision(d) {
			kept = append(kept, d)
			continue
		}
		if wp, ok := d.(diag.DiagnosticWithPath); ok {
			kept = append(kept, diag.NewAttributeWarningDiagnostic(wp.Path(), d.Summary(), note+d.Detail()))
		} else {
			kept = append(kept, diag.NewWarningDiagnostic(d.Summary(), note+d.Detail()))
		}
	}
	*diags = kept
}

func (r *ObjectResource[M]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if r.Kind.Update == nil {
		r.recordPlan(ctx, req, resp)
		return
	}
	if !r.checkAtApply(ctx, req.Config, req.Plan, req.State, req.ProviderMeta, &resp.Diagnostics) {
		return
	}
	defer r.SaveIdentity(ctx, &resp.State, resp.Identity, &resp.Diagnostics)
	plan, okPlan := Decode[M](ctx, req.Plan, &resp.Diagnostics)
	state, okState := Decode[M](ctx, req.State, &resp.Diagnostics)
	if okPlan && okState && r.Kind.Update(ctx, r.Client, &plan, &state, req, resp) {
		resp.Diagnostics.Append(Save(ctx, &resp.State, &plan)...)
	}
}

func (r *ObjectResource[M]) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	// The kind's rules run whatever the singleton and presence rules
	// found: one plan lists every mistake.
	claimed := r.claimSingleton(req, &resp.Diagnostics)
	r.checkPresence(ctx, req, &resp.Diagnostics)
	if r.rulesAtPlan() && !req.Plan.Raw.IsNull() {
		r.servedSchema(ctx)
		var prior tfsdk.Config
		hasPrior := false
		if !req.State.Raw.IsNull() {
			prior, hasPrior = priorAsConfig(req.Config, req.State)
		}
		var found diag.Diagnostics
		// A configuration that keeps every value of the prior object (a
		// plan of no change) brings no mistake of its own.
		if !hasPrior || !prior.Raw.Equal(req.Config.Raw) {
			found = r.staticRules(ctx, req.Config)
			if hasPrior && len(found) > 0 {
				found = newSince(found, r.staticRules(ctx, prior))
			}
		}
		resp.Diagnostics.Append(found...)
		resp.Diagnostics.Append(r.rules.later(ctx, req, resp.Plan, found)...)
	}
	if !claimed {
		return // a second instance: nothing more to plan
	}
	if req.State.Raw.IsNull() && !req.Plan.Raw.IsNull() && r.Client != nil && !r.Client.IsPending() {
		resp.Diagnostics.Append(unfinishedAtPlan(r.Client.AuthID(), r.Kind.TypeName, req.Config)...)
	}
	if r.Kind.ModifyPlan != nil {
		r.Kind.ModifyPlan(ctx, req, resp)
	}
	if r.Kind.PlanWith != nil {
		// The checks of the API run beside the kind's own rules, so one plan
		// names every mistake; an attribute a rule already refused gets
		// nothing more from them (one mistake, one error).
		found := resource.ModifyPlanResponse{Plan: resp.Plan}
		CheckAtPlan(ctx, r.Client, r.Kind.PlanWith, r.Kind.What, req, &found)
		resp.Diagnostics.Append(notOnRefused(resp.Diagnostics, found.Diagnostics)...)
	}
}

// within says whether p is r or a path inside it (document_ids[1] in
// document_ids).
func within(p, r path.Path) bool {
	ps, rs := p.Steps(), r.Steps()
	return len(ps) >= len(rs) && ps[:len(rs)].Equal(rs)
}

// notOnRefused is found without what it says of an attribute (or of a
// path inside one) that refused already holds an error on: an error, or
// the warning a plan that may be a destroy's makes of it.
func notOnRefused(refused, found diag.Diagnostics) diag.Diagnostics {
	var at []path.Path
	for _, d := range refused {
		if p, ok := d.(diag.DiagnosticWithPath); ok && d.Severity() == diag.SeverityError {
			at = append(at, p.Path())
		}
	}
	var out diag.Diagnostics
	for _, d := range found {
		if p, ok := d.(diag.DiagnosticWithPath); ok && slices.ContainsFunc(at, func(r path.Path) bool { return within(p.Path(), r) }) {
			continue
		}
		out.Append(d)
	}
	return out
}

// staticRules runs the rules that judge cfg alone: the attribute
// validators, the config validators (but the presence rules, which
// checkPresence runs) and ValidateConfig.
func (r *ObjectResource[M]) staticRules(ctx context.Context, cfg tfsdk.Config) diag.Diagnostics {
	found := r.rules.static(ctx, cfg)
	for _, v := range r.Kind.ConfigValidators {
		if _, presence := v.(presenceAtPlan); presence {
			continue // checkPresence ran it
		}
		var out resource.ValidateConfigResponse
		v.ValidateResource(ctx, resource.ValidateConfigRequest{Config: cfg}, &out)
		found.Append(out.Diagnostics...)
	}
	if r.Kind.ValidateConfig != nil {
		var out resource.ValidateConfigResponse
		r.Kind.ValidateConfig(ctx, resource.ValidateConfigRequest{Config: cfg}, &out)
		found.Append(out.Diagnostics...)
	}
	return found
}

// checkPresence checks the kind's presence rules again at plan, where an
// unknown value (from an object this run creates) counts as set
// (presence.go); a destroy plans nothing to check.
func (r *ObjectResource[M]) checkPresence(ctx context.Context, req resource.ModifyPlanRequest, diags *diag.Diagnostics) bool {
	if req.Plan.Raw.IsNull() {
		return true
	}
	r.presenceOnce.Do(func() { r.presence = presenceRulesOf(r.Kind.Schema(ctx), r.Kind.ConfigValidators) })
	var found diag.Diagnostics
	for _, p := range r.presence {
		found.Append(p.rule.atPlan(ctx, req.Config, p.at)...)
	}
	diags.Append(found...)
	return !found.HasError()
}

// claimSingleton records a plan of a singleton kind's instance in the
// walk's registry, and refuses the second instance of one account.
func (r *ObjectResource[M]) claimSingleton(req resource.ModifyPlanRequest, diags *diag.Diagnostics) bool {
	if r.Kind.Singleton == "" || r.singletons == nil || r.Client == nil || r.Client.IsPending() || req.Plan.Raw.IsNull() {
		return true // a destroy plans no instance
	}
	if r.singletons.claim(r.Kind.TypeName, r.Client.AuthID(), req.Config.Raw.String(), !req.State.Raw.IsNull()) {
		return true
	}
	typ := "cpaas" + r.Kind.TypeName
	diags.AddError(typ+" declared more than once",
		fmt.Sprintf("%s; declare %s once per provider configuration. This configuration has more than one %s for account %s "+
			"(the provider configuration's auth_id), and each would overwrite the others. Keep one %s block; to manage "+
			"another account, give its block a provider configuration of its own (provider = cpaas.<alias>).",
			r.Kind.Singleton, typ, typ, r.Client.AuthID(), typ))
	return false
}

// checkAtApply runs the kind's check of the API again before a create or
// an update calls it, where what it finds is an error: the plan only
// warned (warningsOf). It says whether the apply may go on.
func (r *ObjectResource[M]) checkAtApply(ctx context.Context, config tfsdk.Config, plan tfsdk.Plan, state tfsdk.State, meta tfsdk.Config, diags *diag.Diagnostics) bool {
	return CheckAtApply(ctx, r.Client, r.Kind.PlanWith, resource.ModifyPlanRequest{Config: config, Plan: plan, State: state, ProviderMeta: meta}, diags)
}

func (r *ObjectResource[M]) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	if r.Kind.ValidateConfig != nil && !r.rulesAtPlan() {
		r.Kind.ValidateConfig(ctx, req, resp)
	}
}

func (r *ObjectResource[M]) ConfigValidators(context.Context) []resource.ConfigValidator {
	if r.rulesAtPlan() {
		// Only the presence rules: the others run at plan (ModifyPlan).
		var kept []resource.ConfigValidator
		for _, v := range r.Kind.ConfigValidators {
			if _, presence := v.(presenceAtPlan); presence {
				kept = append(kept, v)
			}
		}
		return kept
	}
	return r.Kind.ConfigValidators
}

// Delete removes the object; one already gone is no error.
func (r *ObjectResource[M]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	state, ok := Decode[M](ctx, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	if r.Kind.Delete != nil {
		r.Kind.Delete(ctx, r.Client, &state, &resp.Diagnostics)
		return
	}
	id := r.Kind.idIn(req.State, &state)
	if id == "" {
		return // nothing the API could name: a failed apply never blocks a destroy
	}
	defer handOver(r.Kind.TypeName, id)
	if err := r.Kind.Remove(r.Client, ctx, id); err != nil && !errors.Is(err, client.ErrNotFound) {
		verb := r.Kind.Removing
		if verb == "" {
			verb = "deleting"
		}
		AddAPIError(&resp.Diagnostics, "Error "+verb+" "+r.Kind.What, r.Kind.What+" "+id, err)
	}
}

// ImportState takes the id, or the identity's parts joined by "/".
func (r *ObjectResource[M]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	id, ok := r.Kind.Identity.ImportID(ctx, req, &resp.Diagnostics)
	if !ok {
		return
	}
	var attrs map[string]string
	if r.Kind.ImportAs != nil {
		var problem string
		if attrs, problem = r.Kind.ImportAs(id); problem != "" {
			resp.Diagnostics.AddError("Invalid import id", problem)
			return
		}
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), id)...)
	for name, v := range attrs {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(name), v)...)
	}
	if r.Kind.AfterImport != nil && !resp.Diagnostics.HasError() {
		r.Kind.AfterImport(ctx, resp)
	}
}

// recordPlan is the Update of arguments that call no API (waits, timeouts,
// callback settings the API takes at create only): the plan becomes the
// state.
func (r *ObjectResource[M]) recordPlan(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer r.SaveIdentity(ctx, &resp.State, resp.Identity, &resp.Diagnostics)
	if plan, ok := Decode[M](ctx, req.Plan, &resp.Diagnostics); ok {
		resp.Diagnostics.Append(Save(ctx, &resp.State, &plan)...)
	}
}

// saveIdentity is deferred by Create and Update, so every path that saves
// an object saves its identity too.
func (r *ObjectResource[M]) SaveIdentity(ctx context.Context, state *tfsdk.State, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	r.Kind.Identity.fromState(ctx, state, identity, diags)
}
