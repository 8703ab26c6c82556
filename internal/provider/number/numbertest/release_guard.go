package numbertest

import (
	"strings"
)

// Flat is the CLI's output with its lines unwrapped: Terraform wraps
// diagnostics to the terminal's width.
func Flat(out string) string { return strings.Join(strings.Fields(out), " ") }

// ReleaseWarned tells whether out warns that number will be released.
func ReleaseWarned(out, number string) bool {
	out = Flat(out)
	return strings.Contains(out, "Warning: Phone number "+number+" will be released")
}

// ReleaseRefused tells whether out is the protection's error for number.
func ReleaseRefused(out, number string) bool {
	out = Flat(out)
	return strings.Contains(out, "Error: Refusing to release protected phone number "+number) &&
		strings.Contains(out, "release_protection = false")
}
