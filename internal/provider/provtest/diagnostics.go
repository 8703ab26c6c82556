package provtest

import (
	"encoding/json"
	"strings"
)

// Unwrapped is out with its line breaks and indentation folded to one space, as
// the CLI wraps diagnostics.
func Unwrapped(out string) string { return strings.Join(strings.Fields(out), " ") }

// diagnostic is one diagnostic of a command run with -json.
type diagnostic struct {
	Severity, Summary, Detail, Address string
}

// diagnostics runs a command with -json and returns its diagnostics (a
// plan's warnings, which the CLI's text folds into "similar warnings"
// elsewhere).
func (r *TfRunner) Diagnostics(args ...string) []diagnostic {
	r.T.Helper()
	out, _ := r.Try(append(args, "-json")...)
	var ds []diagnostic
	for _, line := range strings.Split(out, "\n") {
		var m struct {
			Type       string `json:"type"`
			Diagnostic *struct {
				Severity, Summary, Detail, Address string
			} `json:"diagnostic"`
		}
		if json.Unmarshal([]byte(line), &m) == nil && m.Type == "diagnostic" && m.Diagnostic != nil {
			ds = append(ds, diagnostic(*m.Diagnostic))
		}
	}
	return ds
}
