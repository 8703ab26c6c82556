package provider_test

import (
	"maps"
	"slices"
	"testing"
)

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
