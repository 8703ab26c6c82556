package number_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/application/applicationtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

func TestAccAccountNumbers_listAndFilter(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	tollfree := numbersOnSale(t, env, 1, client.PhoneNumberSearch{CountryISO: "US", Type: "toll-free"}, "country_iso", "US", "type", "toll-free")[0]
	all := []string{tollfree}
	// The account's numbers: the emulator's starters, or in real mode
	// (where the listing holds the test's own only) one it buys.
	var starters []string
	for _, s := range numberdata.StarterNumbers() {
		starters = append(starters, s.Number)
	}
	sfNumber, sfCity := "14155550100", "SAN FRANCISCO"
	if acctest.Real() {
		bought := numbertest.AccountNumbers(t, env, client.PhoneNumberSearch{CountryISO: "US", City: "San Francisco", Services: "voice,sms"}, "")[0]
		starters, sfNumber, sfCity = []string{bought.Number}, bought.Number, bought.City
	}
	all = append(all, starters...)
	sort.Strings(all)
	d := "data.cpaas_account_numbers."
	checks := []resource.TestCheckFunc{
		resource.TestCheckResourceAttr(d+"all", "numbers.#", fmt.Sprint(len(all))),
		resource.TestCheckResourceAttr(d+"toll_free", "numbers.#", "1"),
		resource.TestCheckResourceAttr(d+"toll_free", "numbers.0.number", tollfree),
		resource.TestCheckResourceAttrPair(d+"toll_free", "numbers.0.app_id", "cpaas_application.hotline", "app_id"),
		resource.TestCheckResourceAttr(d+"toll_free", "numbers.0.alias", "Hotline"),
		resource.TestCheckResourceAttr(d+"toll_free", "numbers.0.sub_type", "toll-free"),
		resource.TestCheckResourceAttr(d+"sf", "numbers.#", "1"),
		resource.TestCheckResourceAttr(d+"sf", "numbers.0.number", sfNumber),
		resource.TestCheckNoResourceAttr(d+"sf", "numbers.0.app_id"),
		resource.TestCheckResourceAttr(d+"sf", "numbers.0.city", sfCity),
	}
	for i, n := range all {
		checks = append(checks, resource.TestCheckResourceAttr(d+"all", fmt.Sprintf("numbers.%d.number", i), n))
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: checkNumbersReleased(env, t, &tollfree),
		Steps: []resource.TestStep{
			{
				Config: env.Config(applicationtest.AppHCL("hotline") + `
resource "cpaas_phone_number" "hotline" {
  number = "` + tollfree + `"
  app_id = cpaas_application.hotline.app_id
  alias  = "Hotline"
}

data "cpaas_account_numbers" "all" {
  depends_on = [cpaas_phone_number.hotline]
}

data "cpaas_account_numbers" "toll_free" {
  type       = "toll-free"
  services   = ["voice"]
  depends_on = [cpaas_phone_number.hotline]
}

data "cpaas_account_numbers" "sf" {
  number_startswith = "` + sfNumber[:4] + `"
  depends_on        = [cpaas_phone_number.hotline]
}
`),
				Check: resource.ComposeAggregateTestCheckFunc(checks...),
			},
		},
	})
}

func TestAccAccountNumbers_badFiltersAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:      env.Config(`data "cpaas_account_numbers" "bad" { type = "landline" }`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`type = "landline": must be one of toll-free, local, mobile, national, fixed.`),
			},
			{
				Config:      env.Config(`data "cpaas_account_numbers" "bad" { services = ["fax"] }`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`services = "fax": must be a comma-separated list of voice and sms.`),
			},
			{
				Config:      env.Config(`data "cpaas_account_numbers" "bad" { number_startswith = "+1" }`),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`number_startswith must be digits`),
			},
		},
	})
}
