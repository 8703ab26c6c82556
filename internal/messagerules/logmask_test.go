package messagerules

import "testing"

func TestMaskNumber(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"14155551234", "14155XXXXXX"},
		{"919876543210", "91987XXXXXXX"},
		{"123456", "12345X"},
		{"12345", "XXXXX"}, // short values are masked whole
		{"1", "X"},
		{"ACMEbank", "ACMEbXXX"},
	}
	for _, tt := range tests {
		if got := MaskNumber(tt.in); got != tt.want {
			t.Errorf("MaskNumber(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMaskContent(t *testing.T) {
	if got := MaskContent(""); got != "" {
		t.Errorf("MaskContent(\"\") = %q, want empty", got)
	}
	for _, in := range []string{"a", "Your code is 123456", "😀"} {
		if got := MaskContent(in); got != "[masked]" {
			t.Errorf("MaskContent(%q) = %q, want [masked]", in, got)
		}
	}
}

func TestLogMasks(t *testing.T) {
	tests := []struct {
		log             string
		number, content bool
	}{
		{"", false, false},
		{"true", false, false},
		{"false", true, true},
		{"content_only", true, false},
		{"number_only", false, true},
		{"bogus", true, true},
	}
	for _, tt := range tests {
		n, c := LogMasks(tt.log)
		if n != tt.number || c != tt.content {
			t.Errorf("LogMasks(%q) = number %v, content %v; want %v, %v", tt.log, n, c, tt.number, tt.content)
		}
	}
}
