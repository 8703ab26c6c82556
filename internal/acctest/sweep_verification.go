package acctest

import (
	"context"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// The oldest compliance generation (Verification/Address,
// Verification/Identity): a person reviews every create, as for the other
// compliance kinds; the proxy prefixes the alias (which the provider
// requires); the sweepers delete what carries the prefix.
var (
	_ = registerRealKind(realKind{path: "Verification/Address", types: []string{`resource "cpaas_verification_address"`}, spend: SpendCompliance})
	_ = registerRealKind(realKind{path: "Verification/Identity", types: []string{`resource "cpaas_verification_identity"`}, spend: SpendCompliance})

	_ = sweepKind[client.VerificationAddress]{name: "verification addresses", kind: "verification_addresses",
		list: func(ctx context.Context, c *client.Client) ([]client.VerificationAddress, error) {
			return c.ListAllVerificationAddresses(ctx, client.VerificationFilter{})
		},
		label: func(a client.VerificationAddress) string { return str(a.Alias) }, id: func(a client.VerificationAddress) string { return a.ID },
		del: (*client.Client).DeleteVerificationAddress}.register()
	_ = sweepKind[client.VerificationIdentity]{name: "verification identities", kind: "verification_identities",
		list: func(ctx context.Context, c *client.Client) ([]client.VerificationIdentity, error) {
			return c.ListAllVerificationIdentities(ctx, client.VerificationFilter{})
		},
		label: func(a client.VerificationIdentity) string { return str(a.Alias) }, id: func(a client.VerificationIdentity) string { return a.ID },
		del: (*client.Client).DeleteVerificationIdentity}.register()
)
