package messagerules

import (
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// gsmBasicSet is the GSM 03.38 default alphabet in table order, ESC left out,
// written out independently of the lookup table in units.go.
const gsmBasicSet = "@£$¥èéùìòÇ\nØø\rÅå" +
	"Δ_ΦΓΛΩΠΨΣΘΞÆæßÉ" +
	" !\"#¤%&'()*+,-./" +
	"0123456789:;<=>?" +
	"¡ABCDEFGHIJKLMNO" +
	"PQRSTUVWXYZÄÖÑÜ§" +
	"¿abcdefghijklmno" +
	"pqrstuvwxyzäöñüà"

const gsmExtensionSet = "\f^{}\\[~]|€"

func TestCountUnitsGSMBasicCharactersCountOne(t *testing.T) {
	if n := utf8.RuneCountInString(gsmBasicSet); n != 127 {
		t.Fatalf("test table holds %d characters, want 127", n)
	}
	for _, r := range gsmBasicSet {
		got := CountUnits(string(r))
		if got != (Units{EncodingGSM, 1, 1}) {
			t.Errorf("CountUnits(%q) = %+v, want GSM 1 character 1 unit", r, got)
		}
	}
}

func TestCountUnitsGSMExtensionCharactersCountTwo(t *testing.T) {
	for _, r := range gsmExtensionSet {
		got := CountUnits(string(r))
		if got != (Units{EncodingGSM, 2, 1}) {
			t.Errorf("CountUnits(%q) = %+v, want GSM 2 characters 1 unit", r, got)
		}
	}
}

// Every other character, including look-alikes of GSM ones, makes the text
// UCS-2. The sweep catches a table entry added by mistake.
func TestCountUnitsExactlyTheGSMSetIsGSM(t *testing.T) {
	basic, ext := 0, 0
	for r := rune(0); r < 0x3000; r++ {
		switch gsmSeptets(r) {
		case 1:
			basic++
			if !strings.ContainsRune(gsmBasicSet, r) {
				t.Errorf("%q (%U) counted as GSM basic", r, r)
			}
		case 2:
			ext++
			if !strings.ContainsRune(gsmExtensionSet, r) {
				t.Errorf("%q (%U) counted as GSM extension", r, r)
			}
		}
	}
	if basic != 127 || ext != 10 {
		t.Errorf("GSM basic %d, extension %d characters; want 127 and 10", basic, ext)
	}
	for _, r := range "`çáâ\tαΑµ\x00\x1b\v¢ÿ" {
		if got := CountUnits(string(r)); got.Encoding != EncodingUCS2 {
			t.Errorf("CountUnits(%q) = %+v, want UCS-2", r, got)
		}
	}
}

func TestCountUnitsBoundaries(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	zh := func(n int) string { return strings.Repeat("ж", n) }
	tests := []struct {
		name string
		text string
		want Units
	}{
		{"empty", "", Units{EncodingGSM, 0, 0}},
		{"one", "a", Units{EncodingGSM, 1, 1}},
		{"GSM 160 is one unit", a(160), Units{EncodingGSM, 160, 1}},
		{"GSM 161 is two units", a(161), Units{EncodingGSM, 161, 2}},
		{"GSM 306 is two units", a(306), Units{EncodingGSM, 306, 2}},
		{"GSM 307 is three units", a(307), Units{EncodingGSM, 307, 3}},
		{"GSM 1600", a(1600), Units{EncodingGSM, 1600, 11}},
		{"GSM 1601", a(1601), Units{EncodingGSM, 1601, 11}},
		{"GSM 1683 is 11 units", a(1683), Units{EncodingGSM, 1683, 11}},
		{"GSM 1684 is 12 units", a(1684), Units{EncodingGSM, 1684, 12}},
		{"extension char makes 158+2 = 160", a(158) + "{", Units{EncodingGSM, 160, 1}},
		{"extension char makes 159+2 = 161", a(159) + "€", Units{EncodingGSM, 161, 2}},
		{"extension chars only, 80 x 2 = 160", strings.Repeat("|", 80), Units{EncodingGSM, 160, 1}},
		{"extension chars only, 81 x 2 = 162", strings.Repeat("|", 81), Units{EncodingGSM, 162, 2}},
		{"extension at the 306 boundary", a(304) + "^", Units{EncodingGSM, 306, 2}},
		{"extension past the 306 boundary", a(305) + "^", Units{EncodingGSM, 307, 3}},
		{"UCS-2 70 is one unit", zh(70), Units{EncodingUCS2, 70, 1}},
		{"UCS-2 71 is two units", zh(71), Units{EncodingUCS2, 71, 2}},
		{"UCS-2 134 is two units", zh(134), Units{EncodingUCS2, 134, 2}},
		{"UCS-2 135 is three units", zh(135), Units{EncodingUCS2, 135, 3}},
		{"UCS-2 737", zh(737), Units{EncodingUCS2, 737, 11}},
		{"UCS-2 738", zh(738), Units{EncodingUCS2, 738, 12}},
		{"one non-GSM char turns GSM text into UCS-2", a(69) + "ж", Units{EncodingUCS2, 70, 1}},
		{"extension char counts one in UCS-2", "ж€", Units{EncodingUCS2, 2, 1}},
		{"emoji is 2 UTF-16 units", "😀", Units{EncodingUCS2, 2, 1}},
		{"35 emoji are 70 units", strings.Repeat("😀", 35), Units{EncodingUCS2, 70, 1}},
		{"36 emoji are 72 units", strings.Repeat("😀", 36), Units{EncodingUCS2, 72, 2}},
		{"69 chars and an emoji are 71", a(69) + "😀", Units{EncodingUCS2, 71, 2}},
		{"BMP symbol is 1 UTF-16 unit", a(69) + "☺", Units{EncodingUCS2, 70, 1}},
		{"invalid UTF-8 is UCS-2", "\xff", Units{EncodingUCS2, 1, 1}},
		{"CR LF count one each", "a\r\nb", Units{EncodingGSM, 4, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CountUnits(tt.text); got != tt.want {
				t.Errorf("CountUnits = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestCountUnitsDoesNotAllocate(t *testing.T) {
	text := strings.Repeat("héllo wörld € ", 20) + "😀"
	if n := testing.AllocsPerRun(100, func() { CountUnits(text) }); n != 0 {
		t.Errorf("CountUnits allocates %v times per call, want 0", n)
	}
}

func TestMaxChars(t *testing.T) {
	if MaxChars(EncodingGSM) != 1600 || MaxChars(EncodingUCS2) != 737 {
		t.Errorf("MaxChars = %d GSM, %d UCS-2; want 1600, 737", MaxChars(EncodingGSM), MaxChars(EncodingUCS2))
	}
}

func FuzzCountUnits(f *testing.F) {
	for _, s := range []string{"", "hello", "€{}", "😀ж", strings.Repeat("a", 161), "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		u := CountUnits(text)
		if u.Characters < 0 || u.Units < 0 {
			t.Fatalf("negative count %+v", u)
		}
		if (text == "") != (u.Units == 0) || (text == "") != (u.Characters == 0) {
			t.Fatalf("empty text and zero units must go together: %q -> %+v", text, u)
		}
		runes := utf8.RuneCountInString(text)
		switch u.Encoding {
		case EncodingGSM:
			if u.Characters < runes || u.Characters > 2*runes {
				t.Fatalf("GSM septets %d outside [%d, %d]", u.Characters, runes, 2*runes)
			}
			if u.Characters > 160 && u.Units != (u.Characters+152)/153 {
				t.Fatalf("GSM units %d for %d septets", u.Units, u.Characters)
			}
		case EncodingUCS2:
			if want := len(utf16.Encode([]rune(text))); u.Characters != want {
				t.Fatalf("UCS-2 characters %d, want %d UTF-16 units", u.Characters, want)
			}
			if u.Characters > 70 && u.Units != (u.Characters+66)/67 {
				t.Fatalf("UCS-2 units %d for %d characters", u.Units, u.Characters)
			}
		default:
			t.Fatalf("unknown encoding %q", u.Encoding)
		}
		if u.Characters > 0 && u.Characters <= 70 && u.Units != 1 {
			t.Fatalf("short text must be one unit: %+v", u)
		}
	})
}

func BenchmarkCountUnits(b *testing.B) {
	inputs := []struct{ name, text string }{
		{"GSM", strings.Repeat("Your code is 123456. Don't share it {ok}? ", 10)},
		{"UCS-2", strings.Repeat("Ваш код 123456, не сообщайте его 😀 ", 10)},
	}
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.text)))
			for b.Loop() {
				CountUnits(in.text)
			}
		})
	}
}
