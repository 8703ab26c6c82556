package tendlc_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

const profileAddr = "cpaas_10dlc_profile.test"

func TestAccProfile_basicUpdateReplaceImport(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	var firstID string
	public := tendlctest.ProfileBodyHCL(`
  entity_type            = "PUBLIC"
  ein                    = "12-3456789"
  ein_issuing_country    = "US"
  stock_symbol           = "ACME"
  stock_exchange         = "NYSE"
  website                = "https://acme.example"
  business_contact_email = "compliance@acme.example"
`)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_profiles"),
		Steps: []resource.TestStep{
			{
				Config: env.Config(public),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(profileAddr, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9a-f-]{36}$`))),
					statecheck.ExpectKnownValue(profileAddr, tfjsonpath.New("profile_type"), knownvalue.StringExact("SECONDARY")),
					statecheck.ExpectKnownValue(profileAddr, tfjsonpath.New("created_at"), knownvalue.StringRegexp(regexp.MustCompile(`\.\d{6}Z$`))),
					statecheck.ExpectKnownValue(profileAddr, tfjsonpath.New("stock_exchange"), knownvalue.StringExact("NYSE")),
					statecheck.ExpectKnownValue(profileAddr, tfjsonpath.New("doing_business_as"), knownvalue.Null()),
					statecheck.ExpectKnownValue(profileAddr, tfjsonpath.New("authorized_contact").AtMapKey("title"), knownvalue.Null()),
					statecheck.ExpectKnownValue(profileAddr, tfjsonpath.New("address").AtMapKey("city"), knownvalue.StringExact("Austin")),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(s *terraform.State) (err error) {
					firstID, err = tendlctest.StateID(s, profileAddr)
					if err != nil {
						return err
					}
					p, err := env.Client(t).GetProfile(context.Background(), firstID)
					if err == nil && (p.CompanyName != "Acme" || p.StockSymbol != "ACME" || p.Address.State != "TX") {
						err = fmt.Errorf("emulator holds %+v", p)
					}
					return err
				},
			},
			{ResourceName: profileAddr, ImportState: true, ImportStateVerify: true},
			{
				// What the update takes changes in place.
				Config: env.Config(strings.Replace(strings.Replace(public, `"https://acme.example"`, `"https://acme.example/new"`, 1),
					`city        = "Austin"`, `city        = "Dallas"`, 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(profileAddr, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					id, _ := tendlctest.StateID(s, profileAddr)
					p, err := env.Client(t).GetProfile(context.Background(), id)
					if err == nil && (id != firstID || p.Website != "https://acme.example/new" || p.Address.City != "Dallas") {
						err = fmt.Errorf("update in place: id %s (was %s), emulator holds %+v", id, firstID, p)
					}
					return err
				},
			},
			{
				// The stock listing is fixed at create: a change replaces.
				Config: env.Config(strings.Replace(public, `"NYSE"`, `"NASDAQ"`, 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(profileAddr, plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				// An optional field cannot be cleared by the API's update:
				// removing it replaces the profile.
				Config: env.Config(strings.Replace(strings.Replace(public, `"NYSE"`, `"NASDAQ"`, 1), `website                = "https://acme.example"`, "", 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(profileAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				Check: func(s *terraform.State) error {
					if ids := env.Objects(t)["10dlc_profiles"]; len(ids) != 1 {
						return fmt.Errorf("profiles %v, want exactly one", ids)
					}
					return nil
				},
			},
			{ResourceName: profileAddr, ImportState: true, ImportStateId: "nope", ExpectError: regexp.MustCompile(`import id "nope" must be a profile_uuid`)},
		},
	})
}

func TestAccProfile_disappears(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: env.Config(tendlctest.ProfileHCL("test", "Acme", "")),
			Check: func(s *terraform.State) error {
				id, _ := tendlctest.StateID(s, profileAddr)
				return env.Client(t).DeleteProfile(context.Background(), id)
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

// Each rule of a profile is refused at plan time, naming the attribute,
// the rule and the value; lengths count characters.
func TestAccProfile_validation(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	over := func(field string, n int, r string) string {
		return fmt.Sprintf("  %s = %q\n", field, strings.Repeat(r, n))
	}
	cases := []struct{ args, want string }{
		{`entity_type = "PUBLIC_PROFIT"`, `Attribute entity_type value must be one of: \["PRIVATE" "PUBLIC" "NON_PROFIT"\s+"GOVERNMENT" "INDIVIDUAL"\], got: "PUBLIC_PROFIT"`},
		{"entity_type = \"PRIVATE\"\n  ein_issuing_country = \"US\"", `Attribute ein is required when entity_type is "PRIVATE" \(only INDIVIDUAL\s+may leave out the tax id\), got none`},
		{"entity_type = \"PUBLIC\"\n  ein = \"1\"\n  ein_issuing_country = \"US\"\n  stock_exchange = \"NYSE\"",
			`Attribute stock_symbol is required when entity_type is "PUBLIC" \(a public\s+company gives its stock listing\), got none`},
		{"entity_type = \"INDIVIDUAL\"\n  stock_exchange = \"MOON\"", `Attribute stock_exchange value must be one of:`},
		{"entity_type = \"INDIVIDUAL\"\n  alt_business_id_type = \"SSN\"", `Attribute alt_business_id_type value must be one of:`},
		{"entity_type = \"INDIVIDUAL\"\n" + over("stock_symbol", 11, "Å"), `Attribute stock_symbol "ÅÅÅÅÅÅÅÅÅÅÅ" is 11 characters long, more than the 10\s+allowed`},
		{"entity_type = \"INDIVIDUAL\"\n" + over("doing_business_as", 101, "日"), `Attribute doing_business_as "日+" is 101 characters long, more\s+than the 100 allowed`},
		{"entity_type = \"INDIVIDUAL\"\n  business_contact_email = \"ops.example.com\"", `Attribute business_contact_email "ops.example.com" must be an email address`},
		{"entity_type = \"INDIVIDUAL\"\n  ein_issuing_country = \"USA\"", `Attribute ein_issuing_country "USA" is 3 characters long, more than the 2\s+allowed`},
	}
	var steps []resource.TestStep
	for _, tc := range cases {
		steps = append(steps, resource.TestStep{Config: env.Config(tendlctest.ProfileBodyHCL("  " + tc.args)), PlanOnly: true, ExpectError: acctest.ErrorPattern(tc.want)})
	}
	// A nested field: the address's state is at most 20 characters.
	steps = append(steps, resource.TestStep{
		Config:   env.Config(strings.Replace(tendlctest.ProfileBodyHCL(`  entity_type = "INDIVIDUAL"`), `state       = "TX"`, `state = "`+strings.Repeat("é", 21)+`"`, 1)),
		PlanOnly: true, ExpectError: acctest.ErrorPattern(`Attribute address.state "é+" is 21 characters long, more than the 20 allowed`),
	})
	// At the boundary, multi-byte text passes (applied, then destroyed).
	steps = append(steps, resource.TestStep{
		Config: env.Config(tendlctest.ProfileBodyHCL("  entity_type = \"INDIVIDUAL\"\n" + over("doing_business_as", 100, "日") + over("stock_symbol", 10, "Å"))),
	})
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_profiles"),
		Steps:        steps,
	})
}

func TestAccProfileDataSource(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: env.Config(tendlctest.ProfileHCL("test", "Acme Corp", "") + `
data "cpaas_10dlc_profile" "read" {
  id = cpaas_10dlc_profile.test.id
}
`),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttrPair("data.cpaas_10dlc_profile.read", "id", profileAddr, "id"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_profile.read", "company_name", "Acme Corp"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_profile.read", "address.postal_code", "78701"),
					resource.TestCheckResourceAttr("data.cpaas_10dlc_profile.read", "authorized_contact.email", "jane@example.com"),
					resource.TestCheckNoResourceAttr("data.cpaas_10dlc_profile.read", "website"),
				),
			},
			{
				Config:      env.Config(`data "cpaas_10dlc_profile" "missing" { id = "00000000-0000-4000-8000-000000000000" }`),
				ExpectError: acctest.ErrorPattern(`business profile 00000000-0000-4000-8000-000000000000`),
			},
		},
	})
}

// A profile -> brand -> campaign -> link chain in one apply, destroyed in
// the right order (the emulator refuses a profile's delete while its brand
// exists, and a brand's while its campaign does).
func TestAccProfile_chainToNumberLink(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	cfg := campaignHCL("Chain", "RETAIL", `  usecase = "DELIVERY_NOTIFICATION"`) + `
resource "cpaas_10dlc_campaign_number" "link" {
  campaign_id = cpaas_10dlc_campaign.test.id
  number      = "14155550100"
}
`
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "10dlc_profiles"),
		Steps: []resource.TestStep{{
			Config: env.Config(cfg),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cpaas_10dlc_brand.test", tfjsonpath.New("registration_status"), knownvalue.StringExact("COMPLETED")),
				statecheck.ExpectKnownValue("cpaas_10dlc_campaign_number.link", tfjsonpath.New("status"), knownvalue.StringExact("COMPLETED")),
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			Check: func(s *terraform.State) error {
				profile, _ := tendlctest.StateID(s, profileAddr)
				brand, _ := tendlctest.StateID(s, "cpaas_10dlc_brand.test")
				b, err := env.Client(t).GetBrand(context.Background(), brand)
				if err != nil || b.ProfileUUID != profile {
					return fmt.Errorf("brand %+v (%v) does not name profile %s", b, err, profile)
				}
				return nil
			},
		}},
	})
}

// Every profile is listed by identity, the entity_type filter selects
// exactly, and include_resource returns what an import reads.
func TestAccProfileList_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	c := env.Client(t)
	private := tendlctest.MakeDocsProfile(t, c)
	indiv := tendlctest.DocsProfile
	indiv.ProfileAlias, indiv.EntityType, indiv.EIN, indiv.EINIssuingCountry = "solo", "INDIVIDUAL", "", ""
	created, err := c.CreateProfile(context.Background(), indiv)
	if err != nil {
		t.Fatal(err)
	}
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Query: true,
			Config: env.ProviderConfig() + `
list "cpaas_10dlc_profile" "all" {
  provider = cpaas
}

list "cpaas_10dlc_profile" "individual" {
  provider         = cpaas
  include_resource = true
  config {
    entity_type = "INDIVIDUAL"
  }
}
`,
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("cpaas_10dlc_profile.all", 2),
				querycheck.ExpectIdentity("cpaas_10dlc_profile.all", provtest.IdentityIs("profile_uuid", private)),
				querycheck.ExpectIdentity("cpaas_10dlc_profile.all", provtest.IdentityIs("profile_uuid", created.ProfileUUID)),
				querycheck.ExpectLength("cpaas_10dlc_profile.individual", 1),
				querycheck.ExpectResourceKnownValues("cpaas_10dlc_profile.individual", queryfilter.ByResourceIdentity(provtest.IdentityIs("profile_uuid", created.ProfileUUID)),
					[]querycheck.KnownValueCheck{
						{Path: tfjsonpath.New("profile_alias"), KnownValue: knownvalue.StringExact("solo")},
						{Path: tfjsonpath.New("ein"), KnownValue: knownvalue.Null()},
						{Path: tfjsonpath.New("address").AtMapKey("city"), KnownValue: knownvalue.StringExact("Austin")},
					}),
			},
		}},
	})
}

// A profile placed in a subaccount (the API's service_subaccount): set,
// it moves there in place; removed, it moves back to the main account in
// place (the API reads "" as unchanged, so the provider sends the main
// account's auth_id); the next plan is empty each time.
func TestAccProfile_subaccountMovesInPlace(t *testing.T) {
	t.Parallel()
	env := tendlctest.TendlcEnv(t)
	sub := `
resource "cpaas_subaccount" "team" {
  name = "Team"
}
`
	var firstID string
	owner := func(s *terraform.State, want func(string) bool) error {
		id, err := tendlctest.StateID(s, profileAddr)
		if err != nil {
			return err
		}
		if firstID == "" {
			firstID = id
		} else if id != firstID {
			return fmt.Errorf("the profile was replaced: %s, then %s", firstID, id)
		}
		p, err := env.Client(t).GetProfile(context.Background(), id)
		if err == nil && !want(p.ServiceSubaccount) {
			err = fmt.Errorf("the emulator's profile is in %q", p.ServiceSubaccount)
		}
		return err
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config:      env.Config(sub + tendlctest.ProfileHCL("test", "Acme", `  subaccount = "MA0000000000000000001"`)),
				PlanOnly:    true,
				ExpectError: acctest.ErrorPattern(`Attribute subaccount must be SA followed by 18 upper-case letters or digits,\s+got "MA0000000000000000001"`),
			},
			{
				Config:           env.Config(sub + tendlctest.ProfileHCL("test", "Acme", "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check:            func(s *terraform.State) error { return owner(s, func(v string) bool { return v == "" }) },
			},
			{
				Config: env.Config(sub + tendlctest.ProfileHCL("test", "Acme", "  subaccount = cpaas_subaccount.team.id")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(profileAddr, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error {
					return owner(s, func(v string) bool { return len(v) == 20 && v[:2] == "SA" })
				},
			},
			{
				Config: env.Config(sub + tendlctest.ProfileHCL("test", "Acme", "")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(profileAddr, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: func(s *terraform.State) error { return owner(s, func(v string) bool { return v == "" }) },
			},
		},
	})
}
