package masking

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/maskingrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// maskingFamily is what Terraform is served of number masking sessions (provider.go's families).
var MaskingFamily = kit.Family{
	Resources:   []func() resource.Resource{maskingSessionKind.NewResource},
	DataSources: []func() datasource.DataSource{maskingSessionLookup.NewDataSource, maskingSessionsData.NewDataSource},
	Lists:       []func() list.ListResource{NewMaskingSessionListResource},
	Sweepers:    sweepers,
	RealKinds:   realKinds,
}

// maskingSessionKind is cpaas_masking_session, a call-masking session,
// read, ended and imported by its UUID.
var maskingSessionKind = &kit.ObjectKind[maskingSessionModel]{
	TypeName: "_masking_session", What: "masking session", Identity: kit.MaskingSessionIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubCallMasking, Listed: &kit.ListedDoc{
		Limit:   client.MaskingSessionListing.Limit,
		Objects: "sessions",
		Object:  "session",
		From:    "the list of every session, active or expired",
	}},
	Schema: maskingSessionSchema, Create: createMaskingSession, Update: updateMaskingSession,
	ValidateConfig: checkMaskingSession, AfterImport: markMaskingSessionImported,
	// Refresh: from the listing of every session, active or expired
	// (client.MaskingSessionListing), whose items carry all the GET does.
	Refresh:  refreshMaskingSession,
	Remove:   endMaskingSession,
	Removing: "ending",
}

// refreshMaskingSession reads session id into m. An ended session cannot
// be revived or updated: it is gone, with a warning, so the next plan
// creates a new one.
func refreshMaskingSession(ctx context.Context, c *client.Client, id string, m *maskingSessionModel, _ resource.ReadRequest, diags *diag.Diagnostics) error {
	s, _, err := client.MaskingSessionListing.Refresh(ctx, c, "", id)
	if err != nil {
		return err
	}
	if s.IsExpired() {
		diags.AddWarning("Masking session expired",
			fmt.Sprintf("Masking session %s (virtual number %s) expired at %s. It was removed from the state; the next apply "+
				"creates a new session, with a new id and possibly a new virtual number.", id, s.VirtualNumber, s.ExpiryTime))
		return kit.ErrGone
	}
	applyMaskingSession(m, s)
	return nil
}

// endMaskingSession ends session id. One that already ended (or never
// existed) is what a delete wants, so that is success; that is checked by
// reading the session, never by matching the API's message.
func endMaskingSession(c *client.Client, ctx context.Context, id string) error {
	err := c.DeleteMaskingSession(ctx, id)
	if err == nil || errors.Is(err, client.ErrNotFound) {
		return nil
	}
	if cur, gerr := c.GetMaskingSession(ctx, id); errors.Is(gerr, client.ErrNotFound) || (gerr == nil && cur.IsExpired()) {
		return nil
	}
	return err
}

type maskingSessionModel struct {
	ID                          types.String `tfsdk:"id"`
	FirstParty                  types.String `tfsdk:"first_party"`
	SecondParty                 types.String `tfsdk:"second_party"`
	VirtualNumber               types.String `tfsdk:"virtual_number"`
	Status                      types.String `tfsdk:"status"`
	SessionExpiry               types.Int64  `tfsdk:"session_expiry"`
	CallTimeLimit               types.Int64  `tfsdk:"call_time_limit"`
	RingTimeout                 types.Int64  `tfsdk:"ring_timeout"`
	Record                      types.Bool   `tfsdk:"record"`
	RecordFileFormat            types.String `tfsdk:"record_file_format"`
	RecordingCallbackURL        types.String `tfsdk:"recording_callback_url"`
	RecordingCallbackMethod     types.String `tfsdk:"recording_callback_method"`
	CallbackURL                 types.String `tfsdk:"callback_url"`
	CallbackMethod              types.String `tfsdk:"callback_method"`
	FirstPartyPlayURL           types.String `tfsdk:"first_party_play_url"`
	SecondPartyPlayURL          types.String `tfsdk:"second_party_play_url"`
	InitiateCallToFirstParty    types.Bool   `tfsdk:"initiate_call_to_first_party"`
	IsPINAuthenticationRequired types.Bool   `tfsdk:"is_pin_authentication_required"`
	GeneratePIN                 types.Bool   `tfsdk:"generate_pin"`
	GeneratePINLength           types.Int64  `tfsdk:"generate_pin_length"`
	FirstPartyPIN               types.String `tfsdk:"first_party_pin"`
	SecondPartyPIN              types.String `tfsdk:"second_party_pin"`
	PINPromptPlay               types.String `tfsdk:"pin_prompt_play"`
	PINRetry                    types.Int64  `tfsdk:"pin_retry"`
	PINRetryWait                types.Int64  `tfsdk:"pin_retry_wait"`
	IncorrectPINPlay            types.String `tfsdk:"incorrect_pin_play"`
	UnknownCallerPlay           types.String `tfsdk:"unknown_caller_play"`
	CreatedTime                 types.String `tfsdk:"created_time"`
	ModifiedTime                types.String `tfsdk:"modified_time"`
	ExpiryTime                  types.String `tfsdk:"expiry_time"`
}

// maskingURLRule is maskingrules.CheckURL at plan time; an empty string
// is refused, as leaving the attribute out is how a URL is unset. A play
// URL's file type (maskingrules.CheckPlayURL) is checked by
// playURLRule, only when the URL is sent.
func maskingURLRule() validator.String {
	return kit.SpecRule("must be an absolute http or https URL", func(attr, v string) error {
		if v == "" {
			return fmt.Errorf("%s must not be empty: leave it out to unset it", attr)
		}
		if e := maskingrules.CheckURL(attr, v); e != nil {
			return e
		}
		return nil
	})
}

// playURLRule is today's play URL rule (maskingrules.CheckPlayURL), a
// later rule (laterRule): older sessions of the service hold a URL ending
// in .xml, and a session is adopted by writing the URL it holds, which
// plans no change, so nothing is sent or refused.
func playURLRule() planmodifier.String {
	return kit.LaterRule(kit.SpecRule("the URL of an .mp3 or .wav file", func(attr, v string) error {
		if e := maskingrules.CheckPlayURL(attr, v); e != nil {
			return e
		}
		return nil
	}))
}

// maskingBetween is maskingrules.CheckRange at plan time.
func maskingBetween(lo, hi int64) []validator.Int64 {
	return []validator.Int64{kit.SpecInt64RuleWorded(int64validator.Between(lo, hi), func(attr string, v int64) error {
		if e := maskingrules.CheckRange(attr, v, lo, hi); e != nil {
			return e
		}
		return nil
	})}
}

// maskingOneOf is maskingrules.CheckOneOf at plan time.
func maskingOneOf(allowed []string) validator.String {
	return kit.SpecRuleWorded(stringvalidator.OneOf(allowed...), func(attr, v string) error {
		if e := maskingrules.CheckOneOf(attr, v, allowed); e != nil {
			return e
		}
		return nil
	})
}

// maskingPartyRule is maskingrules.CheckParty at plan time.
var maskingPartyRule = kit.SpecRuleWorded(stringvalidator.RegexMatches(maskingrules.PartyPattern, "must be "+maskingrules.PartyRule),
	func(attr, v string) error {
		if e := maskingrules.CheckParty(attr, v); e != nil {
			return e
		}
		return nil
	})

// expiryTimeModifier keeps expiry_time from the state unless
// session_expiry changes: an update of session_expiry restarts the
// session's time, so expiry_time is then only known after the apply.
type expiryTimeModifier struct{}

func (expiryTimeModifier) Description(context.Context) string {
	return "Unknown when session_expiry changes, otherwise the value in the state."
}
func (m expiryTimeModifier) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (expiryTimeModifier) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() || req.StateValue.IsNull() {
		return
	}
	var planned, prior types.Int64
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("session_expiry"), &planned)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("session_expiry"), &prior)...)
	if !planned.IsUnknown() && planned.Equal(prior) {
		resp.PlanValue = req.StateValue
	}
}

// unknownCallerPlayReplace replaces the session when unknown_caller_play
// changes, unless the session was just imported: the API never returns the
// value, so the state cannot hold it and the configured one is adopted.
func unknownCallerPlayReplace(ctx context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	if req.StateValue.IsNull() && req.Private != nil {
		if v, _ := req.Private.GetKey(ctx, kit.PrivateKeyImported); len(v) > 0 {
			return
		}
	}
	resp.RequiresReplace = true
}

// playURLAdoption tells a user adopting an older session what to write.
const playURLAdoption = " The .mp3 or .wav rule is checked when the URL is sent (on create, or when it changes): " +
	"to adopt (import) a session that holds another URL (older sessions may hold one ending in `.xml`), write the URL the " +
	"session holds, as `terraform plan -generate-config-out` writes it; the plan then sends nothing and the URL is kept."

// pinOptionNote says what the state holds for a PIN option of a session
// without PIN authentication, which the API does not return.
const pinOptionNote = " The API leaves it out of a session without PIN authentication: the state then keeps the configured " +
	"value (the default after an import), and adopting such a session never plans a replacement for it."

func maskingSessionSchema(context.Context) schema.Schema {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	urlAttr := func(desc string, forceNew bool) schema.StringAttribute {
		a := schema.StringAttribute{
			MarkdownDescription: desc,
			Optional:            true,
			Validators:          []validator.String{maskingURLRule()},
		}
		if forceNew {
			a.PlanModifiers = replace
		}
		return a
	}
	playURLAttr := func(desc string) schema.StringAttribute {
		a := urlAttr(desc, false)
		a.PlanModifiers = []planmodifier.String{playURLRule()}
		return a
	}
	methodAttr := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{
			MarkdownDescription: desc + " `GET` or `POST`, default `POST`. Updates in place.",
			Optional:            true,
			Computed:            true,
			Default:             stringdefault.StaticString(maskingrules.DefaultMethod),
			Validators:          []validator.String{maskingOneOf(maskingrules.Methods)},
		}
	}
	pinAttr := func(party string) schema.StringAttribute {
		return schema.StringAttribute{
			MarkdownDescription: "PIN the " + party + " party enters when calling the virtual number, " + maskingrules.PINRule + ". " +
				"Set it when `is_pin_authentication_required` is true and `generate_pin` is false (both PINs are then required and must differ); " +
				"when `generate_pin` is true, the API generates it and it is read back here. Sensitive. Changing it replaces the session.",
			Optional:      true,
			Computed:      true,
			Sensitive:     true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace(), stringplanmodifier.UseStateForUnknown(), pinNullUnlessGenerated{}},
		}
	}
	return schema.Schema{
		MarkdownDescription: "A call-masking session: the two parties reach each other through a virtual number taken from the " +
			"account's voice-enabled numbers, without seeing each other's number.\n\n" +
			"**Expiry.** A session ends `session_expiry` seconds after it was created (or after `session_expiry` was last changed). " +
			"An ended session reads as `expired` and cannot be revived, so the provider treats it as gone: the next refresh removes " +
			"it from the state with a warning, and the next plan creates a new session (new `id`, possibly a new `virtual_number`). " +
			"Changing `session_expiry` updates the session in place and restarts its time from the moment of the update. " +
			"Destroying the resource ends the session at once.\n\n" + adoptRuleMaskingSession,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedKeptString("Session UUID (`session_uuid`)."),
			"first_party": schema.StringAttribute{
				MarkdownDescription: "Number of the first party, " + maskingrules.PartyRule + ". Changing it replaces the session.",
				Required:            true,
				PlanModifiers:       replace,
				Validators:          []validator.String{maskingPartyRule},
			},
			"second_party": schema.StringAttribute{
				MarkdownDescription: "Number of the second party, " + maskingrules.PartyRule + "; must differ from `first_party`. Changing it replaces the session.",
				Required:            true,
				PlanModifiers:       replace,
				Validators:          []validator.String{maskingPartyRule},
			},
			"virtual_number": kit.ComputedKeptString("Number both parties call to reach each other (digits with country code, no `+`): a voice-enabled number of the account that no other active session with either party uses."),
			"status":         kit.ComputedKeptString("`active` while the session runs. An expired session is removed from the state on refresh."),
			"session_expiry": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Seconds the session lasts, %d to %d, default %d. Updates in place: the session then ends this many seconds after the update, and `expiry_time` changes.",
					maskingrules.MinSessionExpiry, maskingrules.MaxSessionExpiry, maskingrules.DefaultSessionExpiry),
				Optional:   true,
				Computed:   true,
				Default:    int64default.StaticInt64(maskingrules.DefaultSessionExpiry),
				Validators: maskingBetween(maskingrules.MinSessionExpiry, maskingrules.MaxSessionExpiry),
			},
			"call_time_limit": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Seconds after which a call is disconnected, %d to %d, default %d. Updates in place.",
					maskingrules.MinCallTimeLimit, maskingrules.MaxCallTimeLimit, maskingrules.DefaultCallTimeLimit),
				Optional:   true,
				Computed:   true,
				Default:    int64default.StaticInt64(maskingrules.DefaultCallTimeLimit),
				Validators: maskingBetween(maskingrules.MinCallTimeLimit, maskingrules.MaxCallTimeLimit),
			},
			"ring_timeout": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Seconds after which an unanswered call stops ringing, %d to %d, default %d. Updates in place.",
					maskingrules.MinRingTimeout, maskingrules.MaxRingTimeout, maskingrules.DefaultRingTimeout),
				Optional:   true,
				Computed:   true,
				Default:    int64default.StaticInt64(maskingrules.DefaultRingTimeout),
				Validators: maskingBetween(maskingrules.MinRingTimeout, maskingrules.MaxRingTimeout),
			},
			"record": schema.BoolAttribute{
				MarkdownDescription: "Whether calls are recorded, default false. Updates in place.",
				Optional:            true,
				Computed:            true,
				Default:             booldefault.StaticBool(false),
			},
			"record_file_format": schema.StringAttribute{
				MarkdownDescription: "Audio format of recordings: `mp3` (default) or `wav`. Updates in place.",
				Optional:            true,
				Computed:            true,
				Default:             stringdefault.StaticString(maskingrules.DefaultRecordFileFormat),
				Validators:          []validator.String{maskingOneOf(maskingrules.RecordFileFormats)},
			},
			"recording_callback_url":    urlAttr("URL that receives recordings (absolute http or https). Updates in place; removing it unsets it.", false),
			"recording_callback_method": methodAttr("HTTP verb for `recording_callback_url`:"),
			"callback_url": urlAttr("URL that receives session events (`session_created`, `session_updated`, `session_expired`), signed like every callback. "+
				"Updates in place; removing it unsets it.", false),
			"callback_method":       methodAttr("HTTP verb for `callback_url`:"),
			"first_party_play_url":  playURLAttr("URL of an .mp3 or .wav file played to the first party before the call connects. Updates in place; removing it unsets it." + playURLAdoption),
			"second_party_play_url": playURLAttr("URL of an .mp3 or .wav file played to the second party before the call connects. Updates in place; removing it unsets it." + playURLAdoption),
			"initiate_call_to_first_party": schema.BoolAttribute{
				MarkdownDescription: "Whether the service calls the first party as soon as the session starts, default false. Changing it replaces the session.",
				Optional:            true,
				Computed:            true,
				Default:             booldefault.StaticBool(false),
				PlanModifiers:       []planmodifier.Bool{boolplanmodifier.RequiresReplace()},
			},
			"is_pin_authentication_required": schema.BoolAttribute{
				MarkdownDescription: "Whether callers must enter a PIN, default false. Changing it replaces the session.",
				Optional:            true,
				Computed:            true,
				Default:             booldefault.StaticBool(false),
				PlanModifiers:       []planmodifier.Bool{boolplanmodifier.RequiresReplace()},
			},
			"generate_pin": schema.BoolAttribute{
				MarkdownDescription: "Whether the API generates both PINs (needs `is_pin_authentication_required`; then leave the PINs out), default false. Changing it replaces the session.",
				Optional:            true,
				Computed:            true,
				Default:             booldefault.StaticBool(false),
				PlanModifiers:       []planmodifier.Bool{boolplanmodifier.RequiresReplace()},
			},
			"generate_pin_length": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Digits of a generated PIN, %d to %d, default %d. Changing it replaces the session."+pinOptionNote,
					maskingrules.MinPINLength, maskingrules.MaxPINLength, maskingrules.DefaultGeneratePINLength),
				Optional:      true,
				Computed:      true,
				Default:       int64default.StaticInt64(maskingrules.DefaultGeneratePINLength),
				Validators:    maskingBetween(maskingrules.MinPINLength, maskingrules.MaxPINLength),
				PlanModifiers: []planmodifier.Int64{kit.ReplaceIfReadInt64()},
			},
			"first_party_pin":    pinAttr("first"),
			"second_party_pin":   pinAttr("second"),
			"pin_prompt_play":    urlAttr("URL of an audio file that asks for the PIN. Changing it replaces the session.", true),
			"incorrect_pin_play": urlAttr("URL of an audio file played after a wrong PIN. Changing it replaces the session.", true),
			"unknown_caller_play": func() schema.StringAttribute {
				a := urlAttr("URL of an audio file played to a caller who is neither party. The API does not return it, so it is "+
					"not refreshed; after an import the configured value is taken into the state as it is (no replacement). "+
					"Changing it replaces the session.", false)
				a.PlanModifiers = []planmodifier.String{stringplanmodifier.RequiresReplaceIf(unknownCallerPlayReplace,
					"Replaces the session, except right after an import, when the configured value is adopted.",
					"Replaces the session, except right after an import, when the configured value is adopted.")}
				return a
			}(),
			"pin_retry": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Further attempts after a wrong PIN, %d to %d, default %d. Changing it replaces the session."+pinOptionNote,
					maskingrules.MinPINRetry, maskingrules.MaxPINRetry, maskingrules.DefaultPINRetry),
				Optional:      true,
				Computed:      true,
				Default:       int64default.StaticInt64(maskingrules.DefaultPINRetry),
				Validators:    maskingBetween(maskingrules.MinPINRetry, maskingrules.MaxPINRetry),
				PlanModifiers: []planmodifier.Int64{kit.ReplaceIfReadInt64()},
			},
			"pin_retry_wait": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Seconds to wait for the PIN before retrying, %d to %d, default %d. Changing it replaces the session."+pinOptionNote,
					maskingrules.MinPINRetryWait, maskingrules.MaxPINRetryWait, maskingrules.DefaultPINRetryWait),
				Optional:      true,
				Computed:      true,
				Default:       int64default.StaticInt64(maskingrules.DefaultPINRetryWait),
				Validators:    maskingBetween(maskingrules.MinPINRetryWait, maskingrules.MaxPINRetryWait),
				PlanModifiers: []planmodifier.Int64{kit.ReplaceIfReadInt64()},
			},
			"created_time": kit.ComputedKeptString("When the session was created, as the API writes it: `YYYY-MM-DD HH:MM:SS +0000 UTC`, with a fraction of the second when there is one (`2023-07-04 07:29:27.14973 +0000 UTC`)."),
			"modified_time": schema.StringAttribute{
				MarkdownDescription: "When the session was last changed, in the form of `created_time`.",
				Computed:            true,
			},
			"expiry_time": schema.StringAttribute{
				MarkdownDescription: "When the session ends, in the form of `created_time`. Changes when `session_expiry` changes.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{expiryTimeModifier{}},
			},
		},
	}
}

// ValidateConfig applies the rules that span attributes, with the same
// code the API runs: the parties differ, and the PIN settings agree.
func checkMaskingSession(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	m, ok := kit.Decode[maskingSessionModel](ctx, req.Config, &resp.Diagnostics)
	if !ok {
		return
	}
	if kit.Known(m.FirstParty) && kit.Known(m.SecondParty) && m.FirstParty.ValueString() == m.SecondParty.ValueString() {
		if e := maskingrules.CheckParties(m.FirstParty.ValueString(), m.SecondParty.ValueString()); e != nil {
			resp.Diagnostics.AddAttributeError(kit.AttrPath(e.Path), "Invalid masking session parties", "Attribute "+e.Error()+".")
		}
	}
	for _, v := range []types.Bool{m.IsPINAuthenticationRequired, m.GeneratePIN} {
		if v.IsUnknown() {
			return
		}
	}
	for _, v := range []types.String{m.FirstPartyPIN, m.SecondPartyPIN} {
		if v.IsUnknown() {
			return
		}
	}
	if m.GeneratePINLength.IsUnknown() {
		return
	}
	p := maskingrules.PINSettings{
		Required:  m.IsPINAuthenticationRequired.ValueBool(),
		Generate:  m.GeneratePIN.ValueBool(),
		Length:    maskingrules.DefaultGeneratePINLength,
		FirstPIN:  m.FirstPartyPIN.ValueString(),
		SecondPIN: m.SecondPartyPIN.ValueString(),
	}
	if !m.GeneratePINLength.IsNull() {
		p.Length = m.GeneratePINLength.ValueInt64()
	}
	if e := maskingrules.CheckPINSettings(p); e != nil && e.Path.String() != "generate_pin_length" { // the attribute validator reports the length
		resp.Diagnostics.AddAttributeError(kit.AttrPath(e.Path), "Invalid PIN settings", "Attribute "+e.Error()+".")
	}
}

func maskingBoolPtr(v types.Bool) *bool    { b := v.ValueBool(); return &b }
func maskingInt64Ptr(v types.Int64) *int64 { n := v.ValueInt64(); return &n }

// adoptRuleMaskingSession says what happens when the reply to a create is lost;
// createMaskingSessionOrAdopt below carries it out. The description quotes it.
const adoptRuleMaskingSession = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second " +
	"session: it lists the active sessions between `first_party` and `second_party` created since two minutes before the " +
	"create began, and adopts the one match; when none matches the create is sent again, when several match the apply " +
	"stops with an error naming them."

// createMaskingSessionOrAdopt is CreateMaskingSession that never makes a
// duplicate session.
func createMaskingSessionOrAdopt(ctx context.Context, c *client.Client, in client.MaskingSessionCreate) (*client.MaskingSessionCreated, error) {
	since := time.Now().Add(-kit.LookupWindow).UTC().Format("2006-01-02 15:04:05")
	return kit.CreateOrAdopt(ctx, "masking session", fmt.Sprintf("active, between %s and %s, created since %s", in.FirstParty, in.SecondParty, since),
		func(ctx context.Context) (*client.MaskingSessionCreated, error) {
			return c.CreateMaskingSession(ctx, in)
		},
		kit.AdoptFrom(func(ctx context.Context) ([]client.MaskingSession, error) {
			return c.ListAllMaskingSessions(ctx, client.MaskingSessionFilter{
				FirstParty: in.FirstParty, SecondParty: in.SecondParty, Status: "active", CreatedTimeGTE: since,
			})
		}, func(s *client.MaskingSession) bool {
			return s.FirstParty == in.FirstParty && s.SecondParty == in.SecondParty && !s.IsExpired()
		}, func(s *client.MaskingSession) *client.MaskingSessionCreated {
			return &client.MaskingSessionCreated{SessionUUID: s.SessionUUID, VirtualNumber: "+" + s.VirtualNumber, Message: "adopted", Session: *s}
		}),
		func(s *client.MaskingSessionCreated) string { return s.SessionUUID })
}

func createMaskingSession(ctx context.Context, c *client.Client, plan *maskingSessionModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	in := client.MaskingSessionCreate{
		FirstParty:                  plan.FirstParty.ValueString(),
		SecondParty:                 plan.SecondParty.ValueString(),
		SessionExpiry:               maskingInt64Ptr(plan.SessionExpiry),
		CallTimeLimit:               maskingInt64Ptr(plan.CallTimeLimit),
		Record:                      maskingBoolPtr(plan.Record),
		RecordFileFormat:            plan.RecordFileFormat.ValueString(),
		RecordingCallbackURL:        plan.RecordingCallbackURL.ValueString(),
		RecordingCallbackMethod:     plan.RecordingCallbackMethod.ValueString(),
		InitiateCallToFirstParty:    maskingBoolPtr(plan.InitiateCallToFirstParty),
		CallbackURL:                 plan.CallbackURL.ValueString(),
		CallbackMethod:              plan.CallbackMethod.ValueString(),
		RingTimeout:                 maskingInt64Ptr(plan.RingTimeout),
		FirstPartyPlayURL:           plan.FirstPartyPlayURL.ValueString(),
		SecondPartyPlayURL:          plan.SecondPartyPlayURL.ValueString(),
		IsPINAuthenticationRequired: maskingBoolPtr(plan.IsPINAuthenticationRequired),
		GeneratePIN:                 maskingBoolPtr(plan.GeneratePIN),
		GeneratePINLength:           maskingInt64Ptr(plan.GeneratePINLength),
		PINPromptPlay:               plan.PINPromptPlay.ValueString(),
		PINRetry:                    maskingInt64Ptr(plan.PINRetry),
		PINRetryWait:                (*client.FlexInt)(maskingInt64Ptr(plan.PINRetryWait)),
		IncorrectPINPlay:            plan.IncorrectPINPlay.ValueString(),
		UnknownCallerPlay:           plan.UnknownCallerPlay.ValueString(),
	}
	if !plan.FirstPartyPIN.IsUnknown() {
		in.FirstPartyPIN = plan.FirstPartyPIN.ValueString()
	}
	if !plan.SecondPartyPIN.IsUnknown() {
		in.SecondPartyPIN = plan.SecondPartyPIN.ValueString()
	}
	created, err := createMaskingSessionOrAdopt(ctx, c, in)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating masking session",
			fmt.Sprintf("masking session between %s and %s", in.FirstParty, in.SecondParty), err)
		return false
	}
	// The create reply carries the whole session: no read needed.
	applyMaskingSession(plan, &created.Session)
	return true
}

// applyMaskingSession copies what the API reports into m. unknown_caller_play
// is not part of the session object and is left as it is.
func applyMaskingSession(m *maskingSessionModel, s *client.MaskingSession) {
	m.ID = types.StringValue(s.SessionUUID)
	m.FirstParty = types.StringValue(s.FirstParty)
	m.SecondParty = types.StringValue(s.SecondParty)
	m.VirtualNumber = types.StringValue(s.VirtualNumber)
	m.Status = types.StringValue(s.Status)
	m.SessionExpiry = types.Int64Value(s.Duration)
	m.CallTimeLimit = types.Int64Value(s.CallTimeLimit)
	m.RingTimeout = types.Int64Value(s.RingTimeout)
	m.Record = types.BoolValue(s.Record)
	m.RecordFileFormat = types.StringValue(s.RecordFileFormat)
	m.RecordingCallbackURL = kit.StringOrNull(s.RecordingCallbackURL)
	m.RecordingCallbackMethod = types.StringValue(s.RecordingCallbackMethod)
	m.CallbackURL = kit.StringOrNull(s.CallbackURL)
	m.CallbackMethod = types.StringValue(s.CallbackMethod)
	m.FirstPartyPlayURL = kit.StringOrNull(s.FirstPartyPlayURL)
	m.SecondPartyPlayURL = kit.StringOrNull(s.SecondPartyPlayURL)
	m.InitiateCallToFirstParty = types.BoolValue(s.InitiateCallToFirstParty)
	m.IsPINAuthenticationRequired = types.BoolValue(s.IsPINAuthenticationRequired)
	m.GeneratePIN = types.BoolValue(s.GeneratePIN)
	// A session without PIN authentication comes back without its PIN
	// options: the prior value stays (the plan's on a create), and after
	// an import, with none, the default the configuration gets.
	m.GeneratePINLength = kit.OrDefaultInt64(kit.ReportedInt64(m.GeneratePINLength, s.GeneratePINLength), maskingrules.DefaultGeneratePINLength)
	m.FirstPartyPIN = kit.StringOrNull(s.FirstPartyPIN)
	m.SecondPartyPIN = kit.StringOrNull(s.SecondPartyPIN)
	m.PINPromptPlay = kit.StringOrNull(s.PINPromptPlay)
	m.PINRetry = kit.OrDefaultInt64(kit.ReportedInt64(m.PINRetry, s.PINRetry), maskingrules.DefaultPINRetry)
	m.PINRetryWait = kit.OrDefaultInt64(kit.ReportedInt64(m.PINRetryWait, s.PINRetryWaitSeconds()), maskingrules.DefaultPINRetryWait)
	m.IncorrectPINPlay = kit.StringOrNull(s.IncorrectPINPlay)
	m.CreatedTime = types.StringValue(s.CreatedTime)
	m.ModifiedTime = types.StringValue(s.ModifiedTime)
	m.ExpiryTime = types.StringValue(s.ExpiryTime)
}

func updateMaskingSession(ctx context.Context, c *client.Client, plan, state *maskingSessionModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	changedInt := func(p, s types.Int64) *int64 {
		if p.Equal(s) {
			return nil
		}
		return maskingInt64Ptr(p)
	}
	// A string removed from the configuration is sent as "" to unset it.
	in := client.MaskingSessionUpdate{
		SessionExpiry:           changedInt(plan.SessionExpiry, state.SessionExpiry),
		CallTimeLimit:           changedInt(plan.CallTimeLimit, state.CallTimeLimit),
		RingTimeout:             changedInt(plan.RingTimeout, state.RingTimeout),
		RecordFileFormat:        kit.ChangedString(plan.RecordFileFormat, state.RecordFileFormat),
		RecordingCallbackURL:    kit.ChangedString(plan.RecordingCallbackURL, state.RecordingCallbackURL),
		RecordingCallbackMethod: kit.ChangedString(plan.RecordingCallbackMethod, state.RecordingCallbackMethod),
		CallbackURL:             kit.ChangedString(plan.CallbackURL, state.CallbackURL),
		CallbackMethod:          kit.ChangedString(plan.CallbackMethod, state.CallbackMethod),
		FirstPartyPlayURL:       kit.ChangedString(plan.FirstPartyPlayURL, state.FirstPartyPlayURL),
		SecondPartyPlayURL:      kit.ChangedString(plan.SecondPartyPlayURL, state.SecondPartyPlayURL),
	}
	if !plan.Record.Equal(state.Record) {
		in.Record = maskingBoolPtr(plan.Record)
	}
	if in == (client.MaskingSessionUpdate{}) {
		// Only unknown_caller_play was adopted after an import: nothing
		// was sent, so the session was not modified.
		plan.ModifiedTime = state.ModifiedTime
		resp.Diagnostics.Append(resp.Private.SetKey(ctx, kit.PrivateKeyImported, nil)...)
		return true
	}
	id := state.ID.ValueString()
	s, err := c.UpdateMaskingSession(ctx, id, in)
	if err != nil {
		if client.StatusCode(err) == 400 {
			// Tell an expiry between plan and apply apart from bad input by
			// reading the session, not by matching the message.
			if cur, gerr := c.GetMaskingSession(ctx, id); gerr == nil && cur.IsExpired() {
				resp.Diagnostics.AddError("Masking session expired",
					fmt.Sprintf("Masking session %s expired at %s, before it could be updated. Run terraform apply again: "+
						"the next plan creates a new session.", id, cur.ExpiryTime))
				return false
			}
		}
		kit.AddAPIError(&resp.Diagnostics, "Error updating masking session", "masking session "+id, err)
		return false
	}
	unknownCaller := plan.UnknownCallerPlay
	applyMaskingSession(plan, s)
	plan.UnknownCallerPlay = unknownCaller
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, kit.PrivateKeyImported, nil)...)
	return true
}

// markMaskingSessionImported marks an imported session: everything but
// unknown_caller_play (which the API does not return) is read back, and the
// mark lets the next plan adopt a configured unknown_caller_play instead of
// replacing.
func markMaskingSessionImported(ctx context.Context, resp *resource.ImportStateResponse) {
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, kit.PrivateKeyImported, []byte(`{"v":true}`))...)
}

// pinNullUnlessGenerated plans a PIN that is not configured as null rather
// than unknown when generate_pin is known to be false: the API then has no
// PIN to return, and a create plan would otherwise show
// "first_party_pin = (sensitive value)" for a session without PINs.
type pinNullUnlessGenerated struct{}

func (pinNullUnlessGenerated) Description(context.Context) string {
	return "A PIN that is not configured is null unless generate_pin is true."
}

func (m pinNullUnlessGenerated) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (pinNullUnlessGenerated) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() || !req.PlanValue.IsUnknown() {
		return
	}
	var generate types.Bool
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("generate_pin"), &generate)...)
	if !generate.IsUnknown() && !generate.ValueBool() {
		resp.PlanValue = types.StringNull()
	}
}
