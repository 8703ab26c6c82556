package lookup_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// lookupCounter counts the emulator's look-up requests by number.
type lookupCounter struct {
	mu  sync.Mutex
	per map[string]int
}

func (c *lookupCounter) option(o *emulator.Options) {
	o.Logf = func(format string, args ...any) {
		line := fmt.Sprintf(format, args...)
		_, rest, ok := strings.Cut(line, " /v1/Number/")
		if !ok {
			return
		}
		number, _, _ := strings.Cut(rest, " ")
		c.mu.Lock()
		c.per[number]++
		c.mu.Unlock()
	}
}

func (c *lookupCounter) counts() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]int{}
	for k, v := range c.per {
		out[k] = v
	}
	return out
}

// TestAccNumberLookupDataSource: the look-up's carrier, type, porting and
// formats, null where the API has none (no MCC/MNC on a VoIP line, no
// carrier name on a toll-free number); a malformed number refused at plan
// time; a number the look-up does not know is an error naming it with the
// look-up's own message.
func TestAccNumberLookupDataSource(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	tollfree, _ := numberdata.New().Search(numberdata.Query{CountryISO: "US", Type: "toll-free", Limit: 1})
	tf := "+" + tollfree[0].Number
	ds := func(name, attr string, v knownvalue.Check) statecheck.StateCheck {
		return statecheck.ExpectKnownValue("data.cpaas_number_lookup."+name, tfjsonpath.New(attr), v)
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(fmt.Sprintf(`
data "cpaas_number_lookup" "mobile" {
  number = "+14155550100"
}

data "cpaas_number_lookup" "voip" {
  number = "+12125550101"
}

data "cpaas_number_lookup" "tollfree" {
  number = %q
}
`, tf)),
				ConfigStateChecks: []statecheck.StateCheck{
					ds("mobile", "id", knownvalue.StringExact("+14155550100")),
					ds("mobile", "country_iso", knownvalue.StringExact("US")),
					ds("mobile", "country_iso3", knownvalue.StringExact("USA")),
					ds("mobile", "country_name", knownvalue.StringExact("United States")),
					ds("mobile", "e164_format", knownvalue.StringExact("+14155550100")),
					ds("mobile", "international_format", knownvalue.StringExact("+1 415-555-0100")),
					ds("mobile", "national_format", knownvalue.StringExact("(415) 555-0100")),
					ds("mobile", "rfc3966_format", knownvalue.StringExact("tel:+1-415-555-0100")),
					ds("mobile", "carrier_name", knownvalue.StringExact("AT&T Wireless")),
					ds("mobile", "carrier_type", knownvalue.StringExact("mobile")),
					ds("mobile", "ported", knownvalue.StringExact("no")),
					ds("mobile", "mobile_country_code", knownvalue.StringExact("310")),
					ds("mobile", "mobile_network_code", knownvalue.StringExact("410")),
					ds("voip", "carrier_type", knownvalue.StringExact("voip")),
					ds("voip", "carrier_name", knownvalue.StringExact(numberdata.VoIPCarrier)),
					ds("voip", "mobile_country_code", knownvalue.Null()),
					ds("voip", "mobile_network_code", knownvalue.Null()),
					ds("tollfree", "carrier_type", knownvalue.StringExact("toll-free")),
					ds("tollfree", "carrier_name", knownvalue.Null()),
				},
			},
			{
				Config:      env.Config(`data "cpaas_number_lookup" "bad" { number = "14155550100" }`),
				ExpectError: acctest.ErrorPattern(`Attribute number must be an E.164 number: \+ and 7 to 15 digits, the first not 0, got "14155550100"`),
			},
			{
				Config: env.Config(`data "cpaas_number_lookup" "unknown" { number = "+19995550100" }`),
				ExpectError: acctest.ErrorPattern(`Number look-up failed for \+19995550100.*does not know number \+19995550100.*` +
					`HTTP 404: Phone number is invalid or does not exist\.`),
			},
			// lookup_base_url names the look-up's host: the emulator's, set
			// explicitly; plain http elsewhere is refused at plan time.
			{
				Config: fmt.Sprintf(`
provider "cpaas" {
  base_url        = %q
  lookup_base_url = %q
  auth_id         = %q
  auth_token      = %q
}

data "cpaas_number_lookup" "mobile" {
  number = "+14155550100"
}
`, env.URL, env.URL+"/", acctest.AuthID, acctest.AuthToken),
				ConfigStateChecks: []statecheck.StateCheck{ds("mobile", "carrier_type", knownvalue.StringExact("mobile"))},
			},
			{
				Config: fmt.Sprintf(`
provider "cpaas" {
  base_url        = %q
  lookup_base_url = "http://lookup.example.com"
  auth_id         = %q
  auth_token      = %q
}

data "cpaas_number_lookup" "mobile" {
  number = "+14155550100"
}
`, env.URL, acctest.AuthID, acctest.AuthToken),
				ExpectError: acctest.ErrorPattern(`Invalid CPaaS lookup_base_url.*lookup_base_url "http://lookup.example.com": plain http is only allowed to a loopback address`),
			},
			{Config: env.Config("")},
		},
	})
}

// TestAccNumberLookup_readOncePerRun: the look-up is billed per request;
// two data sources naming the same number make one request in a plan, and
// an apply (its own run) one more, never one per data source or per walk.
func TestAccNumberLookup_readOncePerRun(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	counter := &lookupCounter{per: map[string]int{}}
	env := acctest.NewEnv(t, counter.option)
	r := provtest.NewTFRunner(t)
	r.Write(fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) + env.ProviderConfig() + `
data "cpaas_number_lookup" "support" {
  number = "+14155550100"
}

data "cpaas_number_lookup" "support_again" {
  number = "+14155550100"
}

data "cpaas_number_lookup" "sales" {
  number = "+12125550101"
}

output "types" {
  value = [data.cpaas_number_lookup.support.carrier_type, data.cpaas_number_lookup.support_again.carrier_type, data.cpaas_number_lookup.sales.carrier_type]
}
`)
	r.Run("init", "-input=false")
	r.Run("plan", "-input=false")
	if got := counter.counts(); len(got) != 2 || got["+14155550100"] != 1 || got["+12125550101"] != 1 {
		t.Fatalf("one plan with two data sources of +14155550100 and one of +12125550101 made these look-ups: %v, want one each", got)
	}
	r.Run("apply", "-auto-approve", "-input=false")
	if got := counter.counts(); got["+14155550100"] != 2 || got["+12125550101"] != 2 {
		t.Fatalf("after a plan and an apply: %v, want two each (one per run)", got)
	}
	var types []string
	r.Output("types", &types)
	if strings.Join(types, ",") != "mobile,mobile,voip" {
		t.Fatalf("types = %v", types)
	}
}
