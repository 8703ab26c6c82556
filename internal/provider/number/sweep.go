package number

import (
	"context"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of numbers on a real account
// (kit/real.go). A number is released only under CPAAS_ACC_SPEND=numbers,
// after the toll-free verification that names it. Number/ is the
// account's numbers, named by their alias; PhoneNumber/ the catalogue of
// numbers for sale, where a POST buys one.
var (
	sweepers = []kit.Sweeper{{Name: "numbers", Kind: "numbers", Spend: kit.SpendNumbers, After: []string{"toll-free verifications"},
		List: kit.Listed(func(c *client.Client, ctx context.Context) ([]client.AccountNumber, error) {
			return c.ListAllNumbers(ctx, client.AccountNumberFilter{})
		}, func(n client.AccountNumber) string { return n.Number }, func(n client.AccountNumber) string {
			if n.Alias == nil {
				return ""
			}
			return *n.Alias
		}),
		Delete: (*client.Client).ReleaseNumber}}
	realKinds = []kit.RealKind{
		{Path: "Number", Named: true},
		{Path: "PhoneNumber", Types: []string{`resource "cpaas_phone_number"`}, Spend: kit.SpendNumbers},
		{Types: []string{`resource "cpaas_own_carrier_number"`}, Spend: kit.SpendNumbers},
	}
)
