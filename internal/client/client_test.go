package client

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func newTestClient(t *testing.T, url string, retries int) *Client {
	t.Helper()
	c, err := New(Config{BaseURL: url, AuthID: "MATEST00000000000001", AuthToken: "tok-secret", Version: "1.2.3",
		MaxRetries: retries, RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, RequestTimeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// server answers each attempt with the next status in statuses (the last
// one repeats) and counts attempts.
func server(t *testing.T, statuses ...int) (*httptest.Server, *atomic.Int32) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1)) - 1
		st := statuses[min(i, len(statuses)-1)]
		w.Header().Set("Content-Type", "application/json")
		if st == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", "0")
		}
		w.WriteHeader(st)
		if st >= 400 {
			_, _ = w.Write([]byte(`{"api_id":"a-1","error":"status ` + http.StatusText(st) + `"}`))
			return
		}
		_, _ = w.Write([]byte(`{"api_id":"a-2","endpoint_id":"42","username":"u000000000000","alias":"x","message":"created","password":"d"}`))
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

func TestRetryPolicy(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name         string
		statuses     []int
		call         func(c *Client) error
		wantAttempts int32
		wantStatus   int // 0: success
	}{
		{"read retried after 5xx", []int{500, 502, 200}, func(c *Client) error { _, err := c.GetEndpoint(ctx, "42"); return err }, 3, 0},
		{"delete retried after 503", []int{503, 204}, func(c *Client) error { return c.DeleteEndpoint(ctx, "42") }, 2, 0},
		{"update retried after 500", []int{500, 202}, func(c *Client) error {
			a := "x"
			return c.UpdateEndpoint(ctx, "42", EndpointUpdate{Alias: &a})
		}, 2, 0},
		{"create NOT retried after 500", []int{500, 201}, func(c *Client) error {
			_, err := c.CreateEndpoint(ctx, EndpointCreate{Username: "u", Password: "ppppp", Alias: "a"})
			return err
		}, 1, 500},
		{"create retried after 429", []int{429, 429, 201}, func(c *Client) error {
			_, err := c.CreateEndpoint(ctx, EndpointCreate{Username: "u", Password: "ppppp", Alias: "a"})
			return err
		}, 3, 0},
		{"400 never retried", []int{400, 200}, func(c *Client) error { _, err := c.GetEndpoint(ctx, "42"); return err }, 1, 400},
		{"404 is ErrNotFound, not retried", []int{404, 200}, func(c *Client) error { _, err := c.GetEndpoint(ctx, "42"); return err }, 1, 404},
		{"retries run out", []int{500}, func(c *Client) error { _, err := c.GetEndpoint(ctx, "42"); return err }, 4, 500},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv, n := server(t, tc.statuses...)
			err := tc.call(newTestClient(t, srv.URL, 3))
			if got := n.Load(); got != tc.wantAttempts {
				t.Errorf("attempts = %d, want %d", got, tc.wantAttempts)
			}
			if tc.wantStatus == 0 {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if got := StatusCode(err); got != tc.wantStatus {
				t.Fatalf("status = %d (%v), want %d", got, err, tc.wantStatus)
			}
			if tc.wantStatus == 404 && !errors.Is(err, ErrNotFound) {
				t.Fatalf("404 does not match ErrNotFound: %v", err)
			}
			var apiErr *APIError
			if errors.As(err, &apiErr) && (apiErr.APIID != "a-1" || !strings.Contains(apiErr.Message, "status")) {
				t.Fatalf("APIError lost the API's fields: %+v", apiErr)
			}
		})
	}
}

// A create whose connection dies after the request was sent may have been
// carried out: it is not retried and the error says so.
func TestCreateWithLostReplyIsOutcomeUnknown(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	}))
	defer srv.Close()
	_, err := newTestClient(t, srv.URL, 3).CreateEndpoint(context.Background(), EndpointCreate{Username: "u", Password: "ppppp", Alias: "a"})
	if !IsOutcomeUnknown(err) {
		t.Fatalf("want OutcomeUnknownError, got %v", err)
	}
	if n.Load() != 1 {
		t.Fatalf("a create with a lost reply was sent %d times", n.Load())
	}
	if !strings.Contains(err.Error(), "may or may not have been carried out") {
		t.Fatalf("error does not say the outcome is unknown: %v", err)
	}
}

// A read whose connection dies is retried.
func TestReadWithLostReplyIsRetried(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
			return
		}
		_, _ = w.Write([]byte(`{"endpoint_id":"42"}`))
	}))
	defer srv.Close()
	ep, err := newTestClient(t, srv.URL, 3).GetEndpoint(context.Background(), "42")
	if err != nil || ep.EndpointID != "42" || n.Load() != 2 {
		t.Fatalf("ep=%v err=%v attempts=%d", ep, err, n.Load())
	}
}

// A create that provably never reached a server (connection refused) is
// retried, and is not reported as an unknown outcome.
func TestCreateNeverReachedServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, err = newTestClient(t, "http://"+addr, 2).CreateEndpoint(context.Background(), EndpointCreate{Username: "u", Password: "ppppp", Alias: "a"})
	if err == nil || IsOutcomeUnknown(err) {
		t.Fatalf("want a plain connection error, got %v", err)
	}
	if !neverReachedServer(err) {
		t.Fatalf("connection refused not recognised as never reaching the server: %v", err)
	}
}

func TestTLSIsVerified(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { n.Add(1) }))
	defer srv.Close()
	_, err := newTestClient(t, srv.URL, 3).GetEndpoint(context.Background(), "42")
	if err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Fatalf("self-signed certificate accepted: %v", err)
	}
	if n.Load() != 0 {
		t.Fatalf("request reached the handler through an unverified TLS connection")
	}
}

func TestRequestHeaders(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user, pass, ok := r.BasicAuth()
		switch {
		case !ok || user != "MATEST00000000000001" || pass != "tok-secret":
			w.WriteHeader(401)
		case r.Header.Get("User-Agent") != "terraform-provider-cpaas/1.2.3":
			w.WriteHeader(400)
		case r.URL.Path != "/base/v1/Account/MATEST00000000000001/Endpoint/":
			w.WriteHeader(404)
		case r.Header.Get("Content-Type") != "application/json":
			w.WriteHeader(415)
		default:
			w.WriteHeader(201)
			_, _ = w.Write([]byte(`{"endpoint_id":"7"}`))
		}
	}))
	defer srv.Close()
	out, err := newTestClient(t, srv.URL+"/base/", 0).CreateEndpoint(context.Background(), EndpointCreate{Username: "u", Password: "ppppp", Alias: "a"})
	if err != nil || out.EndpointID != "7" {
		t.Fatalf("out=%v err=%v", out, err)
	}
}

func TestBackoff(t *testing.T) {
	resp := &http.Response{StatusCode: 429, Header: http.Header{"Retry-After": []string{"7"}}}
	if d := backoffWithJitter(time.Second, 30*time.Second, 0, resp); d != 7*time.Second {
		t.Fatalf("Retry-After 7 gave %v", d)
	}
	resp.Header.Set("Retry-After", "3600")
	if d := backoffWithJitter(time.Second, 30*time.Second, 0, resp); d != MaxRetryAfter {
		t.Fatalf("Retry-After 3600 gave %v, want the bound %v", d, MaxRetryAfter)
	}
	seen := map[time.Duration]bool{}
	for i := 0; i < 200; i++ {
		d := backoffWithJitter(100*time.Millisecond, 10*time.Second, 3, nil) // base 800ms
		if d < 400*time.Millisecond || d > 800*time.Millisecond {
			t.Fatalf("attempt 3 waited %v, outside [400ms, 800ms]", d)
		}
		seen[d] = true
	}
	if len(seen) < 50 {
		t.Fatalf("backoff has no jitter: %d distinct waits in 200", len(seen))
	}
	if d := backoffWithJitter(100*time.Millisecond, 2*time.Second, 40, nil); d > 2*time.Second || d < time.Second {
		t.Fatalf("attempt 40 waited %v, want within the cap", d)
	}
}

func TestRedactJSON(t *testing.T) {
	got := RedactJSON([]byte(`{"username":"u","password":"hunter22","nested":{"auth_token":"t0k","first_party_pin":"1234"},"list":[{"password":"p"}]}`))
	for _, secret := range []string{"hunter22", "t0k", "1234", `"p"`} {
		if strings.Contains(got, secret) {
			t.Fatalf("redacted body still holds %s: %s", secret, got)
		}
	}
	if !strings.Contains(got, `"username":"u"`) {
		t.Fatalf("redaction dropped ordinary fields: %s", got)
	}
	if got := RedactJSON([]byte("password=hunter22")); strings.Contains(got, "hunter22") {
		t.Fatalf("non-JSON body logged verbatim: %s", got)
	}
}

// Every key the areas declare in their secret keys is redacted at any depth,
// in any case: the keys the transport listed itself before the areas
// declared their own.
func TestRedactJSON_areaKeys(t *testing.T) {
	for _, key := range []string{"password", "auth_token", "new_auth_token", "password_wo", "first_party_pin", "second_party_pin",
		"end_user", "data_fields", "meta_information", "Password"} {
		got := RedactJSON([]byte(`{"outer":{"` + key + `":"s3cr3t-value"}}`))
		if strings.Contains(got, "s3cr3t-value") {
			t.Errorf("%s is logged: %s", key, got)
		}
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	if _, err := New(Config{BaseURL: "https://x", AuthID: "MA"}); err == nil {
		t.Fatal("missing token accepted")
	}
	if _, err := New(Config{BaseURL: "not a url", AuthID: "MA", AuthToken: "t"}); err == nil {
		t.Fatal("relative base URL accepted")
	}
}
