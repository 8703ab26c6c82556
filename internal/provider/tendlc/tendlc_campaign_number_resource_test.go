package tendlc_test

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// numbersHCL is brand -> campaign -> one link per number.
func numbersHCL(alias string, numbers ...string) string {
	cfg := campaignHCL(alias, "RETAIL", `  usecase = "DELIVERY_NOTIFICATION"`)
	for i, n := range numbers {
		cfg += fmt.Sprintf(`
resource "cpaas_10dlc_campaign_number" "n%d" {
  campaign_id = cpaas_10dlc_campaign.test.id
  number      = %q
}
`, i, n)
	}
	return cfg
}

func linkedNumbers(env *acctest.Env, t *testing.T) []string {
	return env.Objects(t)["10dlc_campaign_numbers"]
}

func TestAccTenDLCCampaignNumber_twoNumbersUnlinkImport(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				// Brand, campaign and two links in one configuration.
				Config: env.Config(numbersHCL("Alerts", "14155550100", "12125550101")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign_number.n0", tfjsonpath.New("status"), knownvalue.StringExact("COMPLETED")),
					statecheck.ExpectKnownValue("cpaas_10dlc_campaign_number.n1", tfjsonpath.New("status"), knownvalue.StringExact("COMPLETED")),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) error {
					cid, _ := tendlctest.StateID(s, "cpaas_10dlc_campaign.test")
					id0, _ := tendlctest.StateID(s, "cpaas_10dlc_campaign_number.n0")
					if id0 != cid+"/14155550100" {
						return fmt.Errorf("id %q, want %s/14155550100", id0, cid)
					}
					want := []string{cid + "/12125550101", cid + "/14155550100"}
					if got := linkedNumbers(env, t); strings.Join(got, " ") != strings.Join(want, " ") {
						return fmt.Errorf("emulator links %v, want %v", got, want)
					}
					return nil
				},
			},
			{
				// Removing one link unlinks that number only.
				Config: env.Config(numbersHCL("Alerts", "14155550100")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_10dlc_campaign_number.n1", plancheck.ResourceActionDestroy)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					cid, _ := tendlctest.StateID(s, "cpaas_10dlc_campaign.test")
					if got := linkedNumbers(env, t); len(got) != 1 || got[0] != cid+"/14155550100" {
						return fmt.Errorf("after unlink the emulator links %v", got)
					}
					return nil
				},
			},
			{
				ResourceName:      "cpaas_10dlc_campaign_number.n0",
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				ResourceName:  "cpaas_10dlc_campaign_number.n0",
				ImportState:   true,
				ImportStateId: "CABC123-14155550100",
				ExpectError:   acctest.ErrorPattern(`import id "CABC123-14155550100" must have the form <campaign_id>/<number>, such as CQ7ZP3A/14155550100`),
			},
			{
				ResourceName:  "cpaas_10dlc_campaign_number.n0",
				ImportState:   true,
				ImportStateId: "CABC123/+14155550100",
				ExpectError:   acctest.ErrorPattern(`number "\+14155550100" must be a US or Canadian long code`),
			},
			{
				// Changing the callback URL needs no API call: in place.
				Config: env.Config(strings.Replace(numbersHCL("Alerts", "14155550100"), `number      = "14155550100"`,
					`number      = "14155550100"`+"\n  url = \"https://example.com/10dlc\"", 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction("cpaas_10dlc_campaign_number.n0", plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
	})
}

func TestAccTenDLCCampaignNumber_linkFailureThenRetry(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				Config:      env.Config(numbersHCL("Alerts FAIL_LINK", "13125550102")),
				ExpectError: acctest.ErrorPattern(`Operators refused to link the number to the 10DLC campaign.*Operators rejected the request to link 13125550102.*Nothing was saved in the state; apply again to retry the link`),
			},
			{
				// Nothing was saved: applying again retries the link, which
				// the operators accept this time.
				Config: env.Config(numbersHCL("Alerts FAIL_LINK", "13125550102")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("cpaas_10dlc_campaign.test", plancheck.ResourceActionNoop),
						plancheck.ExpectResourceAction("cpaas_10dlc_campaign_number.n0", plancheck.ResourceActionCreate),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(*terraform.State) error {
					if got := linkedNumbers(env, t); len(got) != 1 {
						return fmt.Errorf("emulator links %v", got)
					}
					return nil
				},
			},
		},
	})
}

func TestAccTenDLCCampaignNumber_unlinkFailureKeepsState(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(numbersHCL("Alerts FAIL_UNLINK", "14155550100")),
			},
			{
				Config:      env.Config(numbersHCL("Alerts FAIL_UNLINK")),
				ExpectError: acctest.ErrorPattern(`Operators refused to unlink the number from the 10DLC campaign.*is still linked and stays in the state`),
			},
			{
				// The retried destroy unlinks it: operators accept the retry.
				Config: env.Config(numbersHCL("Alerts FAIL_UNLINK")),
				Check: func(*terraform.State) error {
					if got := linkedNumbers(env, t); len(got) != 0 {
						return fmt.Errorf("still linked: %v", got)
					}
					return nil
				},
			},
		},
	})
}

func TestAccTenDLCCampaignNumber_errors(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				Config:      env.Config(numbersHCL("Alerts", "+14155550100")),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute number must be a US or Canadian long code as 11 digits.*got: \+14155550100`),
			},
			{
				Config:      env.Config(numbersHCL("Alerts", "14155559999")),
				ExpectError: acctest.ErrorPattern(`Error linking number to 10DLC campaign.*number 14155559999 does not belong to this account`),
			},
		},
	})
}

// The links of one campaign that Terraform starts together share one link
// request (client.LinkNumbers gathers them): ten links cost at most two
// POSTs (a burst may straddle a gathering window), not ten, and each is
// linked and planned empty after. With one number the account does not
// own among them, that link alone fails, naming its number, and the others
// are linked.
func TestAccTenDLCCampaignNumber_linksShareOneRequest(t *testing.T) {
	t.Parallel()
	log := &provtest.RequestLog{}
	// The registry decides after 300 ms: the ten numbers are bought before
	// the campaign is registered, so its links start together.
	env := acctest.NewEnv(t, provtest.FastRegistry, provtest.RegistryDelay(300*time.Millisecond), log.Option)
	linksHCL := func(links int, numbers string) string {
		return tendlctest.LrProfilesHCL(1) + tendlctest.LrBrandsHCL(1) + tendlctest.LrCampaignsHCL(1) + numbertest.LrNumbersHCL(10) + `
resource "cpaas_10dlc_campaign_number" "many" {
  count       = ` + strconv.Itoa(links) + `
  campaign_id = cpaas_10dlc_campaign.many[0].id
  number      = ` + numbers + `
}
`
	}
	posts := regexp.MustCompile(`^10dlc/Campaign/[^/]+/Number/$`)
	linkPosts := func() (n int) {
		for _, line := range log.Matching(posts) {
			if strings.HasPrefix(line, "POST ") {
				n++
			}
		}
		return n
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				PreConfig:        log.Reset,
				Config:           env.Config(linksHCL(10, `cpaas_phone_number.many[count.index].number`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) error {
					t.Logf("10 links of one campaign: %d link requests", linkPosts())
					if n := linkPosts(); n > 2 {
						return fmt.Errorf("10 links of one campaign made %d link requests (POST 10dlc/Campaign/{id}/Number/), want at most 2: %v", n, log.Matching(posts))
					}
					if got := linkedNumbers(env, t); len(got) != 10 {
						return fmt.Errorf("emulator links %v, want 10", got)
					}
					return nil
				},
			},
			// Unlinked, then linked again with number 3 one the account does
			// not own: the ten links start together, their request is
			// refused whole, and each is sent again alone.
			{Config: env.Config(linksHCL(0, `"14155550100"`))},
			{
				PreConfig:   log.Reset,
				Config:      env.Config(linksHCL(10, `count.index == 3 ? "14155559999" : cpaas_phone_number.many[count.index].number`)),
				ExpectError: acctest.ErrorPattern(`Error linking number to 10DLC campaign.*number 14155559999 does not belong to this account`),
			},
			{
				PreConfig: func() {
					t.Logf("10 links, one refused: %d link requests", linkPosts())
					if got := linkedNumbers(env, t); len(got) != 9 {
						t.Fatalf("after the failed link the emulator links %v, want the 9 others", got)
					}
				},
				Config:           env.Config(linksHCL(10, `cpaas_phone_number.many[count.index].number`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// Three links that share one link request whose reply is lost (every link
// reply dropped after the emulator carried it out): each link looks its
// own number up and adopts it, so the emulator holds the three, the state
// names them, nothing is sent twice and the plan after is empty.
func TestAccTenDLCCampaignNumber_sharedRequestReplyLostAdoptsEach(t *testing.T) {
	t.Parallel()
	log := &provtest.RequestLog{}
	env := acctest.NewEnv(t, provtest.FastRegistry, log.Option)
	env.Control(t, "injected faults").SetFaults(provtest.DropCreates("POST", "10dlc/Campaign/{id}/Number"))
	numbers := []string{"14155550100", "12125550101", "13125550102"}
	hcl := tendlctest.RelProfileHCL(1) + tendlctest.RelBrandHCL(1) + tendlctest.RelCampaignHCL(1, "cpaas_10dlc_brand.b1")
	for i, n := range numbers {
		hcl += tendlctest.RelCampaignNumberHCL(i, "cpaas_10dlc_campaign.c1", strconv.Quote(n))
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config:           env.Config(hcl),
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			Check: func(s *terraform.State) error {
				var posts int
				for _, line := range log.Matching(regexp.MustCompile(`^10dlc/Campaign/[^/]+/Number/$`)) {
					if strings.HasPrefix(line, "POST ") {
						posts++
					}
				}
				if st := env.Control(t, "injected faults").FaultStats(); st.Dropped != posts || posts == 0 || posts >= len(numbers) {
					return fmt.Errorf("%d link requests, %d replies dropped: want fewer requests than the %d links, every reply dropped", posts, st.Dropped, len(numbers))
				}
				got := linkedNumbers(env, t)
				if len(got) != len(numbers) {
					return fmt.Errorf("emulator links %v, want %d (one per link, none twice)", got, len(numbers))
				}
				for i := range numbers {
					id, _ := tendlctest.StateID(s, fmt.Sprintf("cpaas_10dlc_campaign_number.l%d", i))
					if !slices.Contains(got, id) {
						return fmt.Errorf("state of link %d names %s, the emulator links %v", i, id, got)
					}
				}
				return nil
			},
		}},
	})
}
