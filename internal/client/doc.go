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
// # The request scheduler
//
// internal/client/sched decides which requests the client makes. One list
// call answers many refreshes, existence checks, reads after create or
// waits of one kind, and one request carries many writes of one parent
// (number links). Each kind with a list route declares a Listing (in
// its area's file), with the write routes that change its objects. do
// applies those routes to every request that is not a GET, so a write of
// this client is never hidden by a snapshot the scheduler took.
//
// # The pacer: one per account, learning the API's rate limit
//
// Every request of a provider process goes through one pacer per account
// (pacer.go): it starts unrestricted; the first 429 holds every request for
// its Retry-After, then lets them go at a provisional pace that triples each
// second until the next refusal, which sets the pace from what got through
// (an API that refuses a request has an empty bucket). From then on the pace
// is AIMD, so that several provider processes sharing one account (parallel
// CI runners) converge to equal shares without knowing of each other: each
// 429 cuts the pace in force to 70%, and between 429s it gains 2 requests/s
// each second, the same for every process (growing 1.5x a second after 5 s
// without a 429, to take a limit the others left). A waiting request holds no
// slot: it asks again when the pacer's bucket holds a token, so a changed
// pace applies to it at once; after a 429 the bucket starts with a random
// part of a token, so that processes refused together do not send together
// again. Its bucket mirrors the API's: what got through before the first
// refusal, less what the API refilled meanwhile, is the API's burst, and the
// pacer lets 80% of it go at once after a quiet moment. A 429 with
// Retry-After: 0 asks for no wait and teaches nothing. The provider's
// max_requests_per_second caps the pace from the first request (a burst of
// one).
//
// # Pace memory
//
// Terraform starts a new provider process for every command (and for each
// walk of one), and the API documents no rate-limit headers, only
// Retry-After on a 429: a process that knows nothing lets a plan's requests
// (the pages of one listing, all at once) run into the limit before it learns
// anything. So each learning event writes what got through since the last
// one (per second) and the burst to
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
// in 24.2 s (0.97x of N/R) with 8 answered 429 (1.6%) when learning, where
// plain retries had 184 of 684 requests answered 429 (27%); with a burst of
// 5, 1.05x and 8; after the limit drops to 5/s it follows within 4 refusals,
// then runs at the limit refused about once in 1 to 2 s, and after it rises
// to 60/s it probes back up; a plan of 35 requests at once, starting from
// the pace the apply remembered, has none refused; and a process starting
// from a remembered pace neither counts the two full buckets of the start as
// rate (it once did: 22/s against 20/s) nor the idle start as a slow API,
// then runs 500 requests within 1.03x of N/R. pacer_fleet_test.go runs K
// such processes at once (K = 1, 4, 8, 16, 90 or 200 requests each, burst
// 20 or 5, together or half a second apart, fresh or from remembered paces),
// every worker a goroutine on one virtual clock, with jittered think times
// and latency, four seeds each: every fleet must finish within 1.15x of
// its floor (what got through over R, plus one run's own time) and, started
// together, its slowest run within 1.5x of its fastest; the pacer that set
// the pace to what got through and probed in proportion to it had runs 2 to
// 4 times as long as each other and fleets up to 1.5x their floor.
// pacer_emulator_test.go runs ten workers over real HTTP against the
// emulator's limit (40/s, burst 20), asserting the pace the pacer keeps,
// never time: it must average within 20% of the limit and never fall under
// 60% of it (a pacer that let requests that had reserved their slot at a
// refused pace go out at it, each refusal then cutting the pace again, ended
// at a fifth of the limit). The tests fail if the pacer does not slow down,
// does not recover, collapses, does not remember or does not share.
package client
