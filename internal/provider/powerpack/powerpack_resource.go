package powerpack

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/powerpackrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// powerpackFamily is what Terraform is served of powerpacks and their number pools (provider.go's families).
var PowerpackFamily = kit.Family{
	Resources:   []func() resource.Resource{powerpackKind.NewResource, powerpackNumberKind.NewResource},
	DataSources: []func() datasource.DataSource{powerpackData.NewDataSource, powerpackNumbersData.NewDataSource},
	Lists:       []func() list.ListResource{NewPowerpackListResource, NewPowerpackNumberListResource},
	Sweepers:    sweepers,
	RealKinds:   realKinds,
	Bench:       benchKinds,
}

// powerpackIdentity names a powerpack by its uuid (identity.go).
var powerpackIdentity = kit.ResourceIdentity{{Name: "uuid", State: "id", Description: "Powerpack UUID (`uuid`)."}}

// powerpackKind is cpaas_powerpack: a named sending profile whose number
// pool picks the source of each message sent with its UUID. It is read,
// deleted and imported by its UUID; everything but
// unrent_numbers_on_destroy (the provider's own) is read back. Destroying
// it never releases a number unless unrent_numbers_on_destroy is true.
var powerpackKind = &kit.ObjectKind[powerpackModel]{
	TypeName: "_powerpack", What: "powerpack", Identity: powerpackIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubMessaging, Listed: &kit.ListedDoc{
		Limit:   client.PowerpackListing.Limit,
		Objects: "powerpacks",
		Object:  "powerpack",
		From:    "the account's powerpack list",
	}},
	Schema: powerpackSchema, Create: createPowerpack, Update: updatePowerpack,
	// From the account's listing (client.PowerpackListing): its items
	// carry all the GET does.
	Refresh:        kit.ReadListed(client.PowerpackListing, applyPowerpack, nil),
	Delete:         deletePowerpack,
	ImportAs:       kit.ImportIDMatching(powerpackrules.UUIDPattern, "a powerpack UUID", powerpackrules.UUIDRule),
	ModifyPlan:     warnPowerpackRelease,
	PlanWith:       kit.PlanWithAll(planPowerpackName, kit.CheckReferences(powerpackApplicationRef)),
	ValidateConfig: validatePowerpackConfig,
	AfterImport: func(ctx context.Context, resp *resource.ImportStateResponse) {
		// The provider's own flag: an import never releases anything.
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("unrent_numbers_on_destroy"), false)...)
	},
}

type powerpackModel struct {
	ID                     types.String          `tfsdk:"id"`
	Name                   types.String          `tfsdk:"name"`
	StickySender           types.Bool            `tfsdk:"sticky_sender"`
	LocalConnect           types.Bool            `tfsdk:"local_connect"`
	ApplicationType        types.String          `tfsdk:"application_type"`
	ApplicationID          types.String          `tfsdk:"application_id"`
	NumberPriority         []numberPriorityModel `tfsdk:"number_priority"`
	NumberPoolID           types.String          `tfsdk:"number_pool_id"`
	CreatedOn              types.String          `tfsdk:"created_on"`
	UnrentNumbersOnDestroy types.Bool            `tfsdk:"unrent_numbers_on_destroy"`
}

// numberPriorityModel is one entry of number_priority.
type numberPriorityModel struct {
	CountryISO  types.String   `tfsdk:"country_iso"`
	ServiceType types.String   `tfsdk:"service_type"`
	Priority    []types.String `tfsdk:"priority"`
}

// The powerpack rules (powerpackrules) at plan time.
var (
	powerpackNameRule = kit.SpecRule("must be "+powerpackrules.NameRule, powerpackrules.CheckName)
	powerpackAppType  = kit.SpecRuleWorded(stringvalidator.OneOf(powerpackrules.ApplicationTypes...), func(attr, v string) error {
		// Lower case only: the reply's "XML" is read as xml.
		if v != strings.ToLower(v) {
			return fmt.Errorf("%s %q is invalid: it must be one of %s, in lower case", attr, v, strings.Join(powerpackrules.ApplicationTypes, ", "))
		}
		return powerpackrules.CheckApplicationType(attr, v)
	})
)

// unrentNumbersDescription is the one sentence the release flags share.
const unrentNumbersDescription = "Setting it to true releases every rented number of the pool when the powerpack is destroyed, which cannot be undone."

func numberPriorityAttribute() schema.ListNestedAttribute {
	return schema.ListNestedAttribute{
		MarkdownDescription: "Which kind of number sends first, per destination country and message service: for each entry, " +
			"`priority` lists `shortcode`, `tollfree` and `longcode`, each once, in the order the pool tries them. A country and " +
			"service without an entry use the default order, short code, then toll-free, then long code; an entry in that default " +
			"order is the same as none (the API may list one, the provider does not show it). Updates in place; removing an entry " +
			"sends the default order for it.",
		Optional:   true,
		Validators: []validator.List{listvalidator.SizeAtLeast(1)},
		NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"country_iso": schema.StringAttribute{
				MarkdownDescription: "Destination country, " + powerpackrules.CountryRule + ".",
				Required:            true,
			},
			"service_type": schema.StringAttribute{
				MarkdownDescription: "Message service, `SMS` or `MMS`.",
				Required:            true,
				Validators:          []validator.String{stringvalidator.OneOf(powerpackrules.ServiceTypes...)},
			},
			"priority": schema.ListAttribute{
				MarkdownDescription: "`shortcode`, `tollfree` and `longcode` in the order the pool tries them, each once.",
				ElementType:         types.StringType,
				Required:            true,
				Validators:          []validator.List{kit.ListSizeExactly(3, "shortcode, tollfree and longcode, each once")},
			},
		}},
	}
}

func powerpackSchema(context.Context) schema.Schema {
	flag := func(description string) schema.BoolAttribute {
		return schema.BoolAttribute{MarkdownDescription: description + " Default true; updates in place (false is sent as false).",
			Optional: true, Computed: true, Default: booldefault.StaticBool(true)}
	}
	return schema.Schema{
		MarkdownDescription: "A powerpack: a named sending profile with one number pool, created empty with it. A message sent " +
			"with its UUID (`powerpack_uuid` of `cpaas_message` and `cpaas_send_message`) takes its source number from the pool: " +
			"the number that sent to the same destination before (`sticky_sender`), a number of the destination's area code or " +
			"region (`local_connect`), and the kind `number_priority` puts first. Add numbers with `cpaas_powerpack_number`; read the " +
			"pool, short codes included, with `data.cpaas_powerpack_numbers`. Every attribute updates in place.\n\n" + powerpackDestroyRule +
			"\n\n" + adoptRulePowerpack,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedKeptString("Powerpack UUID (`uuid`): what `powerpack_uuid` names."),
			"name": schema.StringAttribute{
				MarkdownDescription: "Name of the powerpack, " + powerpackrules.NameRule + ": a name another powerpack has is refused: " +
					"the plan warns, and the apply stops before the powerpack is created or renamed. Updates in place.",
				Required:   true,
				Validators: []validator.String{powerpackNameRule},
			},
			"sticky_sender": flag("Whether a destination gets the number that sent to it before, while that number is in the pool and can reach it."),
			"local_connect": flag("Whether a long code of the destination's area code, else of its region (state or province), sends first."),
			"application_type": kit.OptionalString("Kind of application `application_id` names: `xml` (a `cpaas_application`) or `phlo`. "+
				"Required with `application_id`; the API writes it in upper case (`XML`), read as the configured lower case. Updates in place.",
				powerpackAppType),
			"application_id": kit.OptionalString("Id of the application that answers the pool's numbers: an `app_id` for `xml`, a PHLO id for "+
				"`phlo`. For `xml`, an id that names no application of the account is refused: the plan warns, and the apply stops before "+
				"the powerpack is created or changed. Updates in place; removing it detaches the application.", stringvalidator.UTF8LengthAtLeast(1),
				stringvalidator.NoneOf(powerpackrules.NoApplication), kit.AlsoRequires(path.MatchRoot("application_type"))),
			"number_priority": numberPriorityAttribute(),
			"number_pool_id":  kit.ComputedKeptString("UUID of the powerpack's number pool (not the powerpack's own): the pool routes take it."),
			"created_on":      kit.ComputedKeptString("When the powerpack was created, RFC 3339 in UTC."),
			"unrent_numbers_on_destroy": schema.BoolAttribute{
				MarkdownDescription: "Default false: destroying the powerpack leaves every number of its pool owned by the account. " +
					unrentNumbersDescription + " The provider's own setting (no API call): it updates in place.",
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			},
		},
	}
}

// powerpackDestroyRule says what a destroy does to the pool's numbers; the
// description quotes it.
const powerpackDestroyRule = "**Destroying a powerpack never releases a number** unless `unrent_numbers_on_destroy` is true: its pool goes " +
	"with it, and the numbers stay the account's (a `cpaas_phone_number` that owns one is unchanged). The plan that would release " +
	"them says so."

// priorities converts number_priority for the rules and the API.
func (m *powerpackModel) priorities() ([]powerpackrules.Priority, []client.NumberPriority) {
	var rules []powerpackrules.Priority
	var wire []client.NumberPriority
	for _, p := range m.NumberPriority {
		var order [3]string
		for i := 0; i < 3 && i < len(p.Priority); i++ {
			order[i] = p.Priority[i].ValueString()
		}
		rules = append(rules, powerpackrules.Priority{CountryISO: p.CountryISO.ValueString(), ServiceType: p.ServiceType.ValueString(), Order: order})
		wire = append(wire, wirePriority(p.CountryISO.ValueString(), p.ServiceType.ValueString(), order))
	}
	return rules, wire
}

func wirePriority(country, service string, order [3]string) client.NumberPriority {
	return client.NumberPriority{CountryISO: country, ServiceType: service,
		Priority: client.PriorityOrder{Priority1: order[0], Priority2: order[1], Priority3: order[2]}}
}

// validatePowerpackConfig checks number_priority as the API does: each
// entry a permutation, no country and service twice.
func validatePowerpackConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var raw types.List
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("number_priority"), &raw)...)
	if resp.Diagnostics.HasError() || raw.IsNull() || raw.IsUnknown() {
		return
	}
	var prios []numberPriorityModel
	if raw.ElementsAs(ctx, &prios, false).HasError() {
		return // a part known only after apply: the API checks it then
	}
	m := powerpackModel{NumberPriority: prios}
	for _, p := range prios {
		if p.CountryISO.IsUnknown() || p.ServiceType.IsUnknown() || slices.ContainsFunc(p.Priority, func(v types.String) bool { return v.IsUnknown() }) {
			return
		}
	}
	// Each entry as the API checks it (powerpackrules.CheckPriorities),
	// one error per entry, so that one plan names every mistake.
	rules, _ := m.priorities()
	seen := map[string]int{}
	for i, r := range rules {
		at := fmt.Sprintf("number_priority[%d]", i)
		if !slices.Contains(powerpackrules.ServiceTypes, r.ServiceType) || len(prios[i].Priority) != len(powerpackrules.Kinds) {
			// The schema's own validators report a service type out of the
			// list and a priority of another length: one mistake, one
			// error. The entry's country is still judged.
			r = powerpackrules.Priority{CountryISO: r.CountryISO, ServiceType: powerpackrules.ServiceTypes[0],
				Order: [3]string{powerpackrules.Kinds[0], powerpackrules.Kinds[1], powerpackrules.Kinds[2]}}
			if err := powerpackrules.CheckPriority(at, r); err != nil {
				resp.Diagnostics.AddAttributeError(path.Root("number_priority"), "Invalid Attribute Value", "Attribute "+err.Error()+".")
			}
			continue
		}
		if err := powerpackrules.CheckPriority(at, r); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("number_priority"), "Invalid Attribute Value", "Attribute "+err.Error()+".")
			continue
		}
		key := r.CountryISO + "/" + r.ServiceType
		if j, dup := seen[key]; dup {
			resp.Diagnostics.AddAttributeError(path.Root("number_priority"), "Invalid Attribute Value",
				fmt.Sprintf("Attribute %s is invalid: number_priority[%d] already gives the priority of %s %s.", at, j, r.CountryISO, r.ServiceType))
			continue
		}
		seen[key] = i
	}
}

// isDefaultOrder is whether a reply's entry is in the default order.
func isDefaultOrder(p client.NumberPriority) bool {
	return p.Priority == client.PriorityOrder{Priority1: powerpackrules.Kinds[0], Priority2: powerpackrules.Kinds[1], Priority3: powerpackrules.Kinds[2]}
}

// readPriorities reads a reply's number_priority into the model: absent
// (every recorded reply) keeps the prior value; an entry in the default
// order that the prior value does not list is the same as none.
func readPriorities(prior []numberPriorityModel, reply []client.NumberPriority) []numberPriorityModel {
	if reply == nil {
		return prior
	}
	listed := func(p client.NumberPriority) bool {
		return slices.ContainsFunc(prior, func(m numberPriorityModel) bool {
			return m.CountryISO.ValueString() == p.CountryISO && m.ServiceType.ValueString() == p.ServiceType
		})
	}
	var out []numberPriorityModel
	for _, p := range reply {
		if isDefaultOrder(p) && !listed(p) {
			continue
		}
		out = append(out, numberPriorityModel{CountryISO: types.StringValue(p.CountryISO), ServiceType: types.StringValue(p.ServiceType),
			Priority: []types.String{types.StringValue(p.Priority.Priority1), types.StringValue(p.Priority.Priority2), types.StringValue(p.Priority.Priority3)}})
	}
	return out
}

// applyPowerpack copies what the API reports into m.
func applyPowerpack(m *powerpackModel, p *client.Powerpack) {
	m.ID = types.StringValue(p.UUID)
	m.Name = types.StringValue(p.Name)
	m.StickySender = types.BoolValue(p.StickySender)
	m.LocalConnect = types.BoolValue(p.LocalConnect)
	m.ApplicationType = kit.StringOrNull(powerpackrules.ConfiguredApplicationType(p.ApplicationType))
	m.ApplicationID = kit.StringOrNull(p.ApplicationID)
	m.NumberPriority = readPriorities(m.NumberPriority, p.NumberPriority)
	m.CreatedOn = kit.ReportedString(m.CreatedOn, p.CreatedOn)
	if pool, err := client.PoolUUID(p); err == nil {
		m.NumberPoolID = types.StringValue(pool)
	}
	if m.UnrentNumbersOnDestroy.IsNull() || m.UnrentNumbersOnDestroy.IsUnknown() {
		m.UnrentNumbersOnDestroy = types.BoolValue(false)
	}
}

// warnPowerpackRelease makes a plan that would release numbers say so.
func warnPowerpackRelease(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if !req.Plan.Raw.IsNull() || req.State.Raw.IsNull() {
		return
	}
	var unrent types.Bool
	var name, id types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("unrent_numbers_on_destroy"), &unrent)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("name"), &name)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
	if unrent.ValueBool() {
		resp.Diagnostics.AddWarning("Destroying the powerpack releases its numbers",
			fmt.Sprintf("Powerpack %q (%s) has unrent_numbers_on_destroy = true: destroying it releases every rented number of its pool, "+
				"which cannot be undone. Set it to false and apply first to keep them.", name.ValueString(), id.ValueString()))
	}
}

// powerpackApplicationRef: application_id names an application for
// application_type "xml" (a PHLO id otherwise, which no listing checks).
var powerpackApplicationRef = func() kit.Reference {
	r := kit.ApplicationRef("application_id")
	r.Applies = func(ctx context.Context, plan kit.PlanGetter) bool {
		var typ types.String
		plan.GetAttribute(ctx, path.Root("application_type"), &typ)
		return typ.ValueString() == powerpackrules.AppTypeXML
	}
	return r
}()

// planPowerpackName refuses a name another powerpack of the account has
// (one listing, only when a powerpack is created or renamed): a warning
// at plan, an error before the create or update (objectResource).
func planPowerpackName(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var name, id types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("name"), &name)...)
	if !req.State.Raw.IsNull() {
		var prior types.String
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("name"), &prior)...)
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
		if prior.Equal(name) {
			return
		}
	}
	if resp.Diagnostics.HasError() || name.IsUnknown() || name.IsNull() {
		return
	}
	all, err := c.ListAllPowerpacks(ctx)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error checking the powerpack name", "powerpack "+name.ValueString(), err)
		return
	}
	for _, p := range all {
		if p.Name == name.ValueString() && p.UUID != id.ValueString() {
			resp.Diagnostics.AddAttributeError(path.Root("name"), "Powerpack name already taken",
				fmt.Sprintf("Powerpack %s of the account is already named %q, and a name is unique among the account's powerpacks. "+
					"Choose another name, or import that powerpack (terraform import <address> %s).", p.UUID, p.Name, p.UUID))
			return
		}
	}
}

// adoptRulePowerpack says what happens when the reply to a create is lost;
// createPowerpackOrAdopt below carries it out. The description quotes it.
const adoptRulePowerpack = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second powerpack: " +
	"it lists the powerpacks and adopts the one named `name` (a name is unique in the account), then sets what the configuration says on " +
	"it; when none has the name the create is sent again."

// createPowerpackOrAdopt is CreatePowerpack that never makes a duplicate.
func createPowerpackOrAdopt(ctx context.Context, c *client.Client, in client.PowerpackCreate) (*client.Powerpack, error) {
	p, err := kit.CreateOrAdopt(ctx, "powerpack", fmt.Sprintf("name %q", in.Name),
		func(ctx context.Context) (*client.Powerpack, error) { return c.CreatePowerpack(ctx, in) },
		kit.AdoptFrom(c.ListAllPowerpacks, func(p *client.Powerpack) bool { return p.Name == in.Name },
			func(p *client.Powerpack) *client.Powerpack { return p }),
		func(p *client.Powerpack) string { return p.UUID })
	if err != nil {
		return nil, err
	}
	// An adopted powerpack gets the configured settings; a fresh one has
	// them already, so nothing is sent.
	same := p.StickySender == in.StickySender.Value && p.LocalConnect == in.LocalConnect.Value &&
		strings.EqualFold(p.ApplicationType, in.ApplicationType) && p.ApplicationID == in.ApplicationID &&
		(len(in.NumberPriority) == 0 || slices.Equal(p.NumberPriority, in.NumberPriority))
	if same {
		return p, nil
	}
	up := client.PowerpackUpdate{StickySender: in.StickySender, LocalConnect: in.LocalConnect, NumberPriority: in.NumberPriority}
	if in.ApplicationID != "" {
		up.ApplicationID, up.ApplicationType = &in.ApplicationID, &in.ApplicationType
	}
	updated, err := c.UpdatePowerpack(ctx, p.UUID, up)
	if err != nil {
		// Adopted, its settings not updated: the caller records it beside
		// the error, so the powerpack the create made reaches the state.
		return p, err
	}
	return updated, nil
}

func createPowerpack(ctx context.Context, c *client.Client, plan *powerpackModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	_, prios := plan.priorities()
	in := client.PowerpackCreate{
		Name: plan.Name.ValueString(), StickySender: client.FlagOf(plan.StickySender.ValueBoolPointer()), LocalConnect: client.FlagOf(plan.LocalConnect.ValueBoolPointer()),
		ApplicationType: plan.ApplicationType.ValueString(), ApplicationID: plan.ApplicationID.ValueString(), NumberPriority: prios,
	}
	p, err := createPowerpackOrAdopt(ctx, c, in)
	if p != nil {
		// Made or adopted: in the state even when setting it failed, so
		// nothing the create made is left in no state.
		applyPowerpack(plan, p)
	}
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating powerpack", "powerpack "+plan.Name.ValueString(), err)
		return p != nil
	}
	return true
}

// priorityUpdate is what an update sends for number_priority: nil when it
// did not change; the plan's entries, plus the default order for each
// entry the plan no longer lists (the API reads [] as unset, so an entry
// is removed by setting the default).
func priorityUpdate(plan, state *powerpackModel) []client.NumberPriority {
	_, planned := plan.priorities()
	_, prior := state.priorities()
	if slices.EqualFunc(planned, prior, func(a, b client.NumberPriority) bool { return a == b }) {
		return nil
	}
	out := planned
	for _, p := range prior {
		if !slices.ContainsFunc(planned, func(q client.NumberPriority) bool {
			return q.CountryISO == p.CountryISO && q.ServiceType == p.ServiceType
		}) {
			out = append(out, wirePriority(p.CountryISO, p.ServiceType, [3]string{powerpackrules.Kinds[0], powerpackrules.Kinds[1], powerpackrules.Kinds[2]}))
		}
	}
	return out
}

func updatePowerpack(ctx context.Context, c *client.Client, plan, state *powerpackModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	id := state.ID.ValueString()
	// Both flags are sent every time, false included.
	in := client.PowerpackUpdate{
		Name: kit.ChangedString(plan.Name, state.Name), StickySender: client.FlagOf(plan.StickySender.ValueBoolPointer()), LocalConnect: client.FlagOf(plan.LocalConnect.ValueBoolPointer()),
		NumberPriority: priorityUpdate(plan, state),
	}
	if !plan.ApplicationID.Equal(state.ApplicationID) || !plan.ApplicationType.Equal(state.ApplicationType) {
		if plan.ApplicationID.IsNull() {
			none := powerpackrules.NoApplication
			in.ApplicationID = &none
		} else {
			in.ApplicationID, in.ApplicationType = plan.ApplicationID.ValueStringPointer(), plan.ApplicationType.ValueStringPointer()
		}
	}
	p, err := c.UpdatePowerpack(ctx, id, in)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating powerpack", "powerpack "+id, err)
		return false
	}
	plan.CreatedOn = state.CreatedOn
	applyPowerpack(plan, p)
	return true
}

// deletePowerpack deletes the powerpack, releasing its numbers only when
// unrent_numbers_on_destroy is true; one already gone is no error.
func deletePowerpack(ctx context.Context, c *client.Client, state *powerpackModel, diags *diag.Diagnostics) {
	id := state.ID.ValueString()
	err := c.DeletePowerpack(ctx, id, state.UnrentNumbersOnDestroy.ValueBool())
	if err != nil && !errors.Is(err, client.ErrNotFound) {
		kit.AddAPIError(diags, "Error deleting powerpack", "powerpack "+id, err)
	}
}
