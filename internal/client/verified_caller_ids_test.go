package client

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/clienttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

func TestVerifiedCallerIDsAgainstTheEmulator(t *testing.T) {
	ctx := context.Background()
	env := clienttest.Start(t, emulator.Options{Seed: 9})
	srv := env.Server
	c, err := New(Config{BaseURL: env.URL, AuthID: env.AuthID, AuthToken: env.AuthToken, MaxRetries: 1})
	if err != nil {
		t.Fatal(err)
	}
	init, err := c.InitiateCallerIDVerification(ctx, VerifiedCallerIDInitiate{PhoneNumber: "+14155550142", Alias: "desk"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetVerifiedCallerID(ctx, "+14155550142"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GET before verify: %v, want ErrNotFound", err)
	}
	code, _ := srv.VerificationCode(emulator.DefaultAuthID, "14155550142")
	v, err := c.VerifyCallerID(ctx, init.VerificationUUID, code.Code)
	if err != nil || v.PhoneNumber != "+14155550142" || v.Country != "US" {
		t.Fatalf("verify: %+v %v", v, err)
	}
	_, err = c.InitiateCallerIDVerification(ctx, VerifiedCallerIDInitiate{PhoneNumber: "14155550142"})
	if StatusCode(err) != http.StatusConflict {
		t.Fatalf("initiate of a verified number: %v, want a 409", err)
	}
	alias := "front desk"
	up, err := c.UpdateVerifiedCallerID(ctx, "14155550142", VerifiedCallerIDUpdate{Alias: &alias})
	if err != nil || up.Alias != alias {
		t.Fatalf("update: %+v %v", up, err)
	}
	all, err := c.ListAllVerifiedCallerIDs(ctx, VerifiedCallerIDFilter{Alias: alias})
	if err != nil || len(all) != 1 || all[0].PhoneNumber != "+14155550142" {
		t.Fatalf("list by alias: %+v %v", all, err)
	}
	if none, _ := c.ListAllVerifiedCallerIDs(ctx, VerifiedCallerIDFilter{Alias: "other"}); len(none) != 0 {
		t.Fatalf("list by another alias: %+v", none)
	}
	if err := c.DeleteVerifiedCallerID(ctx, "+14155550142"); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteVerifiedCallerID(ctx, "+14155550142"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("second delete: %v, want ErrNotFound", err)
	}
}

// An initiate sends a message to a person's phone: a 5xx is not retried.
func TestInitiateCallerIDVerificationIsNeverRetried(t *testing.T) {
	srv, n := server(t, http.StatusServiceUnavailable, http.StatusOK)
	c := newTestClient(t, srv.URL, 3)
	if _, err := c.InitiateCallerIDVerification(context.Background(), VerifiedCallerIDInitiate{PhoneNumber: "14155550142"}); err == nil {
		t.Fatal("want the 503")
	}
	if n.Load() != 1 {
		t.Fatalf("%d attempts, want 1", n.Load())
	}
}
