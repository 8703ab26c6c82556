package provider_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// rfc3339UTC is how the service writes a caller ID's times.
var rfc3339UTC = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$`)

// verifyOutOfBand verifies number in the test account as its owner would
// outside Terraform: initiate, read the code off the phone (the emulator's
// control side), verify.
func verifyOutOfBand(t *testing.T, env *acctest.Env, number, alias string) {
	t.Helper()
	ctx := context.Background()
	c := env.Client(t)
	init, err := c.InitiateCallerIDVerification(ctx, client.VerifiedCallerIDInitiate{PhoneNumber: number, Alias: alias})
	if err != nil {
		t.Fatal(err)
	}
	code, ok := env.Control(t, "verification codes").VerificationCode(acctest.AuthID, number)
	if !ok {
		t.Fatalf("no open verification of %s", number)
	}
	if _, err := c.VerifyCallerID(ctx, init.VerificationUUID, code.Code); err != nil {
		t.Fatal(err)
	}
}

func TestAccVerifiedCallerIDsDataSource(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	verifyOutOfBand(t, env, "+14155550101", "front desk")
	verifyOutOfBand(t, env, "14155550102", "night shift")
	verifyOutOfBand(t, env, "+447700900123", "front desk")
	// Pending, not verified: never listed.
	if _, err := env.Client(t).InitiateCallerIDVerification(context.Background(), client.VerifiedCallerIDInitiate{PhoneNumber: "+14155550109"}); err != nil {
		t.Fatal(err)
	}
	ds := func(name string) string { return "data.cpaas_verified_caller_ids." + name }
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config:      env.Config(`data "cpaas_verified_caller_ids" "x" { phone_number = "+0123" }`),
			ExpectError: acctest.ErrorPattern(`phone_number must be an E.164 number: 8 to 15 digits, the first not 0, with or without a leading \+, got "\+0123"`),
		}, {
			Config: env.Config(`
data "cpaas_verified_caller_ids" "all" {}
data "cpaas_verified_caller_ids" "desk" {
  alias = "front desk"
}
data "cpaas_verified_caller_ids" "gb" {
  country = "GB"
}
data "cpaas_verified_caller_ids" "one" {
  phone_number = "14155550102"
}
data "cpaas_verified_caller_ids" "pending" {
  phone_number = "+14155550109"
}
data "cpaas_verified_caller_ids" "one_other_alias" {
  phone_number = "+14155550102"
  alias        = "front desk"
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(ds("all"), tfjsonpath.New("phone_numbers"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.StringExact("+447700900123"), knownvalue.StringExact("+14155550102"), knownvalue.StringExact("+14155550101")})),
				statecheck.ExpectKnownValue(ds("all"), tfjsonpath.New("total_count"), knownvalue.Int64Exact(3)),
				statecheck.ExpectKnownValue(ds("desk"), tfjsonpath.New("phone_numbers"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.StringExact("+447700900123"), knownvalue.StringExact("+14155550101")})),
				statecheck.ExpectKnownValue(ds("gb"), tfjsonpath.New("phone_numbers"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("+447700900123")})),
				statecheck.ExpectKnownValue(ds("one"), tfjsonpath.New("caller_ids"), knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectPartial(map[string]knownvalue.Check{
					"phone_number": knownvalue.StringExact("+14155550102"), "alias": knownvalue.StringExact("night shift"),
					"country": knownvalue.StringExact("US"), "subaccount": knownvalue.StringExact(""),
					"created_at": knownvalue.StringRegexp(rfc3339UTC), "verification_uuid": knownvalue.NotNull(),
				})})),
				statecheck.ExpectKnownValue(ds("pending"), tfjsonpath.New("total_count"), knownvalue.Int64Exact(0)),
				statecheck.ExpectKnownValue(ds("one_other_alias"), tfjsonpath.New("total_count"), knownvalue.Int64Exact(0)),
			},
		}},
	})
}

// docsVerifiedCallerID verifies the number of the docs example, with its
// alias, through c (the import-docs case).
func docsVerifiedCallerID(t *testing.T, env *acctest.Env, c *client.Client) string {
	t.Helper()
	ctx := context.Background()
	init, err := c.InitiateCallerIDVerification(ctx, client.VerifiedCallerIDInitiate{PhoneNumber: "+14155550142", Alias: "support line"})
	if err != nil {
		t.Fatal(err)
	}
	code, _ := env.Control(t, "verification codes").VerificationCode(acctest.AuthID, "+14155550142")
	if _, err := c.VerifyCallerID(ctx, init.VerificationUUID, code.Code); err != nil {
		t.Fatal(err)
	}
	return "+14155550142"
}
