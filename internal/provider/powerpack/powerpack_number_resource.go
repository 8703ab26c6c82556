package powerpack

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/powerpackrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// powerpackNumberIdentity names a pool member by its powerpack and its
// number, as its import id "<powerpack_id>/<number>" does.
var powerpackNumberIdentity = kit.ResourceIdentity{
	{Name: "powerpack_id", State: "powerpack_id", Description: "UUID of the powerpack (`uuid`)."},
	{Name: "number", State: "number", Description: "The number, digits with the country code."},
}

// powerpackNumberKind is cpaas_powerpack_number: one number the account
// owns in a powerpack's pool, a long code or a toll-free number (each
// through the pool route its type needs). Removing it never releases the
// number unless unrent_on_destroy is true.
var powerpackNumberKind = &kit.ObjectKind[powerpackNumberModel]{
	TypeName: "_powerpack_number", What: "powerpack number", Identity: powerpackNumberIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubMessaging, Listed: &kit.ListedDoc{
		Limit:   client.PoolNumberListing.Limit,
		Objects: "numbers",
		Object:  "number",
		From:    "the pool's lists (of its long codes and of its toll-free numbers)",
		Lacks:   []string{"service"},
		More:    "Right after an import, the number is read on its own.",
	}},
	Schema: powerpackNumberSchema, Create: addPowerpackNumber, Update: updatePowerpackNumber,
	Refresh: refreshPowerpackNumber, Delete: removePowerpackNumber,
	ImportAs: func(id string) (map[string]string, string) {
		p, n, err := powerpackrules.ParseMemberID(id)
		if err != nil {
			return nil, "The " + err.Error() + "."
		}
		return map[string]string{"powerpack_id": p, "number": n}, ""
	},
	AfterImport: func(ctx context.Context, resp *resource.ImportStateResponse) {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("unrent_on_destroy"), false)...)
	},
	ModifyPlan: warnPoolNumberRelease,
	// Before the number is added: its powerpack exists.
	PlanWith: kit.CheckReferences(kit.IdRef("powerpack_id", "powerpack", "cpaas_powerpack", "id", client.PowerpackListing)),
}

type powerpackNumberModel struct {
	ID              types.String `tfsdk:"id"`
	PowerpackID     types.String `tfsdk:"powerpack_id"`
	Number          types.String `tfsdk:"number"`
	Service         types.String `tfsdk:"service"`
	Type            types.String `tfsdk:"type"`
	CountryISO      types.String `tfsdk:"country_iso"`
	NumberPoolID    types.String `tfsdk:"number_pool_id"`
	AddedOn         types.String `tfsdk:"added_on"`
	UnrentOnDestroy types.Bool   `tfsdk:"unrent_on_destroy"`
}

var (
	powerpackUUIDRule   = kit.ShapeRule(powerpackrules.UUIDPattern, powerpackrules.UUIDRule)
	poolNumberRule      = kit.ShapeRule(powerpackrules.NumberPattern, powerpackrules.NumberRule)
	poolServiceRule     = kit.SpecRule("sms or mms", func(attr, v string) error { return powerpackrules.CheckService(attr, v) })
	tollfreeMemberType  = "tollfree"
	unrentOnDestroyText = "Default false: removing the number from the pool (destroying this resource) leaves it owned by the account. " +
		"Setting it to true releases the number when it is removed, which cannot be undone. The provider's own setting (no API call): it updates in place."
)

func powerpackNumberSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Puts one number the account owns into a powerpack's number pool, so messages sent through the powerpack " +
			"may come from it. Long codes and toll-free numbers alike: the provider reads the number's type and uses the pool route it " +
			"needs. A number is in one pool at a time; a number the account does not own, or that is in another pool, is refused with " +
			"an error naming it. Short codes cannot be added through the API (read them with `data.cpaas_powerpack_numbers`).\n\n" +
			"**Removing it never releases the number** unless `unrent_on_destroy` is true. Adding is idempotent, so a lost reply is " +
			"simply sent again.",
		Attributes: map[string]schema.Attribute{
			"id":           kit.ComputedKeptString("`<powerpack_id>/<number>`, the import id."),
			"powerpack_id": kit.RequiredReplacingString("UUID of the powerpack (`cpaas_powerpack`'s `id`). "+kit.MissingRefNote("member")+" Changing it moves the number to the new pool (replace).", powerpackUUIDRule),
			"number": kit.RequiredReplacingString("The number, "+powerpackrules.NumberRule+": a number of the account that sends SMS (a `cpaas_phone_number`'s "+
				"`number`). Changing it replaces the member.", poolNumberRule),
			"service": schema.StringAttribute{
				MarkdownDescription: "What the number sends for the pool: `sms` (default) or `mms` (MMS and SMS). Updates in place.",
				Optional:            true, Computed: true, Default: stringdefault.StaticString(powerpackrules.ServiceSMS),
				Validators: []validator.String{poolServiceRule},
			},
			"type":           kit.ComputedKeptString("`fixed` or `mobile` for a long code, `tollfree` for a toll-free number."),
			"country_iso":    kit.ComputedKeptString("Country of the number, ISO 3166-1 alpha-2."),
			"number_pool_id": kit.ComputedKeptString("UUID of the powerpack's number pool."),
			"added_on":       kit.ComputedKeptString("When the number joined the pool, RFC 3339 in UTC."),
			"unrent_on_destroy": schema.BoolAttribute{
				MarkdownDescription: unrentOnDestroyText,
				Optional:            true, Computed: true, Default: booldefault.StaticBool(false),
			},
		},
	}
}

// applyPoolNumber copies what the API reports into m.
func applyPoolNumber(m *powerpackNumberModel, pool string, n *client.PoolNumber) {
	m.ID = types.StringValue(powerpackrules.MemberID(m.PowerpackID.ValueString(), n.Number))
	m.Number = types.StringValue(n.Number)
	m.Service = kit.ReportedString(m.Service, n.Service)
	m.Type = kit.ReportedString(m.Type, n.Type)
	m.CountryISO = kit.ReportedString(m.CountryISO, n.CountryISO2)
	m.NumberPoolID = types.StringValue(pool)
	m.AddedOn = kit.ReportedString(m.AddedOn, n.AddedOn)
	if m.UnrentOnDestroy.IsNull() || m.UnrentOnDestroy.IsUnknown() {
		m.UnrentOnDestroy = types.BoolValue(false)
	}
}

// poolOf reads the pool UUID of powerpack id.
func poolOf(ctx context.Context, c *client.Client, id string) (string, error) {
	p, err := c.GetPowerpack(ctx, id)
	if err != nil {
		return "", err
	}
	return client.PoolUUID(p)
}

func addPowerpackNumber(ctx context.Context, c *client.Client, plan *powerpackNumberModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	id, number := plan.PowerpackID.ValueString(), plan.Number.ValueString()
	what := fmt.Sprintf("number %s in powerpack %s", number, id)
	pool, err := poolOf(ctx, c, id)
	if kit.AddMissingParentError(&resp.Diagnostics, "powerpack_id", "cpaas_powerpack", "powerpack", id, err) {
		return false
	}
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error adding number to powerpack", what, err)
		return false
	}
	owned, err := c.GetNumber(ctx, number)
	if errors.Is(err, client.ErrNotFound) {
		resp.Diagnostics.AddAttributeError(path.Root("number"), "Number not owned by the account",
			fmt.Sprintf("Number %s is not a number of the account, so it cannot join the pool of powerpack %s. Buy it first (cpaas_phone_number).", number, id))
		return false
	}
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error adding number to powerpack", what, err)
		return false
	}
	n, err := c.AddPoolNumber(ctx, pool, number, numberrules.IsTollfree(owned.Type, owned.SubType), plan.Service.ValueString())
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error adding number to powerpack", what, err)
		return false
	}
	applyPoolNumber(plan, pool, n)
	return true
}

// refreshPowerpackNumber reads the member from its pool's list
// (client.PoolNumberListing: the items carry all the GET does but service,
// read with reportedString), by the pool and type the state holds; after an
// import (neither known yet) with GETs: the powerpack for its pool, then the
// long-code route and, on a 404, the toll-free one.
func refreshPowerpackNumber(ctx context.Context, c *client.Client, _ string, m *powerpackNumberModel, _ resource.ReadRequest, _ *diag.Diagnostics) error {
	number := m.Number.ValueString()
	if pool := m.NumberPoolID.ValueString(); pool != "" && kit.Known(m.Type) {
		parent := client.PoolNumberParent(pool, m.Type.ValueString() == tollfreeMemberType)
		_, err := kit.ReadFromListing(ctx, c, client.PoolNumberListing, parent, number, m,
			func(m *powerpackNumberModel, n *client.PoolNumber) { applyPoolNumber(m, pool, n) }, nil)
		return err
	}
	pool, err := poolOf(ctx, c, m.PowerpackID.ValueString())
	if err != nil {
		return err
	}
	n, err := c.GetPoolNumber(ctx, pool, number, false)
	if errors.Is(err, client.ErrNotFound) {
		n, err = c.GetPoolNumber(ctx, pool, number, true)
	}
	if err != nil {
		return err
	}
	applyPoolNumber(m, pool, n)
	return nil
}

// updatePowerpackNumber adds the number again with the new service (the
// API's add is idempotent); unrent_on_destroy calls no API.
func updatePowerpackNumber(ctx context.Context, c *client.Client, plan, state *powerpackNumberModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	if plan.Service.Equal(state.Service) {
		return true
	}
	pool := state.NumberPoolID.ValueString()
	n, err := c.AddPoolNumber(ctx, pool, state.Number.ValueString(), state.Type.ValueString() == tollfreeMemberType, plan.Service.ValueString())
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error changing the service of a powerpack number", "number "+state.Number.ValueString()+" in powerpack "+state.PowerpackID.ValueString(), err)
		return false
	}
	applyPoolNumber(plan, pool, n)
	return true
}

// removePowerpackNumber takes the number out of the pool, releasing it
// only when unrent_on_destroy is true; a member (or powerpack) already
// gone is no error. The pool is the state's number_pool_id (a powerpack's
// pool never changes); only a state without one reads the powerpack.
func removePowerpackNumber(ctx context.Context, c *client.Client, state *powerpackNumberModel, diags *diag.Diagnostics) {
	number := state.Number.ValueString()
	what := "number " + number + " in powerpack " + state.PowerpackID.ValueString()
	pool, err := state.NumberPoolID.ValueString(), error(nil)
	if pool == "" {
		pool, err = poolOf(ctx, c, state.PowerpackID.ValueString())
	}
	if err == nil {
		err = c.RemovePoolNumber(ctx, pool, number, state.Type.ValueString() == tollfreeMemberType, state.UnrentOnDestroy.ValueBool())
	}
	if err != nil && !errors.Is(err, client.ErrNotFound) {
		kit.AddAPIError(diags, "Error removing number from powerpack", what, err)
	}
}

// warnPoolNumberRelease makes a plan that would release the number say so.
func warnPoolNumberRelease(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if !req.Plan.Raw.IsNull() || req.State.Raw.IsNull() {
		return
	}
	var unrent types.Bool
	var number types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("unrent_on_destroy"), &unrent)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("number"), &number)...)
	if unrent.ValueBool() {
		resp.Diagnostics.AddWarning("Removing the number from the pool releases it",
			fmt.Sprintf("Number %s has unrent_on_destroy = true: removing it from the pool releases it, which cannot be undone. "+
				"Set it to false and apply first to keep the number.", number.ValueString()))
	}
}
