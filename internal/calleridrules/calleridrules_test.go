package calleridrules

import (
	"strings"
	"testing"
)

func TestCheckNumber(t *testing.T) {
	for _, ok := range []string{"+919768368718", "919768368718", "14155550100"} {
		if err := CheckNumber("phone_number", ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "+0123456789", "1234567", "+1415555010012345", "+1 415 555 0100", "abc"} {
		if err := CheckNumber("phone_number", bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestCheckAliasCountsCharacters(t *testing.T) {
	if err := CheckAlias("alias", strings.Repeat("é", MaxAliasLength)); err != nil {
		t.Errorf("50 two-byte characters: %v", err)
	}
	err := CheckAlias("alias", strings.Repeat("é", MaxAliasLength+1))
	if err == nil || err.Error() != "alias must be at most 50 characters, got 51 characters" {
		t.Errorf("51 characters: %v", err)
	}
}

func TestCheckChannel(t *testing.T) {
	for _, ok := range []string{"", "sms", "call"} {
		if err := CheckChannel("channel", ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	err := CheckChannel("channel", "fax")
	if err == nil || err.Error() != `channel must be "sms" or "call", got "fax"` {
		t.Errorf("fax: %v", err)
	}
}

func TestCheckCodeNeverQuotesTheCode(t *testing.T) {
	if err := CheckCode("otp", "123456"); err != nil {
		t.Error(err)
	}
	err := CheckCode("otp", "12a456")
	if err == nil || strings.Contains(err.Error(), "12a456") {
		t.Errorf("error %v: want a refusal that does not quote the code", err)
	}
}

func TestDigitsAndE164(t *testing.T) {
	if Digits("+919768368718") != "919768368718" || E164("919768368718") != "+919768368718" || E164("+14155550100") != "+14155550100" {
		t.Error("Digits/E164 disagree with the service's forms")
	}
}
