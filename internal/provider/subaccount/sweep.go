package subaccount

import (
	"context"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of subaccounts on a real account
// (kit/real.go). A subaccount is deleted without cascade, after what it
// holds: what is left moves to the main account, where the other sweepers
// judge it by its own name.
var (
	sweepers = []kit.Sweeper{{Name: "subaccounts", Kind: "subaccounts", After: []string{"applications", "endpoints", "numbers"},
		List: kit.Listed((*client.Client).ListAllSubaccounts,
			func(s client.Subaccount) string { return s.AuthID }, func(s client.Subaccount) string { return s.Name }),
		Delete: func(c *client.Client, ctx context.Context, id string) error {
			return c.DeleteSubaccount(ctx, id, false)
		}}}
	realKinds = []kit.RealKind{{Path: "Subaccount", Named: true}}
)
