package tollfree

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tollfreerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// tollfreeFamily is what Terraform is served of toll-free verification (provider.go's families).
var TollfreeFamily = kit.Family{
	Resources:   []func() resource.Resource{tollfreeKind.NewResource},
	DataSources: []func() datasource.DataSource{tollfreeData.NewDataSource},
	Lists:       []func() list.ListResource{NewTollfreeVerificationListResource},
	Sweepers:    sweepers,
	RealKinds:   realKinds,
}

// tollfreeIdentity names a toll-free verification request by its uuid.
var tollfreeIdentity = kit.ResourceIdentity{{Name: "uuid", State: "id", Description: "Toll-free verification request UUID (`uuid`)."}}

// tollfreeKind is cpaas_tollfree_verification: the request that lets a
// toll-free number of the account send SMS to the US and Canada. Read,
// deleted and imported by its uuid. Every field but number updates in
// place, while the service allows an update (SUBMITTED or
// UPDATE_REQUIRED); number replaces it, and a REJECTED request is
// replaced by the next apply.
var tollfreeKind = &kit.ObjectKind[tollfreeModel]{
	TypeName: "_tollfree_verification", What: "toll-free verification", Identity: tollfreeIdentity, Paid: true,
	Docs: kit.PageDocs{Subcategory: kit.SubMessaging, Listed: &kit.ListedDoc{
		Limit:   client.TollfreeListing.Limit,
		Objects: "verification requests",
		Object:  "verification request",
		From:    "the list of the requests made in the last 29 days (the service lists at most 30 days at once)",
		More:    "An older request is read on its own.",
	}},
	Schema: tollfreeSchema, Create: createTollfree, Update: updateTollfree,
	// Refresh: from the listing of the last 29 days' requests
	// (client.TollfreeListing), whose items carry all the GET does; an
	// older request is read by GET.
	Refresh:    kit.ReadListedReporting(client.TollfreeListing, applyTollfree, nil),
	Remove:     (*client.Client).DeleteTollfreeVerification,
	ImportAs:   kit.ImportIDMatching(tendlcrules.UUIDPattern, "a toll-free verification uuid", tendlcrules.UUIDRule),
	ModifyPlan: planTollfree,
	// Before the request is made or changed: its profile exists.
	PlanWith: kit.CheckReferences(kit.IdRef("profile_uuid", "business profile", "cpaas_10dlc_profile", "id", client.ProfileListing)),
}

// defaultTollfreeTimeout is how long an apply waits for the carrier by
// default.
const defaultTollfreeTimeout = 30 * time.Minute

// tollfreeAttrs are what the API reports of a request: the data source's
// whole model and the part of the resource's that apply fills.
type tollfreeAttrs struct {
	ID                    types.String `tfsdk:"id"`
	ProfileUUID           types.String `tfsdk:"profile_uuid"`
	Number                types.String `tfsdk:"number"`
	Usecases              types.Set    `tfsdk:"usecases"`
	UsecaseSummary        types.String `tfsdk:"usecase_summary"`
	MessageSample         types.String `tfsdk:"message_sample"`
	OptinType             types.String `tfsdk:"optin_type"`
	OptinImageURLs        types.List   `tfsdk:"optin_image_urls"`
	Volume                types.String `tfsdk:"volume"`
	AdditionalInformation types.String `tfsdk:"additional_information"`
	ExtraData             types.String `tfsdk:"extra_data"`
	CallbackURL           types.String `tfsdk:"callback_url"`
	CallbackMethod        types.String `tfsdk:"callback_method"`
	Status                types.String `tfsdk:"status"`
	ErrorMessage          types.String `tfsdk:"error_message"`
	CreatedAt             types.String `tfsdk:"created_at"`
}

// tollfreeModel is the resource's model: the request, whether the apply
// waits for the carrier, and for how long.
type tollfreeModel struct {
	tollfreeAttrs
	WaitForVerification types.Bool     `tfsdk:"wait_for_verification"`
	Timeouts            timeouts.Value `tfsdk:"timeouts"`
}

// The plan-time rules of a request (tollfreerules).
var (
	tollfreeUsecaseRule = kit.SpecRuleWorded(stringvalidator.OneOf(tollfreerules.Usecases...),
		tollfreerules.CheckUsecase)
	tollfreeOptinTypeRule = kit.SpecRuleWorded(stringvalidator.OneOf(tollfreerules.OptinTypes...),
		tollfreerules.CheckOptinType)
	tollfreeVolumeRule = kit.SpecRuleWorded(stringvalidator.OneOf(tollfreerules.Volumes...),
		tollfreerules.CheckVolume)
	tollfreeCallbackMethodRule = kit.SpecRuleWorded(stringvalidator.OneOf(tollfreerules.CallbackMethods...),
		tollfreerules.CheckCallbackMethod)
	tollfreeURLRule    = kit.SpecRule("an absolute http:// or https:// URL without commas", tollfreerules.CheckURL)
	tollfreeNumberRule = kit.SpecRuleWorded(stringvalidator.RegexMatches(tollfreerules.NumberPattern, "must be "+tollfreerules.NumberRule),
		tollfreerules.CheckNumber)
)

// tollfreeLengthRule is the limit of a text in characters.
func tollfreeLengthRule(maxLen int) validator.String {
	return kit.SpecRule(fmt.Sprintf("1 to %d characters", maxLen), func(attr, v string) error { return tollfreerules.CheckLength(attr, v, maxLen) })
}

// replaceTollfreeWhenRemoved replaces the request when an optional field
// is removed: the API reads an empty value on an update as "unchanged",
// so no update can clear it.
func replaceTollfreeWhenRemoved() planmodifier.String {
	const why = "Removing it replaces the request: the API's update cannot clear a field."
	return stringplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = kit.Known(req.StateValue) && req.PlanValue.IsNull()
	}, why, why)
}

// tollfreeOptional is an optional text that updates in place.
func tollfreeOptional(description string, validators ...validator.String) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description + " Updates in place (while the service allows an update); removing it replaces the request, " +
			"since the API's update cannot clear a field.",
		Optional: true, Validators: validators, PlanModifiers: []planmodifier.String{replaceTollfreeWhenRemoved()},
	}
}

const tollfreeInPlace = " Updates in place (while the service allows an update)."

// tollfreeUntaintNote is the choice the description and the guide
// document: a create that ends UPDATE_REQUIRED is an error, which
// Terraform answers by tainting the resource.
const tollfreeUntaintNote = "An `UPDATE_REQUIRED` reached by a create fails the apply and, like every failed create, Terraform marks " +
	"the resource tainted: the error says to run `terraform untaint <address>` before correcting the configuration, so that the next " +
	"apply updates the request in place (resubmits it) instead of deleting it and submitting a new one. An `UPDATE_REQUIRED` reached " +
	"by an update is not tainted: correct the configuration and apply again."

func tollfreeSchema(ctx context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "A toll-free verification request: until the carrier approves one for a toll-free number, the number cannot " +
			"send SMS to the US or Canada (such messages fail with error code 470). The request names the business " +
			"(`cpaas_10dlc_profile`) and describes the traffic; the carrier decides asynchronously: `SUBMITTED`, then `APPROVED`, " +
			"`REJECTED` (with the reason in `error_message`; the same use case cannot be submitted again) or `UPDATE_REQUIRED` " +
			"(the carrier asks for more information; with no update within six days the request becomes `REJECTED`).\n\n" +
			"By default the apply waits, within `timeouts`, until the carrier has decided: `APPROVED` completes, `REJECTED` fails the " +
			"apply quoting the reason and leaves the resource tainted (the next apply submits a new request), `UPDATE_REQUIRED` fails " +
			"the apply saying what the carrier asked and that an update within six days is needed. " + tollfreeUntaintNote + " " +
			"With `wait_for_verification = false` the apply ends at `SUBMITTED`; a refresh reads the decision later.\n\n" +
			"The service takes an update only while the request is `SUBMITTED` or `UPDATE_REQUIRED`: a change to an `APPROVED` " +
			"request is refused at plan time. An update resubmits the request (`SUBMITTED` again). Changing `number` replaces the " +
			"request, and so does a `REJECTED` request seen on a refresh.\n\n" + adoptRuleTollfree,
		Attributes: map[string]schema.Attribute{
			"id":           kit.ComputedKeptString("Request UUID (`uuid`), the import id."),
			"profile_uuid": schema.StringAttribute{MarkdownDescription: "UUID of the business profile (`cpaas_10dlc_profile`) the request is made for. " + kit.MissingRefNote("request") + tollfreeInPlace, Required: true, Validators: []validator.String{kit.ShapeRule(tendlcrules.UUIDPattern, tendlcrules.UUIDRule)}},
			"number": kit.RequiredReplacingString("The toll-free number to verify, one of the account's (`cpaas_phone_number`): "+
				tollfreerules.NumberRule+". Changing it replaces the request: the API cannot change it.", tollfreeNumberRule),
			"usecases": schema.SetAttribute{
				MarkdownDescription: "What the number sends, one or more of " + kit.OneOfText(tollfreerules.Usecases) + ". The API holds them as " +
					"one comma-separated string (sorted here, `\"2FA, CUSTOMER_CARE\"`)." + tollfreeInPlace,
				Required: true, ElementType: types.StringType,
				Validators: []validator.Set{setvalidator.SizeAtLeast(1), setvalidator.ValueStringsAre(tollfreeUsecaseRule)},
			},
			"usecase_summary": schema.StringAttribute{MarkdownDescription: fmt.Sprintf("What the messages are for and who gets them, 1 to %d characters.",
				tollfreerules.MaxUsecaseSummary) + tollfreeInPlace, Required: true, Validators: []validator.String{tollfreeLengthRule(tollfreerules.MaxUsecaseSummary)}},
			"message_sample": schema.StringAttribute{MarkdownDescription: fmt.Sprintf("A typical message, 1 to %d characters. Carriers expect "+
				"opt-out language (\"Reply STOP to opt out\").", tollfreerules.MaxMessageSample) + tollfreeInPlace,
				Required: true, Validators: []validator.String{tollfreeLengthRule(tollfreerules.MaxMessageSample)}},
			"optin_type": schema.StringAttribute{MarkdownDescription: "How the recipients opted in: " + kit.OneOfText(tollfreerules.OptinTypes) + "." + tollfreeInPlace,
				Required: true, Validators: []validator.String{tollfreeOptinTypeRule}},
			"optin_image_urls": schema.ListAttribute{
				MarkdownDescription: "URLs of images that show the opt-in (a form, a screenshot), each an absolute `http://` or `https://` URL " +
					"without commas; the API holds them as one comma-separated string." + tollfreeInPlace,
				Required: true, ElementType: types.StringType,
				Validators: []validator.List{listvalidator.SizeAtLeast(1), listvalidator.ValueStringsAre(tollfreeURLRule)},
			},
			"volume": schema.StringAttribute{MarkdownDescription: "Messages a month, one of " + kit.OneOfText(tollfreerules.Volumes) +
				" (with the thousands comma, as the API writes it)." + tollfreeInPlace, Required: true, Validators: []validator.String{tollfreeVolumeRule}},
			"additional_information": tollfreeOptional("Anything else the carrier should know.", stringvalidator.UTF8LengthAtLeast(1)),
			"extra_data":             tollfreeOptional("Free text kept with the request.", stringvalidator.UTF8LengthAtLeast(1)),
			"callback_url": tollfreeOptional("Absolute `http://` or `https://` URL that receives a signed callback (form fields `Kind`, `UUID`, "+
				"`Number`, `Status`, `ErrorMessage`, `Time`) on each status change; retried 60, 120 and 240 seconds after a failed attempt.", tollfreeURLRule),
			"callback_method": tollfreeOptional("HTTP method of the callback: `GET` or `POST` (the API's default).", tollfreeCallbackMethodRule),
			"wait_for_verification": schema.BoolAttribute{
				MarkdownDescription: "Whether `terraform apply` waits, within `timeouts.create` or `timeouts.update` (default 30 minutes), until " +
					"the carrier has decided. Default `true`. With `false` the apply ends at `SUBMITTED`. Real carriers can take days: raise " +
					"the timeouts or set `false` there. Changing it does not touch the request.",
				Optional: true, Computed: true, Default: booldefault.StaticBool(true),
			},
			"status": kit.ComputedKeptString("`SUBMITTED`, `APPROVED`, `REJECTED` or `UPDATE_REQUIRED`, as of the last refresh. An update makes it " +
				"`SUBMITTED` again."),
			"error_message": kit.ComputedKeptString("The carrier's words when the request is `REJECTED` or `UPDATE_REQUIRED`; null otherwise."),
			"created_at":    kit.ComputedKeptString("When the request was submitted, RFC 3339 in UTC with microseconds."),
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true, Update: true}),
		},
	}
}

// planTollfree refuses, at plan time, an update the service would refuse
// (any status but SUBMITTED and UPDATE_REQUIRED), replaces a REJECTED
// request, marks the status unknown when the update resubmits, and reminds
// of a pending carrier request.
func planTollfree(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	state, okState := kit.Decode[tollfreeModel](ctx, req.State, &resp.Diagnostics)
	plan, okPlan := kit.Decode[tollfreeModel](ctx, req.Plan, &resp.Diagnostics)
	if !okState || !okPlan {
		return
	}
	status := state.Status.ValueString()
	unknownStatus := func() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("status"), types.StringUnknown())...)
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("error_message"), types.StringUnknown())...)
	}
	if status == tollfreerules.StatusRejected {
		unknownStatus()
		resp.RequiresReplace = append(resp.RequiresReplace, path.Root("status"))
		return
	}
	changes, known := plan.changes(ctx, &state.tollfreeAttrs)
	if !known || changes != (client.TollfreeVerificationFields{}) {
		if len(resp.RequiresReplace) > 0 {
			return // replaced, not updated
		}
		if status != "" && !tollfreerules.CanUpdate(status) {
			resp.Diagnostics.AddError("Toll-free verification cannot be updated",
				fmt.Sprintf("Toll-free verification %s (number %s) is %s: the service takes an update only while a request is SUBMITTED "+
					"or UPDATE_REQUIRED. Revert the change to keep the %s request, or replace it with a new request "+
					"(terraform apply -replace=<address>; the number cannot send SMS to the US or Canada until the new one is approved).",
					state.ID.ValueString(), state.Number.ValueString(), status, status))
			return
		}
		unknownStatus()
		return
	}
	if status == tollfreerules.StatusUpdateRequired {
		resp.Diagnostics.AddWarning("Toll-free verification needs an update",
			fmt.Sprintf("The carrier asks for more on toll-free verification %s (number %s): %q. Correct the configuration and apply "+
				"within six days of the request, or the carrier rejects it.", state.ID.ValueString(), state.Number.ValueString(), state.ErrorMessage.ValueString()))
	}
}

// stringsOf is the strings of a set or a list of strings; none while it
// is unknown (changes then reports the plan as not known).
func stringsOf(ctx context.Context, v interface {
	IsUnknown() bool
	ElementsAs(context.Context, any, bool) diag.Diagnostics
}) []string {
	if v.IsUnknown() {
		return nil
	}
	var out []string
	if d := v.ElementsAs(ctx, &out, false); d.HasError() {
		return nil
	}
	return out
}

// fields is what a create sends for m: the use cases sorted and joined,
// the opt-in images joined in their order.
func (m *tollfreeAttrs) fields(ctx context.Context) client.TollfreeVerificationFields {
	usecases := stringsOf(ctx, m.Usecases)
	slices.Sort(usecases)
	images := stringsOf(ctx, m.OptinImageURLs)
	return client.TollfreeVerificationFields{
		ProfileUUID: m.ProfileUUID.ValueString(), Usecase: tollfreerules.Join(usecases), UsecaseSummary: m.UsecaseSummary.ValueString(),
		MessageSample: m.MessageSample.ValueString(), OptinImageURL: tollfreerules.Join(images), OptinType: m.OptinType.ValueString(),
		Volume: m.Volume.ValueString(), AdditionalInformation: m.AdditionalInformation.ValueString(), ExtraData: m.ExtraData.ValueString(),
		CallbackURL: m.CallbackURL.ValueString(), CallbackMethod: m.CallbackMethod.ValueString(),
	}
}

// changes is what an update sends to go from state to m: each field whose
// value changed ("" is unchanged to the API). known is false while a
// planned value is unknown (it may change).
func (m *tollfreeAttrs) changes(ctx context.Context, state *tollfreeAttrs) (f client.TollfreeVerificationFields, known bool) {
	all := m.fields(ctx)
	known = true
	str := func(plan, prior types.String, dst *string, v string) {
		if plan.IsUnknown() {
			known = false
		}
		if !plan.Equal(prior) {
			*dst = v
		}
	}
	str(m.ProfileUUID, state.ProfileUUID, &f.ProfileUUID, all.ProfileUUID)
	str(m.UsecaseSummary, state.UsecaseSummary, &f.UsecaseSummary, all.UsecaseSummary)
	str(m.MessageSample, state.MessageSample, &f.MessageSample, all.MessageSample)
	str(m.OptinType, state.OptinType, &f.OptinType, all.OptinType)
	str(m.Volume, state.Volume, &f.Volume, all.Volume)
	str(m.AdditionalInformation, state.AdditionalInformation, &f.AdditionalInformation, all.AdditionalInformation)
	str(m.ExtraData, state.ExtraData, &f.ExtraData, all.ExtraData)
	str(m.CallbackURL, state.CallbackURL, &f.CallbackURL, all.CallbackURL)
	str(m.CallbackMethod, state.CallbackMethod, &f.CallbackMethod, all.CallbackMethod)
	if m.Usecases.IsUnknown() || m.OptinImageURLs.IsUnknown() {
		known = false
	}
	if !m.Usecases.Equal(state.Usecases) {
		f.Usecase = all.Usecase
	}
	if !m.OptinImageURLs.Equal(state.OptinImageURLs) {
		f.OptinImageURL = all.OptinImageURL
	}
	return f, known
}

// setOfStrings and listOfStrings are the API's comma-joined string as a
// set or a list; an empty string keeps prior (the reply said nothing).
func setOfStrings(prior types.Set, s string, diags *diag.Diagnostics) types.Set {
	vs := tollfreerules.Split(s)
	if len(vs) == 0 {
		if prior.IsUnknown() {
			return types.SetNull(types.StringType)
		}
		return prior
	}
	out, d := types.SetValueFrom(context.Background(), types.StringType, vs)
	diags.Append(d...)
	return out
}

func listOfStrings(prior types.List, s string, diags *diag.Diagnostics) types.List {
	vs := tollfreerules.Split(s)
	if len(vs) == 0 {
		if prior.IsUnknown() {
			return types.ListNull(types.StringType)
		}
		return prior
	}
	out, d := types.ListValueFrom(context.Background(), types.StringType, vs)
	diags.Append(d...)
	return out
}

// apply copies what the API reports into m. Unset optional fields are ""
// in the record: they keep m's value (reportedString). error_message is
// the current decision's, null when there is none.
func (m *tollfreeAttrs) apply(v *client.TollfreeVerification, diags *diag.Diagnostics) {
	m.ID = types.StringValue(strings.ToLower(v.UUID))
	m.ProfileUUID = kit.ReportedString(m.ProfileUUID, v.ProfileUUID)
	m.Number = kit.ReportedString(m.Number, v.Number)
	m.Usecases = setOfStrings(m.Usecases, v.Usecase, diags)
	m.UsecaseSummary = kit.ReportedString(m.UsecaseSummary, v.UsecaseSummary)
	m.MessageSample = kit.ReportedString(m.MessageSample, v.MessageSample)
	m.OptinType = kit.ReportedString(m.OptinType, v.OptinType)
	m.OptinImageURLs = listOfStrings(m.OptinImageURLs, v.OptinImageURL, diags)
	m.Volume = kit.ReportedString(m.Volume, v.Volume)
	m.AdditionalInformation = kit.ReportedString(m.AdditionalInformation, v.AdditionalInformation)
	m.ExtraData = kit.ReportedString(m.ExtraData, v.ExtraData)
	m.CallbackURL = kit.ReportedString(m.CallbackURL, v.CallbackURL)
	m.CallbackMethod = kit.ReportedString(m.CallbackMethod, v.CallbackMethod)
	m.Status = kit.ReportedString(m.Status, v.Status)
	m.ErrorMessage = kit.StringOrNull(v.ErrorMessage)
	m.CreatedAt = kit.ReportedString(m.CreatedAt, v.Created)
}

// applyTollfree copies what the API reports into the resource's m.
func applyTollfree(m *tollfreeModel, v *client.TollfreeVerification, diags *diag.Diagnostics) {
	m.apply(v, diags)
	if m.WaitForVerification.IsNull() || m.WaitForVerification.IsUnknown() {
		m.WaitForVerification = types.BoolValue(true) // the default, after an import
	}
}

// adoptRuleTollfree says what happens when the reply to a create is lost;
// createTollfreeOrAdopt carries it out. The description quotes it.
const adoptRuleTollfree = "If the API's reply to the create is lost (or is a 5xx), the provider does not submit a second request: it " +
	"lists the number's requests and adopts the one that is not `REJECTED` with the same `profile_uuid` and `usecase_summary`; when " +
	"none matches the create is sent again, when several match the apply stops with an error naming them."

// createTollfreeOrAdopt is CreateTollfreeVerification that never submits
// a duplicate.
func createTollfreeOrAdopt(ctx context.Context, c *client.Client, in client.TollfreeVerificationCreate) (*client.TollfreeVerificationCreated, error) {
	list := func(ctx context.Context) ([]client.TollfreeVerification, error) {
		return c.ListAllTollfreeVerifications(ctx, client.TollfreeFilter{Number: in.Number})
	}
	return kit.CreateOrAdopt(ctx, "toll-free verification", fmt.Sprintf("number %s, profile_uuid %s and its usecase_summary", in.Number, in.ProfileUUID),
		func(ctx context.Context) (*client.TollfreeVerificationCreated, error) {
			return c.CreateTollfreeVerification(ctx, in)
		},
		kit.AdoptFrom(list, func(v *client.TollfreeVerification) bool {
			return v.Number == in.Number && strings.EqualFold(v.ProfileUUID, in.ProfileUUID) && v.UsecaseSummary == in.UsecaseSummary &&
				v.Status != tollfreerules.StatusRejected
		}, func(v *client.TollfreeVerification) *client.TollfreeVerificationCreated {
			return &client.TollfreeVerificationCreated{UUID: v.UUID, Message: "adopted"}
		}),
		func(v *client.TollfreeVerificationCreated) string { return v.UUID })
}

func createTollfree(ctx context.Context, c *client.Client, plan *tollfreeModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	timeout, d := plan.Timeouts.Create(ctx, defaultTollfreeTimeout)
	if resp.Diagnostics.Append(d...); resp.Diagnostics.HasError() {
		return false
	}
	number := plan.Number.ValueString()
	created, err := createTollfreeOrAdopt(ctx, c, client.TollfreeVerificationCreate{Number: number, TollfreeVerificationFields: plan.fields(ctx)})
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating toll-free verification", "toll-free verification of number "+number, err)
		return false
	}
	id := strings.ToLower(created.UUID)
	plan.ID = types.StringValue(id)
	v, err := kit.ReadAfterCreate(ctx, "toll-free verification "+id, findTollfree(c, id))
	if err != nil {
		plan.Status, plan.ErrorMessage, plan.CreatedAt = types.StringValue(tollfreerules.StatusSubmitted), types.StringNull(), types.StringNull()
		kit.AddAPIError(&resp.Diagnostics, "Error reading toll-free verification after create", "toll-free verification "+id, err)
		return true
	}
	finishTollfree(ctx, c, plan, v, timeout, true, &resp.Diagnostics)
	return true
}

func updateTollfree(ctx context.Context, c *client.Client, plan, state *tollfreeModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	id := state.ID.ValueString()
	changes, _ := plan.changes(ctx, &state.tollfreeAttrs)
	if changes == (client.TollfreeVerificationFields{}) {
		return true // wait_for_verification or timeouts: recorded, no API call
	}
	timeout, d := plan.Timeouts.Update(ctx, defaultTollfreeTimeout)
	if resp.Diagnostics.Append(d...); resp.Diagnostics.HasError() {
		return false
	}
	if err := c.UpdateTollfreeVerification(ctx, id, changes); err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating toll-free verification", "toll-free verification "+id, err)
		return false
	}
	v, err := c.GetTollfreeVerification(ctx, id)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error reading toll-free verification after update", "toll-free verification "+id, err)
		return false
	}
	finishTollfree(ctx, c, plan, v, timeout, false, &resp.Diagnostics)
	return true
}

// finishTollfree ends a create or an update of the request v (as read
// after it): waits for the carrier when asked, applies what it read, and
// reports a timeout, an error or the carrier's decision.
func finishTollfree(ctx context.Context, c *client.Client, plan *tollfreeModel, v *client.TollfreeVerification, timeout time.Duration,
	create bool, diags *diag.Diagnostics,
) {
	id := strings.ToLower(v.UUID)
	what := fmt.Sprintf("toll-free verification %s (number %s)", id, v.Number)
	var err error
	if plan.WaitForVerification.ValueBool() {
		var got *client.TollfreeVerification
		if got, err = waitTollfreeDecided(ctx, c, id, timeout); got != nil {
			v = got
		}
	}
	applyTollfree(plan, v, diags)
	untaint := ""
	if create {
		untaint = kit.UntaintFirst("cpaas_tollfree_verification", "the request in place (resubmits it)", "deleting it and submitting a new one")
	}
	switch {
	case errors.Is(err, wait.ErrTimeout):
		keep := kit.KeepAfterTimeout(create, "cpaas_tollfree_verification", "submit a new request", "the carrier's decision")
		diags.AddError("Timed out waiting for the toll-free verification decision", fmt.Sprintf("%s is still %s after %s. %s "+
			"To wait longer, raise the value in the resource's timeouts block, or set wait_for_verification = false.", what, v.Status, timeout, keep))
	case err != nil:
		kit.AddAPIError(diags, "Error waiting for the toll-free verification decision", what, err)
	case v.Status == tollfreerules.StatusRejected:
		next := "It stays in the state with status REJECTED, and the next apply replaces it with a new request."
		if create {
			next = "It stays in the state as tainted, and the next apply replaces it with a new request."
		}
		kit.AddDecisionAttributeError(diags, path.Root("usecase_summary"), "Toll-free verification rejected by the carrier",
			fmt.Sprintf("The carrier rejected %s: %q\n\n%s The service does not take the same use case again: correct what the reason "+
				"names first.", what, v.ErrorMessage, next))
	case v.Status == tollfreerules.StatusUpdateRequired:
		how := "correct the configuration as the carrier asks and apply again: the next apply updates the request in place and resubmits it."
		if create {
			how = untaint + "correct the configuration as the carrier asks and run terraform apply."
		}
		kit.AddDecisionError(diags, "Toll-free verification needs an update",
			fmt.Sprintf("The carrier asks for more information on %s: %q\n\nThe request must be updated within six days, or the carrier "+
				"rejects it. To update it, %s", what, v.ErrorMessage, how))
	}
}

// findTollfree is the finder of request id; statusTollfree reads its
// status; waitTollfreeDecided waits until the carrier has decided.
func findTollfree(c *client.Client, id string) func(context.Context) (*client.TollfreeVerification, error) {
	return func(ctx context.Context) (*client.TollfreeVerification, error) {
		return c.GetTollfreeVerification(ctx, id)
	}
}

// The wait reads the listing (client.TollfreeListing.Watch), in rounds
// shared with every request waiting; its items carry all the GET does.
func statusTollfree(c *client.Client, id string) wait.StatusFunc[*client.TollfreeVerification] {
	return wait.StatusOf(client.TollfreeListing.Watch(c, "", id).Next, func(v *client.TollfreeVerification) string { return v.Status })
}

func waitTollfreeDecided(ctx context.Context, c *client.Client, id string, timeout time.Duration) (*client.TollfreeVerification, error) {
	return wait.For[*client.TollfreeVerification]{What: "toll-free verification " + id, Pending: []string{tollfreerules.StatusSubmitted},
		Status: statusTollfree(c, id), Timeout: timeout, Paced: true}.Wait(ctx)
}
