package provtest

// Tables are the tables the tests across families run over: chaos
// parts, docs-example imports and their identities, the arguments an
// import cannot read, listing refreshes and waits. Each is keyed by
// resource type or subtest name. Each family adds its own entries in one
// function beside its tests (endpointtest.Tables, ...), and testtables
// lists those functions: one list, read once, as the provider's families
// table is; nothing registers itself at init.
type Tables struct {
	ChaosParts           map[string]func() ChaosPart
	ImportDocsKinds      map[string]ImportDocsKind
	RecordedOnImportArgs map[string][]string
	ListingRefreshes     map[string]ListingRefresh
	ListingWaits         map[string]ListingWait
}

// registerIn adds v to table under name, refusing a name added twice
// (what says which table, in the panic).
func registerIn[T any](table map[string]T, what, name string, v T) {
	if _, dup := table[name]; dup {
		panic(what + " of " + name + " registered twice")
	}
	table[name] = v
}
