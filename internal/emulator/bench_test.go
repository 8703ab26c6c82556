package emulator

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
)

// The emulator's hot handlers, served through ServeHTTP (routing, auth,
// fault check, handler, JSON) without a network in between.

func benchRequest(method, path, body string) *http.Request {
	req := httptest.NewRequest(method, "/v1/Account/"+DefaultAuthID+"/"+path, strings.NewReader(body))
	req.SetBasicAuth(DefaultAuthID, DefaultAuthToken)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

func serveBench(b *testing.B, s *Server, method, path, body string, want int) {
	b.Helper()
	w := httptest.NewRecorder()
	s.ServeHTTP(w, benchRequest(method, path, body))
	if w.Code != want {
		b.Fatalf("%s %s: %d %s", method, path, w.Code, w.Body)
	}
}

// benchServerWith returns a server holding n endpoints and their ids.
func benchServerWith(b *testing.B, n int) (*Server, []string) {
	b.Helper()
	s := New(Options{Seed: 1})
	b.Cleanup(s.Close)
	ids := make([]string, 0, n)
	s.mu.Lock()
	for i := range n {
		e := &endpoint{seq: s.nextSeq(), ID: s.randDigits(14), Username: fmt.Sprintf("u%d%s", i, s.randDigits(12)), PasswordMD5: endpointrules.PasswordDigest("secret"), Alias: "a"}
		s.accounts[DefaultAuthID].endpoints()[e.ID] = e
		ids = append(ids, e.ID)
	}
	s.mu.Unlock()
	return s, ids
}

func BenchmarkEndpointCreate(b *testing.B) {
	s, _ := benchServerWith(b, 0)
	b.ReportAllocs()
	for b.Loop() {
		serveBench(b, s, http.MethodPost, "Endpoint/", `{"username":"alice","password":"s3cret-pass","alias":"desk"}`, http.StatusCreated)
	}
}

func BenchmarkEndpointGet(b *testing.B) {
	s, ids := benchServerWith(b, 1000)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		serveBench(b, s, http.MethodGet, "Endpoint/"+ids[i%len(ids)]+"/", "", http.StatusOK)
		i++
	}
}

func BenchmarkEndpointGetParallel(b *testing.B) {
	s, ids := benchServerWith(b, 1000)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			w := httptest.NewRecorder()
			s.ServeHTTP(w, benchRequest(http.MethodGet, "Endpoint/"+ids[i%len(ids)]+"/", ""))
			if w.Code != http.StatusOK {
				b.Errorf("GET: %d", w.Code)
				return
			}
			i++
		}
	})
}

// One page of 20 from an account of 1,000 endpoints: what the refresh
// prefetch asks 50 times.
func BenchmarkEndpointListPage(b *testing.B) {
	s, _ := benchServerWith(b, 1000)
	b.ReportAllocs()
	for b.Loop() {
		serveBench(b, s, http.MethodGet, "Endpoint/?limit=20&offset=500", "", http.StatusOK)
	}
}

func BenchmarkNumberSearch(b *testing.B) {
	s, _ := benchServerWith(b, 0)
	for _, q := range []string{"country_iso=US&limit=20&offset=0", "country_iso=US&limit=20&offset=980", "country_iso=US&type=local&services=sms&pattern=415&limit=20"} {
		b.Run(q, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				serveBench(b, s, http.MethodGet, "PhoneNumber/?"+q, "", http.StatusOK)
			}
		})
	}
}
