package tollfree

import (
	"context"
	"fmt"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of toll-free verifications on a real
// account (kit/real.go). A verification has no name: it is the test's
// when the profile it hangs from is (profile_alias carries the prefix), so
// it goes before the profiles, and before the numbers it verifies. A
// person reviews each.
var (
	sweepers = []kit.Sweeper{{Name: "toll-free verifications", Kind: "tollfree_verifications",
		List: kit.Listed(listWithProfiles,
			func(v ofProfile) string { return v.UUID }, func(v ofProfile) string { return v.profileAlias }),
		Delete: (*client.Client).DeleteTollfreeVerification}}
	realKinds = []kit.RealKind{{Types: []string{`resource "cpaas_tollfree_verification"`}, Spend: kit.SpendCompliance}}
)

// ofProfile is a toll-free verification with the alias of the profile it
// hangs from ("" when the profile is gone).
type ofProfile struct {
	client.TollfreeVerification
	profileAlias string
}

func listWithProfiles(c *client.Client, ctx context.Context) ([]ofProfile, error) {
	profiles, err := c.ListAllProfiles(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing the profiles: %w", err)
	}
	aliases := make(map[string]string, len(profiles))
	for _, p := range profiles {
		aliases[p.ProfileUUID] = p.ProfileAlias
	}
	vs, err := c.ListAllTollfreeVerifications(ctx, client.TollfreeFilter{})
	out := make([]ofProfile, 0, len(vs))
	for _, v := range vs {
		out = append(out, ofProfile{v, aliases[v.ProfileUUID]})
	}
	return out, err
}
