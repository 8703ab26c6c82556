package provider_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance/compliancetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tollfree/tollfreetest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// withCreateTimeout gives the resource block that opens with header a
// timeouts block of a 2 s create.
func withCreateTimeout(hcl, header string) string {
	if !strings.Contains(hcl, header) {
		panic("no " + header + " in the configuration")
	}
	return strings.Replace(hcl, header, header+"\n  timeouts {\n    create = \"2s\"\n  }", 1)
}

// paidKind is a kind that costs money whose create waits for a decision.
type paidKind struct {
	addr string // the resource the wait times out for
	opts func(*emulator.Options)
	hcl  func() string
}

var paidKinds = map[string]paidKind{
	"brand": {
		addr: "cpaas_10dlc_brand.b1",
		opts: func(o *emulator.Options) { o.BrandRegistrationDelay = time.Hour },
		hcl: func() string {
			return tendlctest.RelProfileHCL(1) + withCreateTimeout(tendlctest.RelBrandHCL(1), `resource "cpaas_10dlc_brand" "b1" {`)
		},
	},
	"campaign": {
		addr: "cpaas_10dlc_campaign.c1",
		opts: func(o *emulator.Options) {
			o.BrandRegistrationDelay = 30 * time.Millisecond
			o.CampaignRegistrationDelay = time.Hour
		},
		hcl: func() string {
			return tendlctest.RelProfileHCL(1) + tendlctest.RelBrandHCL(1) +
				withCreateTimeout(tendlctest.RelCampaignHCL(1, "cpaas_10dlc_brand.b1"), `resource "cpaas_10dlc_campaign" "c1" {`)
		},
	},
	"toll-free verification": {
		addr: "cpaas_tollfree_verification.tf0",
		opts: func(o *emulator.Options) { o.TollfreeVerificationDelay = time.Hour },
		hcl: func() string {
			return `
data "cpaas_phone_numbers" "rel_tollfree" {
  country_iso = "US"
  type        = "toll-free"
  max_results = 2
}
` + tendlctest.RelProfileHCL(1) + withCreateTimeout(tollfreetest.RelTollfreeHCL(0), `resource "cpaas_tollfree_verification" "tf0" {`)
		},
	},
	"compliance application": {
		addr: "cpaas_compliance_application.test_1",
		opts: func(o *emulator.Options) { o.ComplianceReviewDelay = time.Hour },
		hcl: func() string {
			return withCreateTimeout(compliancetest.RelComplianceAppHCL(1), `resource "cpaas_compliance_application" "test_1" {`)
		},
	},
	"one-call compliance application": {
		addr: "cpaas_phone_number_compliance.rel_1",
		opts: func(o *emulator.Options) { o.ComplianceReviewDelay = time.Hour },
		hcl: func() string {
			return withCreateTimeout(compliancetest.RelComplianceHCL(1), `resource "cpaas_phone_number_compliance" "rel_1" {`)
		},
	},
}

// TestAccPaidKinds_timeoutKeepsTheObjectUntainted: for every kind that
// costs money and waits for a decision, a wait that runs out of time
// after the create leaves the object in the state, not tainted, with a
// warning, so the next plan replaces nothing (a tainted one would be
// deleted and paid for again).
func TestAccPaidKinds_timeoutKeepsTheObjectUntainted(t *testing.T) {
	t.Parallel()
	runEachParallel(t, paidKinds, func(t *testing.T, k paidKind) {
		env := acctest.NewEnv(t, k.opts)
		env.Control(t, "decision delays the service does not shorten")
		config := env.Config(k.hcl())
		acctest.Test(t, resource.TestCase{
			Steps: []resource.TestStep{
				{
					Config: config,
					Check: func(s *terraform.State) error {
						rs := s.RootModule().Resources[k.addr]
						if rs == nil || rs.Primary == nil || rs.Primary.ID == "" {
							return fmt.Errorf("%s is not in the state after its wait timed out", k.addr)
						}
						if rs.Primary.Tainted {
							return fmt.Errorf("%s is tainted after its wait timed out: the next apply would pay for it again", k.addr)
						}
						return nil
					},
				},
				{
					Config: config,
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(k.addr, plancheck.ResourceActionNoop)},
					},
				},
			},
		})
	})
}
