package client

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/terraform-plugin-log/tflogtest"
	"github.com/hashicorp/terraform-plugin-log/tfsdklog"
)

// benchServer answers every request with a fixed endpoint, so the
// benchmarks measure the client: encoding, auth, the retry wrapper, the
// redacting logger and decoding.
func benchServer(b *testing.B) *Client {
	b.Helper()
	body := []byte(`{"alias":"desk","api_id":"a-1","application":"","endpoint_id":"12345678901234","password":"e52d98c459819a11775936d8dfbb7929",` +
		`"resource_uri":"/v1/Account/MATEST00000000000001/Endpoint/12345678901234/","sip_registered":"false",` +
		`"sip_uri":"sip:alice123456789012@sip.cpaas.test","sub_account":null,"username":"alice123456789012"}`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	b.Cleanup(srv.Close)
	c, err := New(Config{BaseURL: srv.URL, AuthID: "MATEST00000000000001", AuthToken: "tok-secret", MaxRetries: -1})
	if err != nil {
		b.Fatal(err)
	}
	return c
}

func BenchmarkTransportGet(b *testing.B) {
	c := benchServer(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.GetEndpoint(ctx, "12345678901234"); err != nil {
			b.Fatal(err)
		}
	}
}

// Ten at once, as terraform -parallelism=10: one keep-alive pool, no lock
// shared by the requests.
func BenchmarkTransportGetParallel(b *testing.B) {
	c := benchServer(b)
	ctx := context.Background()
	b.ReportAllocs()
	b.SetParallelism(5) // GOMAXPROCS*5 goroutines: 10 on a 2-core runner
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := c.GetEndpoint(ctx, "12345678901234"); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func BenchmarkTransportCreate(b *testing.B) {
	c := benchServer(b)
	ctx := context.Background()
	in := EndpointCreate{Username: "alice", Password: "s3cret-pass", Alias: "desk"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.CreateEndpoint(ctx, in); err != nil {
			b.Fatal(err)
		}
	}
}

// Under Terraform without TF_LOG the provider's logger is off
// (main.go's quietUnreadLogs): a create is then what an apply pays per
// resource, with nothing logged.
func BenchmarkTransportCreateLogsOff(b *testing.B) {
	benchmarkCreate(b, logsOff(context.Background()))
}

// With TF_LOG=DEBUG every request and reply is logged, bodies redacted.
func BenchmarkTransportCreateLogsDebug(b *testing.B) {
	benchmarkCreate(b, tflogtest.RootLogger(context.Background(), io.Discard))
}

func benchmarkCreate(b *testing.B, ctx context.Context) {
	c := benchServer(b)
	in := EndpointCreate{Username: "alice", Password: "s3cret-pass", Alias: "desk"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.CreateEndpoint(ctx, in); err != nil {
			b.Fatal(err)
		}
	}
}

// logsOff is ctx with the provider's root logger at level off, as the
// plugin serves every call when Terraform shows no provider log.
func logsOff(ctx context.Context) context.Context {
	return tfsdklog.NewRootProviderLogger(ctx, tfsdklog.WithLevel(hclog.Off))
}

func BenchmarkRedactJSON(b *testing.B) {
	body := []byte(`{"username":"alice","password":"s3cret-pass","alias":"desk","app_id":"1"}`)
	b.ReportAllocs()
	for b.Loop() {
		_ = RedactJSON(body)
	}
}
