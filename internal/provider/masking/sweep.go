package masking

import (
	"context"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of masking sessions on a real account
// (kit/real.go). A session has no name to sweep it by (it expires on its
// own), but Env.Objects lists the test's own active sessions. Sessions
// take their virtual numbers from the account's numbers, which parallel
// tests exhaust and the checks name: a test of them needs an account of
// its own.
var (
	sweepers = []kit.Sweeper{{Name: "masking sessions", Kind: "masking_sessions",
		List: kit.Listed(func(c *client.Client, ctx context.Context) ([]client.MaskingSession, error) {
			return c.ListAllMaskingSessions(ctx, client.MaskingSessionFilter{Status: "active"})
		}, func(s client.MaskingSession) string { return s.SessionUUID }, func(client.MaskingSession) string { return "" })}}
	realKinds = []kit.RealKind{
		{Path: "Masking", Named: true},
		{Types: []string{`resource "cpaas_masking_session"`, `data "cpaas_masking_sessions"`},
			OwnAccount: "masking sessions take their virtual numbers from the account's numbers, which parallel tests exhaust and the checks name"},
	}
)
