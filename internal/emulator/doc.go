// Package emulator is an in-memory emulator of the CPaaS REST API: an
// http.Handler that tests run in-process (httptest) and that
// internal/cmd/emulator serves standalone for the demo. It enforces the
// rules of ../shared/spec/service-api.md, and where that says "not shown",
// the shapes of beyond-the-seed.md.
//
// Conventions, for every area:
//   - Paths live under /v1/Account/{auth_id}/; a trailing slash is optional
//     and doubled slashes are tolerated. Unknown paths are 404, a known path
//     with another method is 405.
//   - Basic auth with the account's auth_id and auth_token, compared in
//     constant time; the auth_id in the path must be the authenticated one,
//     otherwise 401. Each account sees only its own objects: another
//     account's id is a 404, exactly like an id that never existed.
//   - Every reply is JSON with a fresh api_id; errors are
//     {"api_id", "error"} and never an empty body. Bodies over the limit
//     (1 MiB by default) are a 413; malformed JSON, a value of the wrong type
//     and an unknown field are a 400 naming the problem.
//   - Time is the emulator's Clock; delays and retries are jobs on a
//     scheduler that runs them when the clock reaches their time. A manual
//     clock (tests) moves only through Clock.Advance or
//     POST /_emulator/clock/advance, which run what became due before
//     returning.
//   - Callbacks are signed (X-Service-Signature-V2, -Ma-V2, -V2-Nonce, see
//     SignatureV2), sent as a form body for POST and a query string for GET,
//     and retried three times, 60, 120 and 240 seconds after the previous
//     attempt, when the receiver does not answer 200. They never block the
//     API request that caused them.
//
// Endpoints: the requested username (1 to 50 letters, digits or
// underscores) gets 12 random digits appended; username, password and alias
// are required on create; a password shorter than 5 characters is a 400;
// reads return the MD5 hex digest of the password, never the password; the
// SIP domain is sip.cpaas.test unless configured; sip_registered is "false"
// until the control API marks the endpoint registered; lists serve at most
// 20 objects a page. An empty app_id on update detaches the application.
//
// Messages (messages.go): POST Message/ checks every static rule through
// msgrules.Validate and answers 400 with every broken rule ("field: rule (got
// value)"). Rules that need the account are 400s too, decided at once:
// alphanumeric sender IDs are disabled per account until
// SetAlphanumericSender or POST /_emulator/accounts/{id}/messaging/
// alphanumeric_sender enables them; a destination in the NANP (country
// code 1, read as "US or Canada") needs a src that is a number of the
// account (or powerpack_uuid); a chatapp src must be a number of the account.
// The emulator has no powerpacks: any well-formed powerpack_uuid sends from
// the account's lowest number. The failures the spec phrases as "message
// fails" are accepted (202) and end failed with their code as soon as the
// scheduler runs: 160 when only one of dlt_entity_id and dlt_template_id is
// set (no DLT registry is emulated, so a complete pair always passes), 120
// when the media of an MMS total more than 5 MiB, 340 for freeform chatapp
// text to a destination without an open conversation (each destination is
// judged on its own; templates need none). Media sizes come from a HEAD (or,
// without Content-Length, a GET counted up to just past the limit) of each
// URL, outside the lock, with MediaFetchTimeout (3s); an unreachable URL
// counts 0 bytes. POST /_emulator/accounts/{id}/messaging/inbound (or
// OpenConversation) stores an inbound message from a customer to a business
// number of the account and opens a 24-hour conversation (the end is
// exclusive).
//
// Message lifecycle, on the emulator clock: each destination gets a record,
// queued; MessageSentDelay (1s) later sent, MessageDeliveredDelay (1s) after
// that delivered with error_code "000". A message that would wait in the
// queue longer than message_expiry (default 10,800 s) fails with 420 at
// expiry and is not charged. How a destination ends is set per number with
// SetDestinationOutcome or POST /_emulator/accounts/{id}/messaging/
// destinations/{number} {"outcome", "error_code"}: undelivered or failed
// after being sent (error code default "300", a code the spec does not
// list), or queued, which never leaves the queue and so fails with 420. A
// status callback goes to url with method at every state (queued, sent, and
// the final one), with the fields of beyond-the-seed.md; ErrorCode only for
// failed and undelivered. Rates per unit: sms 0.00500, mms 0.02000, chatapp
// 0.00400; units are the GSM/UCS-2 parts of SMS text, 1 for mms and chatapp.
// message_time and the callback times use the masking-session form
// "YYYY-MM-DD HH:MM:SS +0000 UTC". The record's log field echoes the log
// setting as its string. Records are stored already masked per log
// (msgrules.MaskNumber / MaskContent), and callbacks carry the stored
// values, so nothing unmasked is kept; with log "false" no media is kept
// and the media list is empty. The text is stored (masked) but, like the
// real record, not served. Lists are newest first, at most 20 a page, with
// the filters message_state, message_direction, message_type, error_code
// and message_time__gt/gte/lt/lte ("YYYY-MM-DD[ HH:MM[:SS[.ffffff]]]" UTC, or
// RFC 3339).
//
// The control API (no credentials, test use only) is described on
// controlRoutes.
package emulator
