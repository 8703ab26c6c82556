package client_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

func TestApplicationClientAgainstEmulator(t *testing.T) {
	c, env := emulated(t)
	ctx := context.Background()
	str := func(s string) *string { return &s }
	no := false
	created, err := c.CreateApplication(ctx, client.ApplicationCreate{AppName: "ivr", ApplicationSettings: client.ApplicationSettings{
		AnswerURL: str("https://example.com/answer"), AnswerMethod: str("GET"), LogIncomingMessages: &no,
	}})
	if err != nil {
		t.Fatal(err)
	}
	id := created.AppID
	got, err := c.GetApplication(ctx, id)
	if err != nil || got.AppName != "ivr" || got.AnswerMethod != "GET" || got.LogIncomingMessages || got.HangupMethod != "POST" {
		t.Fatalf("get: %+v %v", got, err)
	}
	if err := c.UpdateApplication(ctx, id, client.ApplicationUpdate{AppName: str("ivr-2")}); err != nil {
		t.Fatal(err)
	}
	other, err := c.CreateApplication(ctx, client.ApplicationCreate{AppName: "other", ApplicationSettings: client.ApplicationSettings{AnswerURL: str("https://example.com/a")}})
	if err != nil {
		t.Fatal(err)
	}
	named, err := c.ListAllApplications(ctx, "ivr-2")
	if err != nil || len(named) != 1 || named[0].AppID != id {
		t.Fatalf("list by name: %+v %v", named, err)
	}
	all, err := c.ListAllApplications(ctx, "")
	if err != nil || len(all) != 2 || all[1].AppID != other.AppID {
		t.Fatalf("list: %+v %v", all, err)
	}
	ep, err := c.CreateEndpoint(ctx, client.EndpointCreate{Username: "desk", Password: "secret", Alias: "Desk", AppID: id})
	if err != nil {
		t.Fatal(err)
	}
	// The zero ApplicationDelete keeps the endpoints: it sends cascade=false.
	if err := c.DeleteApplication(ctx, id, client.ApplicationDelete{}); err != nil {
		t.Fatal(err)
	}
	kept, err := c.GetEndpoint(ctx, ep.EndpointID)
	if err != nil || kept.AppID() != "" {
		t.Fatalf("endpoint after deleting its application: %+v %v", kept, err)
	}
	if _, err := c.GetApplication(ctx, id); !errors.Is(err, client.ErrNotFound) {
		t.Fatalf("get after delete: %v", err)
	}
	if err := c.DeleteApplication(ctx, id, client.ApplicationDelete{}); !errors.Is(err, client.ErrNotFound) {
		t.Fatalf("second delete: %v", err)
	}
	for _, p := range env.Requests() {
		if strings.Contains(p, "Application") && !strings.HasSuffix(p, "/") {
			t.Errorf("path without its trailing slash: %s", p)
		}
	}
}
