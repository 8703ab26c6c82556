package emulator

import "slices"

// testArea is an API area's share of the tests that walk every route, every
// stored object and every golden file (security_test.go,
// unknown_fields_test.go, golden_test.go). An area added after those tests
// declares its share beside its own tests and names it in testAreas, one
// line, so they cover it (a share left out is an unused variable, which
// the linter reports).
type testArea struct {
	// segment is the route segment before {id} in the area's routes
	// ("Application"); fill puts the object populate made there.
	segment string
	// kind is the area's kind in Server.Objects, and get the path of one
	// of its objects, which snapshot reads.
	kind string
	get  func(id string) string
	// populate makes one object of the area in an account through call
	// (which fails the test on an error reply) and returns its id.
	populate func(call func(method, path string, body any) map[string]any) string
	// populateAt is populate for an area whose objects need what only the
	// server's control side knows (a one-time code a phone receives).
	populateAt func(s *Server, authID string, call func(method, path string, body any) map[string]any) string
	// unknownID is an id of the area's form that no object has.
	unknownID string
	// bodies are valid bodies for the area's routes that take one, keyed
	// by method and pattern as in the route table ("POST Application/{id}").
	bodies map[string][]bodyCase
	// wrongType are fields of the area's bodies with a value of the wrong
	// type: every POST route must refuse a body holding them.
	wrongType map[string]any
	// goldens makes the area's calls whose replies the golden files
	// describe, each through call.
	goldens func(call goldenCall)
	// goldensAt is goldens for an area whose replies change with time (a
	// review decided later): s's clock may be advanced between calls.
	goldensAt func(s *Server, call goldenCall)
	// bodiesAt is bodies for routes whose body names objects that
	// populate made (byArea: each area's object, by segment).
	bodiesAt func(byArea map[string]string) map[string][]bodyCase
	// catalogue says the area's objects are the service's, the same for
	// every account (document types): any account reads them by id.
	catalogue bool
	// uploads are routes ("POST Media") whose body is files only
	// (multipart): no JSON body is valid there, so the unknown-fields check
	// has none to send; their JSON form is still refused as any other.
	uploads []string
}

// rawBody is a request body sent as is, with its content type (a
// multipart upload), where the tests' calls otherwise send JSON.
type rawBody struct {
	contentType string
	data        []byte
}

// goldenCall makes one API call, requires status want and checks the
// reply's keys against the golden file; it returns the decoded reply. A
// path below the account ("Endpoint/") or, starting with "/", from the
// server's root (the number look-up's "/v1/Number/...").
type goldenCall func(want int, method, path string, body any, golden string) map[string]any

// testAreas are every area's shares: each area's test file declares its
// own (accountTestAreas, ...) and this list names them, as server.go's
// areas names the areas; nothing registers itself at init.
var testAreas = slices.Concat(
	accountTestAreas,
	applicationsTestAreas,
	calleridTestAreas,
	complianceApplicationTestAreas,
	complianceTestAreas,
	lookupTestAreas,
	mediaTestAreas,
	powerpacksTestAreas,
	pricingTestAreas,
	profilesTestAreas,
	subaccountsTestAreas,
	tollfreeTestAreas,
	trunkingTestAreas,
	verificationTestAreas,
)
