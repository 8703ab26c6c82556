package number_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// checkSearchResult checks the data source's numbers, in order, and its
// total_count. In real mode the search is answered from a catalogue that
// the suite's parallel tests buy from (and, against the service, a
// carrier's, not the emulator's): it checks only that numbers were found
// (none where none are expected), no more than asked for.
func checkSearchResult(name string, want []string, total int) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		rs, ok := s.RootModule().Resources[name]
		if !ok {
			return fmt.Errorf("%s not in state", name)
		}
		a := rs.Primary.Attributes
		if acctest.Real() {
			if n, err := strconv.Atoi(a["numbers.#"]); err != nil || n > len(want) || (n == 0) != (len(want) == 0) {
				return fmt.Errorf("numbers.# = %s, want %d, or from 1 when other tests bought some (real mode: the catalogue is shared)", a["numbers.#"], len(want))
			}
			return nil
		}
		if a["numbers.#"] != strconv.Itoa(len(want)) {
			return fmt.Errorf("numbers.# = %s, want %d", a["numbers.#"], len(want))
		}
		if a["total_count"] != strconv.Itoa(total) {
			return fmt.Errorf("total_count = %s, want %d", a["total_count"], total)
		}
		for i, n := range want {
			if got := a[fmt.Sprintf("numbers.%d.number", i)]; got != n {
				return fmt.Errorf("numbers.%d.number = %s, want %s", i, got, n)
			}
		}
		return nil
	}
}

func TestAccPhoneNumbers_filters(t *testing.T) {
	acctest.SkipReal(t, "compares the search with the emulator's own catalogue of numbers (its totals and order), which a real account's carrier does not share and parallel tests buy from")
	t.Parallel()
	env := acctest.NewEnv(t)
	want, total := numbertest.ExpectedSearch(t, 5, "country_iso", "US", "type", "local", "region", "California", "services", "voice,sms")
	if len(want) != 5 || total <= 5 {
		t.Fatalf("inventory gives %d of %d California numbers; the test needs more than 5", len(want), total)
	}
	d := "data.cpaas_phone_numbers.test"
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "cpaas_phone_numbers" "test" {
  country_iso = "us"
  type        = "local"
  region      = "California"
  services    = ["voice", "sms"]
  max_results = 5
}
`),
			Check: resource.ComposeAggregateTestCheckFunc(
				checkSearchResult(d, want, total),
				resource.TestCheckResourceAttr(d, "numbers.0.region", "California"),
				resource.TestCheckResourceAttr(d, "numbers.4.region", "California"),
				resource.TestCheckResourceAttr(d, "numbers.0.country", "UNITED STATES"),
				resource.TestCheckResourceAttr(d, "numbers.0.type", "fixed"),
				resource.TestCheckResourceAttr(d, "numbers.0.sub_type", "local"),
				resource.TestCheckResourceAttr(d, "numbers.0.sms_enabled", "true"),
				resource.TestCheckResourceAttr(d, "numbers.0.voice_enabled", "true"),
				resource.TestMatchResourceAttr(d, "numbers.0.monthly_rental_rate", regexpMust(`^\d+\.\d{5}$`)),
				resource.TestCheckNoResourceAttr(d, "numbers.0.restriction"),
				resource.TestCheckResourceAttr(d, "numbers.0.resource_uri", "/v1/Account/"+acctest.AuthID+"/PhoneNumber/"+want[0]+"/"),
			),
		}},
	})
}

func TestAccPhoneNumbers_pagingMaxResults(t *testing.T) {
	acctest.SkipReal(t, "compares the search with the emulator's own catalogue of numbers (its totals and order), which a real account's carrier does not share and parallel tests buy from")
	t.Parallel()
	env := acctest.NewEnv(t)
	// 45 results need three pages of at most 20: 20 + 20 + 5.
	want45, total := numbertest.ExpectedSearch(t, 45, "country_iso", "US", "region", "California")
	// max_results above the total stops when the results run out.
	all415, total415 := numbertest.ExpectedSearch(t, 1000, "country_iso", "US", "pattern", "415")
	if len(want45) != 45 || total <= 45 || len(all415) != total415 || total415 <= 2*numberdata.MaxLimit || total415 >= 1000 {
		t.Fatalf("inventory does not fit the test: %d/%d and %d/%d", len(want45), total, len(all415), total415)
	}
	for i := 1; i < len(want45); i++ {
		if want45[i-1] >= want45[i] {
			t.Fatalf("expected order is not ascending at %d", i)
		}
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "cpaas_phone_numbers" "three_pages" {
  country_iso = "US"
  region      = "California"
  max_results = 45
}

data "cpaas_phone_numbers" "exhausted" {
  country_iso = "US"
  pattern     = "415"
  max_results = 1000
}
`),
			Check: resource.ComposeAggregateTestCheckFunc(
				checkSearchResult("data.cpaas_phone_numbers.three_pages", want45, total),
				checkSearchResult("data.cpaas_phone_numbers.exhausted", all415, total415),
			),
		}},
	})
}

func TestAccPhoneNumbers_empty(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	if want, total := numbertest.ExpectedSearch(t, 20, "country_iso", "US", "pattern", "8005550000"); len(want) != 0 || total != 0 {
		t.Fatalf("pattern 8005550000 matches %d numbers; pick one that matches none", total)
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "cpaas_phone_numbers" "no_country" {
  country_iso = "JP"
}

data "cpaas_phone_numbers" "no_match" {
  country_iso = "US"
  pattern     = "8005550000"
}
`),
			Check: resource.ComposeAggregateTestCheckFunc(
				checkSearchResult("data.cpaas_phone_numbers.no_country", nil, 0),
				checkSearchResult("data.cpaas_phone_numbers.no_match", nil, 0),
			),
		}},
	})
}

func TestAccPhoneNumbers_badFiltersAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	cases := []struct{ body, msg string }{
		{`country_iso = "USA"`, `country_iso = "USA": must be an ISO 3166 alpha-2 code of two letters.`},
		{`country_iso = "US"
  type = "landline"`, `type = "landline": must be one of toll-free, local, mobile, national, fixed.`},
		{`country_iso = "US"
  pattern = "415-CALL"`, `pattern = "415-CALL": allowed characters are A-Z, 0-9, \* and \?.`},
		{`country_iso = "US"
  npanxx = "41540"`, `npanxx = "41540": must be a six-digit integer.`},
		{`country_iso = "GB"
  npanxx = "415400"`, `npanxx = "415400": applies only when country_iso is US or CA.`},
		{`country_iso = "US"
  region = "C"`, `region = "C": must be at least 2 characters.`},
		{`country_iso = "US"
  services = ["sms", "mms"]`, `services = "mms,sms": must be a comma-separated list of voice and sms.`},
		{`country_iso = "US"
  local_calling_area = true`, `local_calling_area = "true": true needs npanxx`},
		{`country_iso = "US"
  type = "toll-free"
  city = "BOSTON"`, `city = "BOSTON": applies only to local numbers, not type toll-free.`},
		{`country_iso = "US"
  compliance_requirement = "passport"`, `compliance_requirement = "passport": must be \{Null\}, address_proof or identity_proof.`},
		{`country_iso = "US"
  max_results = 0`, `Attribute max_results value must be between 1 and 1000, got: 0`},
	}
	steps := make([]resource.TestStep, len(cases))
	for i, tc := range cases {
		steps[i] = resource.TestStep{
			Config:      env.Config("data \"cpaas_phone_numbers\" \"test\" {\n  " + tc.body + "\n}\n"),
			PlanOnly:    true,
			ExpectError: acctest.ErrorPattern(tc.msg),
		}
	}
	acctest.Test(t, resource.TestCase{
		Steps: steps,
	})
}

// A filter that depends on another resource is unknown at plan time: the
// rules that need it wait instead of failing (local_calling_area needs
// npanxx, which is not known yet).
func TestAccPhoneNumbers_unknownFilterAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	want, total := numbertest.ExpectedSearch(t, 3, "country_iso", "US", "npanxx", "415200", "local_calling_area", "true")
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(`
resource "terraform_data" "npanxx" {
  input = "415200"
}

data "cpaas_phone_numbers" "test" {
  country_iso        = "US"
  npanxx             = terraform_data.npanxx.output
  local_calling_area = true
  max_results        = 3
}
`),
			Check: checkSearchResult("data.cpaas_phone_numbers.test", want, total),
		}},
	})
}

func regexpMust(s string) *regexp.Regexp { return regexp.MustCompile(s) }

// exampleOutputs matches each top-level output block of an example.
var exampleOutputs = regexp.MustCompile(`(?ms)^output "[^"]+" \{.*?^\}\n?`)

// The documentation's example, copied as it is, finds numbers: a user who
// pastes it sees results, not an empty list (pattern "415*CALL" included).
func TestAccPhoneNumbers_docsExampleFindsNumbers(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	example := acctest.RepoFile(t, "examples/data-sources/cpaas_phone_numbers/data-source.tf")
	want, total := numbertest.ExpectedSearch(t, 50, "country_iso", "US", "type", "local", "city", "San Francisco",
		"pattern", "415*CALL", "services", "voice,sms")
	if total == 0 {
		t.Fatal(`the inventory holds no number for the documented pattern "415*CALL"`)
	}
	nearWant, nearTotal := numbertest.ExpectedSearch(t, 100, "country_iso", "US", "npanxx", "415200", "local_calling_area", "true")
	if nearTotal == 0 {
		t.Fatal("the inventory holds no number near 415-200")
	}
	if acctest.Real() {
		// The catalogue is shared: other tests of the suite buy numbers
		// from it and release them at the same time, so a search read again
		// at the refresh after the apply may find one more or one fewer,
		// and the example's outputs would show it as a change. The data
		// sources are checked as in emulator mode, without the outputs.
		example = exampleOutputs.ReplaceAllString(example, "")
		if strings.Contains(example, "output ") {
			t.Fatalf("the example's outputs were not all removed:\n%s", example)
		}
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(example),
			Check: resource.ComposeAggregateTestCheckFunc(
				checkSearchResult("data.cpaas_phone_numbers.sf", want, total),
				checkSearchResult("data.cpaas_phone_numbers.near_415_200", nearWant, nearTotal),
				resource.TestMatchResourceAttr("data.cpaas_phone_numbers.sf", "numbers.0.number", regexpMust(`^1415\d*2255`)),
			),
		}},
	})
}
