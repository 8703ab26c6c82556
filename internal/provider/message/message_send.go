package message

// The message send shared by the cpaas_message resource and the
// cpaas_send_message action: the arguments (schema, model), their plan-time
// validation, the send that never repeats itself, and the wait for a state.
// Both callers use these; neither has a copy.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// Values of wait_for.
const (
	waitQueued    = "queued"
	waitSent      = "sent"
	waitDelivered = "delivered"
)

var waitForValues = []string{waitQueued, waitSent, waitDelivered}

// defaultMessageWaitTimeout bounds waiting for wait_for.
const defaultMessageWaitTimeout = 10 * time.Minute

// sendRuleNeverTwice is the never-twice rule, quoted in the descriptions of
// the resource and the action.
const sendRuleNeverTwice = "A send is never repeated by a retry. If the API's reply to the send is lost (or is a 5xx), the provider " +
	"lists the outbound messages since two minutes before the send began and adopts, for each destination, the one message " +
	"of the same type from `src` (or sent through `powerpack_uuid`) to it. When none is found the run stops with an error saying the message may not have " +
	"been sent, and nothing is sent again. When several are found it stops with an error naming them."

// messageInputsModel holds the arguments of a send. The resource and the
// action embed it in their models.
type messageInputsModel struct {
	Src                 types.String `tfsdk:"src"`
	PowerpackUUID       types.String `tfsdk:"powerpack_uuid"`
	Dst                 types.List   `tfsdk:"dst"`
	Text                types.String `tfsdk:"text"`
	Type                types.String `tfsdk:"type"`
	MediaURLs           types.List   `tfsdk:"media_urls"`
	MediaFiles          types.List   `tfsdk:"media_files"`
	Template            types.Object `tfsdk:"template"`
	MessageExpiry       types.Int64  `tfsdk:"message_expiry"`
	URL                 types.String `tfsdk:"url"`
	Method              types.String `tfsdk:"method"`
	DLTEntityID         types.String `tfsdk:"dlt_entity_id"`
	DLTTemplateID       types.String `tfsdk:"dlt_template_id"`
	DLTTemplateCategory types.String `tfsdk:"dlt_template_category"`
	Trackable           types.Bool   `tfsdk:"trackable"`
	Log                 types.String `tfsdk:"log"`
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

// messageInputAttributes are the schema attributes of messageInputsModel.
// describe finishes each top-level description (the resource adds that a
// change sends a new message). The action converts them with
// actionAttributes.
func messageInputAttributes(describe func(string) string) map[string]schema.Attribute {
	str := func(desc string, validators ...validator.String) schema.StringAttribute {
		return schema.StringAttribute{MarkdownDescription: describe(desc), Optional: true, Validators: validators}
	}
	return map[string]schema.Attribute{
		"src": str("Sender: a phone number with country code (an account number when sending to the US or Canada, and "+
			"for `chatapp` the business number), a short code, or an alphanumeric sender ID of at most 11 characters "+
			"(disabled on an account until enabled). Characters other than A-Z, a-z and 0-9 are stripped; a number is at "+
			"most 14 digits after that. Exactly one of `src` and `powerpack_uuid`.",
			stringvalidator.UTF8LengthAtLeast(1)),
		"powerpack_uuid": str("UUID of the powerpack (`cpaas_powerpack`) whose number pool picks the sender of each destination. Exactly one "+
			"of `src` and `powerpack_uuid`; not for `chatapp`. A UUID that names no powerpack of the account is refused before anything is "+
			"sent. The API refuses the send, naming the reason, when no number of the pool can reach a destination.",
			stringvalidator.UTF8LengthAtLeast(1)),
		"dst": schema.ListAttribute{
			MarkdownDescription: describe("Destination numbers with country code, one per element; the API gets one message per " +
				"destination, in this order. `/`, `-`, `.`, `+`, `(`, `)` and white space are stripped (see `provider::cpaas::sanitize_number`); " +
				"each number is at most 14 digits after that and must not start with 0."),
			ElementType: types.StringType,
			Required:    true,
			Validators:  []validator.List{listvalidator.SizeAtLeast(1), listvalidator.ValueStringsAre(stringvalidator.UTF8LengthAtLeast(1))},
		},
		"text": str("Message text. Required for `sms`. SMS: up to 1,600 GSM 03.38 characters (extension characters count 2; " +
			"units of 153 above 160) or 737 UCS-2 characters (units of 67 above 70), see `provider::cpaas::sms_units`. " +
			"`chatapp`: freeform text up to 4,096 characters, only while the customer's conversation is open (otherwise the " +
			"message fails with error 340), or a caption of at most 1,024 characters with media. Not with `template`."),
		"type": schema.StringAttribute{
			MarkdownDescription: describe("Message type: `sms` (default), `mms` or `chatapp`."),
			Optional:            true,
			Validators:          []validator.String{messageOption(messagerules.Types)},
		},
		"media_urls": schema.ListAttribute{
			MarkdownDescription: describe("Media links (absolute http or https URLs). Required for `mms`: 1 to 10 files of at most 5MB " +
				"together (a larger MMS fails with error 120). `chatapp`: one URL. Not for `sms`."),
			ElementType: types.StringType,
			Optional:    true,
			Validators:  []validator.List{listvalidator.SizeAtLeast(1)},
		},
		"media_files": mediaFilesAttribute(describe),
		"template": schema.SingleNestedAttribute{
			MarkdownDescription: describe("Pre-approved `chatapp` template; the only kind of chat-app message allowed without an open conversation."),
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
			MarkdownDescription: describe("Seconds the message may stay queued, 5 to 10,799; after that it fails with error 420. The API's default is 10,800."),
			Optional:            true,
			Validators: []validator.Int64{kit.SpecInt64RuleWorded(int64validator.Between(messagerules.MinMessageExpiry, messagerules.MaxMessageExpiry),
				func(attr string, v int64) error {
					if e := messagerules.CheckMessageExpiry(attr, int(v)); e != nil {
						return e
					}
					return nil
				})},
		},
		"url": str("Absolute http or https URL that receives the message's status callbacks."),
		"method": str("HTTP method of the status callbacks: `GET` or `POST` (the API's default).",
			messageOption(messagerules.Methods)),
		"dlt_entity_id": str("India DLT entity ID, only for accounts set up for India DLT traffic. Set it together with `dlt_template_id`; " +
			"one without the other, or an entity ID that is not the account's, makes the message fail with error 160."),
		"dlt_template_id": str("India DLT template ID: one of the account's DLT templates, associated with the DLT header given as `src`, " +
			"or the message fails with error 160. Set it together with `dlt_entity_id`."),
		"dlt_template_category": str("India DLT template category: `transactional`, `promotional`, `service_implicit` or `service_explicit`, "+
			"the category the template was registered under (incorrect DND tagging makes the message fail with error 160).",
			messageOption(messagerules.DLTTemplateCategories)),
		"trackable": schema.BoolAttribute{
			MarkdownDescription: describe("Whether you will report conversions for this message through the conversion-feedback API. The API's default is false."),
			Optional:            true,
		},
		"log": str("What the service logs: `true` (default) everything; `false` neither numbers nor content (masked, and no media is kept); "+
			"`content_only` the content, numbers masked; `number_only` the numbers, content masked.",
			messageOption(messagerules.LogValues)),
	}
}

// messageOption is messagerules.CheckOption at plan time, worded by the
// framework's validator for the same values. The attribute's name is the
// option's (type, method, dlt_template_category, log), by which
// CheckOption finds its values (TestMessageOptionsApplyAtTheirPaths).
func messageOption(values []string) validator.String {
	return kit.SpecRuleWorded(stringvalidator.OneOf(values...), func(attr, v string) error {
		if e := messagerules.CheckOption(attr, v); e != nil {
			return e
		}
		return nil
	})
}

// validateMessageInputs runs the shared sending rules (messagerules.Validate)
// on a configuration. A value known only after apply is replaced by a
// harmless placeholder and errors about it are dropped; the API checks it
// then.
func validateMessageInputs(ctx context.Context, cfg *messageInputsModel) diag.Diagnostics {
	var diags diag.Diagnostics
	if cfg.Type.IsUnknown() {
		return diags
	}
	if !cfg.Dst.IsUnknown() {
		for i, el := range cfg.Dst.Elements() {
			if s, ok := el.(types.String); ok && !s.IsUnknown() && strings.Contains(s.ValueString(), messagerules.DestinationSeparator) {
				diags.AddAttributeError(path.Root("dst").AtListIndex(i), "Invalid message",
					fmt.Sprintf("dst[%d]: must hold one number; list several destinations as separate elements (got %q)", i, s.ValueString()))
				return diags
			}
		}
	}
	m, unknown := messageFromModel(ctx, cfg)
	if unknown["src"] || unknown["powerpack_uuid"] {
		unknown["src"], unknown["powerpack_uuid"] = true, true
	}
	// What the schema's own validators refuse (a type out of the list, no
	// destination) they report: the same rule here would repeat it.
	refused := map[string]bool{
		"type": kit.Known(cfg.Type) && !slices.Contains(messagerules.Types, cfg.Type.ValueString()),
		"dst":  kit.Known(cfg.Dst) && len(cfg.Dst.Elements()) == 0,
	}
	for _, fe := range messagerules.Validate(m) {
		if refused[fe.Path.RootName()] {
			continue
		}
		if fe.Path.String() == "media_ids" {
			// The files of media_files are sent as media_ids once uploaded;
			// at plan time their paths stand in for the ids.
			fe.Path = fielderr.Root("media_files")
		}
		if unknown[fe.Path.RootName()] {
			continue
		}
		diags.AddAttributeError(kit.AttrPath(fe.Path), "Invalid message", fe.Error())
	}
	if !diags.HasError() {
		diags.Append(possibleNumbers(cfg)...)
	}
	diags.Append(validateMediaFiles(cfg.MediaFiles)...)
	return diags
}

// possibleNumbers refuses a destination or a phone-number source that no
// phone number can be (messagerules.CheckPossibleNumber): "555-0101", a
// national number without its country code, reads as Brazil's 55 and
// five digits, which the API would take and the send would fail later.
func possibleNumbers(cfg *messageInputsModel) diag.Diagnostics {
	var diags diag.Diagnostics
	if kit.Known(cfg.Dst) {
		for i, el := range cfg.Dst.Elements() {
			s, ok := el.(types.String)
			if !ok || !kit.Known(s) {
				continue
			}
			if fe := messagerules.CheckPossibleNumber(fielderr.Root("dst").AtIndex(i), s.ValueString(), messagerules.SanitizeDst(s.ValueString())); fe != nil {
				diags.AddAttributeError(kit.AttrPath(fe.Path), "Invalid message", fe.Error())
			}
		}
	}
	if kit.Known(cfg.Src) {
		if src := messagerules.SanitizeSrc(cfg.Src.ValueString()); messagerules.IsPhoneNumber(src) {
			if fe := messagerules.CheckPossibleNumber(fielderr.Root("src"), cfg.Src.ValueString(), src); fe != nil {
				diags.AddAttributeError(kit.AttrPath(fe.Path), "Invalid message", fe.Error())
			}
		}
	}
	return diags
}

// placeholderNumber stands in for a number known only after apply.
const placeholderNumber = "10000000000"

// messageFromModel builds the send request. At plan time it substitutes
// values that pass the rules for unknown ones and reports the roots it
// substituted; at apply time every value is known.
func messageFromModel(ctx context.Context, m *messageInputsModel) (messagerules.Message, map[string]bool) {
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
	msg := messagerules.Message{
		Src:           str("src", m.Src, placeholderNumber),
		PowerpackUUID: str("powerpack_uuid", m.PowerpackUUID, "00000000-0000-4000-8000-000000000000"),
		Dst:           strings.Join(list("dst", m.Dst, placeholderNumber), messagerules.DestinationSeparator),
		Text:          str("text", m.Text, "x"),
		Type:          str("type", m.Type, messagerules.TypeSMS),
		MediaURLs:     list("media_urls", m.MediaURLs, "https://placeholder.invalid/media"),
		// The paths of media_files stand in for the media ids the upload
		// gives (sendMessage sets those).
		MediaIDs:            list("media_files", m.MediaFiles, "placeholder.png"),
		URL:                 str("url", m.URL, ""),
		Method:              str("method", m.Method, ""),
		DLTEntityID:         str("dlt_entity_id", m.DLTEntityID, ""),
		DLTTemplateID:       str("dlt_template_id", m.DLTTemplateID, ""),
		DLTTemplateCategory: str("dlt_template_category", m.DLTTemplateCategory, ""),
		Log:                 str("log", m.Log, ""),
	}
	if kit.Known(m.MessageExpiry) {
		v := int(m.MessageExpiry.ValueInt64())
		msg.MessageExpiry = &v
	}
	if kit.Known(m.Trackable) {
		v := m.Trackable.ValueBool()
		msg.Trackable = &v
	}
	if !m.Template.IsNull() {
		tpl, ok := templateFromModel(ctx, m.Template)
		if !ok {
			unknown["template"] = true
			tpl = messagerules.Template{Name: "placeholder", Language: "en"}
		}
		msg.Template = &tpl
	}
	return msg, unknown
}

// templateFromModel converts the template attribute; false when any part
// of it is unknown.
func templateFromModel(ctx context.Context, v types.Object) (messagerules.Template, bool) {
	if v.IsUnknown() {
		return messagerules.Template{}, false
	}
	var tm templateModel
	if diags := v.As(ctx, &tm, basetypes.ObjectAsOptions{}); diags.HasError() {
		return messagerules.Template{}, false
	}
	known := true
	s := func(v types.String) string {
		if v.IsUnknown() {
			known = false
		}
		return v.ValueString()
	}
	t := messagerules.Template{Name: s(tm.Name), Language: s(tm.Language)}
	for _, c := range tm.Components {
		mc := messagerules.Component{Type: s(c.Type), SubType: s(c.SubType), Index: s(c.Index)}
		for _, p := range c.Parameters {
			mc.Parameters = append(mc.Parameters, messagerules.Parameter{Type: s(p.Type), Text: s(p.Text), Media: s(p.Media), Payload: s(p.Payload)})
		}
		t.Components = append(t.Components, mc)
	}
	return t, known
}

// sendAdvice tells the user what to do when a send's outcome is unknown
// (unknown) or when the lookup after a lost reply found nothing (notFound).
type sendAdvice struct{ unknown, notFound string }

// sendMessage sends the configured message once (sendMessageOrAdopt). On
// failure it adds an error diagnostic with the caller's advice and returns
// nil.
//
// The files of media_files are uploaded first (uploadMediaFiles: once per
// content and account in this process); plannedMedia, when not nil, are
// their hashes as planned, and a file changed since is refused.
func sendMessage(ctx context.Context, c *client.Client, in *messageInputsModel, plannedMedia []string, advice sendAdvice,
	diags *diag.Diagnostics,
) *client.MessageSent {
	msg, _ := messageFromModel(ctx, in)
	dsts := listStrings(in.Dst)
	msg.MediaIDs = nil
	if files := listStrings(in.MediaFiles); len(files) > 0 {
		ids, err := uploadMediaFiles(ctx, c, files, plannedMedia)
		if err != nil {
			kit.AddAPIError(diags, "Error uploading media", "media_files of the message to "+strings.Join(dsts, ", "), err)
			return nil
		}
		msg.MediaIDs = ids
	}
	sent, err := sendMessageOrAdopt(ctx, c, msg)
	if err != nil {
		what := "message to " + strings.Join(dsts, ", ")
		var notFound *messageNotFoundError
		switch {
		case client.IsOutcomeUnknown(err):
			diags.AddError("Error sending message", fmt.Sprintf("%s: %v\n\nThe message may have been sent: no reply was "+
				"received and nothing was retried. %s", what, err, advice.unknown))
		case errors.As(err, &notFound):
			diags.AddError("Error sending message", fmt.Sprintf("%s: %v %s", what, err, advice.notFound))
		default:
			kit.AddAPIError(diags, "Error sending message", what, err)
		}
		return nil
	}
	if len(sent.MessageUUID) != len(dsts) {
		diags.AddWarning("Unexpected number of message UUIDs",
			fmt.Sprintf("The API returned %d message UUIDs for %d destinations.", len(sent.MessageUUID), len(dsts)))
	}
	return sent
}

// messageNotFoundError reports a send whose outcome is unknown and whose
// messages the lookup did not find.
type messageNotFoundError struct{ cause error }

func (e *messageNotFoundError) Error() string {
	return fmt.Sprintf("%v\n\nThe send may not have happened: no matching message was found in the account's message list. "+
		"Nothing was sent again.", e.cause)
}

// sendMessageOrAdopt is SendMessage that, when the reply is lost, finds the
// messages the send made instead of sending again. It never sends twice.
func sendMessageOrAdopt(ctx context.Context, c *client.Client, in messagerules.Message) (*client.MessageSent, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("message not sent: the run was interrupted before the send started: %w", err)
	}
	// A send that started finishes, its lost reply's look-up included,
	// even when the run is interrupted meanwhile (kit.CreateContext).
	ctx, done := kit.CreateContext(ctx)
	defer done()
	since := time.Now().Add(-kit.LookupWindow)
	sent, err := c.SendMessage(ctx, in)
	if err == nil || !client.IsAmbiguousCreate(err) {
		return sent, err
	}
	tflog.Warn(ctx, "send outcome unknown; looking for the messages instead of sending again", map[string]any{"error": err.Error()})
	maskNumber, _ := messagerules.LogMasks(in.Log)
	number := func(s string) string {
		if maskNumber {
			return messagerules.MaskNumber(s)
		}
		return s
	}
	from := ""
	if in.Src != "" {
		from = number(messagerules.SanitizeSrc(in.Src))
	}
	dsts := in.Destinations()
	all, lerr := kit.LookupWithRetry(ctx, func(ctx context.Context) ([]client.Message, error) {
		// A send through a powerpack has no src to match: its messages are
		// the powerpack's (the API's powerpack_id filter).
		return c.ListAllMessages(ctx, client.MessageFilter{Direction: "outbound", Type: in.EffectiveType(), TimeGTE: client.MessageTimeFilter(since),
			PowerpackID: in.PowerpackUUID})
	})
	if lerr != nil {
		return nil, &kit.LookupFailedError{Kind: "message", Create: err, Find: lerr}
	}
	uuids := make([]string, len(dsts))
	missing := 0
	for i, d := range dsts {
		to := number(messagerules.SanitizeDst(d))
		var ids []string
		for _, m := range all {
			if m.ToNumber == to && (from == "" || m.FromNumber == from) {
				ids = append(ids, m.MessageUUID)
			}
		}
		switch len(ids) {
		case 0:
			missing++
		case 1:
			uuids[i] = ids[0]
		default:
			return nil, &kit.SeveralMatchesError{Kind: "message", Identity: fmt.Sprintf("from %s to %s since %s", in.Src, d, since.UTC().Format(time.RFC3339)), Ids: ids, Cause: err}
		}
	}
	switch {
	case missing == len(dsts):
		return nil, &messageNotFoundError{cause: err}
	case missing > 0:
		return nil, fmt.Errorf("%v\n\nOnly some destinations have a matching message (%s); the provider cannot tell whether this send "+
			"made them and sent nothing again. Look in the account's message list before sending again", err, strings.Join(uuids, ", "))
	}
	tflog.Info(ctx, "adopted the messages an ambiguous send made", map[string]any{"message_uuids": uuids})
	return &client.MessageSent{Message: "adopted", MessageUUID: uuids}, nil
}

// messageWait is the progress of one send's messages, one per destination.
type messageWait struct {
	UUIDs, Dsts, States, Codes []string
}

// newMessageWait starts the progress of a send: every message queued.
func newMessageWait(sent *client.MessageSent, dsts []string) *messageWait {
	n := len(sent.MessageUUID)
	w := &messageWait{UUIDs: sent.MessageUUID, Dsts: make([]string, n), States: make([]string, n), Codes: make([]string, n)}
	for i := range n {
		w.States[i] = client.MessageStateQueued
		if i < len(dsts) {
			w.Dsts[i] = dsts[i]
		}
	}
	return w
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

func failedState(state string) bool {
	return state == client.MessageStateFailed || state == client.MessageStateUndelivered
}

// messageFailure is one destination whose message failed.
type messageFailure struct {
	index                  int
	uuid, dst, state, code string
	meaning                string
}

// messagesFailedError lists every destination whose message failed, with
// the code and its meaning.
type messagesFailedError struct{ failures []messageFailure }

func (e *messagesFailedError) Error() string {
	lines := make([]string, len(e.failures))
	for i, f := range e.failures {
		lines[i] = fmt.Sprintf("Message %s to %s (destination %d) is %s with error code %s: %s", f.uuid, f.dst, f.index+1, f.state, f.code, f.meaning)
	}
	return strings.Join(lines, "\n")
}

// codeMeaning is the API's own text for a failed message's code, or the
// spec's (messagerules) when the record has none.
func codeMeaning(m *client.Message) string {
	if m.ErrorMessage != "" {
		return m.ErrorMessage
	}
	if s := messagerules.ErrorCodeMeaning(m.Code()); s != "" {
		return s
	}
	return "the API gives no meaning for this code"
}

// waitForMessages waits (wait.For, within timeout) until every message
// reached target or failed, updating w as it goes and calling changed with
// the index of each destination whose state changed. It returns a
// *messagesFailedError naming every failed destination, or the wait's own
// error (a *wait.TimeoutError when the timeout ran out first).
func waitForMessages(ctx context.Context, c *client.Client, w *messageWait, target string, timeout time.Duration, changed func(i int)) error {
	failed := make([]bool, len(w.UUIDs))
	var failures []messageFailure
	const done = "done"
	status := func(ctx context.Context) (*messageWait, string, error) {
		pending := false
		for i, id := range w.UUIDs {
			if failed[i] || reached(w.States[i], target) {
				continue
			}
			m, err := c.GetMessage(ctx, id)
			if errors.Is(err, client.ErrNotFound) {
				pending = true // not readable yet
				continue
			}
			if err != nil {
				return w, "", err
			}
			if m.MessageState != w.States[i] || m.Code() != w.Codes[i] {
				w.States[i], w.Codes[i] = m.MessageState, m.Code()
				if changed != nil {
					changed(i)
				}
			}
			switch {
			case failedState(m.MessageState):
				failed[i] = true
				failures = append(failures, messageFailure{index: i, uuid: id, dst: w.Dsts[i], state: m.MessageState, code: m.Code(), meaning: codeMeaning(m)})
			case !reached(m.MessageState, target):
				pending = true
			}
		}
		if pending {
			return w, strings.Join(w.States, ", "), nil
		}
		return w, done, nil
	}
	_, err := wait.For[*messageWait]{
		What:    "messages " + strings.Join(w.UUIDs, ", "),
		Target:  []string{done},
		Status:  status,
		Timeout: timeout,
	}.Wait(ctx)
	switch {
	case len(failures) > 0 && err != nil:
		return fmt.Errorf("%w\n\nWaiting for the others: %v", &messagesFailedError{failures: failures}, err)
	case len(failures) > 0:
		return &messagesFailedError{failures: failures}
	}
	return err
}
