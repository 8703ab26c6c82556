package callerid_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/callerid/calleridtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// rfc3339UTC is how the service writes a caller ID's times.
var rfc3339UTC = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$`)

func TestAccVerifiedCallerIDsDataSource(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	calleridtest.VerifyOutOfBand(t, env, "+14155550101", "front desk")
	calleridtest.VerifyOutOfBand(t, env, "14155550102", "night shift")
	calleridtest.VerifyOutOfBand(t, env, "+447700900123", "front desk")
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
