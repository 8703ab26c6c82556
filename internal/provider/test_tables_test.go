package provider_test

import (
	"maps"
	"slices"
	"testing"
)

// The test tables that kinds fill beside their own tests (listing
// refreshes and waits, import records, chaos parts) are maps keyed by
// name, filled at package init by a register function of one line.

// registerIn adds v to table under name, refusing a name registered twice
// (what says which table, in the panic).
func registerIn[T any](table map[string]T, what, name string, v T) bool {
	if _, dup := table[name]; dup {
		panic(what + " of " + name + " registered twice")
	}
	table[name] = v
	return true
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
