package client

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
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

func BenchmarkRedactJSON(b *testing.B) {
	body := []byte(`{"username":"alice","password":"s3cret-pass","alias":"desk","app_id":"1"}`)
	b.ReportAllocs()
	for b.Loop() {
		_ = RedactJSON(body)
	}
}
