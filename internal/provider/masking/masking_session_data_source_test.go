package masking_test

import (
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

func TestAccMaskingSessionDataSource(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	const ds = "data.cpaas_masking_session.by_uuid"
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(maskingConfig("14155551234", "14155555678", `
  is_pin_authentication_required = true
  generate_pin                   = true
  record                         = true
`) + `
data "cpaas_masking_session" "by_uuid" {
  session_uuid = cpaas_masking_session.test.id
}
`),
				ConfigStateChecks: []statecheck.StateCheck{
					// The spec's types: pin_retry_wait a string, interaction
					// null, totals zero, unset URLs empty strings.
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("pin_retry_wait"), knownvalue.StringExact("5")),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("interaction"), knownvalue.Null()),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("total_call_count"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("total_call_amount"), knownvalue.Float64Exact(0)),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("amount"), knownvalue.Float64Exact(0)),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("callback_url"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("last_interaction_time"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("duration"), knownvalue.Int64Exact(3600)),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("record"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("status"), knownvalue.StringExact("active")),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("created_time"), knownvalue.StringRegexp(sessionTimeRe)),
				},
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttrPair(ds, "session_uuid", maskingRes, "id"),
					resource.TestCheckResourceAttrPair(ds, "virtual_number", maskingRes, "virtual_number"),
					resource.TestCheckResourceAttrPair(ds, "expiry_time", maskingRes, "expiry_time"),
					resource.TestCheckResourceAttrPair(ds, "first_party_pin", maskingRes, "first_party_pin"),
					resource.TestCheckResourceAttrPair(ds, "second_party_pin", maskingRes, "second_party_pin"),
				),
			},
			{
				Config: env.Config(`
data "cpaas_masking_session" "missing" {
  session_uuid = "00000000-0000-0000-0000-000000000000"
}
`),
				ExpectError: regexp.MustCompile(`(?s)Error reading masking session.*00000000-0000-0000-0000-000000000000.*HTTP 404`),
			},
		},
	})
}

func TestAccMaskingSessionsDataSource(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	const ds = "data.cpaas_masking_sessions.mine"
	cfg := env.Config(`
resource "cpaas_masking_session" "a" {
  first_party  = "14155551234"
  second_party = "14155550001"
}
resource "cpaas_masking_session" "b" {
  first_party  = "14155551234"
  second_party = "14155550002"
  depends_on   = [cpaas_masking_session.a]

  is_pin_authentication_required = true
  generate_pin                   = true
}
resource "cpaas_masking_session" "other" {
  first_party  = "14155559999"
  second_party = "14155550003"
}

data "cpaas_masking_sessions" "mine" {
  first_party = "14155551234"
  status      = "active"
  depends_on  = [cpaas_masking_session.a, cpaas_masking_session.b, cpaas_masking_session.other]
}

data "cpaas_masking_sessions" "none" {
  second_party     = "14155550001"
  created_time__lt = "2000-01-01"
  depends_on       = [cpaas_masking_session.a]
}
`)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(`
data "cpaas_masking_sessions" "bad" {
  created_time__gt = "last tuesday"
}
`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(regexp.QuoteMeta(`Attribute created_time__gt "last tuesday" is invalid`)),
			},
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("total_count"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("sessions").AtSliceIndex(0).AtMapKey("second_party"), knownvalue.StringExact("14155550001")),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("sessions").AtSliceIndex(1).AtMapKey("second_party"), knownvalue.StringExact("14155550002")),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("sessions").AtSliceIndex(1).AtMapKey("pin_retry_wait"), knownvalue.StringExact("5")),
					// Without PIN authentication the API leaves the PIN options out.
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("sessions").AtSliceIndex(0).AtMapKey("pin_retry_wait"), knownvalue.Null()),
					statecheck.ExpectKnownValue(ds, tfjsonpath.New("sessions").AtSliceIndex(0).AtMapKey("generate_pin_length"), knownvalue.Null()),
					statecheck.ExpectKnownValue("data.cpaas_masking_sessions.none", tfjsonpath.New("total_count"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue("data.cpaas_masking_sessions.none", tfjsonpath.New("sessions"), knownvalue.ListExact([]knownvalue.Check{})),
				},
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttrPair(ds, "session_uuids.0", "cpaas_masking_session.a", "id"),
					resource.TestCheckResourceAttrPair(ds, "session_uuids.1", "cpaas_masking_session.b", "id"),
				),
			},
		},
	})
}
