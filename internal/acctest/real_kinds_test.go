package acctest

import (
	"net/http"
	"slices"
	"testing"
)

// A kind registered from its own file is prefixed, priced and skipped as
// the tables' own kinds are.
func TestRegisterRealKind(t *testing.T) {
	savedSpend, savedCosts, savedNamed := spendOf, costs, namedKinds
	spendOf = map[string]SpendCategory{}
	for k, v := range savedSpend {
		spendOf[k] = v
	}
	t.Cleanup(func() { spendOf, costs, namedKinds = savedSpend, savedCosts, savedNamed })
	costs, namedKinds = slices.Clone(costs), slices.Clone(namedKinds)
	registerRealKind(realKind{path: "Example/Thing", types: []string{`resource "cpaas_example_thing"`}, spend: SpendCompliance})
	if got := spendingOf(`resource "cpaas_example_thing" "x" {}`); !slices.Equal(got, []SpendCategory{SpendCompliance}) {
		t.Errorf("spendingOf = %v, want compliance", got)
	}
	if !slices.Contains(namedKinds, "Example") {
		t.Errorf("namedKinds %v lacks Example", namedKinds)
	}
	if !slices.Contains(costs, cost{http.MethodPost, "Example/Thing", SpendCompliance}) {
		t.Errorf("costs %v lack the kind's create", costs)
	}
}

// The 10DLC kinds registered from sweep_tendlc.go cost the family's
// category, in a configuration and on the wire.
func TestTenDLCRealKindsAreSpend10DLC(t *testing.T) {
	for _, cfg := range []string{`resource "cpaas_10dlc_campaign_import" "x" {}`, `action "cpaas_10dlc_brand_otp" "x" {}`} {
		if got := spendingOf(cfg); !slices.Equal(got, []SpendCategory{Spend10DLC}) {
			t.Errorf("spendingOf(%s) = %v, want 10dlc", cfg, got)
		}
	}
}
