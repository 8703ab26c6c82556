package message

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// messagingFamily is what Terraform is served of messages (provider.go's families).
var MessagingFamily = kit.Family{
	Resources:   []func() resource.Resource{NewMessageResource},
	DataSources: []func() datasource.DataSource{mediaData.NewDataSource},
	Actions:     []func() action.Action{NewSendMessageAction},
	Functions:   []func() function.Function{NewSMSUnitsFunction},
	Sweepers:    sweepers,
	RealKinds:   realKinds,
}

var (
	_ resource.ResourceWithModifyPlan     = &MessageResource{}
	_ resource.ResourceWithValidateConfig = &MessageResource{}
)

// adoptRuleMessage is the never-twice rule as the resource applies it.
const adoptRuleMessage = sendRuleNeverTwice + " After that error the next apply sends the message."

// MessageResource sends a message. It is action-style: create sends, every
// input forces a new message, and delete only forgets. So it takes its
// Metadata, Configure and IdentitySchema from objectResource and writes its
// own Read (which never forgets a message), Delete and ImportState (one
// UUID per destination).
type MessageResource struct {
	kit.ObjectResource[messageModel]
}

// NewMessageResource is the constructor the provider registers.
func NewMessageResource() resource.Resource {
	return &MessageResource{kit.ObjectResource[messageModel]{Kind: messageKind}}
}

var messageKind = &kit.ObjectKind[messageModel]{TypeName: "_message", What: "message", Identity: kit.MessageIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubMessaging}, Schema: messageSchema,
	// A powerpack_uuid that names no powerpack is refused before anything
	// is sent: at plan (the kit's ModifyPlan, which the message's runs
	// first) and before the send (Create: kit.CheckAtApply).
	PlanWith: kit.CheckReferences(kit.IdRef("powerpack_uuid", "powerpack", "cpaas_powerpack", "id", client.PowerpackListing)),
	// The sending rules the action shares (validateMessageInputs).
	ValidateConfig: func(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
		if cfg, ok := kit.Decode[messageModel](ctx, req.Config, &resp.Diagnostics); ok {
			resp.Diagnostics.Append(validateMessageInputs(ctx, &cfg.messageInputsModel)...)
		}
	}}

type messageModel struct {
	messageInputsModel
	ID            types.String   `tfsdk:"id"`
	Triggers      types.Map      `tfsdk:"triggers"`
	WaitFor       types.String   `tfsdk:"wait_for"`
	Timeouts      timeouts.Value `tfsdk:"timeouts"`
	MessageUUIDs  types.List     `tfsdk:"message_uuids"`
	Units         types.Int64    `tfsdk:"units"`
	Encoding      types.String   `tfsdk:"encoding"`
	MessageStates types.List     `tfsdk:"message_states"`
	ErrorCodes    types.List     `tfsdk:"error_codes"`
	// MediaFilesSHA256 are the hashes of media_files' contents, set at
	// plan time, so a changed file is a planned change (habit 16).
	MediaFilesSHA256 types.List `tfsdk:"media_files_sha256"`
}

// inputs are the attributes that make up the send request; a change to
// any of them means a new message.
func (m *messageModel) inputs() []struct {
	name       string
	value      attr.Value
	comparable func(a, b attr.Value) bool
} {
	type in = struct {
		name       string
		value      attr.Value
		comparable func(a, b attr.Value) bool
	}
	return []in{
		{"src", m.Src, sameSanitisedString(messagerules.SanitizeSrc)}, {"powerpack_uuid", m.PowerpackUUID, nil},
		{"dst", m.Dst, sameSanitisedList}, {"text", m.Text, nil}, {"type", m.Type, nil},
		{"media_urls", m.MediaURLs, nil}, {"media_files", m.MediaFiles, nil}, {"media_files_sha256", m.MediaFilesSHA256, nil},
		{"template", m.Template, nil}, {"message_expiry", m.MessageExpiry, nil},
		{"url", m.URL, nil}, {"method", m.Method, nil}, {"dlt_entity_id", m.DLTEntityID, nil},
		{"dlt_template_id", m.DLTTemplateID, nil}, {"dlt_template_category", m.DLTTemplateCategory, nil},
		{"trackable", m.Trackable, nil}, {"log", m.Log, nil}, {"triggers", m.Triggers, nil},
	}
}

func forcesNew(desc string) string {
	return desc + " Changing it sends a new message."
}

// messageSchema is the kind's schema: the kit serves it (without its
// rules, which run at plan).
func messageSchema(ctx context.Context) schema.Schema {
	attrs := messageInputAttributes(forcesNew)
	typ, _ := attrs["type"].(schema.StringAttribute)
	typ.Computed, typ.Default = true, stringdefault.StaticString(messagerules.TypeSMS)
	attrs["type"] = typ
	for name, a := range map[string]schema.Attribute{
		"id": schema.StringAttribute{
			MarkdownDescription: "UUID of the message to the first destination (the same as `message_uuids[0]`).",
			Computed:            true,
		},
		"triggers": schema.MapAttribute{
			MarkdownDescription: "Arbitrary values; changing any of them sends the message again (for example a release version).",
			ElementType:         types.StringType,
			Optional:            true,
		},
		"wait_for": schema.StringAttribute{
			MarkdownDescription: "How far the apply waits after sending: `queued` (default: the API accepted the message), `sent` or " +
				"`delivered`, within the `create` timeout (default 10m). A message that fails or is undelivered while waiting " +
				"is an error naming its code; it stays in the state as tainted, so the next apply sends it again unless you " +
				"`terraform untaint` it. Changing `wait_for` updates in place and sends nothing.",
			Optional:   true,
			Computed:   true,
			Default:    stringdefault.StaticString(waitQueued),
			Validators: []validator.String{stringvalidator.OneOf(waitForValues...)},
		},
		"message_uuids": schema.ListAttribute{
			MarkdownDescription: "UUIDs of the messages, one per destination, in the order of `dst`.",
			ElementType:         types.StringType,
			Computed:            true,
		},
		"units": schema.Int64Attribute{
			MarkdownDescription: "Units billed per destination: SMS parts of `text` (known at plan time), 1 for `mms` and `chatapp`; refreshed from the API.",
			Computed:            true,
		},
		"encoding": schema.StringAttribute{
			MarkdownDescription: "Encoding of SMS text, `GSM` or `UCS-2`; null for `mms` and `chatapp`.",
			Computed:            true,
		},
		"message_states": schema.ListAttribute{
			MarkdownDescription: "State of each destination's message as of the last refresh: `queued`, `sent`, `delivered`, `undelivered`, `failed` (or `read` for chat-app).",
			ElementType:         types.StringType,
			Computed:            true,
		},
		"media_files_sha256": schema.ListAttribute{
			MarkdownDescription: "SHA-256 of each file of `media_files`, in order, read at plan time: a file whose content changes " +
				"is a planned change (a new message). The state keeps the hashes, never the bytes.",
			ElementType: types.StringType,
			Computed:    true,
		},
		"error_codes": schema.ListAttribute{
			MarkdownDescription: "Error code of each destination's message as of the last refresh: `000` when delivered, for example `420` when expired, empty while there is none.",
			ElementType:         types.StringType,
			Computed:            true,
		},
	} {
		attrs[name] = a
	}
	return schema.Schema{
		MarkdownDescription: "Sends an SMS, MMS or chat-app message. **Creating this resource sends the message**; every argument " +
			"forces a new resource, so a plan that changes any of them shows a replacement, which sends the message again. " +
			"Use `triggers` to send again on purpose. Refreshing never sends: a message record that is gone or masked keeps " +
			"its state. **Destroying only forgets the message**: nothing can be unsent, and no API call is made. The static " +
			"sending rules (number formats and lengths, text length by encoding, media counts, template limits, " +
			"`message_expiry` range, `log` values) are checked at plan time.\n\n" + adoptRuleMessage,
		Attributes: attrs,
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true, CreateDescription: "How long the apply waits for `wait_for` (default 10m)."}),
		},
	}
}

func sameSanitisedString(sanitise func(string) string) func(a, b attr.Value) bool {
	return func(a, b attr.Value) bool {
		x, ok1 := a.(types.String)
		y, ok2 := b.(types.String)
		return ok1 && ok2 && !x.IsUnknown() && !y.IsNull() && sanitise(x.ValueString()) == sanitise(y.ValueString())
	}
}

func sameSanitisedList(a, b attr.Value) bool {
	x, ok1 := a.(types.List)
	y, ok2 := b.(types.List)
	if !ok1 || !ok2 || x.IsUnknown() || y.IsNull() || len(x.Elements()) != len(y.Elements()) {
		return false
	}
	for i := range x.Elements() {
		if !sameSanitisedString(messagerules.SanitizeDst)(x.Elements()[i], y.Elements()[i]) {
			return false
		}
	}
	return true
}

// plannedUnits sets units and encoding from text and type when both are
// known: the same rule the API bills by.
func plannedUnits(m *messageModel) {
	if m.Type.IsUnknown() || m.Text.IsUnknown() {
		m.Units, m.Encoding = types.Int64Unknown(), types.StringUnknown()
		return
	}
	if m.Type.ValueString() != messagerules.TypeSMS {
		m.Units, m.Encoding = types.Int64Value(1), types.StringNull()
		return
	}
	u := messagerules.CountUnits(m.Text.ValueString())
	m.Units, m.Encoding = types.Int64Value(int64(u.Units)), types.StringValue(u.Encoding)
}

// ModifyPlan decides between sending again and updating in place. Any
// change of an input replaces the resource (the plan shows "must be
// replaced" and which arguments force it); wait_for and timeouts update in
// place. After an import, inputs the record could not supply (null in the
// state) are adopted from the configuration in place, without sending.
func (r *MessageResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return // destroy: only forgets
	}
	// The kit's plan: every rule of the kind, and the reference.
	if r.ObjectResource.ModifyPlan(ctx, req, resp); resp.Diagnostics.HasError() {
		return
	}
	plan, ok := kit.Decode[messageModel](ctx, resp.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	plan.MediaFilesSHA256 = mediaFileHashes(plan.MediaFiles)
	if req.State.Raw.IsNull() {
		plannedUnits(&plan)
		resp.Diagnostics.Append(resp.Plan.Set(ctx, &plan)...)
		return
	}
	state, ok := kit.Decode[messageModel](ctx, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	imported := false
	if raw, diags := req.Private.GetKey(ctx, kit.PrivateKeyImported); !diags.HasError() && len(raw) > 0 {
		imported = true
	}
	planned, prior := plan.inputs(), state.inputs()
	var replace path.Paths
	for i, in := range planned {
		old := prior[i].value
		if in.value.Equal(old) {
			continue
		}
		if imported && !in.value.IsUnknown() && (old.IsNull() || in.comparable != nil && in.comparable(in.value, old)) {
			continue // adopt the configured value
		}
		replace = append(replace, path.Root(in.name))
	}
	if len(replace) > 0 {
		resp.RequiresReplace = replace
		plan.ID, plan.MessageUUIDs = types.StringUnknown(), types.ListUnknown(types.StringType)
		plan.MessageStates, plan.ErrorCodes = types.ListUnknown(types.StringType), types.ListUnknown(types.StringType)
		plannedUnits(&plan)
	} else {
		plan.ID, plan.MessageUUIDs, plan.Units, plan.Encoding = state.ID, state.MessageUUIDs, state.Units, state.Encoding
		plan.MessageStates, plan.ErrorCodes = state.MessageStates, state.ErrorCodes
		if imported && !plan.Text.Equal(state.Text) {
			// The record has no text: the encoding follows from the
			// adopted text; units stay as the API reported them. A text
			// left out of the plan by ignore_changes (the documented
			// import configuration) keeps the record as it is.
			plannedUnits(&plan)
			if !state.Units.IsNull() {
				plan.Units = state.Units
			}
		}
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, &plan)...)
}

func stringList(values []string) types.List {
	els := make([]attr.Value, len(values))
	for i, v := range values {
		els[i] = types.StringValue(v)
	}
	return types.ListValueMust(types.StringType, els)
}

func listStrings(l types.List) []string {
	if l.IsNull() || l.IsUnknown() {
		return nil
	}
	out := make([]string, len(l.Elements()))
	for i, el := range l.Elements() {
		if s, ok := el.(types.String); ok {
			out[i] = s.ValueString()
		}
	}
	return out
}

// messageSendAdvice is what the resource's send errors tell the user.
var messageSendAdvice = sendAdvice{
	unknown: "Before applying again (which would send it again), look for it in the account's message list; if it was " +
		"sent, import it by its message UUID instead.",
	notFound: "Apply again to send it (if it was in fact sent, this sends it a second time); if you find it in the message " +
		"list, import it by its message UUID instead.",
}

func (r *MessageResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer r.SaveIdentity(ctx, &resp.State, resp.Identity, &resp.Diagnostics)
	null := tfsdk.State{Schema: req.Plan.Schema, Raw: tftypes.NewValue(req.Plan.Raw.Type(), nil)}
	if !kit.CheckAtApply(ctx, r.Client, r.Kind.PlanWith, resource.ModifyPlanRequest{Config: req.Config, Plan: req.Plan, State: null}, &resp.Diagnostics) {
		return
	}
	plan, ok := kit.Decode[messageModel](ctx, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	timeout, diags := plan.Timeouts.Create(ctx, defaultMessageWaitTimeout)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	sent := sendMessage(ctx, r.Client, &plan.messageInputsModel, listStrings(plan.MediaFilesSHA256), messageSendAdvice, &resp.Diagnostics)
	if sent == nil {
		return
	}
	plan.ID = types.StringNull()
	if len(sent.MessageUUID) > 0 {
		plan.ID = types.StringValue(sent.MessageUUID[0])
	}
	w := newMessageWait(sent, listStrings(plan.Dst))
	plan.MessageUUIDs = stringList(w.UUIDs)
	plan.MessageStates, plan.ErrorCodes = stringList(w.States), stringList(w.Codes)
	plannedUnits(&plan)
	// The message is sent: record it before waiting, so that nothing that
	// goes wrong from here on leads to sending it again unannounced.
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)

	target := plan.WaitFor.ValueString()
	if target == waitQueued || target == "" {
		return
	}
	err := waitForMessages(ctx, r.Client, w, target, timeout, nil)
	plan.MessageStates, plan.ErrorCodes = stringList(w.States), stringList(w.Codes)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
	var failed *messagesFailedError
	switch {
	case errors.As(err, &failed):
		resp.Diagnostics.AddError("Message failed", err.Error()+"\n\nThe message stays in the state, tainted: the next apply sends "+
			"it again (the plan shows the replacement). Run terraform untaint on this resource to keep it instead.")
	case err != nil:
		resp.Diagnostics.AddError("Error waiting for message", fmt.Sprintf("Waiting for the message to be %s (message UUIDs %s): %v\n\n"+
			"The message was sent and stays in the state, tainted: the next apply sends it again unless you run terraform "+
			"untaint on this resource. Raise the create timeout in the timeouts block to wait longer.",
			target, strings.Join(w.UUIDs, ", "), err))
	}
}

// Read refreshes the state of each destination's message. It never removes
// the resource: a record that is gone (404) keeps its last known state, so
// a refresh can never lead to sending the message again.
func (r *MessageResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer r.Kind.Identity.AfterRead(ctx, req.State, &resp.State, resp.Identity, &resp.Diagnostics)
	state, ok := kit.Decode[messageModel](ctx, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	uuids := listStrings(state.MessageUUIDs)
	// An import sets the id (and, for several destinations, the UUIDs);
	// dst is then read from the records.
	importing := !state.ID.IsNull() && state.Dst.IsNull()
	if len(uuids) == 0 && importing {
		uuids = []string{state.ID.ValueString()}
	}
	states, codes := listStrings(state.MessageStates), listStrings(state.ErrorCodes)
	if len(states) != len(uuids) || len(codes) != len(uuids) {
		states, codes = make([]string, len(uuids)), make([]string, len(uuids))
	}
	var recs []*client.Message
	for i, id := range uuids {
		m, err := r.Client.GetMessage(ctx, id)
		if errors.Is(err, client.ErrNotFound) {
			if importing {
				resp.Diagnostics.AddError("Cannot import message", fmt.Sprintf("Message %s was not found in the account.", id))
				return
			}
			tflog.Debug(ctx, "message record not found; keeping its last known state", map[string]any{"message_uuid": id})
			continue
		}
		if err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error reading message", "message "+id, err)
			return
		}
		states[i], codes[i] = m.MessageState, m.Code()
		if i == 0 && m.Units > 0 {
			state.Units = types.Int64Value(int64(m.Units))
		}
		if importing {
			recs = append(recs, m)
		}
	}
	if importing && len(recs) == len(uuids) {
		applyImportedMessage(&state, recs)
	}
	state.MessageUUIDs = stringList(uuids)
	state.MessageStates, state.ErrorCodes = stringList(states), stringList(codes)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// applyImportedMessage fills the inputs the records (one per destination)
// can tell: the type, the log setting and, unless the records' numbers
// are masked, src and dst. Text, media and the other inputs are not in a record; the first
// plan adopts them from the configuration in place.
func applyImportedMessage(m *messageModel, recs []*client.Message) {
	m.Type = types.StringValue(recs[0].MessageType)
	// The record carries the log setting; "true" (log everything) is the
	// default a configuration leaves out.
	if l := recs[0].Log; l != "" && l != "true" {
		m.Log = types.StringValue(l)
	}
	if maskNumber, _ := messagerules.LogMasks(recs[0].Log); !maskNumber {
		m.Src = types.StringValue(recs[0].FromNumber)
		dst := make([]string, len(recs))
		for i, rec := range recs {
			dst[i] = rec.ToNumber
		}
		m.Dst = stringList(dst)
	}
	if m.Type.ValueString() != messagerules.TypeSMS {
		m.Encoding = types.StringNull()
	}
}

// Update sends nothing: only wait_for, timeouts and (after an import)
// adopted inputs change in place.
func (r *MessageResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer r.SaveIdentity(ctx, &resp.State, resp.Identity, &resp.Diagnostics)
	plan, ok := kit.Decode[messageModel](ctx, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	if plan.Encoding.IsUnknown() || plan.Units.IsUnknown() {
		plannedUnits(&plan)
	}
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, kit.PrivateKeyImported, nil)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Delete only forgets the message: a sent message cannot be unsent.
func (r *MessageResource) Delete(ctx context.Context, req resource.DeleteRequest, _ *resource.DeleteResponse) {
	tflog.Info(ctx, "cpaas_message destroyed: the message is only removed from the state; nothing is sent or deleted")
}

// ImportState takes the message UUID, or for a message to several
// destinations its UUIDs (one per destination) joined by commas, in the
// order of dst.
func (r *MessageResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	importID, ok := r.Kind.Identity.ImportID(ctx, req, &resp.Diagnostics)
	if !ok {
		return
	}
	uuids := strings.Split(importID, ",")
	for _, id := range uuids {
		if !tendlcrules.UUIDPattern.MatchString(id) {
			resp.Diagnostics.AddError("Invalid import ID",
				fmt.Sprintf("Import a message by its message UUID (8-4-4-4-12 hexadecimal digits), got %q. A message to several "+
					"destinations has one UUID per destination: import it by its UUIDs joined by commas, in the order of dst.", importID))
			return
		}
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), uuids[0])...)
	if len(uuids) > 1 {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("message_uuids"), uuids)...)
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("wait_for"), waitQueued)...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, kit.PrivateKeyImported, []byte(`true`))...)
}
