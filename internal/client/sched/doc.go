// Package sched is the API client's request scheduler. It decides which
// requests a client makes: one list call answers many reads of one kind,
// and one request carries many writes of one parent. The client (the Host)
// holds its State, one per client, and names its types back
// (client.Listing[T] is Listing[*client.Client, T]). The scheduler never
// imports the client.
//
//   - listing.go: refreshes answered from a listing (Listing.Refresh),
//     and existence checks and finds answered from one listing (Exists,
//     Find);
//   - listing_fresh.go: reads after create (Expect, AfterCreate);
//   - listing_wait.go: waits read through a listing in shared rounds
//     (Watch), held for company (Quorum);
//   - gathering.go: when every slot waits in a gathering, they all end;
//   - batch.go: creates batched into one request (Batcher);
//   - writes.go: the write routes each Listing declares, by which a write
//     drops what it writes from the snapshots (Write, Declare, Routes);
//   - paging.go: reading pages (ListAll, FetchPages).
//
// When each request goes out is the client's pacer's decision
// (internal/client/pacer.go), one per process and account, beneath every
// request alike.
package sched
