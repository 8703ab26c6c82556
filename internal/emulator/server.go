package emulator

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"mime"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Defaults of the standalone server and of New.
const (
	DefaultAuthID    = "MAEMULATOR0000000001"
	DefaultAuthToken = "emulator-auth-token-change-me"
	DefaultSIPDomain = "sip.cpaas.test"
	// DefaultBodyLimit bounds one request body; a larger one is a 413.
	DefaultBodyLimit = 1 << 20
)

// Account is one set of credentials with its own objects. MainID, when set,
// makes it a subaccount of that main account (its callbacks are also signed
// with the main account's token).
type Account struct {
	ID     string `json:"auth_id"`
	Token  string `json:"auth_token"`
	MainID string `json:"main_id,omitempty"`
}

// Options configure a Server. The zero value is usable: one default
// account, a real clock, default limits.
type Options struct {
	Accounts  []Account
	Clock     *Clock
	BodyLimit int64
	SIPDomain string
	// Seed makes generated ids reproducible; 0 picks one at random.
	Seed uint64
	// CallbackTimeout bounds one callback attempt (default 5s).
	CallbackTimeout time.Duration
	// CallbackClient sends callbacks (default: a plain http.Client).
	CallbackClient *http.Client
	// Logf, when set, receives one line per request (never credentials).
	Logf func(format string, args ...any)

	// Messaging (messages.go). MessageSentDelay is how long a message stays
	// queued before it is sent, MessageDeliveredDelay how long after that
	// its delivery report arrives; both default to 1s (zero) and mean "at
	// once" when negative. MediaFetchTimeout bounds learning the size of
	// one media URL (default 3s); MediaClient fetches them (default: a
	// plain http.Client).
	MessageSentDelay      time.Duration
	MessageDeliveredDelay time.Duration
	MediaFetchTimeout     time.Duration
	MediaClient           *http.Client
	// BrandRegistrationDelay is how long after creation the registry
	// registers or rejects a 10DLC brand (default 1s).
	BrandRegistrationDelay time.Duration
	// CampaignRegistrationDelay is the same for a campaign (default 1s).
	CampaignRegistrationDelay time.Duration
	// NumberLinkDelay is how long operators take to process a link or
	// unlink request (default 1s).
	NumberLinkDelay time.Duration
	// NumberPoolLimit is how many numbers one campaign may have linked
	// (its number_pool_limit; default 49, the service's recorded value).
	NumberPoolLimit int
	// TollfreeVerificationDelay is how long the carrier takes to decide a
	// toll-free verification request after its create or update
	// (default 1s).
	TollfreeVerificationDelay time.Duration
	// ComplianceReviewDelay is how long the reviewer takes to decide a
	// compliance application after its create or update, and how long a
	// regulated number stays pending after its purchase (default 1s).
	ComplianceReviewDelay time.Duration
	// TollfreeMembersUnderTollfreeKey answers a pool's toll-free members
	// as the Python library's recordings of the service hold them: the
	// number under "tollfree" only, without number, type, service and
	// account_phone_number_resource.
	// False answers with both keys, as the Go recording and the docs.
	TollfreeMembersUnderTollfreeKey bool
	// RateLimit is the per-account request rate limit (ratelimit.go); the
	// zero value is no limit. New panics on a negative rate or burst.
	RateLimit RateLimit
	// ControlToken, when set, protects the control API: every /_emulator/
	// request must carry "Authorization: Bearer <ControlToken>" (a 401
	// otherwise). Empty leaves the control API open, for loopback use.
	ControlToken string
}

// Server is the in-memory API. It is an http.Handler; every method is safe
// for concurrent use.
type Server struct {
	opts Options
	// tollfreeKeyOnly is Options.TollfreeMembersUnderTollfreeKey, which
	// SetTollfreeMembersUnderTollfreeKey changes at run time.
	tollfreeKeyOnly atomic.Bool
	clock           *Clock
	sched           *scheduler
	routes          []route
	control         []route
	mu              sync.Mutex // guards everything below
	accounts        map[string]*account
	// inventory holds the numbers for sale; buying takes one out for
	// every account.
	inventory *numberdata.Inventory
	rng       *rand.Rand
	seq       uint64
	cb        *callbackState
	faults    faultState
	// state is the state file, when UseStateFile set one (persist.go).
	state *stateFile
	limit rateLimitState
}

// New returns a Server with opts applied. Call Close to stop its scheduler.
func New(opts Options) *Server {
	if len(opts.Accounts) == 0 {
		opts.Accounts = []Account{{ID: DefaultAuthID, Token: DefaultAuthToken}}
	}
	if opts.Clock == nil {
		opts.Clock = NewRealClock()
	}
	if opts.BodyLimit <= 0 {
		opts.BodyLimit = DefaultBodyLimit
	}
	if opts.SIPDomain == "" {
		opts.SIPDomain = DefaultSIPDomain
	}
	if opts.CallbackTimeout <= 0 {
		opts.CallbackTimeout = 5 * time.Second
	}
	opts.setAreaDefaults()
	if opts.CallbackClient == nil {
		opts.CallbackClient = &http.Client{}
	}
	opts.MessageSentDelay = messageDelay(opts.MessageSentDelay)
	opts.MessageDeliveredDelay = messageDelay(opts.MessageDeliveredDelay)
	if opts.MediaFetchTimeout <= 0 {
		opts.MediaFetchTimeout = 3 * time.Second
	}
	if opts.MediaClient == nil {
		opts.MediaClient = &http.Client{}
	}
	seed := opts.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	s := &Server{opts: opts, clock: opts.Clock, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	s.tollfreeKeyOnly.Store(opts.TollfreeMembersUnderTollfreeKey)
	s.sched = newScheduler(s.clock)
	s.sched.afterJob = s.persistLogged
	s.SetFaults(Faults{})
	if err := s.SetRateLimit(opts.RateLimit); err != nil {
		panic("emulator: " + err.Error())
	}
	s.cb = newCallbackState()
	s.clock.mu.Lock()
	s.clock.onAdvance = s.runDueAndWait
	s.clock.mu.Unlock()
	s.resetLocked()
	s.routes = s.apiRoutes()
	s.control = s.controlRoutes()
	return s
}

// runDueAndWait runs the jobs that are due and waits for the callbacks they
// start, until nothing is due: a delivered callback can make the next one
// of its object due at once.
func (s *Server) runDueAndWait() {
	for {
		s.sched.runDue()
		s.cb.wait()
		if !s.sched.hasDue() {
			return
		}
	}
}

// Close stops the background scheduler and waits for callbacks in flight.
func (s *Server) Close() {
	s.sched.close()
	s.cb.wait()
}

// Clock is the emulator's clock, for tests that drive time.
func (s *Server) Clock() *Clock { return s.clock }

// Reset drops every object and pending job and restores the configured
// accounts, as at start.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resetLocked()
}

func (s *Server) resetLocked() {
	s.sched.clear()
	s.cb.reset()
	s.inventory = numberdata.New()
	s.accounts = map[string]*account{}
	for _, a := range s.opts.Accounts {
		s.accounts[a.ID] = s.newAccount(a)
	}
	s.linkSubaccountsLocked()
}

// AddAccount adds (or replaces) an account with no objects.
func (s *Server) AddAccount(a Account) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.accounts[a.ID] = s.newAccount(a)
	s.linkSubaccountsLocked()
}

// area is one API area: its /v1 routes, its inventory, the ids of the
// objects an account holds, by kind (Objects reports them; the tests that
// look for orphans and duplicates read them from there), and its state of
// each account with its persistence (an accountState, store.go; nil when
// the area keeps none). Callers of inventory hold s.mu.
type area struct {
	routes    func(*Server) []route
	inventory func(a *account, now time.Time) map[string][]string
	state     stateOfAreas
	// control lists the area's own routes of the control API (under
	// /_emulator/), beside the shared ones of controlRoutes; nil: none.
	control func(*Server) []route
	// defaults fill the Options fields of the area left zero (its
	// processing delays, its limits); nil: none.
	defaults func(*Options)
}

// areas is the registration list of the API areas: a new area adds its
// line here, and its routes (and control routes) and objects are served
// and counted, and its state made, saved, loaded and re-armed.
var areas = []area{
	{(*Server).endpointRoutes, endpointInventory, endpointAccounts, nil, nil},
	{(*Server).numberRoutes, numberInventory, numberAccounts, nil, nil},
	{(*Server).maskingRoutes, maskingInventory, maskingAccounts, (*Server).maskingControlRoutes, nil},
	{(*Server).messageRoutes, messageInventory, messageAccounts, (*Server).messageControlRoutes, nil},
	{(*Server).tendlcRoutes, tendlcInventory, tendlcAccounts, nil, tendlcDefaults},
	{(*Server).applicationRoutes, applicationInventory, applicationAccounts, nil, nil},
	{(*Server).profileRoutes, profileInventory, profileAccounts, nil, nil},
	{(*Server).tollfreeRoutes, tollfreeInventory, tollfreeAccounts, nil, tollfreeDefaults},
	{(*Server).subaccountRoutes, subaccountInventory, subaccountAccounts, nil, nil},
	{(*Server).powerpackRoutes, powerpackInventory, powerpackAccounts, (*Server).powerpackControlRoutes, nil},
	{(*Server).trunkingRoutes, trunkingInventory, trunkingAccounts, nil, nil},
	{(*Server).complianceRoutes, complianceInventory, complianceAccounts, nil, complianceDefaults},
	{(*Server).complianceAppRoutes, complianceAppInventory, complianceAppAccounts, nil, nil},
	{(*Server).pricingRoutes, pricingInventory, nil, nil, nil},
	{(*Server).accountRoutes, accountInventory, accountAccounts, nil, nil},
	{(*Server).callerIDRoutes, callerIDInventory, callerIDAccounts, (*Server).callerIDControlRoutes, nil},
	{(*Server).mediaRoutes, mediaInventory, mediaAccounts, nil, nil},
	{(*Server).verificationRoutes, verificationInventory, verificationAccounts, nil, nil},
}

// apiRoutes lists every /v1 route, area by area.
func (s *Server) apiRoutes() []route {
	var rs []route
	for _, ar := range areas {
		rs = append(rs, ar.routes(s)...)
	}
	return rs
}

// route is one API operation; pattern segments in braces are parameters.
type route struct {
	method  string
	pattern []string
	handle  func(*call)
	// noFields marks a route that takes no fields: decode reads its body
	// (an oversized one is still a 413) and ignores it, whatever it holds.
	noFields bool
	// uploadLimit, when set, bounds a multipart body instead of the
	// server's BodyLimit (withUploadLimit).
	uploadLimit int64
}

func r(method, pattern string, h func(*call)) route {
	return route{method: method, pattern: splitPath(pattern), handle: h}
}

// takingNoFields marks rt as a route that takes no fields: the service
// ignores whatever body such a call carries, and client libraries send
// one (the Node library's complianceApplications.submit sends the JSON
// string "").
func (rt route) takingNoFields() route {
	rt.noFields = true
	return rt
}

// withUploadLimit lets rt take a multipart body of up to n bytes (files
// the API accepts in larger sizes than a JSON document); any other body
// keeps the server's BodyLimit.
func (rt route) withUploadLimit(n int64) route {
	rt.uploadLimit = n
	return rt
}

// call is one request being served.
type call struct {
	s      *Server
	w      http.ResponseWriter
	req    *http.Request
	acct   *account // nil on control routes
	params map[string]string
	// noFields is the route's: its body is ignored (decode).
	noFields bool
}

func (c *call) param(name string) string { return c.params[name] }

// splitPath normalises a path: doubled slashes and a trailing slash are
// tolerated, as the real API does.
func splitPath(p string) []string {
	parts := strings.Split(p, "/")
	out := parts[:0]
	for _, x := range parts {
		if x != "" {
			out = append(out, x)
		}
	}
	return out
}

// queryInPath moves what follows a "&" in the path into the query, ahead
// of the query's own parameters: the Node library appends "&service=..."
// to some paths without a "?" (find_tollfree and find_shortcode, after the
// path's trailing slash: "Tollfree/{n}/&service=sms"), and the service
// answers them. No path segment of the API holds a "&"; an escaped one
// (%26) stays in its segment.
func queryInPath(u *url.URL) {
	esc := u.EscapedPath()
	before, extra, ok := strings.Cut(esc, "&")
	if !ok {
		return
	}
	p, err := url.PathUnescape(before)
	if err != nil {
		return
	}
	u.Path, u.RawPath = p, ""
	if u.RawQuery != "" {
		extra += "&" + u.RawQuery
	}
	u.RawQuery = extra
}

func match(pattern, path []string) (map[string]string, bool) {
	if len(pattern) != len(path) {
		return nil, false
	}
	var params map[string]string
	for i, p := range pattern {
		if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") {
			if params == nil {
				params = map[string]string{}
			}
			params[p[1:len(p)-1]] = path[i]
			continue
		}
		if p != path[i] {
			return nil, false
		}
	}
	return params, true
}

// dispatch finds the route for path; 404 when no pattern matches, 405 when
// one matches with another method.
//
// Of the routes that match, the one with the fewest parameters wins
// (PhoneNumber/Compliance/ is not a number to buy), then the first listed.
func dispatch(routes []route, method string, path []string) (route, map[string]string, int) {
	status := http.StatusNotFound
	var best route
	var bestParams map[string]string
	found := false
	for _, rt := range routes {
		params, ok := match(rt.pattern, path)
		if !ok {
			continue
		}
		if rt.method != method {
			if !found {
				status = http.StatusMethodNotAllowed
			}
			continue
		}
		if !found || len(params) < len(bestParams) {
			best, bestParams, found = rt, params, true
		}
	}
	if found {
		return best, bestParams, http.StatusOK
	}
	return route{}, nil, status
}

// ServeHTTP serves /v1/Account/{auth_id}/..., the number look-up's
// /v1/Number/{number} and the control API under /_emulator/.
func (s *Server) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w}
	defer func() {
		if s.opts.Logf != nil {
			// The User-Agent names the client and, from the provider, its
			// version (make release-snapshot checks the release's).
			s.opts.Logf("%s %s -> %d (%s) %q", req.Method, req.URL.Path, sw.status, time.Since(start).Round(time.Microsecond), req.UserAgent())
		}
	}()
	rawBody := req.Body
	req.Body = http.MaxBytesReader(sw, req.Body, s.opts.BodyLimit)
	queryInPath(req.URL)
	path := splitPath(req.URL.Path)
	c := &call{s: s, w: sw, req: req}

	if len(path) > 0 && path[0] == "_emulator" {
		if !s.controlAllowed(req) {
			sw.Header().Set("WWW-Authenticate", `Bearer realm="cpaas-emulator control API"`)
			c.fail(http.StatusUnauthorized, "the control API needs the emulator's control token: send \"Authorization: Bearer <token>\" "+
				"(cpaas-emulator -control-token, or CPAAS_EMULATOR_CONTROL_TOKEN)")
			return
		}
		rt, params, status := dispatch(s.control, req.Method, path[1:])
		if status != http.StatusOK {
			c.fail(status, fmt.Sprintf("no control operation %s %s", req.Method, req.URL.Path))
			return
		}
		c.params = params
		s.handle(c, rt.handle)
		return
	}

	if len(path) >= 2 && path[0] == "v1" && path[1] == "Number" {
		s.serveLookup(c, path[2:]) // lookup.go: the look-up's host, served here too
		return
	}
	if len(path) < 3 || path[0] != "v1" || path[1] != "Account" {
		c.fail(http.StatusNotFound, "unknown resource "+req.URL.Path)
		return
	}
	acct, ok := s.authenticate(req, path[2])
	if !ok {
		sw.Header().Set("WWW-Authenticate", `Basic realm="cpaas"`)
		c.fail(http.StatusUnauthorized, "authentication failed: the auth_id and auth_token do not match an account, or the auth_id in the path is not the authenticated account")
		return
	}
	if s.disabled(acct) {
		// The service's status for refused credentials (it documents no 403).
		sw.Header().Set("WWW-Authenticate", `Basic realm="cpaas"`)
		c.fail(http.StatusUnauthorized, "authentication failed: subaccount "+acct.ID+" is disabled; its main account can enable it (POST Subaccount/{auth_id}/ {\"enabled\": true})")
		return
	}
	c.acct = acct
	if !s.admit(c) {
		return
	}
	rt, params, status := dispatch(s.routes, req.Method, path[3:])
	switch status {
	case http.StatusNotFound:
		c.fail(status, "unknown resource "+req.URL.Path)
		return
	case http.StatusMethodNotAllowed:
		c.fail(status, fmt.Sprintf("method %s is not allowed on %s", req.Method, req.URL.Path))
		return
	}
	c.params, c.noFields = params, rt.noFields
	if mt, _, _ := mime.ParseMediaType(req.Header.Get("Content-Type")); rt.uploadLimit > 0 && mt == "multipart/form-data" {
		req.Body = http.MaxBytesReader(sw, rawBody, rt.uploadLimit)
	}
	s.serveWithFaults(c, rt, func(c *call) { s.handle(c, rt.handle) })
}

// handle runs a route's handler; with a state file, a request that may
// change something is answered only once the change is saved.
func (s *Server) handle(c *call, h func(*call)) {
	s.mu.Lock()
	durable := s.state != nil
	s.mu.Unlock()
	if durable && c.req.Method != http.MethodGet {
		h = s.durable(h)
	}
	h(c)
}

// authenticate checks Basic credentials in constant time against the
// account named in the path.
func (s *Server) authenticate(req *http.Request, pathID string) (*account, bool) {
	user, pass, ok := req.BasicAuth()
	s.mu.Lock()
	acct := s.accounts[pathID]
	s.mu.Unlock()
	// Compare against a dummy when the account is unknown so timing does
	// not tell which auth_ids exist.
	want := "\x00no-such-account"
	wantID := pathID + "\x00"
	if acct != nil {
		want, wantID = acct.Token, acct.ID
	}
	idOK := subtle.ConstantTimeCompare([]byte(user), []byte(wantID)) == 1
	tokOK := subtle.ConstantTimeCompare([]byte(pass), []byte(want)) == 1
	if !ok || !idOK || !tokOK || acct == nil {
		return nil, false
	}
	return acct, true
}

// controlAllowed checks the control token in constant time; with none
// configured every request is allowed.
func (s *Server) controlAllowed(req *http.Request) bool {
	if s.opts.ControlToken == "" {
		return true
	}
	got, ok := strings.CutPrefix(req.Header.Get("Authorization"), "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(got), []byte(s.opts.ControlToken)) == 1
}

// disabled reports whether acct is a disabled subaccount.
func (s *Server) disabled(acct *account) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return acct.MainID != "" && acct.sub().Disabled
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap lets the fault injector reach the connection to drop a reply.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func newAPIID() string { return uuid.NewString() }

// reply writes v as JSON with status. v should carry an api_id field.
func (c *call) reply(status int, v any) {
	c.w.Header().Set("Content-Type", "application/json")
	c.w.WriteHeader(status)
	if v != nil {
		_ = json.NewEncoder(c.w).Encode(v)
	}
}

// noContent writes 204 with an empty body.
func (c *call) noContent() { c.w.WriteHeader(http.StatusNoContent) }

// fail writes an error reply: never an empty body.
func (c *call) fail(status int, msg string) {
	c.reply(status, wire.Error{APIID: newAPIID(), Error: msg})
}

// badRequest is fail(400, ...) with a formatted message.
func (c *call) badRequest(format string, args ...any) {
	c.fail(http.StatusBadRequest, fmt.Sprintf(format, args...))
}

// decode reads the JSON body into v, refusing malformed JSON, a known field
// of the wrong type (the 400 names it) and oversized bodies. It writes the
// error reply and returns false on failure. An empty body decodes as {}.
// On a route that takes no fields (takingNoFields) any body that is not
// too large is accepted and ignored, v left as it is.
//
// On /v1 a field v does not know is ignored, as the service ignores it:
// clients written against the service (its SDKs among them) send fields
// the emulator does not model, and a request the service accepts must not
// be refused here. The control API is the emulator's own and refuses them,
// so a typo there does not pass silently.
func (c *call) decode(v any) bool {
	data, err := io.ReadAll(c.req.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			c.fail(http.StatusRequestEntityTooLarge, fmt.Sprintf("request body is larger than the limit of %d bytes", tooBig.Limit))
			return false
		}
		c.badRequest("could not read request body: %v", err)
		return false
	}
	if c.noFields {
		return true
	}
	if len(strings.TrimSpace(string(data))) == 0 {
		data = []byte("{}")
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	if c.acct == nil {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		c.badRequest("malformed JSON body: %s", describeJSONError(err))
		return false
	}
	if dec.More() {
		c.badRequest("malformed JSON body: more than one JSON value")
		return false
	}
	return true
}

func describeJSONError(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return fmt.Sprintf("field %q must be of type %s, got %s", typeErr.Field, typeErr.Type, typeErr.Value)
	}
	var syntaxErr *json.SyntaxError
	if errors.As(err, &syntaxErr) {
		return fmt.Sprintf("%v (at byte %d)", syntaxErr, syntaxErr.Offset)
	}
	return err.Error()
}

// randDigits returns n random decimal digits from the server's generator.
// Callers hold s.mu.
func (s *Server) randDigits(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + s.rng.IntN(10))
	}
	return string(b)
}

// freshID is prefix and 6 random upper-case letters and digits, an id
// taken does not hold yet (the shape of 10DLC brand and campaign ids).
// Callers hold s.mu.
func (s *Server) freshID(prefix string, taken func(string) bool) string {
	for {
		if id := prefix + s.randID(6); !taken(id) {
			return id
		}
	}
}

// randID returns n random upper-case letters and digits. Callers hold s.mu.
func (s *Server) randID(n int) string { //nolint:unparam // ids of other lengths may follow
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[s.rng.IntN(len(alphabet))]
	}
	return string(b)
}

// nextSeq orders objects by creation. Callers hold s.mu.
func (s *Server) nextSeq() uint64 {
	s.seq++
	return s.seq
}

// EnvAccount returns the account the standalone server uses: from
// CPAAS_AUTH_ID / CPAAS_AUTH_TOKEN, or the defaults.
func EnvAccount() Account {
	a := Account{ID: os.Getenv("CPAAS_AUTH_ID"), Token: os.Getenv("CPAAS_AUTH_TOKEN")}
	if a.ID == "" {
		a.ID = DefaultAuthID
	}
	if a.Token == "" {
		a.Token = DefaultAuthToken
	}
	return a
}
