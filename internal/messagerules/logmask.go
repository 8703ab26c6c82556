package messagerules

import "strings"

// Masks for the log setting.
const (
	// NumberVisiblePrefix is how many leading characters of a number stay
	// readable; the country code and the start of the national number are
	// enough to tell traffic apart without naming the subscriber.
	NumberVisiblePrefix = 5
	// MaskedContent replaces masked text whatever its length, so that the
	// mask does not reveal the length either.
	MaskedContent = "[masked]"
)

// MaskNumber masks a number for storage under log=false or content_only: the
// first 5 characters are kept and every later one becomes 'X'
// ("14155551234" -> "14155XXXXXX"). A number of 5 characters or fewer is
// masked whole, so a short value is never stored readable.
func MaskNumber(s string) string {
	n := len([]rune(s))
	if n == 0 {
		return ""
	}
	keep := NumberVisiblePrefix
	if n <= keep {
		keep = 0
	}
	var b strings.Builder
	b.Grow(len(s))
	i := 0
	for _, r := range s {
		if i < keep {
			b.WriteRune(r)
		} else {
			b.WriteByte('X')
		}
		i++
	}
	return b.String()
}

// MaskContent masks text for storage under log=false or number_only: any
// non-empty text becomes MaskedContent; empty text stays empty.
func MaskContent(s string) string {
	if s == "" {
		return ""
	}
	return MaskedContent
}

// LogMasks says what a log setting masks. Empty and "true" mask nothing,
// "false" masks both, "content_only" masks the number (content is logged),
// "number_only" masks the content. An unknown value masks both: Validate
// rejects it, and anything that slips past should fail safe.
func LogMasks(log string) (maskNumber, maskContent bool) {
	switch log {
	case "", "true":
		return false, false
	case "content_only":
		return true, false
	case "number_only":
		return false, true
	default:
		return true, true
	}
}
