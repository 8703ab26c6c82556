// Package messagerules holds the static rules of sending a message, as the
// service specification states them: number sanitising, GSM 03.38 / UCS-2
// character and unit counting, the limits of each message type, template
// checks, the failure codes of a sent message and the masks the log setting
// applies.
//
// The provider's plan-time checks and the in-memory emulator both call this
// package, so the two cannot disagree. Nothing here knows about accounts,
// conversations or time: rules that need state (an active chat-app
// conversation, alphanumeric senders being enabled, a src being an account
// number for US/Canada traffic, DLT ids matching the header) belong to the
// emulator, which gets the helpers it needs from here (DLTIncomplete,
// ErrorCodeMeaning) and from numregion, the region of a number, which only
// the emulator links.
//
// Where the specification is silent this package chooses, and says so next to
// the rule. The main choices:
//
//   - Lengths of chat-app text and template parameters are counted in Unicode
//     code points; SMS text is counted in GSM septets or UTF-16 code units (see
//     CountUnits).
//   - A template together with freeform text or media_urls is an error: a
//     template carries its own content.
//   - Template parameter types are limited to the three the spec shows (text,
//     media, payload); button sub_type is required but any value is accepted.
//   - The template body limit (1,024 or 32,768) applies to each text parameter,
//     as the spec puts it on the parameter's text field.
//   - The DLT rules are not validation errors: the spec makes a DLT id
//     passed incorrectly a failure of the sent message (code 160), and most
//     need the account's DLT registration, see DLTFailure.
package messagerules
