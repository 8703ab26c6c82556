package messagerules

import (
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"

	"strings"
	"unicode"
	"unicode/utf8"
)

// Number limits, after sanitising.
const (
	MaxNumberLen      = 14 // a phone number, country code included
	MaxAlphaSenderLen = 11 // an alphanumeric sender ID
)

// DestinationSeparator separates several destinations in dst.
const DestinationSeparator = "<"

// SanitizeDst removes what the service strips from a destination number:
// '/', '-', '.', '+', '(', ')' and whitespace (Unicode White_Space). Every
// other byte is kept as it was, invalid UTF-8 included, so that validation
// reports exactly what the caller sent. Stripping can join two invalid
// bytes into a character that is stripped too ("\xc2 \xa0" becomes a
// no-break space), so it repeats until nothing changes: the result never
// holds a stripped character and sanitising it again changes nothing.
func SanitizeDst(raw string) string {
	for {
		next := sanitizeDstOnce(raw)
		if len(next) == len(raw) {
			return next
		}
		raw = next
	}
}

func sanitizeDstOnce(raw string) string {
	var b []byte
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRuneInString(raw[i:])
		strip := isDstStripped(r) && !(r == utf8.RuneError && size == 1)
		if strip && b == nil {
			b = append(make([]byte, 0, len(raw)), raw[:i]...)
		}
		if !strip && b != nil {
			b = append(b, raw[i:i+size]...)
		}
		i += size
	}
	if b == nil {
		return raw // nothing stripped: no copy
	}
	return string(b)
}

func isDstStripped(r rune) bool {
	switch r {
	case '/', '-', '.', '+', '(', ')':
		return true
	}
	return unicode.IsSpace(r)
}

// SanitizeSrc removes every character other than A-Z, a-z and 0-9, as the
// service does with a sender ID.
func SanitizeSrc(raw string) string {
	return strings.Map(func(r rune) rune {
		if isASCIIAlnum(r) {
			return r
		}
		return -1
	}, raw)
}

func isASCIIAlnum(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}

// SplitDestinations splits a raw dst on '<'. Empty parts are kept (and left
// unsanitised) so that validation reports "1415<<1416" instead of silently
// sending to fewer numbers. An empty dst gives no destinations.
func SplitDestinations(dst string) []string {
	if dst == "" {
		return nil
	}
	return strings.Split(dst, DestinationSeparator)
}

// IsPhoneNumber reports whether a sanitised number is non-empty and all ASCII
// digits.
func IsPhoneNumber(sanitised string) bool {
	if sanitised == "" {
		return false
	}
	for i := 0; i < len(sanitised); i++ {
		if c := sanitised[i]; c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// CheckNumber checks one sanitised number against the spec's rules and
// returns nil when it passes. raw is the number as the caller wrote it and is
// what the error quotes.
//
// The rules depend on the field: when its root is "src" the number may be an
// alphanumeric sender ID (any letter makes it one, at most 11 characters);
// otherwise (dst) it must be a phone number. A phone number is digits only,
// begins with a country calling code in use (so not with 0, nor with 4
// alone) followed by at least one digit, and is at most 14 characters. The
// spec names no other minimum length; none is enforced.
func CheckNumber(field fielderr.Path, raw, sanitised string) *fielderr.Error {
	fail := func(rule string) *fielderr.Error {
		return got(field, rule, raw)
	}
	isSrc := field.RootName() == "src"
	if sanitised == "" {
		if isSrc {
			return fail("must contain a phone number or an alphanumeric sender ID (only A-Z, a-z, 0-9 are kept)")
		}
		return fail("must contain a phone number")
	}
	if isSrc && !IsPhoneNumber(sanitised) {
		// SanitizeSrc leaves only ASCII letters and digits, so this is an
		// alphanumeric ID.
		if len(sanitised) > MaxAlphaSenderLen {
			return fail("sanitised alphanumeric sender ID " + quote(sanitised) + " must be at most 11 characters")
		}
		return nil
	}
	if !IsPhoneNumber(sanitised) {
		return fail("sanitised number " + quote(sanitised) + " must contain only digits (the service strips / - . + ( ) and whitespace)")
	}
	if sanitised[0] == '0' {
		return fail("sanitised number " + quote(sanitised) + " must begin with the country code, not 0")
	}
	code, ok := CountryCallingCode(sanitised)
	if !ok {
		return fail("sanitised number " + quote(sanitised) + " must begin with the country code; it begins with no country calling code in use")
	}
	if len(sanitised) == len(code) {
		return fail("sanitised number " + quote(sanitised) + " must hold the number after its country code " + code)
	}
	if len(sanitised) > MaxNumberLen {
		return fail("sanitised number " + quote(sanitised) + " must be at most 14 characters")
	}
	return nil
}
