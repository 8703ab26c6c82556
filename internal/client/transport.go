package client

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-cleanhttp"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/hashicorp/terraform-plugin-log/tflog"
	"golang.org/x/sync/singleflight"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
)

// Defaults for Config fields left zero.
const (
	DefaultMaxRetries     = 5
	DefaultRequestTimeout = 30 * time.Second
	DefaultRetryWaitMin   = 250 * time.Millisecond
	DefaultRetryWaitMax   = 10 * time.Second
	// MaxRetryAfter bounds how long one Retry-After may hold a request.
	MaxRetryAfter = 60 * time.Second
	// maxReplyBytes bounds what is read of one reply.
	maxReplyBytes = 16 << 20
)

// Config configures a Client. BaseURL, AuthID and AuthToken are required.
type Config struct {
	BaseURL        string
	AuthID         string
	AuthToken      string
	Version        string // provider version, for the User-Agent
	MaxRetries     int    // retries after the first attempt; negative means none
	RequestTimeout time.Duration
	RetryWaitMin   time.Duration
	RetryWaitMax   time.Duration
	// HTTPClient, when set, supplies the transport (tests, TLS settings).
	HTTPClient *http.Client
	// MaxRequestsPerSecond caps the requests of this account from the whole
	// process (0: no cap); see pacer.go.
	MaxRequestsPerSecond float64
	// LookupBaseURL is the number look-up's host (lookups.go); empty means
	// DefaultLookupBaseURL(BaseURL).
	LookupBaseURL string
	// PlainRetries turns the pacer's learning off: each 429 is only retried
	// after its Retry-After and counts against MaxRetries, as before the
	// pacer. The bench compares both; nothing else sets it.
	PlainRetries bool
}

// MaxThrottleRetries bounds how often one request refused with 429 is
// retried when the pacer learns the limit. These retries do not count
// against MaxRetries: a 429 means "not now", not "failed", and the pacer
// slows every request down so that they stop.
const MaxThrottleRetries = 100

// MaxIdleConnsPerHost is how many keep-alive connections the pool keeps to
// the API. cleanhttp's default is GOMAXPROCS+1 (3 on a 2-core runner), far
// below Terraform's -parallelism (10 by default): every request above it
// would dial a new connection and leave one in TIME_WAIT. 64 covers
// -parallelism up to 64 plus the concurrent page fetches.
const MaxIdleConnsPerHost = 64

// Client calls the API of one account. It is safe for concurrent use and
// keeps one pool of keep-alive connections for all of them.
type Client struct {
	rc        *retryablehttp.Client
	pacer     *pacer
	learn     bool
	retries   int
	base      *url.URL
	lookup    *url.URL // the number look-up's host (lookups.go)
	authID    string
	authToken string
	userAgent string
	// Per-process knowledge that saves requests; see sip_domain.go and
	// sched/listing.go.
	sipDomain       atomic.Pointer[string]
	sipDomainFlight singleflight.Group
	// appSIPDomain is the applications' (app_sip_uri.go).
	appSIPDomain       atomic.Pointer[string]
	appSIPDomainFlight singleflight.Group
	// sched holds the state of each Listing (refreshes, waits, reads
	// after create) and each batcher (internal/client/sched).
	sched   *sched.State
	lookups lookupMemo // lookups.go
	// pools remembers which pools hold which numbers (pool_members.go).
	pools poolMembership
	// usecases remembers the brands' use cases read (tendlc.go).
	usecases brandUsecasesOnce
	// pending names the provider arguments not known yet (Pending): every
	// call fails with a ConfigurationUnknownError instead of reaching the
	// API.
	pending []string
	// requirements remembers the compliance requirements read (compliance.go).
	requirements   sync.Map
	requirementsMu sync.Mutex // one read at a time: parallel plans wait for it
}

// Pending is the client of a provider whose configuration is not known at
// plan time (unknown names the arguments: auth_id, auth_token, base_url):
// it makes no request, and every call fails with a
// ConfigurationUnknownError naming them. Terraform configures the provider
// again during apply, with the values known by then.
func Pending(unknown []string) *Client {
	return &Client{pending: unknown, sched: newSched(0)}
}

// IsPending tells whether c is a Pending client (the provider's singleton
// check plans nothing for an account it cannot name yet).
func (c *Client) IsPending() bool { return c.pending != nil }

// ConfigurationUnknownError is what a Pending client's calls return.
type ConfigurationUnknownError struct{ Unknown []string }

func (e *ConfigurationUnknownError) Error() string {
	return fmt.Sprintf("the provider's %s not known until apply (it comes from something this run creates, such as the "+
		"credentials of a new subaccount), so the API cannot be called at plan time", strings.Join(e.Unknown, " and ")+
		map[bool]string{true: " is", false: " are"}[len(e.Unknown) == 1])
}

// New validates cfg and returns a Client.
func New(cfg Config) (*Client, error) {
	if cfg.AuthID == "" || cfg.AuthToken == "" {
		return nil, errors.New("auth_id and auth_token are required")
	}
	base, err := url.Parse(strings.TrimRight(cfg.BaseURL, "/"))
	if err != nil || base.Scheme == "" || base.Host == "" {
		return nil, fmt.Errorf("base_url %q is not an absolute URL", cfg.BaseURL)
	}
	if cfg.LookupBaseURL == "" {
		cfg.LookupBaseURL = DefaultLookupBaseURL(cfg.BaseURL)
	}
	lookup, err := url.Parse(strings.TrimRight(cfg.LookupBaseURL, "/"))
	if err != nil || lookup.Scheme == "" || lookup.Host == "" {
		return nil, fmt.Errorf("lookup_base_url %q is not an absolute URL", cfg.LookupBaseURL)
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = DefaultMaxRetries
	} else if cfg.MaxRetries < 0 {
		cfg.MaxRetries = 0
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = DefaultRequestTimeout
	}
	if cfg.RetryWaitMin <= 0 {
		cfg.RetryWaitMin = DefaultRetryWaitMin
	}
	if cfg.RetryWaitMax <= 0 {
		cfg.RetryWaitMax = DefaultRetryWaitMax
	}
	hc := cfg.HTTPClient
	if hc == nil {
		// One pooled transport per client: connections are reused across
		// every resource of an apply instead of being dialled per request.
		t := cleanhttp.DefaultPooledTransport()
		t.MaxIdleConnsPerHost = MaxIdleConnsPerHost
		hc = &http.Client{Transport: t}
	} else {
		copied := *hc
		hc = &copied
	}
	inner := hc.Transport
	if inner == nil {
		t := cleanhttp.DefaultPooledTransport()
		t.MaxIdleConnsPerHost = MaxIdleConnsPerHost
		inner = t
	}
	if cfg.MaxRequestsPerSecond < 0 {
		return nil, fmt.Errorf("max requests per second must not be negative, got %v", cfg.MaxRequestsPerSecond)
	}
	c := &Client{
		learn:     !cfg.PlainRetries,
		retries:   cfg.MaxRetries,
		base:      base,
		lookup:    lookup,
		authID:    cfg.AuthID,
		authToken: cfg.AuthToken,
		userAgent: "terraform-provider-cpaas/" + cfg.Version,

		sched: newSched(RefreshListGather),
	}
	// Every attempt waits for the account's pacer, shared by the process;
	// the request timeout bounds each attempt, not its wait for the pacer.
	c.pacer = pacerFor(base.String(), cfg.AuthID, c.learn, cfg.MaxRequestsPerSecond)
	hc.Transport = &pacedTransport{pacer: c.pacer, timeout: cfg.RequestTimeout, next: &loggingTransport{next: inner}}
	hc.Timeout = 0
	c.rc = &retryablehttp.Client{
		HTTPClient:   hc,
		Logger:       nil, // logging is done by loggingTransport, with redaction
		RetryWaitMin: cfg.RetryWaitMin,
		RetryWaitMax: cfg.RetryWaitMax,
		RetryMax:     cfg.MaxRetries + MaxThrottleRetries,
		CheckRetry:   c.checkRetry,
		Backoff:      backoffWithJitter,
		ErrorHandler: retryablehttp.PassthroughErrorHandler,
	}
	return c, nil
}

// AuthID is the account the client acts for.
func (c *Client) AuthID() string { return c.authID }

type idempotentKey struct{}

// personalKey marks a request whose bodies are never logged.
type personalKey struct{}

// attemptsKey holds an *attempts for one call of do.
type attemptsKey struct{}

// attempts counts the retries of one request: failures against MaxRetries,
// throttles (429) against MaxThrottleRetries when the pacer learns.
type attempts struct{ failures, throttles int }

// request describes one API call.
type request struct {
	method string
	path   string // below /v1/Account/{auth_id}/, e.g. "Endpoint/123/"
	// host, when set, is another host of the service (the number
	// look-up's): path is then below its root, not below the account.
	host  *url.URL
	query url.Values
	body  any
	// idempotent is true when repeating the request cannot change the
	// outcome (GET, DELETE, updates that set fields). Only those are retried
	// after a 5xx or a transport error.
	idempotent bool
	// raw, when set, is sent as the body instead of body's JSON, with
	// contentType (a multipart upload).
	raw         []byte
	contentType string
	// personal marks a request whose bodies hold personal data (compliance
	// documents, end users): the log gives their sizes only.
	personal bool
	// errorShape reads an error reply that is not the API's usual
	// {api_id, error} (another host's, such as the number look-up's).
	errorShape func(body []byte) (apiID, message string)
}

// accountPath joins path segments below the account root, escaping each.
func accountPath(segments ...string) string {
	var b strings.Builder
	for _, s := range segments {
		b.WriteString(url.PathEscape(s))
		b.WriteByte('/')
	}
	return b.String()
}

func (c *Client) do(ctx context.Context, r request, out any) error {
	if c.pending != nil {
		return &ConfigurationUnknownError{Unknown: c.pending}
	}
	// The token must never reach a log, whatever a caller logs later.
	// A logger that emits nothing (Terraform without TF_LOG: the provider
	// sets its level off) needs no mask, and copying its options per
	// request is a measurable share of an apply's CPU.
	if tflog.IsError(ctx) {
		ctx = tflog.MaskAllFieldValuesStrings(ctx, c.authToken)
		ctx = tflog.MaskMessageStrings(ctx, c.authToken)
	}
	ctx = context.WithValue(ctx, idempotentKey{}, r.idempotent)
	if r.personal {
		ctx = context.WithValue(ctx, personalKey{}, true)
	}
	ctx = context.WithValue(ctx, attemptsKey{}, &attempts{})

	u := *c.base
	u.Path = strings.TrimRight(c.base.Path, "/") + "/v1/Account/" + url.PathEscape(c.authID) + "/" + r.path
	if r.host != nil {
		u = *r.host
		u.Path = strings.TrimRight(r.host.Path, "/") + "/" + r.path
	}
	if len(r.query) > 0 {
		u.RawQuery = r.query.Encode()
	}
	var body []byte
	if r.raw != nil {
		body = r.raw
	} else if r.body != nil {
		var err error
		if body, err = json.Marshal(r.body); err != nil {
			return fmt.Errorf("encoding request: %w", err)
		}
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, r.method, u.String(), body)
	if err != nil {
		return err
	}
	// What a write touches leaves the Listings' snapshots, before it is
	// sent and again once it has ended (see written).
	done := c.written(r, body)
	carriedOut := false
	var reply []byte
	defer func() { done(reply, carriedOut) }()
	req.SetBasicAuth(c.authID, c.authToken)
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Accept", "application/json")
	switch {
	case r.raw != nil:
		req.Header.Set("Content-Type", r.contentType)
	case body != nil:
		req.Header.Set("Content-Type", "application/json")
	}

	resp, err := c.rc.Do(req)
	if err != nil {
		if resp != nil {
			resp.Body.Close()
		}
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			if r.idempotent {
				return fmt.Errorf("%s %s: the run was interrupted: %w", r.method, u.Path, err)
			}
			// A request that changes something is never cut short
			// once sent (pacedTransport): this one never went out
			// (it waited for the pacer or between retries), so the
			// API saw nothing.
			return fmt.Errorf("%s %s: not sent: the run was interrupted: %w", r.method, u.Path, errors.Join(errNotSent, err))
		}
		if !r.idempotent && !neverReachedServer(err) {
			return &OutcomeUnknownError{Method: r.method, Path: u.Path, Err: err}
		}
		return fmt.Errorf("%s %s: %w", r.method, u.Path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxReplyBytes))
	if err != nil {
		if !r.idempotent {
			return &OutcomeUnknownError{Method: r.method, Path: u.Path, Err: err}
		}
		return fmt.Errorf("%s %s: reading reply: %w", r.method, u.Path, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &APIError{StatusCode: resp.StatusCode, Method: r.method, Path: u.Path}
		var e struct {
			APIID string `json:"api_id"`
			Error string `json:"error"`
		}
		if json.Unmarshal(data, &e) == nil {
			apiErr.APIID, apiErr.Message = e.APIID, e.Error
		}
		if apiErr.Message == "" && r.errorShape != nil {
			apiErr.APIID, apiErr.Message = r.errorShape(data)
		}
		return apiErr
	}
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("%s %s: decoding reply: %w", r.method, u.Path, err)
		}
	}
	reply, carriedOut = data, true
	return nil
}

// checkRetry decides as checkRetry does, and bounds the retries: a 429
// (when the pacer learns) against MaxThrottleRetries, anything else against
// MaxRetries. With MaxRetries 0 nothing is retried.
func (c *Client) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	retry, err := checkRetry(ctx, resp, err)
	if !retry {
		return false, err
	}
	a, _ := ctx.Value(attemptsKey{}).(*attempts)
	if a == nil {
		return true, nil
	}
	if c.learn && c.retries > 0 && resp != nil && resp.StatusCode == http.StatusTooManyRequests {
		a.throttles++
		return a.throttles <= MaxThrottleRetries, nil
	}
	a.failures++
	return a.failures <= c.retries, nil
}

// checkRetry retries 429 always (the server refused the request before doing
// anything), 5xx and transport errors only for idempotent requests, and a
// transport error on any request only when the connection was never made.
func checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		if err == nil && resp != nil {
			// Interrupted after the reply came: the reply stands (a
			// create's object reaches the state); nothing is retried.
			return false, nil
		}
		if err != nil {
			return false, err // the transport's own words say more
		}
		return false, ctx.Err()
	}
	idempotent, _ := ctx.Value(idempotentKey{}).(bool)
	if err != nil {
		var certErr *x509.UnknownAuthorityError
		var hostErr x509.HostnameError
		var invalid x509.CertificateInvalidError
		if errors.As(err, &certErr) || errors.As(err, &hostErr) || errors.As(err, &invalid) {
			return false, err
		}
		if idempotent || neverReachedServer(err) {
			return true, nil
		}
		return false, err
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return true, nil
	case resp.StatusCode >= 500 && resp.StatusCode != http.StatusNotImplemented:
		return idempotent, nil
	}
	return false, nil
}

// neverReachedServer is true when err proves the request was not delivered:
// the connection could not be opened or the name not resolved.
func neverReachedServer(err error) bool {
	if errors.Is(err, errNotSent) {
		return true
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return true
	}
	var opErr *net.OpError
	return errors.As(err, &opErr) && opErr.Op == "dial"
}

// backoffWithJitter honours Retry-After on 429 and 503 (bounded by
// MaxRetryAfter) and otherwise waits an exponentially growing time with
// "equal jitter", so parallel resources that hit a limit together do not
// come back together.
func backoffWithJitter(minWait, maxWait time.Duration, attempt int, resp *http.Response) time.Duration {
	if resp != nil && (resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable) {
		if d, ok := parseRetryAfter(resp.Header.Get("Retry-After")); ok {
			return min(d, MaxRetryAfter)
		}
	}
	d := maxWait
	if attempt < 30 {
		d = min(minWait<<attempt, maxWait)
	}
	half := d / 2
	return half + rand.N(half+1)
}

func parseRetryAfter(v string) (time.Duration, bool) {
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0), true
	}
	return 0, false
}

// loggingTransport logs every attempt at debug level, with the Authorization
// header left out and secret JSON fields redacted from both bodies. When
// the provider's logger would not write a debug line, it passes the request
// on untouched.
type loggingTransport struct{ next http.RoundTripper }

func (t *loggingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	if !tflog.IsDebug(ctx) {
		// Nothing would be logged: copying both bodies and redacting
		// them (a JSON decode and encode each) is wasted, and was most
		// of the client's CPU in an apply (internal/cmd/bench/README.md).
		return t.next.RoundTrip(req)
	}
	start := time.Now()
	var reqBody []byte
	if req.GetBody != nil {
		if rc, err := req.GetBody(); err == nil {
			reqBody, _ = io.ReadAll(rc)
			rc.Close()
		}
	}
	personal, _ := ctx.Value(personalKey{}).(bool)
	logBody := RedactJSON
	if personal {
		logBody = sizeOnly
	}
	tflog.Debug(ctx, "CPaaS API request", map[string]any{
		"method": req.Method,
		"url":    req.URL.Redacted(),
		"body":   logBody(reqBody),
	})
	resp, err := t.next.RoundTrip(req)
	fields := map[string]any{"method": req.Method, "url": req.URL.Redacted(), "duration_ms": time.Since(start).Milliseconds()}
	if err != nil {
		fields["error"] = err.Error()
		tflog.Debug(ctx, "CPaaS API request failed", fields)
		return nil, err
	}
	fields["status"] = resp.StatusCode
	data, readErr := io.ReadAll(io.LimitReader(resp.Body, maxReplyBytes))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(data))
	if readErr != nil {
		return nil, readErr
	}
	fields["body"] = logBody(data)
	tflog.Debug(ctx, "CPaaS API response", fields)
	return resp, nil
}

// secretKeys are JSON keys whose values never appear in a log, at any
// depth of a request or reply, in lower case: the account's own token here,
// and what each area declares beside its calls (its secrets, and personal
// data, whose requests are also logged by size only), named in this list.
var secretKeys = keySet([]string{"auth_token"},
	complianceSecretKeys,
	endpointSecretKeys,
	maskingSecretKeys,
	subaccountSecretKeys,
	trunkingSecretKeys,
	verificationSecretKeys,
)

// keySet is the set of the lists' keys, lower-cased.
func keySet(lists ...[]string) map[string]bool {
	set := map[string]bool{}
	for _, keys := range lists {
		for _, k := range keys {
			set[strings.ToLower(k)] = true
		}
	}
	return set
}

// sizeOnly summarises a body holding personal data by its size.
func sizeOnly(body []byte) string {
	if len(body) == 0 {
		return ""
	}
	return fmt.Sprintf("<%d bytes of personal data, not logged>", len(body))
}

// RedactJSON returns body as text with the values of secret keys replaced,
// at any depth. A body that is not JSON is summarised by its size only, so
// nothing unparsed can leak.
func RedactJSON(body []byte) string {
	if len(bytes.TrimSpace(body)) == 0 {
		return ""
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return fmt.Sprintf("<%d bytes, not JSON>", len(body))
	}
	out, _ := json.Marshal(redact(v))
	return string(out)
}

func redact(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if secretKeys[strings.ToLower(k)] {
				x[k] = "***REDACTED***"
				continue
			}
			x[k] = redact(val)
		}
	case []any:
		for i := range x {
			x[i] = redact(x[i])
		}
	}
	return v
}
