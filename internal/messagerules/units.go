package messagerules

import "unicode/utf8"

// Encodings of SMS text.
const (
	EncodingGSM  = "GSM"
	EncodingUCS2 = "UCS-2"
)

// SMS text limits, in the characters Units.Characters counts.
const (
	MaxGSMChars         = 1600
	MaxUCS2Chars        = 737
	GSMSingleUnitChars  = 160
	GSMMultiUnitChars   = 153
	UCS2SingleUnitChars = 70
	UCS2MultiUnitChars  = 67
)

// Units is how an SMS text is encoded and billed.
type Units struct {
	// Encoding is EncodingGSM when every character is in the GSM 03.38 basic
	// set or its extension table, EncodingUCS2 otherwise.
	Encoding string
	// Characters is the length the limits apply to: GSM septets (an
	// extension character counts 2) or UTF-16 code units (a character
	// outside the Basic Multilingual Plane, such as most emoji, counts 2).
	Characters int
	// Units is the number of SMS parts, 0 for empty text.
	Units int
}

// gsmBasicLatin1 marks the characters below U+0100 of the GSM 03.38 default
// alphabet; the Greek capitals are matched in gsmSeptets.
var gsmBasicLatin1 = func() (t [256]bool) {
	for c := ' '; c <= '~'; c++ {
		t[c] = true
	}
	// ASCII printable characters that are not in the basic set: ` and the
	// ones that live in the extension table.
	for _, c := range "`^{}\\[]~|" {
		t[c] = false
	}
	for _, c := range "\n\r@£$¥èéùìòÇØøÅåÆæßÉ¤¡ÄÖÑÜ§¿äöñüà" {
		t[c] = true
	}
	return t
}()

// gsmSeptets is how many septets r takes in GSM 03.38: 1 in the basic set, 2
// in the extension table (escape + character), 0 when r is not encodable.
func gsmSeptets(r rune) int {
	if r < 256 {
		if gsmBasicLatin1[r] {
			return 1
		}
		switch r {
		case '^', '{', '}', '\\', '[', '~', ']', '|', '\f':
			return 2
		}
		return 0
	}
	switch r {
	case 'Δ', 'Φ', 'Γ', 'Λ', 'Ω', 'Π', 'Ψ', 'Σ', 'Θ', 'Ξ':
		return 1
	case '€':
		return 2
	}
	return 0
}

// CountUnits counts the characters and SMS units of text. It does not
// allocate.
//
// Units use the simple rule: ceil(characters/153) for GSM text longer than
// 160 septets, ceil(characters/67) for UCS-2 text longer than 70 code units.
// A handset never splits an extension character's escape pair or a surrogate
// pair across two parts, so a real network may need one more part when such a
// pair would straddle a boundary; the spec states the simple rule, and the
// emulator bills by it.
//
// Invalid UTF-8 bytes decode as U+FFFD, which makes the text UCS-2.
func CountUnits(text string) Units {
	septets, utf16Units, gsm := 0, 0, true
	for _, r := range text {
		if gsm {
			if n := gsmSeptets(r); n > 0 {
				septets += n
			} else {
				gsm = false
			}
		}
		if r >= 0x10000 && r <= utf8.MaxRune {
			utf16Units += 2
		} else {
			utf16Units++
		}
	}
	if gsm {
		return Units{Encoding: EncodingGSM, Characters: septets, Units: unitsFor(septets, GSMSingleUnitChars, GSMMultiUnitChars)}
	}
	return Units{Encoding: EncodingUCS2, Characters: utf16Units, Units: unitsFor(utf16Units, UCS2SingleUnitChars, UCS2MultiUnitChars)}
}

func unitsFor(chars, single, multi int) int {
	switch {
	case chars == 0:
		return 0
	case chars <= single:
		return 1
	default:
		return (chars + multi - 1) / multi
	}
}

// MaxChars is the SMS text limit for an encoding.
func MaxChars(encoding string) int {
	if encoding == EncodingGSM {
		return MaxGSMChars
	}
	return MaxUCS2Chars
}
