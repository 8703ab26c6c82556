package verification

import (
	"context"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of the oldest compliance generation
// (Verification/Address, Verification/Identity) on a real account
// (kit/real.go): a person reviews every create, as for the other
// compliance kinds; the proxy prefixes the alias (which the provider
// requires); the sweepers delete what carries the prefix.
var (
	sweepers = []kit.Sweeper{
		{Name: "verification addresses", Kind: "verification_addresses",
			List: kit.Listed(func(c *client.Client, ctx context.Context) ([]client.VerificationAddress, error) {
				return c.ListAllVerificationAddresses(ctx, client.VerificationFilter{})
			}, func(a client.VerificationAddress) string { return a.ID }, func(a client.VerificationAddress) string { return deref(a.Alias) }),
			Delete: (*client.Client).DeleteVerificationAddress},
		{Name: "verification identities", Kind: "verification_identities",
			List: kit.Listed(func(c *client.Client, ctx context.Context) ([]client.VerificationIdentity, error) {
				return c.ListAllVerificationIdentities(ctx, client.VerificationFilter{})
			}, func(a client.VerificationIdentity) string { return a.ID }, func(a client.VerificationIdentity) string { return deref(a.Alias) }),
			Delete: (*client.Client).DeleteVerificationIdentity},
	}
	realKinds = []kit.RealKind{
		{Path: "Verification/Address", Named: true, Types: []string{`resource "cpaas_verification_address"`}, Spend: kit.SpendCompliance},
		{Path: "Verification/Identity", Named: true, Types: []string{`resource "cpaas_verification_identity"`}, Spend: kit.SpendCompliance},
	}
)
