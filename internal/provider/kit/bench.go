package kit

// BenchKind is one kind of object the bench's whole account (make
// bench-account, internal/cmd/bench) holds, declared by its family: the
// kinds users keep by the dozen or the hundred. The provider never reads
// it.
type BenchKind struct {
	Name string // the resource type: "cpaas_endpoint"
	// Weight is the kind's share of the account's objects (the weights of
	// all kinds add up to the whole).
	Weight int
	// After is the kind whose objects these use (the links use the bought
	// numbers): it comes first, and with at least this kind's weight it
	// never has fewer objects.
	After string
	// HCL is the configuration of count of them, and of whatever they need
	// (the campaigns numbers are linked to). numbers are on sale, in the
	// search's order: as many as Numbers asks for.
	HCL func(count int, numbers []string) string
	// Numbers is how many numbers on sale count of them need; nil for none.
	Numbers func(count int) int
	// Support says what else count of them need that is not counted as an
	// object (a campaign for the links, a powerpack for its members).
	Support func(count int) string
}
