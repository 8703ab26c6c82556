package provider_test

import (
	"maps"
	"slices"
	"testing"
)

// testTables are the tables the tests across families run over: chaos
// parts, docs-example imports and their identities, the arguments an
// import cannot read, listing refreshes and waits. Each is keyed by
// resource type or subtest name. Each family adds its own entries in one
// function beside its tests (endpointTables, ...), and testFamilies lists
// those functions: one list, read once, as the provider's families table
// is; nothing registers itself at init.
type testTables struct {
	chaosParts           map[string]func() chaosPart
	importDocsKinds      map[string]importDocsKind
	recordedOnImportArgs map[string][]string
	listingRefreshes     map[string]listingRefresh
	listingWaits         map[string]listingWait
}

// testFamilies are the functions that fill the tables, a family each, and
// the entries that belong to no single family.
var testFamilies = []func(*testTables){
	accountTables,
	applicationTables,
	calleridTables,
	complianceTables,
	endpointTables,
	maskingTables,
	messageTables,
	numberTables,
	powerpackTables,
	subaccountTables,
	tendlcTables,
	tollfreeTables,
	trunkingTables,
	verificationTables,
	narrowedTables,
}

// tables are the test tables of every family in testFamilies.
var tables = collectTables(testFamilies)

// collectTables fills a table set from each function of fill in order; a
// key added twice panics (registerIn).
func collectTables(fill []func(*testTables)) *testTables {
	r := &testTables{
		chaosParts:           map[string]func() chaosPart{},
		importDocsKinds:      map[string]importDocsKind{},
		recordedOnImportArgs: map[string][]string{},
		listingRefreshes:     map[string]listingRefresh{},
		listingWaits:         map[string]listingWait{},
	}
	for _, f := range fill {
		f(r)
	}
	return r
}

// registerIn adds v to table under name, refusing a name added twice
// (what says which table, in the panic).
func registerIn[T any](table map[string]T, what, name string, v T) {
	if _, dup := table[name]; dup {
		panic(what + " of " + name + " registered twice")
	}
	table[name] = v
}

// runEachParallel runs run for every entry of table as a parallel
// subtest named by its key, in the order of the names.
func runEachParallel[T any](t *testing.T, table map[string]T, run func(*testing.T, T)) {
	t.Helper()
	for _, name := range slices.Sorted(maps.Keys(table)) {
		v := table[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			run(t, v)
		})
	}
}
