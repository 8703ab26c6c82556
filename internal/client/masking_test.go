package client_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/clienttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

const testID, testToken = "MACLIENTTEST00000001", "client-test-token"

// emulated is the usual setup of the client's external tests: the
// emulator with the test account and a manual clock, and a client that
// never retries.
func emulated(t *testing.T) (*client.Client, *clienttest.Env) {
	t.Helper()
	env := clienttest.Start(t, emulator.Options{
		Accounts: []emulator.Account{{ID: testID, Token: testToken}},
		Clock:    emulator.NewManualClock(time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)),
	})
	c, err := client.New(client.Config{BaseURL: env.URL, AuthID: env.AuthID, AuthToken: env.AuthToken, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c, env
}

func TestMaskingClientAgainstEmulator(t *testing.T) {
	c, env := emulated(t)
	ctx := context.Background()
	wait, yes := client.FlexInt(9), true
	created, err := c.CreateMaskingSession(ctx, client.MaskingSessionCreate{FirstParty: "14155551234", SecondParty: "14155555678", PINRetryWait: &wait,
		IsPINAuthenticationRequired: &yes, GeneratePIN: &yes})
	if err != nil {
		t.Fatal(err)
	}
	if created.VirtualNumber != "+"+created.Session.VirtualNumber || created.Session.SessionUUID != created.SessionUUID {
		t.Errorf("create reply: %+v", created)
	}
	id := created.SessionUUID
	got, err := c.GetMaskingSession(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got.SessionUUID != id || got.PINRetryWaitSeconds() == nil || *got.PINRetryWaitSeconds() != 9 || got.CreatedTime != "2025-01-02 03:04:05 +0000 UTC" || string(got.Interaction) != "null" {
		t.Errorf("get decoded %+v", got)
	}
	rt := int64(20)
	upd, err := c.UpdateMaskingSession(ctx, id, client.MaskingSessionUpdate{RingTimeout: &rt})
	if err != nil || upd.RingTimeout != 20 || upd.SessionUUID != id {
		t.Fatalf("update: %+v %v", upd, err)
	}
	list, err := c.ListAllMaskingSessions(ctx, client.MaskingSessionFilter{FirstParty: "14155551234", Status: "active"})
	if err != nil || len(list) != 1 || list[0].SessionUUID != id {
		t.Fatalf("list: %v %v", list, err)
	}
	if err := c.DeleteMaskingSession(ctx, id); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.GetMaskingSession(ctx, id); !got.IsExpired() {
		t.Errorf("after delete: status %s", got.Status)
	}
	if _, err := c.GetMaskingSession(ctx, "00000000-0000-0000-0000-000000000000"); !errors.Is(err, client.ErrNotFound) {
		t.Errorf("unknown session: %v", err)
	}
	for _, p := range env.Requests() {
		if strings.Contains(p, id) && strings.HasSuffix(p, "/") {
			t.Errorf("session path with a trailing slash: %s", p)
		}
	}
}

func TestMaskingPINsAreRedacted(t *testing.T) {
	out := client.RedactJSON([]byte(`{"session":{"first_party_pin":"1234","second_party_pin":"5678","first_party":"14155551234"}}`))
	if strings.Contains(out, `"1234"`) || strings.Contains(out, `"5678"`) || strings.Count(out, "REDACTED") != 2 || !strings.Contains(out, "14155551234") {
		t.Errorf("RedactJSON = %s", out)
	}
}
