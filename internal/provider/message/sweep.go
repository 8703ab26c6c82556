package message

import (
	"context"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of messages on a real account
// (kit/real.go). Messages cannot be deleted: Env.Objects lists the test's
// own, as the emulator's inventory does, so that a test counts what its
// configuration sent. Sending costs money.
var (
	sweepers = []kit.Sweeper{{Name: "messages", Kind: "messages",
		List: func(ctx context.Context, c *client.Client, q kit.SweepQuery) ([]kit.Swept, error) {
			// The account keeps every message it sent: only those queued
			// since the test started (an hour's margin for the service's
			// clock) can be the test's.
			msgs, err := c.ListAllMessages(ctx, client.MessageFilter{Direction: "outbound",
				TimeGTE: q.Since.Add(-time.Hour).UTC().Format("2006-01-02 15:04:05")})
			out := make([]kit.Swept, 0, len(msgs))
			for _, m := range msgs {
				out = append(out, kit.Swept{ID: m.MessageUUID})
			}
			return out, err
		}}}
	realKinds = []kit.RealKind{{Path: "Message", Types: []string{`resource "cpaas_message"`, `action "cpaas_send_message"`}, Spend: kit.SpendMessages}}
)
