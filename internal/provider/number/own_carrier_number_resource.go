package number

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/subaccount"
)

// ownCarrierNumberKind is cpaas_own_carrier_number: a number the account
// brings from its own carrier (POST Number/). A sibling of
// cpaas_phone_number rather than a variant of it, because the two end
// differently: destroying a bought number releases it for sale (the
// release guard), destroying this one only removes it from the account
// (it stays with the carrier), and it has no purchase, search or release
// protection to share. The API reads and updates both through Number/.
var ownCarrierNumberKind = &kit.ObjectKind[ownCarrierNumberModel]{
	TypeName: "_own_carrier_number", What: "own-carrier number", Identity: ownCarrierNumberIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubPhoneNumbers, Listed: &kit.ListedDoc{
		Limit:   client.NumberListing.Limit,
		Objects: "numbers",
		Object:  "number",
		From:    "the account's number list (its own and its subaccounts' numbers)",
		More:    "Neither a list item nor a read of one number holds the carrier's id (they name the carrier: `carrier_name`), so `carrier` keeps its value.",
	}},
	Schema: ownCarrierNumberSchema, Create: addOwnCarrierNumber, Update: updateOwnCarrierNumber,
	ModifyPlan: warnOwnCarrierNumberRemoval,
	// Before a number is added, the application it is attached to exists.
	PlanWith: kit.CheckReferences(kit.ApplicationRef("app_id"), kit.SubaccountRef("subaccount")),
	// Refresh: from the account's number listing (client.NumberListing),
	// whose items carry all the GET does; neither has the carrier's id.
	Refresh: readOwnCarrierNumber,
	Remove:  (*client.Client).RemoveOwnCarrierNumber, Removing: "removing",
	ImportAs: func(id string) (map[string]string, string) {
		if err := numberrules.CheckNumber("number", id); err != nil {
			return nil, "Import a number from your own carrier by the number itself, digits with the country code and no \"+\" (493012345678): " + err.Error()
		}
		return nil, ""
	},
}

// ownCarrierNumberIdentity names the number, as cpaas_phone_number's does.
var ownCarrierNumberIdentity = kit.ResourceIdentity{{Name: "number", State: "id", Description: "The number, digits with the country code."}}

type ownCarrierNumberModel struct {
	ID          types.String `tfsdk:"id"`
	Number      types.String `tfsdk:"number"`
	Carrier     types.String `tfsdk:"carrier"`
	CarrierName types.String `tfsdk:"carrier_name"`
	Region      types.String `tfsdk:"region"`
	NumberType  types.String `tfsdk:"number_type"`
	AppID       types.String `tfsdk:"app_id"`
	Alias       types.String `tfsdk:"alias"`
	// Subaccount is the subaccount the number is in (placement.go).
	Subaccount        types.String `tfsdk:"subaccount"`
	MonthlyRentalRate types.String `tfsdk:"monthly_rental_rate"`
	AddedOn           types.String `tfsdk:"added_on"`
	ResourceURI       types.String `tfsdk:"resource_uri"`
}

// ownNumberTypeRule is the API's number_type rule at plan time.
var ownNumberTypeRule = kit.SpecRuleWorded(stringvalidator.OneOf(numberrules.OwnNumberTypeValues...),
	numberrules.CheckOwnNumberType)

// regionRule is the API's region rule (not blank) at plan time.
var regionRule = kit.SpecRule("must not be empty", numberrules.CheckRegion)

// ownCarrierRemovalNote says what destroying the resource does, for the
// description and the plan's warning.
const ownCarrierRemovalNote = "Destroying the resource **removes the number from the account**: the service stops " +
	"answering it, and the number stays with your carrier. It is not a release: nothing goes on sale, no rental " +
	"stops (there is none), and the number can be added again. Every plan that removes one (a destroy, a removal " +
	"from the configuration, a replacement) warns, naming the number."

func ownCarrierNumberSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "A number from the account's own carrier, added to the account (the API's \"Add a number from " +
			"your own carrier\", `POST Number/`). Your carrier keeps the number and points it at the service (the SIP " +
			"address `<number>@` the service's SIP domain); the account answers its calls through `app_id`. It has no " +
			"monthly rental fee. " + ownCarrierRemovalNote + " To buy a number from the service instead, use " +
			"`cpaas_phone_number`, whose destroy releases it for sale.\n\n" + adoptRuleOwnCarrierNumber,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedKeptString("The number (same as `number`)."),
			"number": kit.RequiredReplacingString("The number, digits with the country code and no `+` (`493012345678`). "+
				"Changing it removes this number from the account and adds the new one.", numberRule),
			"carrier": schema.StringAttribute{
				MarkdownDescription: "Id of the incoming carrier the number comes from (the service's IncomingCarrier id; the " +
					"API has no route that manages incoming carriers). The number's record gives the carrier's name " +
					"(`carrier_name`), never this id: an import leaves it unset and takes the configured value without " +
					"replacing the number; a change after that replaces it.",
				Required:      true,
				PlanModifiers: []planmodifier.String{replaceWhenKnownInState()},
				Validators:    []validator.String{stringvalidator.UTF8LengthAtLeast(1)},
			},
			"carrier_name": kit.ComputedKeptString("Name of the carrier, as the number's record gives it."),
			"region": kit.RequiredReplacingString("Free text naming the number's region (`Berlin, GERMANY`); not empty. The API "+
				"cannot change it: changing it removes the number and adds it again.", regionRule),
			"number_type": schema.StringAttribute{
				MarkdownDescription: "Type of the number, to tell numbers apart in the account: `local` (the default), " +
					"`fixed`, `tollfree`, `mobile` or `national`. The API cannot change it: changing it removes the number " +
					"and adds it again.",
				Optional: true, Computed: true,
				Default:       stringdefault.StaticString(numberrules.OwnNumberTypeDefault),
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
				Validators:    []validator.String{ownNumberTypeRule},
			},
			"app_id": kit.AppIDAttribute("number", "that answers the number's calls"),
			"alias": kit.OptionalString("Friendly name of the number. Updates in place; removing it clears the alias.",
				stringvalidator.UTF8LengthAtLeast(1)),
			"subaccount": subaccount.SubaccountAttribute("number", "Updates in place: setting, changing or removing it moves the number "+
				"between accounts, never removing it."),
			"monthly_rental_rate": kit.ComputedKeptString("Monthly price of keeping the number: `0.00000`, as the service " +
				"charges no rental for a number from your own carrier."),
			"added_on":     kit.ComputedKeptString("Date the number joined the account, `YYYY-MM-DD` (UTC)."),
			"resource_uri": kit.ComputedKeptString("API path of the number (`/v1/Account/<auth_id>/Number/<number>/`)."),
		},
	}
}

// replaceWhenKnownInState is RequiresReplace for a value the API never
// reads back (the carrier's id): a change replaces the object, but a value
// the state does not hold yet (after an import) is recorded in place.
func replaceWhenKnownInState() planmodifier.String {
	why := "Changing it replaces the number; after an import, the first configured value is recorded in place."
	return stringplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = kit.Known(req.StateValue) && !req.PlanValue.Equal(req.StateValue)
	}, why, why)
}

// readOwnCarrierNumber refreshes from the number listing (narrowed to the
// account the number was in: subaccount.ReadPlacedIn), and refuses a
// number the service rents out: that one is a cpaas_phone_number, whose
// destroy releases it, not a number this resource may remove.
func readOwnCarrierNumber(ctx context.Context, c *client.Client, id string, m *ownCarrierNumberModel, _ resource.ReadRequest, diags *diag.Diagnostics) error {
	n, _, err := client.NumberListing.Refresh(ctx, c, subaccount.ListedIn(c, m.Subaccount), id)
	if err != nil {
		return err
	}
	if n.Carrier == numberrules.ServiceCarrier {
		diags.AddError("Phone number "+id+" is not from your own carrier",
			fmt.Sprintf("The account rents %s from the service (its carrier is %q), so cpaas_own_carrier_number cannot "+
				"manage it: removing it would release it for sale. Manage it with cpaas_phone_number instead (terraform "+
				"import cpaas_phone_number.NAME %s), and remove it from this resource with terraform state rm.", id, n.Carrier, id))
		return nil
	}
	applyOwnCarrierNumber(c, m, n)
	return nil
}

// applyOwnCarrierNumber copies what the API reports into m; carrier, which
// no reply holds, keeps its value.
func applyOwnCarrierNumber(c *client.Client, m *ownCarrierNumberModel, n *client.AccountNumber) {
	m.ID = types.StringValue(n.Number)
	m.Number = types.StringValue(n.Number)
	m.CarrierName = types.StringValue(n.Carrier)
	m.Region = types.StringValue(n.Region)
	m.NumberType = types.StringValue(n.NumberType)
	m.AppID = kit.StringOrNull(n.AppID())
	m.Alias = kit.StringOrNull(n.AliasText())
	m.Subaccount = subaccount.PlacedIn(c, m.Subaccount, n.SubAccount)
	m.MonthlyRentalRate = types.StringValue(n.MonthlyRentalRate)
	m.AddedOn = types.StringValue(n.AddedOn)
	m.ResourceURI = types.StringValue(n.ResourceURI)
	if m.Carrier.IsUnknown() {
		m.Carrier = types.StringNull()
	}
}

// warnOwnCarrierNumberRemoval warns of a plan that removes the number
// from the account (a destroy, or a replacement), saying it is not a
// release. It reads only the plan and the state: no API call.
func warnOwnCarrierNumberRemoval(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() {
		return
	}
	var state ownCarrierNumberModel
	if diags := req.State.Get(ctx, &state); diags.HasError() {
		return
	}
	number := state.Number.ValueString()
	cause := "the resource instance is destroyed: terraform destroy, its block removed from the configuration, a " +
		"for_each key that changed or a count that shrank"
	if !req.Plan.Raw.IsNull() {
		var plan ownCarrierNumberModel
		if diags := req.Plan.Get(ctx, &plan); diags.HasError() {
			return
		}
		var changed []string
		for _, a := range []struct {
			name        string
			plan, state types.String
		}{{"number", plan.Number, state.Number}, {"carrier", plan.Carrier, state.Carrier},
			{"region", plan.Region, state.Region}, {"number_type", plan.NumberType, state.NumberType}} {
			if a.state.IsNull() && a.name == "carrier" {
				continue // not known after an import: recorded, not replaced
			}
			if !a.plan.Equal(a.state) {
				changed = append(changed, a.name)
			}
		}
		if len(changed) == 0 {
			return
		}
		cause = fmt.Sprintf("the resource is replaced: %v changed, which the API cannot change in place, so the number "+
			"is removed and added again", changed)
	}
	carrier := "your carrier"
	if v := state.CarrierName.ValueString(); v != "" {
		carrier = "your carrier (" + v + ")"
	}
	resp.Diagnostics.AddWarning("Own-carrier number "+number+" will be removed from the account",
		fmt.Sprintf("This plan removes %[1]s from the account (%[2]s). It is not released: it stays with %[3]s and "+
			"nothing goes on sale, but until it is added again the service no longer answers it, so calls your "+
			"carrier sends to it fail. Remove it on purpose, or undo the change that removes it.",
			number, cause, carrier))
}

// adoptRuleOwnCarrierNumber says what happens when the reply to the add
// is lost; addOwnCarrierNumberOrAdopt below carries it out. The
// description quotes it.
const adoptRuleOwnCarrierNumber = "If the API's reply to the add is lost (or is a 5xx), the provider looks the number up in " +
	"the account's number list: when the account has it from an incoming carrier, the add is adopted, otherwise it is " +
	"sent again. The reply carries no id (202 `changed`): the number is the id."

// addOwnCarrierNumberOrAdopt is AddOwnCarrierNumbers for one number that
// adopts an add the API carried out without the reply arriving.
func addOwnCarrierNumberOrAdopt(ctx context.Context, c *client.Client, in client.OwnCarrierNumbers) error {
	_, err := kit.CreateOrAdopt(ctx, "own-carrier number", "number "+in.Numbers,
		func(ctx context.Context) (string, error) { return in.Numbers, c.AddOwnCarrierNumbers(ctx, in) },
		kit.AdoptFrom(func(ctx context.Context) ([]client.AccountNumber, error) {
			return c.ListAllNumbers(ctx, client.AccountNumberFilter{NumberStartsWith: in.Numbers})
		}, func(n *client.AccountNumber) bool {
			return n.Number == in.Numbers && n.Carrier != numberrules.ServiceCarrier
		}, func(n *client.AccountNumber) string { return n.Number }),
		func(n string) string { return n })
	return err
}

func addOwnCarrierNumber(ctx context.Context, c *client.Client, plan *ownCarrierNumberModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	number := plan.Number.ValueString()
	in := client.OwnCarrierNumbers{Numbers: number, Carrier: plan.Carrier.ValueString(), Region: plan.Region.ValueString(),
		NumberType: plan.NumberType.ValueString(), AppID: plan.AppID.ValueStringPointer(), Subaccount: plan.Subaccount.ValueStringPointer()}
	if err := addOwnCarrierNumberOrAdopt(ctx, c, in); err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error adding a number from your own carrier", "number "+number, err)
		return false
	}
	plan.ID = types.StringValue(number)
	if !plan.Alias.IsNull() {
		if err := c.UpdateNumber(ctx, number, client.NumberUpdate{Alias: plan.Alias.ValueStringPointer()}); err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error setting the alias of an own-carrier number", "number "+number, err)
			nullOwnCarrierComputed(plan)
			return true
		}
	}
	n, err := kit.ReadAfterCreate(ctx, "own-carrier number "+number, func(ctx context.Context) (*client.AccountNumber, error) {
		return c.GetNumber(ctx, number)
	})
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error reading an own-carrier number after adding it", "number "+number, err)
		nullOwnCarrierComputed(plan)
		return true
	}
	applyOwnCarrierNumber(c, plan, n)
	return true
}

// nullOwnCarrierComputed sets what a failed create did not learn to null,
// so the state it leaves (tainted) holds no unknown value.
func nullOwnCarrierComputed(m *ownCarrierNumberModel) {
	for _, v := range []*types.String{&m.CarrierName, &m.MonthlyRentalRate, &m.AddedOn, &m.ResourceURI} {
		if v.IsUnknown() {
			*v = types.StringNull()
		}
	}
}

func updateOwnCarrierNumber(ctx context.Context, c *client.Client, plan, state *ownCarrierNumberModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	in := client.NumberUpdate{AppID: kit.ChangedString(plan.AppID, state.AppID), Alias: kit.ChangedString(plan.Alias, state.Alias),
		Subaccount: subaccount.PlacementChange(c, plan.Subaccount, state.Subaccount)}
	if in.Subaccount != nil && in.AppID == nil {
		// A move says what becomes of the application, as for a bought number.
		appID := plan.AppID.ValueString()
		in.AppID = &appID
	}
	if in != (client.NumberUpdate{}) {
		if err := c.UpdateNumber(ctx, state.ID.ValueString(), in); err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error updating own-carrier number", "number "+state.ID.ValueString(), err)
			return false
		}
	}
	tflog.Debug(ctx, "own-carrier number updated", map[string]any{"number": state.ID.ValueString()})
	return true
}
