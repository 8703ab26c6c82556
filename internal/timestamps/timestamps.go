// Package timestamps reads the times the service writes in its replies.
// The real service writes them several ways, one per resource and
// sometimes two within one (the service's recorded replies): RFC 3339 with 0 to 9
// fraction digits and Z or an offset, space-separated with an offset, with
// no zone (UTC), Go's time.String() form ("2024-01-25 12:00:00 +0000 UTC",
// the masking session's), or a bare date. Parse takes every one, so a
// reader never depends on which shape a resource uses today.
package timestamps

import (
	"fmt"
	"strings"
	"time"
)

// layouts are tried in order. Parsing accepts a fraction after the seconds
// even where a layout has none (time.Parse), so each shape needs one
// layout whatever its number of fraction digits.
var layouts = []string{
	time.RFC3339Nano,                // 2023-02-28T11:06:00.360401Z, …+05:30, 0001-01-01T05:53:28+05:53
	"2006-01-02 15:04:05Z07:00",     // 2017-05-22 21:36:14+05:30, 2024-08-21 18:28:49.244057+05:30
	"2006-01-02 15:04:05 -0700 MST", // 2024-01-25 12:00:00 +0000 UTC (time.String)
	"2006-01-02 15:04:05 -0700 -0700",
	"2006-01-02T15:04:05", // no zone: UTC
	"2006-01-02 15:04:05", // 2014-07-21 19:26:08, 2017-05-22 13:17:49.050872 (UTC)
	"2006-01-02",          // 2014-02-14
}

// Parse reads s in any shape the service writes; a time without a zone is
// UTC. The result keeps the offset s gives.
func Parse(s string) (time.Time, error) {
	v := strings.TrimSpace(s)
	// time.String() of a time read from a clock appends its monotonic
	// reading (" m=+0.000123"), which is no part of the time.
	if i := strings.Index(v, " m="); i >= 0 {
		v = v[:i]
	}
	for _, l := range layouts {
		if t, err := time.ParseInLocation(l, v, time.UTC); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not a time in any form the API writes (RFC 3339, \"YYYY-MM-DD HH:MM:SS\" with or without an offset or zone, or \"YYYY-MM-DD\")", s)
}

// GoString is t in Go's time.String() form, in UTC, to the microsecond,
// trailing zeros of the fraction dropped ("2023-07-04 07:29:27.14973 +0000
// UTC"): the form of the masking session's times.
func GoString(t time.Time) string {
	return t.UTC().Truncate(time.Microsecond).Format("2006-01-02 15:04:05.999999 -0700 MST")
}
