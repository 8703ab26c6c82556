package messagerules

import (
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"reflect"
	"strings"
	"testing"
	"unicode"
)

func TestSanitizeDst(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"", ""},
		{"+1 (415) 555-1234", "14155551234"},
		{"44.20/7946\t0958\n", "442079460958"},
		{"91\u00a098765\u200343210", "919876543210"}, // Unicode spaces are whitespace
		{"1415555abc", "1415555abc"},                 // letters are kept for validation to reject
		{"1415_555#1234*", "1415_555#1234*"},         // only the listed characters go
		{"1415<1416", "1415<1416"},                   // the separator is not stripped
	}
	for _, tt := range tests {
		if got := SanitizeDst(tt.raw); got != tt.want {
			t.Errorf("SanitizeDst(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func TestSanitizeSrc(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"", ""},
		{"+1 (415) 555-1234", "14155551234"},
		{"ACME_co!", "ACMEco"},
		{"Café Zoë", "CafZo"}, // non-ASCII letters are stripped too
		{"٣٤٥", ""},           // non-ASCII digits are not 0-9
	}
	for _, tt := range tests {
		if got := SanitizeSrc(tt.raw); got != tt.want {
			t.Errorf("SanitizeSrc(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func TestSplitDestinations(t *testing.T) {
	tests := []struct {
		dst  string
		want []string
	}{
		{"", nil},
		{"14155551234", []string{"14155551234"}},
		{"1415<1416<1417", []string{"1415", "1416", "1417"}},
		{"1415<<1416", []string{"1415", "", "1416"}},
		{"1415<", []string{"1415", ""}},
	}
	for _, tt := range tests {
		if got := SplitDestinations(tt.dst); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitDestinations(%q) = %q, want %q", tt.dst, got, tt.want)
		}
	}
}

func TestIsPhoneNumber(t *testing.T) {
	tests := []struct {
		s     string
		phone bool
	}{
		{"", false},
		{"14155551234", true},
		{"442079460958", true},
		{"1ACME", false},
		{"1415 555", false},
		{"١٤١٥", false}, // Arabic-Indic digits are not ASCII digits
	}
	for _, tt := range tests {
		if got := IsPhoneNumber(tt.s); got != tt.phone {
			t.Errorf("IsPhoneNumber(%q) = %v, want %v", tt.s, got, tt.phone)
		}
	}
}

func TestCheckNumber(t *testing.T) {
	tests := []struct {
		field, raw string
		wantRule   string // "" means valid
	}{
		{"dst", "+1 (415) 555-1234 567", ""},            // 14 digits
		{"dst", "+1 (415) 555-1234 5678", "at most 14"}, // 15 digits
		{"dst[3]", "123456789012345", "at most 14"},
		// Begins with a country calling code, and a number follows it.
		{"dst", "4", "begins with no country calling code"},
		{"dst", "44", "after its country code 44"},
		{"dst", "447", ""},
		{"dst", "2801234567", "begins with no country calling code"}, // 28x is spare
		{"dst", "+1 876 555 1234", ""},                               // Jamaica, in the NANP
		{"src", "2801234567", "begins with no country calling code"},
		{"dst", "", "must contain a phone number"},
		{"dst", "+()", "must contain a phone number"},
		{"dst", "0044 20 7946 0958", "country code, not 0"},
		{"dst", "1415CALLNOW", "only digits"},
		{"src", "14155551234", ""},
		{"src", "12345678901234", ""},            // 14 digits
		{"src", "123456789012345", "at most 14"}, // 15 digits
		{"src", "0800123", "country code, not 0"},
		{"src", "ACMEbank123", ""},              // 11 alphanumerics
		{"src", "ACME-bank.1234", "at most 11"}, // 12 after sanitising
		{"src", "A", ""},
		{"src", "!!", "must contain a phone number or an alphanumeric sender ID"},
	}
	for _, tt := range tests {
		san := SanitizeDst(tt.raw)
		if tt.field == "src" {
			san = SanitizeSrc(tt.raw)
		}
		fe := CheckNumber(fielderr.Root(tt.field), tt.raw, san)
		switch {
		case tt.wantRule == "" && fe != nil:
			t.Errorf("CheckNumber(%q, %q) = %v, want nil", tt.field, tt.raw, fe)
		case tt.wantRule != "" && fe == nil:
			t.Errorf("CheckNumber(%q, %q) = nil, want rule %q", tt.field, tt.raw, tt.wantRule)
		case fe != nil && (!strings.Contains(fe.Rule, tt.wantRule) || fe.Path.String() != tt.field || fe.Value != tt.raw):
			t.Errorf("CheckNumber(%q, %q) = %+v, want field %q, rule with %q, raw value", tt.field, tt.raw, fe, tt.field, tt.wantRule)
		}
	}
}

func TestCheckNumberMessage(t *testing.T) {
	raw := "+1 (415) 555-1234 5678"
	fe := CheckNumber(fielderr.Root("dst"), raw, SanitizeDst(raw))
	if fe == nil {
		t.Fatal("15 digits passed")
	}
	want := `dst: sanitised number "141555512345678" must be at most 14 characters (got "+1 (415) 555-1234 5678")`
	if got := fe.Error(); got != want {
		t.Errorf("Error() = %s\nwant      %s", got, want)
	}
}

func FuzzSanitizeDst(f *testing.F) {
	for _, s := range []string{"+1 (415) 555-1234", "44.20/7946\t0958", "1415<1416", "", "\u00a0+\u3000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got := SanitizeDst(raw)
		if i := strings.IndexFunc(got, func(r rune) bool {
			return strings.ContainsRune("/-.+()", r) || unicode.IsSpace(r)
		}); i >= 0 {
			t.Fatalf("SanitizeDst(%q) = %q keeps a stripped character at %d", raw, got, i)
		}
		if again := SanitizeDst(got); again != got {
			t.Fatalf("not idempotent: %q -> %q -> %q", raw, got, again)
		}
		if len(got) > len(raw) {
			t.Fatalf("output %q longer than input %q", got, raw)
		}
		src := SanitizeSrc(raw)
		if strings.IndexFunc(src, func(r rune) bool { return !isASCIIAlnum(r) }) >= 0 {
			t.Fatalf("SanitizeSrc(%q) = %q keeps a non-alphanumeric character", raw, src)
		}
		for i, d := range SplitDestinations(raw) {
			_ = CheckNumber(fielderr.Root("dst"), d, SanitizeDst(d))
			if strings.Contains(d, "<") {
				t.Fatalf("destination %d %q holds the separator", i, d)
			}
		}
		if fe := CheckNumber(fielderr.Root("dst"), raw, got); fe == nil && (!IsPhoneNumber(got) || len(got) > MaxNumberLen || got[0] == '0') {
			t.Fatalf("CheckNumber accepted %q (sanitised %q)", raw, got)
		}
	})
}
