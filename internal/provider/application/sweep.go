package application

import (
	"context"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of applications on a real account
// (kit/real.go): an application goes after the endpoints, numbers and
// powerpacks that point at it.
var (
	sweepers = []kit.Sweeper{{Name: "applications", Kind: "applications", After: []string{"endpoints", "numbers", "powerpacks"},
		List: kit.Listed(func(c *client.Client, ctx context.Context) ([]client.Application, error) {
			return c.ListAllApplications(ctx, "")
		},
			func(a client.Application) string { return a.AppID }, func(a client.Application) string { return a.AppName }),
		Delete: func(c *client.Client, ctx context.Context, id string) error {
			return c.DeleteApplication(ctx, id, client.ApplicationDelete{})
		}}}
	realKinds = []kit.RealKind{{Path: "Application", Named: true}}
)
