package client_test

import (
	"context"
	"errors"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// TestOwnCarrierNumbersAgainstEmulator: the client adds numbers from the
// account's own carrier, reads them with their carrier's name, and
// removes one; a refused add is a 400 APIError, never retried.
func TestOwnCarrierNumbersAgainstEmulator(t *testing.T) {
	c, _ := emulated(t)
	ctx := context.Background()
	if err := c.AddOwnCarrierNumbers(ctx, client.OwnCarrierNumbers{Numbers: "4930120000001,4930120000002",
		Carrier: emulator.IncomingCarrierNorthwind, Region: "Berlin", NumberType: "fixed"}); err != nil {
		t.Fatal(err)
	}
	n, err := c.GetNumber(ctx, "4930120000002")
	if err != nil || n.Carrier != "Northwind Telecom" || n.NumberType != "fixed" || n.Region != "Berlin" || n.MonthlyRentalRate != "0.00000" {
		t.Fatalf("get: %+v %v", n, err)
	}
	err = c.AddOwnCarrierNumbers(ctx, client.OwnCarrierNumbers{Numbers: "4930120000003", Carrier: "1", Region: "Berlin"})
	if client.StatusCode(err) != 400 {
		t.Fatalf("unknown carrier: %v, want a 400", err)
	}
	if err := c.RemoveOwnCarrierNumber(ctx, "4930120000001"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetNumber(ctx, "4930120000001"); !errors.Is(err, client.ErrNotFound) {
		t.Fatalf("after removal: %v, want ErrNotFound", err)
	}
}
