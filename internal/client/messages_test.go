package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/clienttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
)

const (
	testAuthID   = "MACLIENTTEST00000001"
	msgTestToken = "client-test-token"
)

func newClient(t *testing.T, url string) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{BaseURL: url, AuthID: testAuthID, AuthToken: msgTestToken, RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestMessagesAgainstEmulator(t *testing.T) {
	env := clienttest.Start(t, emulator.Options{Accounts: []emulator.Account{{ID: testAuthID, Token: msgTestToken}}, Clock: emulator.NewManualClock(time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC))})
	srv := env.Server
	c := newClient(t, env.URL)
	ctx := context.Background()

	expiry := 60
	sent, err := c.SendMessage(ctx, messagerules.Message{Src: "14155550100", Dst: "447700900001<447700900002", Text: "hi", MessageExpiry: &expiry})
	if err != nil {
		t.Fatal(err)
	}
	if len(sent.MessageUUID) != 2 || sent.Message != "message(s) queued" {
		t.Fatalf("reply %+v", sent)
	}
	srv.Clock().Advance(2 * time.Second)
	m, err := c.GetMessage(ctx, sent.MessageUUID[1])
	if err != nil {
		t.Fatal(err)
	}
	if m.MessageState != "delivered" || m.Code() != "000" || m.ToNumber != "447700900002" || m.Units != 1 {
		t.Fatalf("record %+v", m)
	}
	list, err := c.ListMessages(ctx, client.MessageFilter{State: "delivered", Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if list.Meta.TotalCount != 2 || len(list.Objects) != 1 || list.Meta.Next == nil {
		t.Fatalf("list %+v", list)
	}
	media, err := c.ListMessageMedia(ctx, sent.MessageUUID[0])
	if err != nil || len(media.Objects) != 0 {
		t.Fatalf("media %+v %v", media, err)
	}
	if _, err := c.GetMessage(ctx, "7d1c1f5e-0000-4000-8000-000000000000"); !errors.Is(err, client.ErrNotFound) {
		t.Fatalf("unknown message: %v", err)
	}
	_, err = c.SendMessage(ctx, messagerules.Message{Src: "14155550100", Dst: "447700900001"})
	if client.StatusCode(err) != http.StatusBadRequest {
		t.Fatalf("missing text: %v", err)
	}
}

// A send that fails with a 5xx may have been carried out: it is never
// repeated, while a read is.
func TestSendMessageIsNeverRetried(t *testing.T) {
	var sends, reads atomic.Int32
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			sends.Add(1)
		} else {
			reads.Add(1)
		}
		w.WriteHeader(http.StatusBadGateway)
		_, _ = w.Write([]byte(`{"api_id":"x","error":"upstream"}`))
	}))
	t.Cleanup(hs.Close)
	c := newClient(t, hs.URL)
	if _, err := c.SendMessage(context.Background(), messagerules.Message{Src: "14155550100", Dst: "447700900001", Text: "x"}); client.StatusCode(err) != http.StatusBadGateway {
		t.Fatalf("send: %v", err)
	}
	if _, err := c.GetMessage(context.Background(), "x"); err == nil {
		t.Fatal("read did not fail")
	}
	if sends.Load() != 1 || reads.Load() != 1+client.DefaultMaxRetries {
		t.Fatalf("sends %d reads %d", sends.Load(), reads.Load())
	}
}
