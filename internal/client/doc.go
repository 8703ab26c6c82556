// Package client is the typed client of the CPaaS REST API: one file per API
// area (endpoints.go, ...), errors.go, and the transport (transport.go), which
// every area shares: Basic auth, JSON, User-Agent, per-request timeouts,
// retries that never repeat a request that may already have changed
// something, and debug logging through tflog with every secret redacted.
//
// # Retries
//
// Requests refused with 429 were not carried out and are retried after the
// Retry-After the API sends, without counting against max_retries; reads,
// deletes and updates are also retried after a 5xx or a network error, with
// exponential backoff and jitter. A create or a message send is retried only
// when it was refused with 429 or provably never reached the API: if the
// reply is lost, the error says the outcome is unknown, and nothing is sent
// twice.
//
// # The pacer: one per account, learning the API's rate limit
//
// Every request of a provider process goes through one pacer per account
// (pacer.go), in the spirit of the AWS SDK's adaptive retry mode: it starts
// unrestricted; the first 429 holds every request for its Retry-After, then
// lets them go at a provisional pace that ramps up; from then on, an API that
// refuses a request has an empty bucket, so the requests it answered between
// two refusals, divided by the time between them, is at least its rate (as is
// any stretch's answers less a full bucket, over its length), and the pacer
// sends every request at that rate (3% under it), all workers together,
// raising it along a cubic curve (+12.5% after 5 s, doubled after 10 s) to
// find a limit that went up. A request that was waiting for a slot reserved
// at a pace the API has just refused asks again at the new one. Its bucket
// mirrors the API's: what got through before the first refusal, less what the
// API refilled meanwhile, is the API's burst, and the pacer lets 80% of it go
// at once after a quiet moment. A 429 with Retry-After: 0 asks for no wait
// and teaches nothing. The provider's max_requests_per_second caps the pace
// from the first request (a burst of one).
//
// # Pace memory
//
// Terraform starts a new provider process for every command (and for each
// walk of one), and the API documents no rate-limit headers, only
// Retry-After on a 429: a process that knows nothing lets a plan's requests
// (the pages of one listing, all at once) run into the limit before it learns
// anything. So each learning event writes the account's pace and burst to
// <user cache dir>/terraform-provider-cpaas/rate-limits/pace-<hash of base
// URL and auth_id>.json (two numbers and a time, nothing secret), and a
// process within the hour starts from it (pace_memory.go); an older file is
// ignored. Tests run the provider in-process and never read or write one.
// What this saves is measured in internal/cmd/bench/README.md ("Under the
// API's rate limit").
//
// # How the pacer is tested
//
// pacer_test.go is a simulation on a fake clock of 10 workers that can send
// 80 requests/s against the emulator's bucket (20/s, burst 20): 500 requests
// in 24.0 s (0.96x of N/R) with 6 answered 429 (1.2%) when learning, where
// plain retries had 184 of 684 requests answered 429 (27%); with a burst of
// 5, 1.08x and 5; after the limit drops to 5/s it follows within a few
// refusals, and after it rises to 60/s it probes back up; a plan of 35
// requests at once, starting from the pace the apply remembered, has none
// refused; and a process starting from a remembered pace sets its first
// learned pace at most at the API's rate (it counted the two full buckets of
// the start as rate: 22/s against 20/s, which the next refusal cut to
// 14.6/s), then runs 500 requests within 1.03x of N/R. The simulation sends
// one request at a time, so it could not show the slots reserved at a
// refused pace; pacer_emulator_test.go can: ten workers over real HTTP
// against the emulator's limit (40/s, burst 20), asserting the pace the
// pacer believes, never time. The old pacer (which let requests that had
// reserved their slot at a refused pace go out at it, each refusal then
// cutting the pace by 0.7 again, down to a fifth of the limit) ended at 9 to
// 14/s and fails it; the current one ends at 36.6 to 38.8/s. The tests fail
// if the pacer does not slow down, does not recover, collapses or does not
// remember.
package client
