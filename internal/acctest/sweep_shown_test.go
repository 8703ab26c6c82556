package acctest

import (
	"slices"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// An end user's name is personal data: the sweep's lines show only the
// prefix and the test's tag; other kinds show their name.
func TestSweepShownWithholdsPersonalNames(t *testing.T) {
	label := Prefix + "ab12cd-Alice Example"
	user := kit.Sweeper{Name: "end users", Personal: true}
	if got := shown(user, label); strings.Contains(got, "Alice") || !strings.HasPrefix(got, Prefix+"ab12cd-") {
		t.Errorf("an end user's label is shown as %q, want the prefix and tag without the name", got)
	}
	if got := shown(user, "Alice"); strings.Contains(got, "Alice") {
		t.Errorf("an unprefixed end user's label is shown as %q", got)
	}
	app := kit.Sweeper{Name: "applications"}
	if got := shown(app, label); got != label {
		t.Errorf("an application's label is shown as %q, want %q", got, label)
	}
}

func names(kinds []kit.Sweeper) []string {
	out := make([]string, 0, len(kinds))
	for _, k := range kinds {
		out = append(out, k.Name)
	}
	return out
}

// Kinds are swept (and a test's leftovers deleted) after the kinds their
// After names, wherever those are declared; otherwise in the order given.
func TestSweepOrderPutsUsersFirst(t *testing.T) {
	got := names(sweepOrder([]kit.Sweeper{
		{Name: "numbers", After: []string{"verifications"}},
		{Name: "apps", After: []string{"numbers", "endpoints"}},
		{Name: "endpoints"},
		{Name: "verifications"},
		{Name: "profiles", After: []string{"verifications"}},
	}))
	want := []string{"verifications", "numbers", "endpoints", "apps", "profiles"}
	if !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

func TestSweepOrderRefusesUnknownNamesAndCycles(t *testing.T) {
	for name, kinds := range map[string][]kit.Sweeper{
		"which no family declares": {{Name: "a", After: []string{"b"}}},
		"form a cycle":             {{Name: "a", After: []string{"b"}}, {Name: "b", After: []string{"a"}}},
		"two sweepers are named":   {{Name: "a"}, {Name: "a"}},
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), name) {
					t.Errorf("sweepOrder of %v: panic %v, want one saying %q", names(kinds), r, name)
				}
			}()
			sweepOrder(kinds)
		}()
	}
}

// The families' sweepers, in the order a test's leftovers are deleted:
// each after every kind that uses it.
func TestInventoriesPutEveryKindAfterItsUsers(t *testing.T) {
	pos := map[string]int{}
	for i, k := range inventories {
		pos[k.Name] = i
	}
	for _, k := range inventories {
		for _, a := range k.After {
			if pos[a] > pos[k.Name] {
				t.Errorf("%s comes before %s, which it goes after", k.Name, a)
			}
		}
	}
	for _, pair := range [][2]string{{"toll-free verifications", "numbers"}, {"numbers", "applications"}, {"10dlc campaigns", "10dlc brands"},
		{"toll-free verifications", "10dlc profiles"}, {"compliance applications", "end users"}, {"sip trunks", "sip ip acls"}} {
		if pos[pair[0]] >= pos[pair[1]] {
			t.Errorf("%s is not deleted before %s: order %v", pair[0], pair[1], names(inventories))
		}
	}
	if len(sweeps) != 20 {
		t.Errorf("%d kinds are swept, want 20: %v", len(sweeps), names(inventories))
	}
}
