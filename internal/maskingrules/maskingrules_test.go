package maskingrules

import (
	"strings"
	"testing"
	"time"
)

func TestCheckParty(t *testing.T) {
	for _, ok := range []string{"14155551234", "4420712345", "12345678", "123456789012345", "1415555123"} {
		if e := CheckParty("first_party", ok); e != nil {
			t.Errorf("CheckParty(%q) = %v, want nil", ok, e)
		}
	}
	for _, bad := range []string{"", "+14155551234", "0123456789", "1234567", "1234567890123456", "1415 555 1234", "1415-555-1234", "abcdefghij"} {
		e := CheckParty("first_party", bad)
		if e == nil {
			t.Errorf("CheckParty(%q) = nil, want an error", bad)
			continue
		}
		if e.Path.String() != "first_party" || !strings.Contains(e.Error(), PartyRule) {
			t.Errorf("CheckParty(%q) = %q: want the field and the rule named", bad, e.Error())
		}
	}
	if e := CheckParties("14155551234", "14155551234"); e == nil || e.Path.String() != "second_party" {
		t.Errorf("equal parties: %v", e)
	}
}

func TestCheckPINSettings(t *testing.T) {
	cases := []struct {
		name  string
		p     PINSettings
		field string // "" when valid
		msg   string
	}{
		{"off", PINSettings{Length: 4}, "", ""},
		{"generated", PINSettings{Required: true, Generate: true, Length: 6}, "", ""},
		{"given", PINSettings{Required: true, Length: 4, FirstPIN: "1234", SecondPIN: "98765"}, "", ""},
		{"length 3", PINSettings{Length: 3}, "generate_pin_length", "must be from 4 to 15, got 3"},
		{"length 16", PINSettings{Length: 16}, "generate_pin_length", "must be from 4 to 15, got 16"},
		{"length 15", PINSettings{Required: true, Generate: true, Length: 15}, "", ""},
		{"same pins", PINSettings{Required: true, Length: 4, FirstPIN: "1234", SecondPIN: "1234"}, "second_party_pin", "must differ from first_party_pin"},
		{"short pin", PINSettings{Required: true, Length: 4, FirstPIN: "123", SecondPIN: "1234"}, "first_party_pin", "must be 4 to 15 digits (got 3 characters)"},
		{"letters", PINSettings{Required: true, Length: 4, FirstPIN: "1234", SecondPIN: "12a4"}, "second_party_pin", "must be 4 to 15 digits"},
		{"missing pin", PINSettings{Required: true, Length: 4, FirstPIN: "1234"}, "second_party_pin", "is required when is_pin_authentication_required is true and generate_pin is false"},
		{"none", PINSettings{Required: true, Length: 4}, "first_party_pin", "is required"},
		{"generate without auth", PINSettings{Generate: true, Length: 4}, "generate_pin", "can only be true when is_pin_authentication_required is true"},
		{"pin without auth", PINSettings{Length: 4, SecondPIN: "1234"}, "second_party_pin", "can only be set when is_pin_authentication_required is true"},
		{"pin with generate", PINSettings{Required: true, Generate: true, Length: 4, FirstPIN: "1234"}, "first_party_pin", "cannot be set when generate_pin is true"},
	}
	for _, tc := range cases {
		e := CheckPINSettings(tc.p)
		switch {
		case tc.field == "" && e != nil:
			t.Errorf("%s: unexpected %v", tc.name, e)
		case tc.field != "" && e == nil:
			t.Errorf("%s: no error, want one on %s", tc.name, tc.field)
		case tc.field != "" && (e.Path.String() != tc.field || !strings.Contains(e.Rule, tc.msg)):
			t.Errorf("%s: got %s %q, want %s %q", tc.name, e.Path, e.Rule, tc.field, tc.msg)
		}
		if e != nil && (strings.Contains(e.Error(), "1234") && tc.p.FirstPIN == "1234") {
			t.Errorf("%s: error echoes a PIN: %v", tc.name, e)
		}
	}
}

func TestURLs(t *testing.T) {
	if e := CheckURL("callback_url", ""); e != nil {
		t.Errorf("empty URL: %v", e)
	}
	if e := CheckURL("callback_url", "ftp://x/y"); e == nil {
		t.Error("ftp URL accepted")
	}
	if e := CheckURL("callback_url", "/relative"); e == nil {
		t.Error("relative URL accepted")
	}
	if e := CheckPlayURL("first_party_play_url", "https://a.example/b/hello.WAV?x=1"); e != nil {
		t.Errorf("wav URL: %v", e)
	}
	if e := CheckPlayURL("first_party_play_url", "https://a.example/b/hello.ogg"); e == nil || !strings.Contains(e.Rule, ".mp3 or .wav") {
		t.Errorf("ogg URL: %v", e)
	}
}

func TestTimes(t *testing.T) {
	ts := time.Date(2025, 3, 4, 5, 6, 7, 890, time.FixedZone("X", 3600))
	got := FormatTime(ts)
	if got != "2025-03-04 04:06:07 +0000 UTC" {
		t.Fatalf("FormatTime = %q", got)
	}
	back, err := ParseTime(got)
	if err != nil || !back.Equal(ts.Truncate(time.Second)) {
		t.Fatalf("ParseTime(%q) = %v, %v", got, back, err)
	}
	for _, v := range []string{got, "2025-03-04 04:06:07", "2025-03-04"} {
		if _, e := ParseFilterTime("created_time__gt", v); e != nil {
			t.Errorf("ParseFilterTime(%q): %v", v, e)
		}
	}
	if _, e := ParseFilterTime("created_time__gt", "yesterday"); e == nil || e.Path.String() != "created_time__gt" {
		t.Errorf("bad filter time: %v", e)
	}
	a, b := ts, ts.Add(time.Second)
	checks := []struct {
		f    string
		t, b time.Time
		want bool
	}{
		{"created_time__gt", b, a, true}, {"created_time__gt", a, a, false},
		{"created_time__gte", a, a, true}, {"expiry_time__lt", a, b, true},
		{"expiry_time__lt", a, a, false}, {"expiry_time__lte", a, a, true},
	}
	for _, c := range checks {
		if got := TimeFilterMatches(c.f, c.t, c.b); got != c.want {
			t.Errorf("%s(%v, %v) = %v", c.f, c.t, c.b, got)
		}
	}
}
