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
//   - Release: DELETE Number/{number}/ -> 204; a bought number goes back into
//     the search results at once. The starter numbers (14155550100,
//     12125550101, 13125550102) were never for sale: releasing one only
//     removes it from the account, until the next Reset. A release does not
//     check whether other areas still use the number.
//
// The control API (no credentials, test use only) is described on
// controlRoutes.
package emulator
