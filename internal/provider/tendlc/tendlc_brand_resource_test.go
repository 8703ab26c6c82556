package tendlc_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// tdProfile is a UUID no profile has: plan-only configurations that need
// one of the right shape use it.
const tdProfile = "1b2c3d4e-0000-4000-8000-123456789abc"

// tendlcManualEnv stands still until the test advances its clock.
func tendlcManualEnv(t *testing.T) *acctest.Env {
	return acctest.NewEnv(t, func(o *emulator.Options) {
		o.Clock = emulator.NewManualClock(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
	})
}

func TestAccTenDLCBrand_basicImportReplace(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	var firstID string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(tendlctest.BrandHCL("Acme Corp", `  secondary_vetting = true`)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^B[A-Z0-9]{6}$`))),
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("registration_status"), knownvalue.StringExact("COMPLETED")),
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("vetting_status"), knownvalue.StringExact("ACTIVE")),
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("vetting_score"), knownvalue.Int64Exact(80)),
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("declined_reasons"), knownvalue.ListSizeExact(0)),
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("brand_type"), knownvalue.StringExact("STANDARD")),
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("wait_for_registration"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("created_at"), knownvalue.NotNull()),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) (err error) {
					firstID, err = tendlctest.StateID(s, "cpaas_10dlc_brand.test")
					if err != nil {
						return err
					}
					b, err := env.Client(t).GetBrand(context.Background(), firstID)
					profile, _ := tendlctest.StateID(s, "cpaas_10dlc_profile.test")
					if err == nil && (b.VettingStatus != "ACTIVE" || b.VettingScore == nil || b.ProfileUUID != profile) {
						err = fmt.Errorf("emulator holds %+v", b)
					}
					if err != nil {
						return err
					}
					// The GET leaves the alias out; the list carries it.
					all, err := env.Client(t).ListAllBrands(context.Background())
					if err == nil && (len(all) != 1 || all[0].BrandAlias != "Acme Corp") {
						err = fmt.Errorf("emulator lists %+v", all)
					}
					return err
				},
			},
			{
				ResourceName:      "cpaas_10dlc_brand.test",
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// Brands cannot be updated: a new alias replaces the brand.
				Config: env.Config(tendlctest.BrandHCL("Acme Corporation", `  secondary_vetting = true`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_10dlc_brand.test", plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					id, _ := tendlctest.StateID(s, "cpaas_10dlc_brand.test")
					if ids := env.Objects(t)["10dlc_brands"]; len(ids) != 1 || ids[0] != id || id == firstID {
						return fmt.Errorf("after replace the emulator holds %v; want only the new brand %s (old %s)", ids, id, firstID)
					}
					return nil
				},
			},
			{
				// wait_for_registration changes in place, without touching the brand.
				Config: env.Config(tendlctest.BrandHCL("Acme Corporation", "  secondary_vetting = true\n  wait_for_registration = false")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_10dlc_brand.test", plancheck.ResourceActionUpdate)},
				},
			},
			{
				ResourceName:  "cpaas_10dlc_brand.test",
				ImportStateId: "not-a-brand",
				ImportState:   true,
				ExpectError:   acctest.ErrorPattern(`import id "not-a-brand" must be a brand id, B followed by 6 upper-case letters or digits`),
			},
		},
	})
}

func TestAccTenDLCBrand_rejectedShowsReasonsAndIsReplaced(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	rejected := env.Config(tendlctest.BrandHCL("Acme REJECT", ""))
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				Config:      rejected,
				ExpectError: acctest.ErrorPattern(`10DLC brand rejected by the registry.*IDENTITY_MISMATCH: The registry could not verify the company identity.*Correct the company_name\s+and ein of the profile.*stays in the state as tainted`),
			},
			{
				// The rejected brand is in the state (tainted): the same
				// configuration plans a replacement, and is rejected again.
				Config: rejected,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_10dlc_brand.test", plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ExpectError: acctest.ErrorPattern(`profile's company_name contains "REJECT"`),
			},
			acctest.Shared("TestAccTenDLCBrand_recordedGetWithoutAliasKeepsTheAlias", resource.TestStep{
				// Correcting the profile (in place) and registering a new
				// brand for it succeeds; the brand GET has no brand_alias
				// (tendlc_recorded_test.go), and the configured alias is kept.
				Config: env.Config(tendlctest.BrandHCL("Acme Corp", "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("cpaas_10dlc_profile.test", plancheck.ResourceActionUpdate),
						plancheck.ExpectResourceAction("cpaas_10dlc_brand.test", plancheck.ResourceActionDestroyBeforeCreate),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("registration_status"), knownvalue.StringExact("COMPLETED")),
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("brand_alias"), knownvalue.StringExact("Acme Corp")),
					// What the record carries of the profile is read.
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("company_name"), knownvalue.StringExact("Acme Corp")),
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("vetting_status"), knownvalue.Null()),
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("secondary_vetting"), knownvalue.Bool(false)),
				},
				Check: func(s *terraform.State) error {
					if ids := env.Objects(t)["10dlc_brands"]; len(ids) != 1 {
						return fmt.Errorf("rejected brands were not deleted on replace: %v", ids)
					}
					id, err := tendlctest.StateID(s, "cpaas_10dlc_brand.test")
					if err != nil {
						return err
					}
					b, err := env.Client(t).GetBrand(context.Background(), id)
					if err == nil && b.BrandAlias != "" {
						err = fmt.Errorf("the emulator's GET returned brand_alias %q: it must answer in the recorded shape, without it", b.BrandAlias)
					}
					return err
				},
			}),
		},
	})
}

func TestAccTenDLCBrand_noWaitThenRegisteredAndDisappears(t *testing.T) {
	t.Parallel()
	env := tendlcManualEnv(t)
	cfg := env.Config(tendlctest.BrandHCL("Acme Corp", "  wait_for_registration = false"))
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("registration_status"), knownvalue.StringExact("PROCESSING")),
				},
			},
			{
				// The registry decides later; a refresh sees it without a diff.
				PreConfig: func() { env.Control(t, "time travel").Clock().Advance(emulator.DefaultBrandRegistrationDelay) },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("registration_status"), knownvalue.StringExact("COMPLETED")),
				},
				Check: func(s *terraform.State) error {
					id, _ := tendlctest.StateID(s, "cpaas_10dlc_brand.test")
					return env.Client(t).DeleteBrand(context.Background(), id)
				},
				ExpectNonEmptyPlan: true,
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_10dlc_brand.test", plancheck.ResourceActionCreate)},
				},
			},
		},
	})
}

func TestAccTenDLCBrand_validation(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	steps := []resource.TestStep{
		{
			Config: env.Config(`resource "cpaas_10dlc_brand" "test" {
  brand_alias  = "A"
  profile_uuid = "not-a-uuid"
}`),
			ExpectError: acctest.ErrorPattern(`Attribute profile_uuid must be a UUID such as .*got: not-a-uuid`),
		},
		{
			Config:      env.Config(tendlctest.BrandHCL("A", `  method = "PUT"`)),
			ExpectError: acctest.ErrorPattern(`Attribute method value must be one of: \["POST" "GET"\], got: "PUT"`),
		},
		{
			Config:      env.Config(tendlctest.BrandHCL("A", `  url = "ftp://example.com/cb"`)),
			ExpectError: acctest.ErrorPattern(`Attribute url must be an absolute http:// or https:// URL, got: ftp://example.com/cb`),
		},
		{
			Config: env.Config(`resource "cpaas_10dlc_brand" "test" {
  brand_alias  = "A"
  profile_uuid = "` + tdProfile + `"
  brand_type   = "ENTERPRISE"
}`),
			ExpectError: acctest.ErrorPattern(`Attribute brand_type value must be one of: \["STARTER" "STANDARD"\], got: "ENTERPRISE"`),
		},
	}
	for i := range steps {
		steps[i].PlanOnly = true
	}
	acctest.Test(t, resource.TestCase{
		Steps: steps,
	})
	if ids := env.Objects(t)["10dlc_brands"]; len(ids) != 0 {
		t.Fatalf("invalid configurations created brands: %v", ids)
	}
}

// The callback url and method cannot be read back or changed by the API: a
// change never replaces the brand (nor an import: see
// TestAccImport_docsExamplesPlanNoReplacement); it is recorded in place.
func TestAccTenDLCBrand_callbackChangeIsInPlace(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	var brands []string
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{{
			Config: env.Config(tendlctest.BrandHCL("Callbacks", "  url = \"https://hooks.example.com/a\"\n  method = \"POST\"")),
			Check:  func(*terraform.State) error { brands = env.Objects(t)["10dlc_brands"]; return nil },
		}, {
			Config: env.Config(tendlctest.BrandHCL("Callbacks", "  url = \"https://hooks.example.com/b\"\n  method = \"GET\"")),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_10dlc_brand.test", plancheck.ResourceActionUpdate)},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("url"), knownvalue.StringExact("https://hooks.example.com/b")),
			},
			Check: func(*terraform.State) error {
				if got := env.Objects(t)["10dlc_brands"]; !slices.Equal(got, brands) || len(got) != 1 {
					return fmt.Errorf("brands %v after the change, want the same %v", got, brands)
				}
				return nil
			},
		}},
	})
}

// A registered brand that no listing shows (its GET never carries the
// alias) is adopted with its documented configuration: the import reads
// no alias, and the configured one is recorded in place, calling no API,
// instead of replacing the brand (re-registration, vetting fees). A
// change of the alias after that still replaces it.
func TestAccTenDLCBrand_importUnlistedAliasRecordedInPlace(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, provtest.FastRegistry)
	env.Control(t, "a listing that leaves an object out") // up front: a skip midway leaves objects behind
	c := env.Client(t)
	id := tendlctest.MakeRegisteredBrand(t, c, tendlctest.DocsBrand(tendlctest.MakeDocsProfile(t, c)))
	if !env.Control(t, "a listing that leaves an object out").HideBrandFromList(acctest.AuthID, id) {
		t.Fatal("no brand to hide")
	}
	if all, err := c.ListAllBrands(context.Background()); err != nil || len(all) != 0 {
		t.Fatalf("the brand list shows %v (%v)", all, err)
	}
	profile := env.Objects(t)["10dlc_profiles"][0]
	cfg := env.Config(provtest.ExampleConfig(t, "cpaas_10dlc_brand") + provtest.ImportBlocks([][2]string{
		{"cpaas_10dlc_profile.acme", profile}, {"cpaas_10dlc_brand.acme", id},
	}))
	before := env.Objects(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: cfg,
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{
					testtables.ExpectOnlyImports{Want: 2},
					plancheck.ExpectKnownValue("cpaas_10dlc_brand.acme", tfjsonpath.New("brand_alias"), knownvalue.StringExact("Acme Corp")),
				},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cpaas_10dlc_brand.acme", tfjsonpath.New("id"), knownvalue.StringExact(id)),
				statecheck.ExpectKnownValue("cpaas_10dlc_brand.acme", tfjsonpath.New("brand_alias"), knownvalue.StringExact("Acme Corp")),
			},
			Check: func(*terraform.State) error {
				if after := env.Objects(t); !slices.Equal(before["10dlc_brands"], after["10dlc_brands"]) {
					return fmt.Errorf("the apply changed the brands: before %v, after %v", before, after)
				}
				return nil
			},
		}, {
			// Now that the alias was recorded, changing it is a real change.
			Config: strings.Replace(strings.ReplaceAll(cfg, "prevent_destroy = true", "prevent_destroy = false"), `"Acme Corp"`, `"Acme Corporation"`, 1),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("cpaas_10dlc_brand.acme", plancheck.ResourceActionDestroyBeforeCreate),
			}},
		}},
	})
}

// the GET has no alias
