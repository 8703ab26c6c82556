// Package emulator is an in-memory emulator of the CPaaS REST API: an
// http.Handler that tests run in-process (httptest) and that
// cmd/cpaas-emulator serves standalone. It enforces the rules of the
// service's API specification, and where that says "not shown", the shapes
// and rules of the published API.
//
// Rules it enforces beyond the specification (each detailed below):
//   - The published API's required fields, enumerations and id formats
//     where the specification shows none: 10DLC brand and campaign fields
//     (verticals, use cases, sub-use-case counts, text lengths), masking
//     ranges (session_expiry, call_time_limit, ring_timeout, PINs), endpoint
//     usernames, list paging (at most 20 a page).
//   - Order rules: a campaign needs a registered brand (a STARTER brand only
//     the STARTER use case), a link needs an active campaign and a number
//     of the account, a brand with campaigns cannot be deleted.
//   - Messages: alphanumeric sender IDs are off until enabled per account; a
//     chat-app src is a number of the account and its media an image, video,
//     document or audio file by Content-Type; a template is not combined with
//     text or media; DLT ids need the account's DLT registration.
//   - Masking: a virtual number is never shared by two active sessions with
//     a party in common.
//   - Callbacks of one object are delivered in the order of its events.
//
// Where it knowingly differs from the service:
//   - Outcomes are deterministic: the registry rejects aliases containing
//     REJECT, FAIL_LINK and FAIL_UNLINK fail links and unlinks, and
//     registration takes Options.*Delay (1s); messages are delivered unless
//     a destination outcome (control API) says otherwise, with error code
//     300 for carrier failures the spec does not list.
//   - No powerpacks (any well-formed UUID sends from the account's lowest
//     number), no calls (masking amounts stay 0; a call is only simulated
//     through the control API, for its recording callback), fixed rates.
//   - The number inventory is generated (package numberdata) and shared by
//     the server's accounts.
//   - Media sizes and types come from fetching the URLs; an unreachable URL
//     counts 0 bytes and its type is not judged.
//   - 5MB is read as 5,000,000 bytes; the DND-tagging failure, which the
//     spec gives no code, is reported as 160; a +1 number no country claims
//     counts as the US.
//   - Error texts are the emulator's own, beyond the few the published API
//     documents.
//   - With a state file, a callback in flight at a crash may be sent again.
//   - The control API under /_emulator/ exists only here.
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
//     (1 MiB by default) are a 413; malformed JSON and a known field of the
//     wrong type are a 400 naming the field. A field a request does not take
//     is ignored, at any depth, as the service ignores fields it does not
//     know (a create-only field sent to an update included); the control
//     API, the emulator's own, refuses them.
//   - Time is the emulator's Clock; delays and retries are jobs on a
//     scheduler that runs them when the clock reaches their time. A manual
//     clock (tests) moves only through Clock.Advance or
//     POST /_emulator/clock/advance, which run what became due before
//     returning.
//   - Callbacks are signed (X-Service-Signature-V2, -Ma-V2, -V2-Nonce, see
//     SignatureV2), sent as a form body for POST and a query string for GET,
//     and retried three times, 60, 120 and 240 seconds after the previous
//     attempt, when the receiver does not answer 200. They never block the
//     API request that caused them. Callbacks of one object (a message, a
//     brand, a campaign, a number link, a masking session) are delivered in
//     the order of its events: the next is first tried once the one before
//     was answered 200 or ran out of retries (the spec does not say; a
//     receiver that keeps the latest status must not end on a stale one).
//     Callbacks of different objects do not wait for each other.
//   - An optional rate limit (Options.RateLimit, -rate-limit): a token
//     bucket per account over every authenticated /v1 request; 429 with
//     Retry-After in whole seconds, rounded up (see RateLimit).
//
// Endpoints: the requested username (1 to 50 letters, digits or
// underscores) gets 12 random digits appended; username, password and alias
// are required on create; a password shorter than 5 characters is a 400;
// reads return the MD5 hex digest of the password, never the password; the
// SIP domain is sip.cpaas.test unless configured; sip_registered is "false"
// until the control API marks the endpoint registered; lists serve at most
// 20 objects a page. An empty app_id on update detaches the application.
//
// Numbers: GET PhoneNumber/ searches the purchasable inventory of package
// numberdata with the rules of package numberrules (the provider checks the
// same rules at plan time); its reply is {api_id, error: "", meta, objects}
// and an invalid query is one 400 naming every bad parameter, its value and
// the rule. The inventory is shared by every account of the server: a number
// one account buys leaves the search results of all of them.
//   - Buy: POST PhoneNumber/{number}/ with an optional {"app_id"} -> 201
//     {api_id, message: "created", numbers: [{number, status: "Success"}],
//     status: "fulfilled"}. A number that is not digits with the country code
//     is a 400; one the account already owns is a 400 ("already belongs to
//     this account"); one not in the inventory, or already bought by anyone,
//     is a 404 that says which.
//   - Account numbers: GET Number/ (pages of at most 20, in number order;
//     filters number_startswith (digits), type (as in the search: the type or
//     the sub_type) and services (voice, sms)) and GET Number/{number}/. The
//     record is: number, alias ("" when unset), application (the Application
//     resource path, "" when none is attached, as on endpoints), added_on
//     (YYYY-MM-DD, UTC, of the emulator clock), country, country_iso,
//     region, city, prefix, rate_center, lata, type, sub_type,
//     monthly_rental_rate, sms_enabled, sms_rate, voice_enabled, voice_rate,
//     sub_account (null) and resource_uri (/v1/Account/{id}/Number/{number}/).
//     The search item's setup_rate, restriction fields are not repeated.
//   - Update: POST Number/{number}/ with {"app_id", "alias"} (both optional;
//     "" detaches the application or clears the alias) -> 202 {api_id,
//     message: "changed"}, as the production API does for numbers.
//   - Release: DELETE Number/{number}/ -> 204; the number goes back into the
//     search results at once, a starter number (14155550100, 12125550101,
//     13125550102) as well as a bought one. The inventory is shared by all
//     accounts, each of which owns its own copy of the starter numbers: once
//     one account releases one, every account's search offers it, and an
//     account that still owns its copy is refused (400) if it tries to buy
//     it. Reset gives the starter numbers back. A release does not check whether other areas still use the number.
//
// Masking sessions (masking.go; rules shared with the provider in
// internal/maskingrules):
//   - Create POST Masking/Session/ -> 201 {api_id, session_uuid,
//     virtual_number "+<digits>", message "Session created", session};
//     get -> 200 {api_id, response: session}; update POST
//     Masking/Session/{uuid} (with or without the trailing slash) -> 200
//     {api_id, message "Session updated", session}; delete -> 200 {api_id,
//     message "Session expired"}; list -> 200 {api_id, response: {meta,
//     objects}}, oldest first, limit 1 to 20 (default 20).
//   - The session object has exactly the 36 fields of the spec's table:
//     times as "YYYY-MM-DD HH:MM:SS +0000 UTC" (to the second), unset URLs
//     and last_interaction_time as "", pin_retry_wait as a string holding a
//     number, interaction null, amounts 0 (no calls are billed), call totals
//     from simulated calls. duration is the session_expiry in effect, in seconds, so
//     clients can read session_expiry back.
//   - Parties: 8 to 15 digits with country code, no "+", and the two must
//     differ. A missing party is "Mandatory parameter missing. first_party
//     must be present.".
//   - Defaults: session_expiry 3600 (0 means the default), call_time_limit
//     3600, ring_timeout 45, record false, record_file_format mp3, both
//     methods POST, generate_pin_length 4, pin_retry 1, pin_retry_wait 5.
//     Ranges: session_expiry 60 to 604800, call_time_limit 60 to 86400,
//     ring_timeout 15 to 120, generate_pin_length 4 to 15, pin_retry 0 to
//     5, pin_retry_wait 1 to 120 (sent as a number or a numeric string).
//     Methods GET or POST; record_file_format mp3 or wav; URLs absolute
//     http(s); the two play URLs must name an .mp3 or .wav file.
//   - PINs: 4 to 15 digits; the two differ; generate_pin needs
//     is_pin_authentication_required and excludes given PINs; with
//     authentication on and no generation both PINs are required; PINs are
//     refused while authentication is off. Each violation is a 400 naming
//     the field; a PIN's value never appears in an error.
//   - Virtual number ("a free one"): the lowest voice-enabled number the
//     account owns (starter numbers included) that is neither party and is
//     not the virtual number of another active session with either of the
//     same parties, since calls are routed by caller and virtual number
//     together. None left: 400 "Number pool exhausted or not available.".
//     Releasing a number does not end the sessions that use it.
//   - Expiry runs on the emulator clock: a session is active while the
//     clock is before expiry_time and expired from then on (evaluated on
//     every read and list, so filters are always right). Updating
//     session_expiry restarts the time: expiry becomes update time plus the
//     new value. Delete sets expiry_time to the moment of the delete.
//     Updating or deleting an expired session is 400 "Session already
//     expired."; sessions stay readable forever. Only the update options of
//     the spec can change; create-only fields are ignored there.
//   - List filters: first_party, second_party, virtual_number, status
//     (active, expired or all; default all), created_time__gt|gte|lt|lte and
//     expiry_time__gt|gte|lt|lte with "YYYY-MM-DD HH:MM:SS +0000 UTC",
//     "YYYY-MM-DD HH:MM:SS" (UTC) or "YYYY-MM-DD"; any other parameter is a
//     400.
//   - Session events go to callback_url with callback_method through the
//     shared signed callback delivery: Event (session_created,
//     session_updated, session_expired), SessionUUID, FirstParty,
//     SecondParty, VirtualNumber, Status, ExpiryTime, EventTime. The
//     expired event is sent once, at expiry on the clock or at delete.
//   - Calls are simulated only through POST /_emulator/accounts/{id}/
//     masking/sessions/{uuid}/calls (SimulateMaskedCall): the session
//     counts the call (total_call_count, total_call_billed_duration,
//     last_interaction_time) and, when it records, sends the recording to
//     recording_callback_url with recording_callback_method, signed like
//     every callback: Event "recording", SessionUUID, CallUUID,
//     RecordingID, RecordingURL, RecordingFormat, RecordingDuration,
//     RecordingStartTime, RecordingEndTime, From, To, VirtualNumber.
//   - Control API objects: "masking_sessions" lists active sessions,
//     "masking_sessions_expired" the ended ones.
//
// Messages (messages.go): POST Message/ checks every static rule through
// msgrules.Validate and answers 400 with every broken rule ("field: rule (got
// value)"). A number must begin with a country calling code in use (from
// github.com/nyaruka/phonenumbers) with digits after it. Rules that need the
// account are 400s too, decided at once: alphanumeric sender IDs are
// disabled per account until SetAlphanumericSender or POST
// /_emulator/accounts/{id}/messaging/alphanumeric_sender enables them; a
// destination in the US or Canada, by the number's region (package
// msgrules/numregion: +1 876 is Jamaica, not the US), needs a src that is a
// number of the account (or powerpack_uuid); a chatapp src must be a number
// of the account; chatapp media must serve an image, video, document or
// audio Content-Type (a URL that cannot be fetched is not judged). The
// emulator has no powerpacks: any well-formed powerpack_uuid sends from the
// account's lowest number. The failures the spec phrases as "message fails"
// are accepted (202) and end failed with their code as soon as the
// scheduler runs: 160 for a DLT rule broken (msgrules.DLTFailure: DLT ids
// from an account not set up for India DLT with PUT
// /_emulator/accounts/{id}/messaging/dlt or SetDLT, one id without the
// other, another entity id, a template the account has not registered or
// one of another header than src, and a dlt_template_category other than
// the template's, the spec's "incorrect DND tagging", which it gives no code
// of its own), with the broken rule after the meaning in error_message; 120
// when the media of an MMS total more than 5MB, read as 5,000,000 bytes
// (the SI megabyte the spec writes; 5 MiB fails); 340 for freeform chatapp
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
// 10DLC (tendlc*.go, rules in internal/tendlcrules):
//   - Brands: brand_alias (1 to 255 characters) and profile_uuid (a UUID)
//     are required; brand_type is STARTER (default) or STANDARD. Create
//     answers 200 {api_id, brand_id "B"+6, message}; the brand is
//     PROCESSING until Options.BrandRegistrationDelay (default 1s) has passed
//     on the emulator clock, then COMPLETED or FAILED. vetting_status is
//     NOT_REQUESTED, or PENDING then ACCEPTED/FAILED with secondary_vetting.
//     Brands cannot be updated. Deleting a brand that still has campaigns
//     is a 400 naming them; otherwise 200 "Brand Deactivated" and the brand
//     reads as 404 afterwards.
//   - Campaigns: brand_id, campaign_alias, vertical, usecase, description
//     (40 to 4096 characters), sample1 and sample2 (20 to 1024 each) are
//     required; sample3..5 follow the sample rule when given; MIXED and
//     LOW_VOLUME need 2 to 5 distinct sub_usecases (any usecase but MIXED,
//     LOW_VOLUME, STARTER), every other usecase none. Order rules, each a
//     400 naming the rule: the brand must exist in the account and be
//     COMPLETED (a PROCESSING brand says to wait, a FAILED one to register
//     a new one); a STARTER brand takes only usecase STARTER. The campaign
//     is PROCESSING until Options.CampaignRegistrationDelay (default 1s),
//     then ACTIVE or FAILED (error_reason). Reads return every create field,
//     including message_flow and the help/opt-in/opt-out texts, with
//     sub_usecase as "A,B". Update (POST Campaign/{id}/) takes
//     campaign_alias, description, sample1..5 (an empty sample3..5 clears
//     it), message_flow, help_*, optin_*, optout_* and nothing else (other
//     fields are ignored); a FAILED campaign cannot be updated. Lists
//     take ?brand_id=. Deleting a campaign releases its numbers at once,
//     without unlink callbacks.
//   - Number links: POST Campaign/{id}/Number/ {numbers, url?, method?}
//     needs an ACTIVE campaign and numbers of the account in the form
//     1NXXNXXXXXX (the starter numbers 14155550100, 12125550101 and
//     13125550102 are owned from the start). A number linked, or with a
//     request in progress, anywhere in the account is a 400 ("unlink it
//     first"); a FAILED link may be requested again. Each link is PROCESSING
//     for Options.NumberLinkDelay (default 1s), then COMPLETED or FAILED.
//     DELETE Campaign/{id}/Number/{number}/ (optional {url, method}; 202)
//     needs a COMPLETED link: it reads PROCESSING for NumberLinkDelay, then
//     is gone (404) or, when refused, COMPLETED again. Number entries carry
//     an extra "reason" field saying why the last request failed.
//   - Deterministic outcomes (tendlcrules markers, upper case): a
//     brand_alias containing "REJECT" rejects the brand (declined_reasons
//     IDENTITY_MISMATCH and EMULATOR_REJECT_RULE); a campaign_alias
//     containing "REJECT" rejects the campaign; "FAIL_LINK" in the
//     campaign_alias fails every link request and "FAIL_UNLINK" every unlink
//     request of that campaign. The link markers are read when the request
//     is made, so updating the alias lets a retry succeed.
//   - Callbacks, to the url/method of the brand or campaign create, or of
//     the link or unlink request: on every status change (created, then
//     registered/rejected or success/failed), signed and retried like every
//     callback. Payload (form fields for POST, query for GET): Kind (brand,
//     campaign, number_linking, number_unlinking), Status (the spec's
//     status value), BrandID, CampaignID (campaign and number events),
//     Number (number events), RegistrationStatus (the record's status after
//     the change: PROCESSING, COMPLETED, ACTIVE or FAILED; absent once a
//     number is unlinked), Reason (on rejected/failed: the declined reasons
//     as "CODE: message" joined by "; ", the error_reason, or the operators'
//     reason) and Time (RFC 3339, emulator clock).
//   - Objects lists kinds 10dlc_brands, 10dlc_campaigns and
//     10dlc_campaign_numbers ("<campaign_id>/<number>", failed links left
//     out).
//
// Faults (faults.go): rules match /v1 requests by method ("" for any) and
// route pattern as written in the route table ("Endpoint/{id}"), a
// prefix ending in "*" ("10dlc/*"), or "" for every route; the first
// matching rule decides. A matched request waits Latency, then one draw
// from a generator seeded by Faults.Seed (same seed and same order of
// requests, same faults) picks: 429 with Retry-After (RetryAfter
// seconds, default 1, RetryNow for 0) or 500/502/503, both before the
// handler runs, so nothing changes; or a dropped reply: the handler runs
// and commits, then the connection is closed without an answer, the
// ambiguous case. Requests that fail authentication or routing are never
// faulted. Rules are set with Server.SetFaults, PUT /_emulator/faults,
// or the standalone server's flags (-latency, -fault-429, -fault-5xx,
// -fault-drop, -fault-retry-after, -fault-seed: one rule for every
// route; -faults-file: a JSON Faults object of per-route rules, latency
// as a Go duration string such as "20ms", read by ReadFaults).
// Server.FaultStats counts requests seen and faults given.
//
// State file (persist.go): Server.UseStateFile (the command's -state-file)
// loads the state from a JSON file and writes it after every change, before
// the change is acknowledged (a write that fails is a 500), through a
// synced temporary file renamed over the old one. Pending work is planned
// again from the objects on load; the clock never runs backwards across a
// restart.
//
// The control API (no credentials, test use only) is described on
// controlRoutes.
package emulator
