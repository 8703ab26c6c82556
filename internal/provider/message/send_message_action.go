package message

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/action/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

var (
	_ action.ActionWithConfigure      = &SendMessageAction{}
	_ action.ActionWithValidateConfig = &SendMessageAction{}
	_ action.ActionWithModifyPlan     = &SendMessageAction{}
)

// SendMessageAction sends a message each time it is invoked (Terraform
// 1.14+): from the CLI (terraform apply -invoke) or from a resource's
// lifecycle (action_trigger). It keeps nothing in the state.
//
// Its rules run when its invocation is planned (ModifyPlan), beside every
// other rule of the configuration, as the kit runs a resource's: the
// schema is served without its validators, which would stop Terraform at
// validate and hide the plan's mistakes (kit.RulesAtPlan); but under
// `terraform validate`, which plans nothing.
type SendMessageAction struct {
	client *client.Client
	// schema and rules: the schema as served, and the validators taken
	// out of it to run at plan, made once.
	schemaOnce sync.Once
	schema     schema.Schema
	rules      kit.StaticRules
}

// NewSendMessageAction is the constructor the provider registers.
func NewSendMessageAction() action.Action {
	return &SendMessageAction{}
}

type sendMessageActionModel struct {
	messageInputsModel
	WaitFor  types.String   `tfsdk:"wait_for"`
	Timeouts timeouts.Value `tfsdk:"timeouts"`
}

func (a *SendMessageAction) Metadata(_ context.Context, req action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_send_message"
}

func (a *SendMessageAction) Schema(ctx context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = a.servedSchema(ctx)
}

// servedSchema is the schema Terraform is given.
func (a *SendMessageAction) servedSchema(ctx context.Context) schema.Schema {
	a.schemaOnce.Do(func() {
		a.schema = sendMessageActionSchema(ctx, &a.rules)
	})
	return a.schema
}

// sendMessageActionSchema is the action's schema; at plan (kit.RulesAtPlan)
// without its validators, which rules receives.
func sendMessageActionSchema(ctx context.Context, rules *kit.StaticRules) schema.Schema {
	in := messageInputAttributes(func(s string) string { return s })
	in["wait_for"] = rschema.StringAttribute{
		MarkdownDescription: "How far the invocation waits after sending: `queued` (default: the API accepted the message), " +
			"`sent` or `delivered`, within the `invoke` timeout (default 10m). While it waits, each destination's change of " +
			"state is reported as progress. A message that fails or is undelivered fails the invocation with an error " +
			"naming each failed destination, its error code and the code's meaning; nothing is sent again.",
		Optional:   true,
		Validators: []validator.String{stringvalidator.OneOf(waitForValues...)},
	}
	if kit.RulesAtPlan() {
		in, *rules = kit.DeferRules(in)
	}
	return schema.Schema{
		MarkdownDescription: "Sends an SMS, MMS or chat-app message each time the action is invoked: from the command line " +
			"(`terraform apply -invoke=action.cpaas_send_message.<name>`) or from a resource's lifecycle (`action_trigger` " +
			"in a `lifecycle` block, for example `after_create`). Needs Terraform 1.14 or later. The plan shows each " +
			"invocation; the state keeps nothing, so a plan never sends and a message is sent only as often as the action " +
			"is invoked. The arguments and their plan-time checks are those of the `cpaas_message` resource.\n\n" +
			sendRuleNeverTwice + " Invoke the action again to send the message then.",
		Attributes: actionAttributes(in),
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.BlockWithOpts(ctx, timeouts.Opts{InvokeDescription: "How long the invocation waits for `wait_for` (default 10m)."}),
		},
	}
}

func (a *SendMessageAction) Configure(_ context.Context, req action.ConfigureRequest, resp *action.ConfigureResponse) {
	a.client = kit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

// ValidateConfig runs the sending rules the resource shares
// (validateMessageInputs) under `terraform validate`; else ModifyPlan
// does, with the schema's validators.
func (a *SendMessageAction) ValidateConfig(ctx context.Context, req action.ValidateConfigRequest, resp *action.ValidateConfigResponse) {
	if kit.RulesAtPlan() {
		return
	}
	var cfg sendMessageActionModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(validateMessageInputs(ctx, &cfg.messageInputsModel)...)
}

// ModifyPlan runs every rule of the action when its invocation is planned:
// the schema's validators and the sending rules the resource shares.
func (a *SendMessageAction) ModifyPlan(ctx context.Context, req action.ModifyPlanRequest, resp *action.ModifyPlanResponse) {
	if !kit.RulesAtPlan() {
		return // ValidateConfig and the schema ran them
	}
	a.servedSchema(ctx)
	resp.Diagnostics.Append(a.rules.Check(ctx, req.Config)...)
	var cfg sendMessageActionModel
	if d := req.Config.Get(ctx, &cfg); d.HasError() {
		resp.Diagnostics.Append(d...)
		return
	}
	resp.Diagnostics.Append(validateMessageInputs(ctx, &cfg.messageInputsModel)...)
}

// sendMessageActionAdvice is what the action's send errors tell the user.
var sendMessageActionAdvice = sendAdvice{
	unknown:  "Before invoking the action again (which would send it again), look for it in the account's message list.",
	notFound: "Invoke the action again to send it (if it was in fact sent, this sends it a second time).",
}

func (a *SendMessageAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var cfg sendMessageActionModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	timeout, diags := cfg.Timeouts.Invoke(ctx, defaultMessageWaitTimeout)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	// Checked again with every value known: a value that was unknown at
	// plan time is refused here rather than by the API.
	resp.Diagnostics.Append(validateMessageInputs(ctx, &cfg.messageInputsModel)...)
	if resp.Diagnostics.HasError() {
		return
	}
	progress := func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		tflog.Info(ctx, msg)
		if resp.SendProgress != nil {
			resp.SendProgress(action.InvokeProgressEvent{Message: msg})
		}
	}
	sent := sendMessage(ctx, a.client, &cfg.messageInputsModel, nil, sendMessageActionAdvice, &resp.Diagnostics)
	if sent == nil {
		return
	}
	w := newMessageWait(sent, listStrings(cfg.Dst))
	through := cfg.PowerpackUUID.ValueString()
	for i := range w.UUIDs {
		if through == "" {
			progress("message %s to %s: queued", w.UUIDs[i], w.Dsts[i])
			continue
		}
		// The pool picked the source: say which (the record names it).
		from := "a number of the pool"
		if m, err := a.client.GetMessage(ctx, w.UUIDs[i]); err == nil {
			from = m.FromNumber
		}
		progress("message %s to %s: queued, from %s (picked by powerpack %s)", w.UUIDs[i], w.Dsts[i], from, through)
	}
	target := cfg.WaitFor.ValueString()
	if target == waitQueued || target == "" {
		return
	}
	err := waitForMessages(ctx, a.client, w, target, timeout, func(i int) {
		state := w.States[i]
		if w.Codes[i] != "" && w.Codes[i] != messagerules.CodeDelivered {
			state += " (error code " + w.Codes[i] + ")"
		}
		progress("message %s to %s: %s", w.UUIDs[i], w.Dsts[i], state)
	})
	var failed *messagesFailedError
	switch {
	case errors.As(err, &failed):
		resp.Diagnostics.AddError("Message failed", err.Error()+"\n\nThe message was sent once and is not sent again; "+
			"invoke the action again to send a new one.")
	case err != nil:
		resp.Diagnostics.AddError("Error waiting for message", fmt.Sprintf("Waiting for the message to be %s (message UUIDs %s): %v\n\n"+
			"The message was sent and is not sent again. Raise the invoke timeout in the timeouts block to wait longer.",
			target, strings.Join(w.UUIDs, ", "), err))
	}
}

// actionAttributes converts resource schema attributes to the action's
// schema, so the message's arguments are declared once
// (messageInputAttributes). What an action has no use for (computed
// values, defaults, plan modifiers) is dropped.
func actionAttributes(in map[string]rschema.Attribute) map[string]schema.Attribute {
	out := make(map[string]schema.Attribute, len(in))
	for name, a := range in {
		out[name] = actionAttribute(name, a)
	}
	return out
}

func actionAttribute(name string, a rschema.Attribute) schema.Attribute {
	switch a := a.(type) {
	case rschema.StringAttribute:
		return schema.StringAttribute{Required: a.Required, Optional: a.Optional, MarkdownDescription: a.MarkdownDescription, Validators: a.Validators}
	case rschema.Int64Attribute:
		return schema.Int64Attribute{Required: a.Required, Optional: a.Optional, MarkdownDescription: a.MarkdownDescription, Validators: a.Validators}
	case rschema.BoolAttribute:
		return schema.BoolAttribute{Required: a.Required, Optional: a.Optional, MarkdownDescription: a.MarkdownDescription, Validators: a.Validators}
	case rschema.ListAttribute:
		return schema.ListAttribute{ElementType: a.ElementType, Required: a.Required, Optional: a.Optional,
			MarkdownDescription: a.MarkdownDescription, Validators: a.Validators}
	case rschema.SingleNestedAttribute:
		return schema.SingleNestedAttribute{Attributes: actionAttributes(a.Attributes), Required: a.Required, Optional: a.Optional,
			MarkdownDescription: a.MarkdownDescription, Validators: a.Validators}
	case rschema.ListNestedAttribute:
		return schema.ListNestedAttribute{NestedObject: schema.NestedAttributeObject{Attributes: actionAttributes(a.NestedObject.Attributes)},
			Required: a.Required, Optional: a.Optional, MarkdownDescription: a.MarkdownDescription, Validators: a.Validators}
	}
	// Only reached when an attribute of a new kind is added to the message's
	// inputs; TestSendMessageActionSchema catches it.
	panic(fmt.Sprintf("actionAttribute: %s: no conversion for %T", name, a))
}

// sendMessageActionIntro is the page's prose besides the schema: the
// shared actions template (templates/actions.md.tmpl) shows it after the
// description.
//
//go:embed send_message_action_intro.md
var sendMessageActionIntro string

func (a *SendMessageAction) DocPage() kit.DocPage {
	return kit.PageDocs{Subcategory: kit.SubMessaging, Intro: strings.TrimSpace(sendMessageActionIntro)}.Page("actions", "send_message")
}
