package callerid

import (
	"context"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of verified caller ids on a real
// account (kit/real.go): a verification sends a code, which costs what a
// message does.
var (
	sweepers = []kit.Sweeper{{Name: "verified caller ids", Kind: "verified_caller_ids",
		List: kit.Listed(func(c *client.Client, ctx context.Context) ([]client.VerifiedCallerID, error) {
			return c.ListAllVerifiedCallerIDs(ctx, client.VerifiedCallerIDFilter{})
		}, func(v client.VerifiedCallerID) string { return v.PhoneNumber }, func(v client.VerifiedCallerID) string { return v.Alias }),
		Delete: (*client.Client).DeleteVerifiedCallerID}}
	realKinds = []kit.RealKind{
		{Path: "VerifiedCallerId", Named: true},
		{Types: []string{`resource "cpaas_verified_caller_id"`}, Spend: kit.SpendMessages},
	}
)
