package client

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"
)

// logTestClient is a client of a server that answers every request with
// an endpoint whose reply carries a password.
func logTestClient(t *testing.T) *Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"api_id":"a-1","endpoint_id":"12345678901234","username":"alice","password":"reply-secret","alias":"desk"}`))
	}))
	t.Cleanup(srv.Close)
	c, err := New(Config{BaseURL: srv.URL, AuthID: "MATEST00000000000001", AuthToken: "tok-secret", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// With debug logs on, each request and reply is logged with its body,
// secrets redacted; the caller still gets the whole reply.
func TestTransportLogsRedactedBodiesAtDebug(t *testing.T) {
	c := logTestClient(t)
	var out bytes.Buffer
	ctx := tflogtest.RootLogger(context.Background(), &out)
	ep, err := c.CreateEndpoint(ctx, EndpointCreate{Username: "alice", Password: "s3cret-pass", Alias: "desk"})
	if err != nil {
		t.Fatal(err)
	}
	if ep.EndpointID != "12345678901234" || ep.Alias != "desk" {
		t.Errorf("reply decoded as %+v", ep)
	}
	log := out.String()
	for _, want := range []string{"CPaaS API request", "CPaaS API response", `\"username\":\"alice\"`, "REDACTED"} {
		if !strings.Contains(log, want) {
			t.Errorf("debug log lacks %q:\n%s", want, log)
		}
	}
	for _, secret := range []string{"s3cret-pass", "reply-secret", "tok-secret"} {
		if strings.Contains(log, secret) {
			t.Errorf("debug log holds %q:\n%s", secret, log)
		}
	}
}

// With the provider's logger off (Terraform without TF_LOG), a request
// costs no logging work: no copy, decode and re-encode of either body, no
// masks. Before, a create allocated as much with logs off as with them on.
func TestTransportDoesNoLoggingWorkWhenLogsAreOff(t *testing.T) {
	c := logTestClient(t)
	in := EndpointCreate{Username: "alice", Password: "s3cret-pass", Alias: "desk"}
	allocs := func(ctx context.Context) float64 {
		return testing.AllocsPerRun(50, func() {
			ep, err := c.CreateEndpoint(ctx, in)
			if err != nil || ep.EndpointID != "12345678901234" {
				t.Fatalf("create: %+v, %v", ep, err)
			}
		})
	}
	var out bytes.Buffer
	on := allocs(tflogtest.RootLogger(context.Background(), &out))
	off := allocs(logsOff(context.Background()))
	t.Logf("allocations per create: %.0f with debug logs, %.0f with logs off", on, off)
	if off > 0.75*on {
		t.Errorf("a create with logs off allocates %.0f times, with debug logs %.0f: logging work is done for nothing", off, on)
	}
}
