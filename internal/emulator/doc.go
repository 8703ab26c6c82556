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
// The control API (no credentials, test use only) is described on
// controlRoutes.
package emulator
