package client

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestTrunking_pagesAndDeleteOrder lists past one page (the API's next has
// no leading slash), and meets the API's refusal to delete what a trunk
// names, as an APIError naming the trunk.
func TestTrunking_pagesAndDeleteOrder(t *testing.T) {
	_, newClient := emulatorClient(t)
	c, ctx := newClient(), context.Background()
	var acls []string
	for i := range 23 {
		out, err := c.CreateIPACL(ctx, IPACLCreate{Name: fmt.Sprint("acl", i), IPAddresses: []string{fmt.Sprintf("192.0.2.%d", i+1)}})
		if err != nil {
			t.Fatal(err)
		}
		acls = append(acls, out.IPACLUUID)
	}
	all, err := c.ListAllIPACLs(ctx)
	if err != nil || len(all) != 23 || all[22].IPACLUUID != acls[22] {
		t.Fatalf("ListAllIPACLs: %d, %v", len(all), err)
	}
	trunk, err := c.CreateTrunk(ctx, TrunkCreate{Name: "pbx", TrunkDirection: "outbound", IPACLUUID: acls[0]})
	if err != nil {
		t.Fatal(err)
	}
	var apiErr *APIError
	if err := c.DeleteIPACL(ctx, acls[0]); !errors.As(err, &apiErr) || apiErr.StatusCode != 400 || !strings.Contains(err.Error(), trunk.TrunkID) {
		t.Fatalf("deleting a named IP access list: %v", err)
	}
	trunks, err := c.ListAllTrunks(ctx, TrunkFilter{IPACLUUID: acls[0]})
	if err != nil || len(trunks) != 1 || trunks[0].TrunkDomain == "" {
		t.Fatalf("ListAllTrunks: %v, %v", trunks, err)
	}
	if err := c.DeleteTrunk(ctx, trunk.TrunkID); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteIPACL(ctx, acls[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetIPACL(ctx, acls[0]); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GetIPACL after delete: %v", err)
	}
}

func TestRedactJSON_trunkingPasswords(t *testing.T) {
	for _, body := range []string{
		`{"username":"pbx","password":"zt-secret-1"}`, `{"username":"pbx","Password":"zt-secret-1"}`,
		`{"uri":"pbx.example.com","authentication_needed":true,"username":"in","password":"zt-secret-1"}`,
	} {
		if got := RedactJSON([]byte(body)); strings.Contains(got, "zt-secret-1") {
			t.Errorf("redacted %s still holds the password: %s", body, got)
		}
	}
}
