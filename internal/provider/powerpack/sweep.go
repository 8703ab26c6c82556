package powerpack

import (
	"context"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of powerpacks on a real account
// (kit/real.go). A sweep never unrents a pool's numbers: the numbers
// sweeper releases those that carry the prefix.
var (
	sweepers = []kit.Sweeper{{Name: "powerpacks", Kind: "powerpacks",
		List: kit.Listed((*client.Client).ListAllPowerpacks,
			func(p client.Powerpack) string { return p.UUID }, func(p client.Powerpack) string { return p.Name }),
		Delete: func(c *client.Client, ctx context.Context, id string) error { return c.DeletePowerpack(ctx, id, false) }}}
	realKinds = []kit.RealKind{
		{Path: "Powerpack", Named: true},
		{Types: []string{`resource "cpaas_powerpack_number"`}, Spend: kit.SpendNumbers},
	}
)
