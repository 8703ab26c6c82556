package accountrules

import (
	"strings"
	"testing"
)

func TestCheckCountryISO(t *testing.T) {
	for _, ok := range []string{"US", "IN", "GB"} {
		if err := CheckCountryISO("country_iso", ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "us", "USA", "U", "U1", " US"} {
		err := CheckCountryISO("country_iso", bad)
		if err == nil || !strings.HasPrefix(err.Error(), "country_iso must be two upper-case letters") || !strings.Contains(err.Error(), `"`+bad+`"`) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// The zone database is built in (time/tzdata), so these hold on a machine
// without /usr/share/zoneinfo too.
func TestCheckTimezone(t *testing.T) {
	for _, ok := range []string{"Asia/Kolkata", "America/New_York", "Europe/London", "UTC", "America/Argentina/Buenos_Aires"} {
		if err := CheckTimezone("timezone", ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "Local", "Mars/Olympus_Mons", "asia/kolkata ", "../etc/passwd", "Asia/Kolkata ", "+05:30"} {
		err := CheckTimezone("timezone", bad)
		if err == nil || !strings.HasPrefix(err.Error(), "timezone must be an IANA time zone name") || !strings.Contains(err.Error(), `"`+bad+`"`) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestCheckLookupNumber(t *testing.T) {
	for _, ok := range []string{"+14154305555", "+447700900123", "+1234567"} {
		if err := CheckLookupNumber("number", ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "14154305555", "+04154305555", "+1415430555512345", "+1 415 430 5555", "+123456"} {
		err := CheckLookupNumber("number", bad)
		if err == nil || !strings.HasPrefix(err.Error(), "number must be an E.164 number") || !strings.Contains(err.Error(), `"`+bad+`"`) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
