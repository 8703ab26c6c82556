// Package wire holds the JSON shapes of the API: request bodies and
// replies, defined once for the client, which sends and decodes them, and
// the emulator, which decodes and sends them. The emulator never imports
// the client, so the shapes live here, below both.
//
// The shapes are data only: the rules of the spec (limits, patterns) live
// in the rules packages, which this package may use but never the other
// way round. golden_test.go checks every reply shape against the
// service's own example replies (testdata/*.json), so a misspelt field
// cannot pass because the client and the emulator share it.
package wire

import "time"

// Error is the body of every error reply.
type Error struct {
	APIID string `json:"api_id"`
	Error string `json:"error"`
}

// ListMeta is the paging block of every list reply.
type ListMeta struct {
	Limit      int     `json:"limit"`
	Offset     int     `json:"offset"`
	Next       *string `json:"next"`
	Previous   *string `json:"previous"`
	TotalCount int     `json:"total_count"`
}

// Page is one page of a list whose items sit under "objects", as most
// lists of the API have them (10DLC lists name theirs after the items, and
// the masking sessions nest theirs under "response").
type Page[T any] struct {
	APIID   string   `json:"api_id"`
	Meta    ListMeta `json:"meta"`
	Objects []T      `json:"objects"`
}

// Reply is the acknowledgement of an update or an accepted request:
// {"api_id", "message"}.
type Reply struct {
	APIID   string `json:"api_id"`
	Message string `json:"message"`
}

// RecordTimeLayout is how the service writes the created_at of a profile,
// brand and campaign and the created and last_modified of a toll-free
// verification: RFC 3339 in UTC with six fraction digits, such as
// 2023-02-28T11:06:00.360401Z.
const RecordTimeLayout = "2006-01-02T15:04:05.000000Z"

// RecordTime formats t as RecordTimeLayout.
func RecordTime(t time.Time) string { return t.UTC().Format(RecordTimeLayout) }

// Deref is the value of an optional string field, "" when the field was
// left out (nil): the one nil-safe read of a *string for every side.
func Deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
