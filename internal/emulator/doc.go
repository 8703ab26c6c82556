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
// 10DLC (tendlc.go, rules in internal/tendlcrules):
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
//     it), message_flow, help_*, optin_*, optout_* and nothing else (an
//     unknown field is a 400); a FAILED campaign cannot be updated. Lists
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
// The control API (no credentials, test use only) is described on
// controlRoutes.
package emulator
