package provider

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/msgrules"
)

var (
	_ resource.ResourceWithConfigure      = &MessageResource{}
	_ resource.ResourceWithImportState    = &MessageResource{}
	_ resource.ResourceWithModifyPlan     = &MessageResource{}
	_ resource.ResourceWithValidateConfig = &MessageResource{}
)

// Values of wait_for.
const (
	waitQueued    = "queued"
	waitSent      = "sent"
	waitDelivered = "delivered"
)

// defaultMessageCreateTimeout bounds waiting for wait_for.
const defaultMessageCreateTimeout = 10 * time.Minute

// MessageResource sends a message. It is action-style: create sends, every
// input forces a new message, and delete only forgets.
type MessageResource struct {
	client *client.Client
	// pollInterval is the first wait between status reads (tests shorten it).
	pollInterval time.Duration
}

// NewMessageResource is the constructor the provider registers.
func NewMessageResource() resource.Resource {
	return &MessageResource{pollInterval: 250 * time.Millisecond}
}

type messageModel struct {
	ID                  types.String   `tfsdk:"id"`
	Src                 types.String   `tfsdk:"src"`
	PowerpackUUID       types.String   `tfsdk:"powerpack_uuid"`
	Dst                 types.List     `tfsdk:"dst"`
	Text                types.String   `tfsdk:"text"`
	Type                types.String   `tfsdk:"type"`
	MediaURLs           types.List     `tfsdk:"media_urls"`
	Template            types.Object   `tfsdk:"template"`
	MessageExpiry       types.Int64    `tfsdk:"message_expiry"`
	URL                 types.String   `tfsdk:"url"`
	Method              types.String   `tfsdk:"method"`
	DLTEntityID         types.String   `tfsdk:"dlt_entity_id"`
	DLTTemplateID       types.String   `tfsdk:"dlt_template_id"`
	DLTTemplateCategory types.String   `tfsdk:"dlt_template_category"`
	Trackable           types.Bool     `tfsdk:"trackable"`
	Log                 types.String   `tfsdk:"log"`
	Triggers            types.Map      `tfsdk:"triggers"`
	WaitFor             types.String   `tfsdk:"wait_for"`
	Timeouts            timeouts.Value `tfsdk:"timeouts"`
	MessageUUIDs        types.List     `tfsdk:"message_uuids"`
	Units               types.Int64    `tfsdk:"units"`
	Encoding            types.String   `tfsdk:"encoding"`
	MessageStates       types.List     `tfsdk:"message_states"`
	ErrorCodes          types.List     `tfsdk:"error_codes"`
}

type templateModel struct {
	Name       types.String     `tfsdk:"name"`
	Language   types.String     `tfsdk:"language"`
	Components []componentModel `tfsdk:"components"`
}

type componentModel struct {
	Type       types.String     `tfsdk:"type"`
	SubType    types.String     `tfsdk:"sub_type"`
	Index      types.String     `tfsdk:"index"`
	Parameters []parameterModel `tfsdk:"parameters"`
}

type parameterModel struct {
	Type    types.String `tfsdk:"type"`
	Text    types.String `tfsdk:"text"`
	Media   types.String `tfsdk:"media"`
	Payload types.String `tfsdk:"payload"`
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
		{"src", m.Src, sameSanitisedString(msgrules.SanitizeSrc)}, {"powerpack_uuid", m.PowerpackUUID, nil},
		{"dst", m.Dst, sameSanitisedList}, {"text", m.Text, nil}, {"type", m.Type, nil},
		{"media_urls", m.MediaURLs, nil}, {"template", m.Template, nil}, {"message_expiry", m.MessageExpiry, nil},
		{"url", m.URL, nil}, {"method", m.Method, nil}, {"dlt_entity_id", m.DLTEntityID, nil},
		{"dlt_template_id", m.DLTTemplateID, nil}, {"dlt_template_category", m.DLTTemplateCategory, nil},
		{"trackable", m.Trackable, nil}, {"log", m.Log, nil}, {"triggers", m.Triggers, nil},
	}
}

func (r *MessageResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_message"
}

var waitForValues = []string{waitQueued, waitSent, waitDelivered}

func forcesNew(desc string) string {
	return desc + " Changing it sends a new message."
}

func (r *MessageResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	str := func(desc string, validators ...validator.String) schema.StringAttribute {
		return schema.StringAttribute{MarkdownDescription: forcesNew(desc), Optional: true, Validators: validators}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Sends an SMS, MMS or chat-app message. **Creating this resource sends the message**; every argument " +
			"forces a new resource, so a plan that changes any of them shows a replacement, which sends the message again. " +
			"Use `triggers` to send again on purpose. Refreshing never sends: a message record that is gone or masked keeps " +
			"its state. **Destroying only forgets the message**: nothing can be unsent, and no API call is made. The static " +
			"sending rules (number formats and lengths, text length by encoding, media counts, template limits, " +
			"`message_expiry` range, `log` values) are checked at plan time.\n\n" + adoptRuleMessage,
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "UUID of the message to the first destination (the same as `message_uuids[0]`).",
				Computed:            true,
			},
			"src": str("Sender: a phone number with country code (an account number when sending to the US or Canada, and "+
				"for `chatapp` the business number), a short code, or an alphanumeric sender ID of at most 11 characters "+
				"(disabled on an account until enabled). Characters other than A-Z, a-z and 0-9 are stripped; a number is at "+
				"most 14 digits after that. Exactly one of `src` and `powerpack_uuid`.",
				stringvalidator.LengthAtLeast(1)),
			"powerpack_uuid": str("UUID of the SMS Powerpack that picks the sender. Exactly one of `src` and `powerpack_uuid`; not for `chatapp`.",
				stringvalidator.LengthAtLeast(1)),
			"dst": schema.ListAttribute{
				MarkdownDescription: forcesNew("Destination numbers with country code, one per element; the API gets one message per " +
					"destination, in this order. `/`, `-`, `.`, `+`, `(`, `)` and white space are stripped (see `provider::cpaas::sanitize_number`); " +
					"each number is at most 14 digits after that and must not start with 0."),
				ElementType: types.StringType,
				Required:    true,
				Validators:  []validator.List{listvalidator.SizeAtLeast(1), listvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1))},
			},
			"text": str("Message text. Required for `sms`. SMS: up to 1,600 GSM 03.38 characters (extension characters count 2; " +
				"units of 153 above 160) or 737 UCS-2 characters (units of 67 above 70), see `provider::cpaas::sms_units`. " +
				"`chatapp`: freeform text up to 4,096 characters, only while the customer's conversation is open (otherwise the " +
				"message fails with error 340), or a caption of at most 1,024 characters with media. Not with `template`."),
			"type": schema.StringAttribute{
				MarkdownDescription: forcesNew("Message type: `sms` (default), `mms` or `chatapp`."),
				Optional:            true,
				Computed:            true,
				Default:             stringdefault.StaticString(msgrules.TypeSMS),
				Validators:          []validator.String{stringvalidator.OneOf(msgrules.Types...)},
			},
			"media_urls": schema.ListAttribute{
				MarkdownDescription: forcesNew("Media links (absolute http or https URLs). Required for `mms`: 1 to 10 files of at most 5MB " +
					"together (a larger MMS fails with error 120). `chatapp`: one URL. Not for `sms`."),
				ElementType: types.StringType,
				Optional:    true,
				Validators:  []validator.List{listvalidator.SizeAtLeast(1)},
			},
			"template": schema.SingleNestedAttribute{
				MarkdownDescription: forcesNew("Pre-approved `chatapp` template; the only kind of chat-app message allowed without an open conversation."),
				Optional:            true,
				Attributes: map[string]schema.Attribute{
					"name": schema.StringAttribute{MarkdownDescription: "Template name.", Required: true},
					"language": schema.StringAttribute{
						MarkdownDescription: "Locale of the template: ISO 639-1 language, optionally with an ISO 3166-1 region, `xx` or `xx_YY`.",
						Required:            true,
					},
					"components": schema.ListNestedAttribute{
						MarkdownDescription: "Values of the template's variables, by component.",
						Optional:            true,
						NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
							"type": schema.StringAttribute{MarkdownDescription: "`header`, `body` or `button`.", Required: true},
							"sub_type": schema.StringAttribute{
								MarkdownDescription: "Kind of button (for example `url` or `quick_reply`); required for a `button`.",
								Optional:            true,
							},
							"index": schema.StringAttribute{MarkdownDescription: "Button position, `0` to `9`; required for a `button`.", Optional: true},
							"parameters": schema.ListNestedAttribute{
								MarkdownDescription: "Parameters in the order the template defines them.",
								Required:            true,
								NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
									"type": schema.StringAttribute{MarkdownDescription: "`text`, `media` or `payload`.", Required: true},
									"text": schema.StringAttribute{
										MarkdownDescription: "Text value: at most 60 characters in a header; in a body at most 1,024 characters, or 32,768 when body is the only component; for a `url` button the suffix of the template's URL.",
										Optional:            true,
									},
									"media":   schema.StringAttribute{MarkdownDescription: "Media URL; header components only.", Optional: true},
									"payload": schema.StringAttribute{MarkdownDescription: "Payload returned when a `quick_reply` button is clicked.", Optional: true},
								}},
							},
						}},
					},
				},
			},
			"message_expiry": schema.Int64Attribute{
				MarkdownDescription: forcesNew("Seconds the message may stay queued, 5 to 10,799; after that it fails with error 420. The API's default is 10,800."),
				Optional:            true,
				Validators:          []validator.Int64{int64validator.Between(msgrules.MinMessageExpiry, msgrules.MaxMessageExpiry)},
			},
			"url": str("Absolute http or https URL that receives the message's status callbacks."),
			"method": str("HTTP method of the status callbacks: `GET` or `POST` (the API's default).",
				stringvalidator.OneOf(msgrules.Methods...)),
			"dlt_entity_id":   str("India DLT entity ID. Set it together with `dlt_template_id`; one without the other makes the message fail with error 160."),
			"dlt_template_id": str("India DLT template ID, associated with the DLT header given as `src`. Set it together with `dlt_entity_id`."),
			"dlt_template_category": str("India DLT template category: `transactional`, `promotional`, `service_implicit` or `service_explicit`.",
				stringvalidator.OneOf(msgrules.DLTTemplateCategories...)),
			"trackable": schema.BoolAttribute{
				MarkdownDescription: forcesNew("Whether you will report conversions for this message through the conversion-feedback API. The API's default is false."),
				Optional:            true,
			},
			"log": str("What the service logs: `true` (default) everything; `false` neither numbers nor content (masked, and no media is kept); "+
				"`content_only` the content, numbers masked; `number_only` the numbers, content masked.",
				stringvalidator.OneOf(msgrules.LogValues...)),
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
			"error_codes": schema.ListAttribute{
				MarkdownDescription: "Error code of each destination's message as of the last refresh: `000` when delivered, for example `420` when expired, empty while there is none.",
				ElementType:         types.StringType,
				Computed:            true,
			},
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true, CreateDescription: "How long the apply waits for `wait_for` (default 10m)."}),
		},
	}
}

func (r *MessageResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = configureResource(req, resp)
}

// ValidateConfig runs the shared sending rules (msgrules.Validate) on the
// configuration. A value known only after apply is replaced by a harmless
// placeholder and errors about it are dropped; the API checks it then.
func (r *MessageResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg messageModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || cfg.Type.IsUnknown() {
		return
	}
	if !cfg.Dst.IsUnknown() {
		for i, el := range cfg.Dst.Elements() {
			if s, ok := el.(types.String); ok && !s.IsUnknown() && strings.Contains(s.ValueString(), msgrules.DestinationSeparator) {
				resp.Diagnostics.AddAttributeError(path.Root("dst").AtListIndex(i), "Invalid message",
					fmt.Sprintf("dst[%d]: must hold one number; list several destinations as separate elements (got %q)", i, s.ValueString()))
				return
			}
		}
	}
	m, unknown := messageFromModel(ctx, &cfg)
	if unknown["src"] || unknown["powerpack_uuid"] {
		unknown["src"], unknown["powerpack_uuid"] = true, true
	}
	for _, fe := range msgrules.Validate(m) {
		if unknown[fe.Root()] {
			continue
		}
		resp.Diagnostics.AddAttributeError(fieldPath(fe.Field), "Invalid message", fe.Error())
	}
}

var listIndexField = regexp.MustCompile(`^(dst|media_urls)\[(\d+)\]$`)

// fieldPath maps a msgrules field ("dst[1]", "template.name") to the
// attribute that holds it.
func fieldPath(field string) path.Path {
	if m := listIndexField.FindStringSubmatch(field); m != nil {
		i, _ := strconv.Atoi(m[2])
		return path.Root(m[1]).AtListIndex(i)
	}
	return path.Root(msgrules.FieldError{Field: field}.Root())
}

// placeholderNumber stands in for a number known only after apply.
const placeholderNumber = "10000000000"

// messageFromModel builds the send request. At plan time it substitutes
// values that pass the rules for unknown ones and reports the roots it
// substituted; at apply time every value is known.
func messageFromModel(ctx context.Context, m *messageModel) (msgrules.Message, map[string]bool) {
	unknown := map[string]bool{}
	str := func(name string, v types.String, placeholder string) string {
		if v.IsUnknown() {
			unknown[name] = true
			return placeholder
		}
		return v.ValueString()
	}
	list := func(name string, v types.List, placeholder string) []string {
		if v.IsNull() {
			return nil
		}
		if v.IsUnknown() {
			unknown[name] = true
			return []string{placeholder}
		}
		out := make([]string, 0, len(v.Elements()))
		for _, el := range v.Elements() {
			s, _ := el.(types.String)
			if s.IsUnknown() {
				unknown[name] = true
				out = append(out, placeholder)
				continue
			}
			out = append(out, s.ValueString())
		}
		return out
	}
	msg := msgrules.Message{
		Src:                 str("src", m.Src, placeholderNumber),
		PowerpackUUID:       str("powerpack_uuid", m.PowerpackUUID, "00000000-0000-4000-8000-000000000000"),
		Dst:                 strings.Join(list("dst", m.Dst, placeholderNumber), msgrules.DestinationSeparator),
		Text:                str("text", m.Text, "x"),
		Type:                str("type", m.Type, msgrules.TypeSMS),
		MediaURLs:           list("media_urls", m.MediaURLs, "https://placeholder.invalid/media"),
		URL:                 str("url", m.URL, ""),
		Method:              str("method", m.Method, ""),
		DLTEntityID:         str("dlt_entity_id", m.DLTEntityID, ""),
		DLTTemplateID:       str("dlt_template_id", m.DLTTemplateID, ""),
		DLTTemplateCategory: str("dlt_template_category", m.DLTTemplateCategory, ""),
		Log:                 str("log", m.Log, ""),
	}
	if !m.MessageExpiry.IsNull() && !m.MessageExpiry.IsUnknown() {
		v := int(m.MessageExpiry.ValueInt64())
		msg.MessageExpiry = &v
	}
	if !m.Trackable.IsNull() && !m.Trackable.IsUnknown() {
		v := m.Trackable.ValueBool()
		msg.Trackable = &v
	}
	if !m.Template.IsNull() {
		tpl, ok := templateFromModel(ctx, m.Template)
		if !ok {
			unknown["template"] = true
			tpl = msgrules.Template{Name: "placeholder", Language: "en"}
		}
		msg.Template = &tpl
	}
	return msg, unknown
}

// templateFromModel converts the template attribute; false when any part
// of it is unknown.
func templateFromModel(ctx context.Context, v types.Object) (msgrules.Template, bool) {
	if v.IsUnknown() {
		return msgrules.Template{}, false
	}
	var tm templateModel
	if diags := v.As(ctx, &tm, basetypes.ObjectAsOptions{}); diags.HasError() {
		return msgrules.Template{}, false
	}
	known := true
	s := func(v types.String) string {
		if v.IsUnknown() {
			known = false
		}
		return v.ValueString()
	}
	t := msgrules.Template{Name: s(tm.Name), Language: s(tm.Language)}
	for _, c := range tm.Components {
		mc := msgrules.Component{Type: s(c.Type), SubType: s(c.SubType), Index: s(c.Index)}
		for _, p := range c.Parameters {
			mc.Parameters = append(mc.Parameters, msgrules.Parameter{Type: s(p.Type), Text: s(p.Text), Media: s(p.Media), Payload: s(p.Payload)})
		}
		t.Components = append(t.Components, mc)
	}
	return t, known
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
		if !sameSanitisedString(msgrules.SanitizeDst)(x.Elements()[i], y.Elements()[i]) {
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
	if m.Type.ValueString() != msgrules.TypeSMS {
		m.Units, m.Encoding = types.Int64Value(1), types.StringNull()
		return
	}
	u := msgrules.CountUnits(m.Text.ValueString())
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
	var plan messageModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if req.State.Raw.IsNull() {
		plannedUnits(&plan)
		resp.Diagnostics.Append(resp.Plan.Set(ctx, &plan)...)
		return
	}
	var state messageModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	imported := false
	if raw, diags := req.Private.GetKey(ctx, privateKeyImported); !diags.HasError() && len(raw) > 0 {
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
		if imported {
			// The record has no text: the encoding follows from the
			// adopted text; units stay as the API reported them.
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

func (r *MessageResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan messageModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	timeout, diags := plan.Timeouts.Create(ctx, defaultMessageCreateTimeout)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	msg, _ := messageFromModel(ctx, &plan)
	dsts := listStrings(plan.Dst)
	sent, err := sendMessageOrAdopt(ctx, r.client, msg)
	if err != nil {
		what := "message to " + strings.Join(dsts, ", ")
		if client.IsOutcomeUnknown(err) {
			resp.Diagnostics.AddError("Error sending message", fmt.Sprintf("%s: %v\n\nThe message may have been sent: no reply was "+
				"received and nothing was retried. Before applying again (which would send it again), look for it in the "+
				"account's message list; if it was sent, import it by its message UUID instead.", what, err))
			return
		}
		addAPIError(&resp.Diagnostics, "Error sending message", what, err)
		return
	}
	if len(sent.MessageUUID) != len(dsts) {
		resp.Diagnostics.AddWarning("Unexpected number of message UUIDs",
			fmt.Sprintf("The API returned %d message UUIDs for %d destinations.", len(sent.MessageUUID), len(dsts)))
	}
	plan.ID = types.StringNull()
	if len(sent.MessageUUID) > 0 {
		plan.ID = types.StringValue(sent.MessageUUID[0])
	}
	plan.MessageUUIDs = stringList(sent.MessageUUID)
	states, codes := make([]string, len(sent.MessageUUID)), make([]string, len(sent.MessageUUID))
	for i := range states {
		states[i] = client.MessageStateQueued
	}
	plan.MessageStates, plan.ErrorCodes = stringList(states), stringList(codes)
	plannedUnits(&plan)
	// The message is sent: record it before waiting, so that nothing that
	// goes wrong from here on leads to sending it again unannounced.
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)

	target := plan.WaitFor.ValueString()
	if target == waitQueued || target == "" {
		return
	}
	waitCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	failure, err := r.waitForMessages(waitCtx, sent.MessageUUID, target, states, codes)
	plan.MessageStates, plan.ErrorCodes = stringList(states), stringList(codes)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
	switch {
	case failure != "":
		resp.Diagnostics.AddError("Message failed", failure+"\n\nThe message stays in the state, tainted: the next apply sends "+
			"it again (the plan shows the replacement). Run terraform untaint on this resource to keep it instead.")
	case err != nil:
		resp.Diagnostics.AddError("Error waiting for message", fmt.Sprintf("Waiting for the message to be %s (message UUIDs %s): %v\n\n"+
			"The message was sent and stays in the state, tainted: the next apply sends it again unless you run terraform "+
			"untaint on this resource. Raise the create timeout in the timeouts block to wait longer.",
			target, strings.Join(sent.MessageUUID, ", "), err))
	}
}

// reached reports whether a state satisfies wait_for.
func reached(state, target string) bool {
	switch target {
	case waitSent:
		return state == client.MessageStateSent || state == client.MessageStateDelivered || state == client.MessageStateRead
	case waitDelivered:
		return state == client.MessageStateDelivered || state == client.MessageStateRead
	}
	return true
}

// waitForMessages polls every message until each reached target, updating
// states and codes as it goes. A failed or undelivered message ends the wait
// with a description naming its code and meaning.
func (r *MessageResource) waitForMessages(ctx context.Context, uuids []string, target string, states, codes []string) (string, error) {
	wait := r.pollInterval
	if wait <= 0 {
		wait = 250 * time.Millisecond
	}
	for {
		done := true
		for i, id := range uuids {
			if reached(states[i], target) {
				continue
			}
			m, err := r.client.GetMessage(ctx, id)
			if errors.Is(err, client.ErrNotFound) {
				done = false // not readable yet
				continue
			}
			if err != nil {
				return "", err
			}
			states[i], codes[i] = m.MessageState, m.Code()
			if m.MessageState == client.MessageStateFailed || m.MessageState == client.MessageStateUndelivered {
				meaning := m.ErrorMessage
				if meaning == "" {
					meaning = msgrules.ErrorCodeMeaning(m.Code())
				}
				if meaning == "" {
					meaning = "the API gives no meaning for this code"
				}
				return fmt.Sprintf("Message %s (destination %d) is %s with error code %s: %s", id, i+1, m.MessageState, m.Code(), meaning), nil
			}
			if !reached(states[i], target) {
				done = false
			}
		}
		if done {
			return "", nil
		}
		select {
		case <-ctx.Done():
			return "", fmt.Errorf("still %s after the create timeout", strings.Join(states, ", "))
		case <-time.After(wait):
		}
		wait = min(wait*3/2, 5*time.Second)
	}
}

// Read refreshes the state of each destination's message. It never removes
// the resource: a record that is gone (404) keeps its last known state, so
// a refresh can never lead to sending the message again.
func (r *MessageResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state messageModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	uuids := listStrings(state.MessageUUIDs)
	importing := len(uuids) == 0 && !state.ID.IsNull()
	if importing {
		uuids = []string{state.ID.ValueString()}
	}
	states, codes := listStrings(state.MessageStates), listStrings(state.ErrorCodes)
	if len(states) != len(uuids) || len(codes) != len(uuids) {
		states, codes = make([]string, len(uuids)), make([]string, len(uuids))
	}
	for i, id := range uuids {
		m, err := r.client.GetMessage(ctx, id)
		if errors.Is(err, client.ErrNotFound) {
			if importing {
				resp.Diagnostics.AddError("Cannot import message", fmt.Sprintf("Message %s was not found in the account.", id))
				return
			}
			tflog.Debug(ctx, "message record not found; keeping its last known state", map[string]any{"message_uuid": id})
			continue
		}
		if err != nil {
			addAPIError(&resp.Diagnostics, "Error reading message", "message "+id, err)
			return
		}
		states[i], codes[i] = m.MessageState, m.Code()
		if i == 0 && m.Units > 0 {
			state.Units = types.Int64Value(int64(m.Units))
		}
		if importing {
			applyImportedMessage(&state, m)
		}
	}
	state.MessageUUIDs = stringList(uuids)
	state.MessageStates, state.ErrorCodes = stringList(states), stringList(codes)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// applyImportedMessage fills the inputs a record can tell: the type and,
// unless the record's numbers are masked, src and dst. Text, media and
// the other inputs are not in a record; the first plan adopts them from
// the configuration in place.
func applyImportedMessage(m *messageModel, rec *client.Message) {
	m.Type = types.StringValue(rec.MessageType)
	if maskNumber, _ := msgrules.LogMasks(rec.Log); !maskNumber {
		m.Src = types.StringValue(rec.FromNumber)
		m.Dst = stringList([]string{rec.ToNumber})
	}
	if m.Type.ValueString() != msgrules.TypeSMS {
		m.Encoding = types.StringNull()
	}
}

// Update sends nothing: only wait_for, timeouts and (after an import)
// adopted inputs change in place.
func (r *MessageResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan messageModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if plan.Encoding.IsUnknown() || plan.Units.IsUnknown() {
		plannedUnits(&plan)
	}
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateKeyImported, nil)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Delete only forgets the message: a sent message cannot be unsent.
func (r *MessageResource) Delete(ctx context.Context, req resource.DeleteRequest, _ *resource.DeleteResponse) {
	tflog.Info(ctx, "cpaas_message destroyed: the message is only removed from the state; nothing is sent or deleted")
}

// ImportState takes the UUID of a single-destination message.
func (r *MessageResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if !uuidPattern.MatchString(req.ID) {
		resp.Diagnostics.AddError("Invalid import ID",
			fmt.Sprintf("Import a message by its message UUID (8-4-4-4-12 hexadecimal digits), got %q. A message to several "+
				"destinations has one UUID per destination; import each as its own single-destination resource.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("wait_for"), waitQueued)...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateKeyImported, []byte(`true`))...)
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
