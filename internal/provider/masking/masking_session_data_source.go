package masking

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// maskingSessionLookup is data.cpaas_masking_session: it reads one masking
// session by its UUID.
var maskingSessionLookup = &kit.DataKind[maskingSessionData]{
	TypeName: "_masking_session", Schema: maskingSessionDataSchema, Read: readMaskingSessionData,
	Subcategory: kit.SubCallMasking,
}

// readMaskingSessionData reads the session a data source names, expired or not.
var readMaskingSessionData = kit.ReadByID("masking session", func(m *maskingSessionData) string { return m.SessionUUID.ValueString() },
	(*client.Client).GetMaskingSession, func(m *maskingSessionData, s *client.MaskingSession) { *m = toMaskingSessionData(s) })

// maskingSessionData is every field of the session object, with the
// spec's types: unset URLs and an absent last interaction are empty
// strings, pin_retry_wait is a string holding a number, interaction is
// the raw JSON text or null.
type maskingSessionData struct {
	SessionUUID                 types.String  `tfsdk:"session_uuid"`
	FirstParty                  types.String  `tfsdk:"first_party"`
	SecondParty                 types.String  `tfsdk:"second_party"`
	VirtualNumber               types.String  `tfsdk:"virtual_number"`
	Status                      types.String  `tfsdk:"status"`
	InitiateCallToFirstParty    types.Bool    `tfsdk:"initiate_call_to_first_party"`
	FirstPartyPIN               types.String  `tfsdk:"first_party_pin"`
	SecondPartyPIN              types.String  `tfsdk:"second_party_pin"`
	IsPINAuthenticationRequired types.Bool    `tfsdk:"is_pin_authentication_required"`
	GeneratePIN                 types.Bool    `tfsdk:"generate_pin"`
	GeneratePINLength           types.Int64   `tfsdk:"generate_pin_length"`
	PINPromptPlay               types.String  `tfsdk:"pin_prompt_play"`
	PINRetry                    types.Int64   `tfsdk:"pin_retry"`
	PINRetryWait                types.String  `tfsdk:"pin_retry_wait"`
	IncorrectPINPlay            types.String  `tfsdk:"incorrect_pin_play"`
	CallbackURL                 types.String  `tfsdk:"callback_url"`
	CallbackMethod              types.String  `tfsdk:"callback_method"`
	CreatedTime                 types.String  `tfsdk:"created_time"`
	ModifiedTime                types.String  `tfsdk:"modified_time"`
	ExpiryTime                  types.String  `tfsdk:"expiry_time"`
	Duration                    types.Int64   `tfsdk:"duration"`
	Amount                      types.Float64 `tfsdk:"amount"`
	CallTimeLimit               types.Int64   `tfsdk:"call_time_limit"`
	RingTimeout                 types.Int64   `tfsdk:"ring_timeout"`
	FirstPartyPlayURL           types.String  `tfsdk:"first_party_play_url"`
	SecondPartyPlayURL          types.String  `tfsdk:"second_party_play_url"`
	Record                      types.Bool    `tfsdk:"record"`
	RecordFileFormat            types.String  `tfsdk:"record_file_format"`
	RecordingCallbackURL        types.String  `tfsdk:"recording_callback_url"`
	RecordingCallbackMethod     types.String  `tfsdk:"recording_callback_method"`
	Interaction                 types.String  `tfsdk:"interaction"`
	TotalCallAmount             types.Float64 `tfsdk:"total_call_amount"`
	TotalCallCount              types.Int64   `tfsdk:"total_call_count"`
	TotalCallBilledDuration     types.Int64   `tfsdk:"total_call_billed_duration"`
	TotalSessionAmount          types.Float64 `tfsdk:"total_session_amount"`
	LastInteractionTime         types.String  `tfsdk:"last_interaction_time"`
}

// intTextOrNull is the text of v, or null when the reply left it out.
func intTextOrNull(v *client.IntText) types.String {
	if v == nil {
		return types.StringNull()
	}
	return types.StringValue(string(*v))
}

func toMaskingSessionData(s *client.MaskingSession) maskingSessionData {
	interaction := types.StringNull()
	if len(s.Interaction) > 0 && string(s.Interaction) != "null" {
		interaction = types.StringValue(string(s.Interaction))
	}
	return maskingSessionData{
		SessionUUID:                 types.StringValue(s.SessionUUID),
		FirstParty:                  types.StringValue(s.FirstParty),
		SecondParty:                 types.StringValue(s.SecondParty),
		VirtualNumber:               types.StringValue(s.VirtualNumber),
		Status:                      types.StringValue(s.Status),
		InitiateCallToFirstParty:    types.BoolValue(s.InitiateCallToFirstParty),
		FirstPartyPIN:               types.StringValue(s.FirstPartyPIN),
		SecondPartyPIN:              types.StringValue(s.SecondPartyPIN),
		IsPINAuthenticationRequired: types.BoolValue(s.IsPINAuthenticationRequired),
		GeneratePIN:                 types.BoolValue(s.GeneratePIN),
		GeneratePINLength:           types.Int64PointerValue(s.GeneratePINLength),
		PINPromptPlay:               types.StringValue(s.PINPromptPlay),
		PINRetry:                    types.Int64PointerValue(s.PINRetry),
		PINRetryWait:                intTextOrNull(s.PINRetryWait),
		IncorrectPINPlay:            types.StringValue(s.IncorrectPINPlay),
		CallbackURL:                 types.StringValue(s.CallbackURL),
		CallbackMethod:              types.StringValue(s.CallbackMethod),
		CreatedTime:                 types.StringValue(s.CreatedTime),
		ModifiedTime:                types.StringValue(s.ModifiedTime),
		ExpiryTime:                  types.StringValue(s.ExpiryTime),
		Duration:                    types.Int64Value(s.Duration),
		Amount:                      types.Float64Value(s.Amount),
		CallTimeLimit:               types.Int64Value(s.CallTimeLimit),
		RingTimeout:                 types.Int64Value(s.RingTimeout),
		FirstPartyPlayURL:           types.StringValue(s.FirstPartyPlayURL),
		SecondPartyPlayURL:          types.StringValue(s.SecondPartyPlayURL),
		Record:                      types.BoolValue(s.Record),
		RecordFileFormat:            types.StringValue(s.RecordFileFormat),
		RecordingCallbackURL:        types.StringValue(s.RecordingCallbackURL),
		RecordingCallbackMethod:     types.StringValue(s.RecordingCallbackMethod),
		Interaction:                 interaction,
		TotalCallAmount:             types.Float64Value(s.TotalCallAmount),
		TotalCallCount:              types.Int64Value(s.TotalCallCount),
		TotalCallBilledDuration:     types.Int64Value(s.TotalCallBilledDuration),
		TotalSessionAmount:          types.Float64Value(s.TotalSessionAmount),
		LastInteractionTime:         types.StringValue(s.LastInteractionTime),
	}
}

// maskingSessionDataAttributes describes every field of the session object
// as computed attributes, for the single and the list data source.
func maskingSessionDataAttributes() map[string]schema.Attribute {
	str, integer, boolean := kit.ComputedString, kit.ComputedInt64, kit.ComputedBool
	secret := func(d string) schema.Attribute {
		return schema.StringAttribute{MarkdownDescription: d, Computed: true, Sensitive: true}
	}
	number := func(d string) schema.Attribute {
		return schema.Float64Attribute{MarkdownDescription: d, Computed: true}
	}
	const timeForm = " As the API writes it: `YYYY-MM-DD HH:MM:SS +0000 UTC`, with a fraction of the second when there is one (`2023-07-04 07:29:27.14973 +0000 UTC`)."
	return map[string]schema.Attribute{
		"session_uuid":                   str("Session UUID."),
		"first_party":                    str("First party's number, digits with country code."),
		"second_party":                   str("Second party's number, digits with country code."),
		"virtual_number":                 str("Virtual number both parties call, digits with country code."),
		"status":                         str("`active` or `expired`."),
		"initiate_call_to_first_party":   boolean("Whether the service called the first party when the session started."),
		"first_party_pin":                secret("First party's PIN; empty string when there is none. Sensitive."),
		"second_party_pin":               secret("Second party's PIN; empty string when there is none. Sensitive."),
		"is_pin_authentication_required": boolean("Whether callers must enter a PIN."),
		"generate_pin":                   boolean("Whether the PINs were generated by the API."),
		"generate_pin_length":            integer("Digits of a generated PIN; null for a session without PIN authentication (the API leaves it out)."),
		"pin_prompt_play":                str("URL of the PIN prompt audio; empty string when unset."),
		"pin_retry":                      integer("Further attempts after a wrong PIN; null for a session without PIN authentication (the API leaves it out)."),
		"pin_retry_wait":                 str("Seconds to wait for the PIN, as the API gives it: a string holding a number; null for a session without PIN authentication (the API leaves it out)."),
		"incorrect_pin_play":             str("URL of the wrong-PIN audio; empty string when unset."),
		"callback_url":                   str("URL receiving session events; empty string when unset."),
		"callback_method":                str("HTTP verb for `callback_url`."),
		"created_time":                   str("When the session was created." + timeForm),
		"modified_time":                  str("When the session was last changed." + timeForm),
		"expiry_time":                    str("When the session ends (or ended)." + timeForm),
		"duration":                       integer("Seconds the session lasts from its last start (the `session_expiry` in effect)."),
		"amount":                         number("Amount charged for the session."),
		"call_time_limit":                integer("Seconds after which a call is disconnected."),
		"ring_timeout":                   integer("Seconds after which ringing stops."),
		"first_party_play_url":           str("Audio played to the first party before connecting; empty string when unset."),
		"second_party_play_url":          str("Audio played to the second party before connecting; empty string when unset."),
		"record":                         boolean("Whether calls are recorded."),
		"record_file_format":             str("Audio format of recordings (`mp3` or `wav`)."),
		"recording_callback_url":         str("URL receiving recordings; empty string when unset."),
		"recording_callback_method":      str("HTTP verb for `recording_callback_url`."),
		"interaction":                    str("Interactions of the session as JSON text; null when there are none."),
		"total_call_amount":              number("Total amount of the session's calls."),
		"total_call_count":               integer("Number of calls made through the session."),
		"total_call_billed_duration":     integer("Billed seconds of the session's calls."),
		"total_session_amount":           number("Total amount of the session."),
		"last_interaction_time":          str("Time of the last interaction; empty string when there is none."),
	}
}

func maskingSessionDataSchema(context.Context) schema.Schema {
	attrs := maskingSessionDataAttributes()
	attrs["session_uuid"] = kit.RequiredString("UUID of the session to read. An expired session is read too (its `status` is `expired`).",
		stringvalidator.UTF8LengthAtLeast(1))
	return schema.Schema{
		MarkdownDescription: "Reads one call-masking session by its UUID, with every field of the API's session object.",
		Attributes:          attrs,
	}
}
