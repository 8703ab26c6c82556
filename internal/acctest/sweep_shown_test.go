package acctest

import (
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// An end user's name is personal data: the sweep's lines show only the
// prefix and the test's tag; other kinds show their name.
func TestSweepShownWithholdsPersonalNames(t *testing.T) {
	label := Prefix + "ab12cd-Alice Example"
	user := sweepKind[client.EndUser]{name: "end users", personal: true}
	if got := user.shown(label); strings.Contains(got, "Alice") || !strings.HasPrefix(got, Prefix+"ab12cd-") {
		t.Errorf("an end user's label is shown as %q, want the prefix and tag without the name", got)
	}
	if got := user.shown("Alice"); strings.Contains(got, "Alice") {
		t.Errorf("an unprefixed end user's label is shown as %q", got)
	}
	app := sweepKind[client.Application]{name: "applications"}
	if got := app.shown(label); got != label {
		t.Errorf("an application's label is shown as %q, want %q", got, label)
	}
}
