package callerid

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/calleridrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/subaccount"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/subaccountrules"
)

// verifiedCallerIDFamily is what Terraform is served of verified caller
// IDs (provider.go's families).
var VerifiedCallerIDFamily = kit.Family{
	Resources:   []func() resource.Resource{verifiedCallerIDKind.NewResource},
	DataSources: []func() datasource.DataSource{verifiedCallerIDsData.NewDataSource},
	Lists:       []func() list.ListResource{NewVerifiedCallerIDListResource},
	Sweepers:    sweepers,
	RealKinds:   realKinds,
}

// callerIDIdentity names a verified caller ID by its number (identity.go).
var callerIDIdentity = kit.ResourceIdentity{{Name: "phone_number", State: "id", Description: "The verified number, E.164 with its `+`."}}

// verifiedCallerIDKind is cpaas_verified_caller_id: what is declarative
// about a number the account proved it holds (alias, subaccount), and the
// two-apply flow that verifies it (callerIDFlow). A number already
// verified is adopted, never verified again.
var verifiedCallerIDKind = &kit.ObjectKind[verifiedCallerIDModel]{
	TypeName: "_verified_caller_id", What: "verified caller ID", Identity: callerIDIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubPhoneNumbers, Listed: &kit.ListedDoc{
		Limit:   client.VerifiedCallerIDListing.Limit,
		Objects: "verified caller IDs",
		Object:  "verified caller ID",
		From:    "the account's verified caller ID list",
	}},
	Schema: verifiedCallerIDSchema, Create: createVerifiedCallerID, Update: updateVerifiedCallerID,
	// The subaccount it is assigned to exists.
	PlanWith: kit.CheckReferences(kit.SubaccountRef("subaccount")),
	// Refresh: from the listing (client.VerifiedCallerIDListing), whose
	// items carry all the GET does; a number still waiting for its code
	// is in neither, and keeps its state.
	Refresh:    refreshVerifiedCallerID,
	Delete:     deleteVerifiedCallerID,
	ModifyPlan: planCallerIDVerification,
	ImportAs: func(id string) (map[string]string, string) {
		if !callerIDE164.MatchString(id) {
			return nil, fmt.Sprintf("import id %q must be a verified number, E.164 with its +, for example +14155550142.", id)
		}
		return map[string]string{"phone_number": id}, ""
	},
}

type verifiedCallerIDModel struct {
	ID                 types.String `tfsdk:"id"`
	PhoneNumber        types.String `tfsdk:"phone_number"`
	Alias              types.String `tfsdk:"alias"`
	Subaccount         types.String `tfsdk:"subaccount"`
	Channel            types.String `tfsdk:"channel"`
	VerificationCodeWO types.String `tfsdk:"verification_code_wo"`
	Verified           types.Bool   `tfsdk:"verified"`
	VerificationUUID   types.String `tfsdk:"verification_uuid"`
	Country            types.String `tfsdk:"country"`
	CreatedAt          types.String `tfsdk:"created_at"`
}

// callerIDE164 is the resource's form of a number: with its +, the form
// the API reports, so an import plans nothing.
var callerIDE164 = regexp.MustCompile(`^\+[1-9][0-9]{7,14}$`)

// callerIDFlow is the verification as the user follows it; the
// descriptions and the guide quote it.
const callerIDFlow = "Verifying a number needs a person: the service sends a one-time code to the number (by SMS, or a call " +
	"with `channel = \"call\"`), valid for 15 minutes. So a new number takes two applies, and no apply ever waits for the code:\n\n" +
	"1. `terraform apply` without `verification_code_wo`: the provider sends the code and records the open verification " +
	"(`verified = false`, `verification_uuid`); the apply succeeds with a warning saying where the code went.\n" +
	"2. `terraform apply` with `verification_code_wo` set to the code (from a sensitive variable: `TF_VAR_...`, never `-var`, " +
	"which Terraform writes to its logs): the provider verifies the number (`verified = true`).\n\n" +
	"A wrong code fails the second apply and keeps the verification open; try again with the right one. A code older than " +
	"15 minutes fails it too: `terraform apply -replace=<address>` without the code sends a new one. The code is write-only: " +
	"it reaches neither the state, nor the plan, nor any log. A number that is already verified (in the console, or by another " +
	"configuration) is adopted on create, without a code, and so is one an import names."

const adoptRuleCallerID = "If the reply to the verify is lost (or is a 5xx), the provider reads the number: when it is verified, " +
	"the resource adopts it; otherwise the apply fails and the verification stays open for another apply with the code."

// callerIDCodeRule checks a one-time code's form, never quoting it.
var callerIDCodeRule = kit.SpecRule("must be "+calleridrules.CodeRule, calleridrules.CheckCode)

func verifiedCallerIDSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "A verified caller ID: a number the account proved it holds, which its calls may then show as their " +
			"caller ID. The resource manages what is declarative once it is verified, its `alias` and `subaccount`; destroying " +
			"it removes the verification.\n\n" + callerIDFlow + "\n\n" + adoptRuleCallerID,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedKeptString("The verified number, the same as `phone_number`."),
			"phone_number": schema.StringAttribute{
				MarkdownDescription: "The number, E.164 with its `+` (the form the API reports), 8 to 15 digits. Changing it replaces the resource.",
				Required:            true,
				Validators: []validator.String{stringvalidator.RegexMatches(callerIDE164,
					"must be E.164 with its +: a + and 8 to 15 digits, the first not 0, for example +14155550142")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"alias": schema.StringAttribute{
				MarkdownDescription: "A friendly name, " + calleridrules.AliasRule + " (characters, not bytes). Unset is no alias. Updates in place.",
				Optional:            true,
				Validators:          []validator.String{callerIDAliasRule, stringvalidator.UTF8LengthAtLeast(1)},
			},
			"subaccount": schema.StringAttribute{
				MarkdownDescription: "`auth_id` of the subaccount the number is assigned to, " + subaccountrules.IDRule + ". Unset is " +
					"the main account. Setting or changing it needs the main account's credentials. " + kit.MissingRefNote("verified caller ID") +
					" Updates in place.",
				Optional:   true,
				Validators: []validator.String{subaccount.SubaccountIDRule},
			},
			"channel": schema.StringAttribute{
				MarkdownDescription: "How the one-time code is sent: `sms` (the service's default) or `call`. Read only when a code is " +
					"sent; changing it calls no API.",
				Optional:   true,
				Validators: []validator.String{stringvalidator.OneOf(calleridrules.ChannelSMS, calleridrules.ChannelCall)},
			},
			"verification_code_wo": schema.StringAttribute{
				MarkdownDescription: "The one-time code the number received, " + calleridrules.CodeRule + ", for the second apply. " +
					"Write-only (Terraform 1.11 or later): never stored in the state or the plan. Ignored once the number is verified; " +
					"remove it then.",
				Optional:   true,
				Sensitive:  true,
				WriteOnly:  true,
				Validators: []validator.String{callerIDCodeRule},
			},
			"verified": schema.BoolAttribute{
				MarkdownDescription: "Whether the number is verified: `false` between the apply that sent the code and the one that verified it.",
				Computed:            true,
				PlanModifiers:       []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()},
			},
			"verification_uuid": kit.ComputedKeptString("UUID of the verification: the open one while `verified` is false, then the one that verified it."),
			"country":           kit.ComputedKeptString("ISO 3166-1 alpha-2 country of the number, `\"\"` when the service does not know it; null until verified."),
			"created_at":        kit.ComputedKeptString("When the number was verified, RFC 3339 in UTC; null until verified."),
		},
	}
}

// applyCallerID copies a verified record into m.
func applyCallerID(m *verifiedCallerIDModel, v *client.VerifiedCallerID) {
	m.ID = types.StringValue(v.PhoneNumber)
	m.PhoneNumber = types.StringValue(v.PhoneNumber)
	m.Alias = kit.StringOrNull(v.Alias)
	m.Subaccount = kit.StringOrNull(v.Subaccount)
	m.Verified = types.BoolValue(true)
	m.VerificationUUID = types.StringValue(v.VerificationUUID)
	m.Country = types.StringValue(v.Country)
	m.CreatedAt = types.StringValue(v.CreatedAt)
}

// planCallerIDVerification plans the verification when a code is
// configured for a number still waiting for one: the code is write-only,
// so without this nothing would change in the plan. It warns when the
// state waits for a code and none is configured.
func planCallerIDVerification(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	if req.State.Raw.IsNull() {
		return // a create: every computed attribute is unknown already
	}
	var verified types.Bool
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("verified"), &verified)...)
	if verified.ValueBool() {
		return
	}
	number, _ := kit.RawString(req.Config.Raw, "phone_number")
	if _, coded := kit.RawString(req.Config.Raw, "verification_code_wo"); !coded {
		resp.Diagnostics.AddAttributeWarning(path.Root("verification_code_wo"), "Caller ID waiting for its code",
			fmt.Sprintf("%s is not verified yet: a one-time code was sent to it. Apply with verification_code_wo set to the code "+
				"(from a sensitive variable) to verify it, or with -replace to send a new code when 15 minutes have passed.", number))
		return
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("verified"), types.BoolUnknown())...)
	for _, name := range []string{"verification_uuid", "country", "created_at"} {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(name), types.StringUnknown())...)
	}
}

func refreshVerifiedCallerID(ctx context.Context, c *client.Client, id string, m *verifiedCallerIDModel, _ resource.ReadRequest, _ *diag.Diagnostics) error {
	v, _, err := client.VerifiedCallerIDListing.Refresh(ctx, c, "", id)
	if errors.Is(err, client.ErrNotFound) && !m.Verified.IsNull() && !m.Verified.ValueBool() {
		return nil // still waiting for its code: nothing to read yet
	}
	if err == nil {
		applyCallerID(m, v)
	}
	return err
}

// callerIDUpdateFor is the update that makes record v what m says, nil
// when it already is. The main account's own auth_id moves a number back
// from a subaccount.
func callerIDUpdateFor(c *client.Client, m *verifiedCallerIDModel, v *client.VerifiedCallerID) *client.VerifiedCallerIDUpdate {
	var in client.VerifiedCallerIDUpdate
	if alias := m.Alias.ValueString(); alias != v.Alias {
		in.Alias = &alias
	}
	if sub := m.Subaccount.ValueString(); sub != v.Subaccount {
		if sub == "" {
			sub = c.AuthID()
		}
		in.Subaccount = &sub
	}
	if in.Alias == nil && in.Subaccount == nil {
		return nil
	}
	return &in
}

// settleCallerID makes a verified number carry m's alias and subaccount
// and applies the record to m.
func settleCallerID(ctx context.Context, c *client.Client, m *verifiedCallerIDModel, v *client.VerifiedCallerID) error {
	if in := callerIDUpdateFor(c, m, v); in != nil {
		var err error
		if v, err = c.UpdateVerifiedCallerID(ctx, v.PhoneNumber, *in); err != nil {
			return err
		}
	}
	applyCallerID(m, v)
	return nil
}

func createVerifiedCallerID(ctx context.Context, c *client.Client, plan *verifiedCallerIDModel, req resource.CreateRequest, resp *resource.CreateResponse) bool {
	number := plan.PhoneNumber.ValueString()
	plan.VerificationCodeWO = types.StringNull()
	// Adoption: a number already verified is taken over as it is.
	v, err := c.GetVerifiedCallerID(ctx, number)
	switch {
	case err == nil:
		// The id is the number: known however the settling ends, so an
		// interrupted or failed one still leaves an object a refresh and
		// a delete can name.
		plan.ID = types.StringValue(number)
		if err := settleCallerID(ctx, c, plan, v); err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error updating verified caller ID", "verified caller ID "+number, err)
		}
		return true
	case !errors.Is(err, client.ErrNotFound):
		kit.AddAPIError(&resp.Diagnostics, "Error reading verified caller ID", "verified caller ID "+number, err)
		return false
	}
	if _, coded := kit.RawString(req.Config.Raw, "verification_code_wo"); coded {
		resp.Diagnostics.AddAttributeError(path.Root("verification_code_wo"), "No verification of "+number+" is open",
			number+" is not verified and no code was sent to it by this resource, so verification_code_wo has nothing to verify. "+
				"Remove verification_code_wo and apply: the provider sends a new code. Then apply again with the code it received.")
		return false
	}
	init, err := c.InitiateCallerIDVerification(ctx, client.VerifiedCallerIDInitiate{
		PhoneNumber: number, Alias: plan.Alias.ValueString(), Channel: plan.Channel.ValueString(), Subaccount: plan.Subaccount.ValueString(),
	})
	if client.StatusCode(err) == http.StatusConflict { // verified meanwhile
		if v, err = c.GetVerifiedCallerID(ctx, number); err == nil {
			if err = settleCallerID(ctx, c, plan, v); err == nil {
				return true
			}
		}
	}
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error sending a verification code", "phone number "+number, err)
		return false
	}
	plan.ID = types.StringValue(number)
	plan.Verified = types.BoolValue(false)
	plan.VerificationUUID = types.StringValue(init.VerificationUUID)
	plan.Country, plan.CreatedAt = types.StringNull(), types.StringNull()
	channel := plan.Channel.ValueString()
	if channel == "" {
		channel = calleridrules.ChannelSMS
	}
	resp.Diagnostics.AddAttributeWarning(path.Root("verification_code_wo"), "Verification code sent to "+number,
		fmt.Sprintf("A one-time code was sent to %s (by %s), valid for 15 minutes. %s is not a verified caller ID yet: apply again "+
			"with verification_code_wo set to the code, from a sensitive variable whose value the environment gives "+
			"(TF_VAR_<the variable's name>=<code> terraform apply).", number, channel, number))
	return true
}

func updateVerifiedCallerID(ctx context.Context, c *client.Client, plan, state *verifiedCallerIDModel, req resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	number := state.ID.ValueString()
	plan.VerificationCodeWO = types.StringNull()
	if state.Verified.ValueBool() {
		v, err := c.GetVerifiedCallerID(ctx, number)
		if err == nil {
			err = settleCallerID(ctx, c, plan, v)
		}
		if err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error updating verified caller ID", "verified caller ID "+number, err)
			return false
		}
		return true
	}
	code, coded := kit.RawString(req.Config.Raw, "verification_code_wo")
	if !coded {
		// Waiting for the code: the alias and subaccount are set when it
		// comes; a channel change calls no API.
		plan.Verified, plan.VerificationUUID = state.Verified, state.VerificationUUID
		plan.Country, plan.CreatedAt = state.Country, state.CreatedAt
		return true
	}
	_, err := c.VerifyCallerID(ctx, state.VerificationUUID.ValueString(), code)
	if err != nil && client.IsAmbiguousCreate(err) {
		if _, getErr := c.GetVerifiedCallerID(ctx, number); getErr == nil {
			err = nil // the verify went through; its reply was lost
		}
	}
	switch {
	case errors.Is(err, client.ErrNotFound):
		resp.Diagnostics.AddAttributeError(path.Root("verification_code_wo"), "Verification of "+number+" is closed",
			fmt.Sprintf("The verification this resource opened for %s (%s) is closed: its code expired, or was replaced by a newer one. "+
				"Remove verification_code_wo and run terraform apply -replace=<this resource's address> to send a new code, then apply "+
				"again with it. (%v)", number, state.VerificationUUID.ValueString(), err))
		return false
	case err != nil:
		kit.AddAPIError(&resp.Diagnostics, "Error verifying caller ID", "phone number "+number+" (verification_code_wo: check the code; "+
			"a code older than 15 minutes needs terraform apply -replace without it, which sends a new one)", err)
		return false
	}
	v, err := c.GetVerifiedCallerID(ctx, number)
	if err == nil {
		err = settleCallerID(ctx, c, plan, v)
	}
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error reading verified caller ID after verify", "verified caller ID "+number, err)
		// Verified: the state must say so, or the next apply would verify again.
		plan.Verified = types.BoolValue(true)
		plan.VerificationUUID, plan.Country, plan.CreatedAt = state.VerificationUUID, types.StringNull(), types.StringNull()
	}
	return true
}

// deleteVerifiedCallerID removes the verification; a number still
// waiting for its code has nothing to remove (the code expires).
func deleteVerifiedCallerID(ctx context.Context, c *client.Client, state *verifiedCallerIDModel, diags *diag.Diagnostics) {
	if !state.Verified.IsNull() && !state.Verified.ValueBool() {
		return
	}
	if err := c.DeleteVerifiedCallerID(ctx, state.ID.ValueString()); err != nil && !errors.Is(err, client.ErrNotFound) {
		kit.AddAPIError(diags, "Error deleting verified caller ID", "verified caller ID "+state.ID.ValueString(), err)
	}
}
