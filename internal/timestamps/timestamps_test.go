package timestamps

import (
	"testing"
	"time"
)

// TestTimestampFormatsOfTheRecordings reads one example of every row of
// the timestamp table of the service's recorded replies, and requires the
// instant each one names.
func TestTimestampFormatsOfTheRecordings(t *testing.T) {
	ist := time.FixedZone("", 5*3600+30*60)
	for _, c := range []struct {
		shape, in string
		want      time.Time
	}{
		{"RFC 3339 UTC, 6-digit fraction, Z (brand, campaign created_at)", "2023-02-28T11:06:00.360401Z", time.Date(2023, 2, 28, 11, 6, 0, 360401000, time.UTC)},
		{"RFC 3339 Z, 5 fraction digits", "2021-04-06T14:40:38.68729Z", time.Date(2021, 4, 6, 14, 40, 38, 687290000, time.UTC)},
		{"RFC 3339 Z, 4 fraction digits", "2021-04-06T16:54:34.0117Z", time.Date(2021, 4, 6, 16, 54, 34, 11700000, time.UTC)},
		{"RFC 3339 Z, no fraction", "2019-07-15T12:22:00Z", time.Date(2019, 7, 15, 12, 22, 0, 0, time.UTC)},
		{"RFC 3339 Z, 9 digits", "2023-09-25T13:10:39.968133341Z", time.Date(2023, 9, 25, 13, 10, 39, 968133341, time.UTC)},
		{"RFC 3339 with an offset", "2023-06-30T12:12:03.187679+05:30", time.Date(2023, 6, 30, 12, 12, 3, 187679000, ist)},
		{"RFC 3339 with an offset, 4 digits", "2023-06-30T18:04:19.7172+05:30", time.Date(2023, 6, 30, 18, 4, 19, 717200000, ist)},
		{"zero-time artifact", "0001-01-01T05:53:28+05:53", time.Date(1, 1, 1, 0, 0, 28, 0, time.UTC)},
		{"space-separated with offset, no fraction", "2017-05-22 21:36:14+05:30", time.Date(2017, 5, 22, 21, 36, 14, 0, ist)},
		{"space-separated with +00:00", "2020-06-03 10:48:43+00:00", time.Date(2020, 6, 3, 10, 48, 43, 0, time.UTC)},
		{"space-separated with offset and fraction", "2024-08-21 18:28:49.244057+05:30", time.Date(2024, 8, 21, 18, 28, 49, 244057000, ist)},
		{"space-separated, no zone (endpoint sip_expires)", "2014-07-21 19:26:08", time.Date(2014, 7, 21, 19, 26, 8, 0, time.UTC)},
		{"space-separated, no zone, fraction", "2017-05-22 13:17:49.050872", time.Date(2017, 5, 22, 13, 17, 49, 50872000, time.UTC)},
		{"Go time.String(), masking session", "2024-01-25 12:00:00 +0000 UTC", time.Date(2024, 1, 25, 12, 0, 0, 0, time.UTC)},
		{"Go time.String() with fraction", "2023-07-04 07:29:27.14973 +0000 UTC", time.Date(2023, 7, 4, 7, 29, 27, 149730000, time.UTC)},
		{"Go time.String() of an unnamed zone", "2023-07-04 07:29:27.14973 +0000 +0000", time.Date(2023, 7, 4, 7, 29, 27, 149730000, time.UTC)},
		{"Go time.String() with a monotonic reading", "2023-07-04 07:29:27.14973 +0000 UTC m=+0.000123", time.Date(2023, 7, 4, 7, 29, 27, 149730000, time.UTC)},
		{"date only", "2014-02-14", time.Date(2014, 2, 14, 0, 0, 0, 0, time.UTC)},
	} {
		got, err := Parse(c.in)
		if err != nil {
			t.Errorf("%s: Parse(%q): %v", c.shape, c.in, err)
			continue
		}
		if !got.Equal(c.want) {
			t.Errorf("%s: Parse(%q) = %v, want %v", c.shape, c.in, got, c.want)
		}
	}
	for _, bad := range []string{"", "yesterday", "2024-13-01", "25/01/2024 12:00"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
}

// TestGoStringIsTheMaskingForm writes the masking session's form and reads
// it back.
func TestGoStringIsTheMaskingForm(t *testing.T) {
	at := time.Date(2023, 7, 4, 7, 29, 27, 149730123, time.UTC)
	if got, want := GoString(at), "2023-07-04 07:29:27.14973 +0000 UTC"; got != want {
		t.Fatalf("GoString = %q, want %q", got, want)
	}
	if got, want := GoString(time.Date(2024, 1, 25, 12, 0, 0, 0, time.UTC)), "2024-01-25 12:00:00 +0000 UTC"; got != want {
		t.Fatalf("GoString = %q, want %q", got, want)
	}
	if got, _ := Parse(GoString(at)); !got.Equal(at.Truncate(time.Microsecond)) {
		t.Fatalf("round trip: %v", got)
	}
}
