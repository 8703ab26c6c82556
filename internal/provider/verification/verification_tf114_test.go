package verification_test

import (
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance/compliancetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/testtables"
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

// makeVerifications makes, through the client, addresses in FR and DE and
// an identity; it returns their ids.
func makeVerifications(t *testing.T, c *client.Client) (fr, de, identity string) {
	t.Helper()
	addr := func(alias, country string) string {
		in := client.VerificationAddressData{Alias: alias, CountryISO: country, Salutation: "Ms", FirstName: "Camille", LastName: "Durand",
			AddressLine1: "12", AddressLine2: "Rue de la Paix", City: "Paris", Region: "IDF", PostalCode: "75002", AddressProofType: "passport",
			PhoneNumberCountry: country, NumberType: "local"}
		if err := c.CreateVerificationAddress(provtest.DocsCtx, in, nil); err != nil {
			t.Fatal(err)
		}
		all, err := c.ListAllVerificationAddresses(provtest.DocsCtx, client.VerificationFilter{Alias: alias})
		if err != nil || len(all) != 1 {
			t.Fatalf("listing: %v %v", all, err)
		}
		return all[0].ID
	}
	fr, de = addr("paris-office", "FR"), addr("berlin-office", "DE")
	in := client.VerificationIdentityData{Alias: "director", CountryISO: "FR", Salutation: "Ms", FirstName: "Camille", LastName: "Durand",
		BirthPlace: "Lyon", BirthDate: "1984-02-29", Nationality: "FR", IDNationality: "FR", IDIssueDate: "2020-01-15", IDType: "passport",
		IDNumber: "19AB12345", AddressLine1: "12", AddressLine2: "Rue de la Paix", City: "Paris", Region: "IDF", PostalCode: "75002"}
	if err := c.CreateVerificationIdentity(provtest.DocsCtx, in, nil); err != nil {
		t.Fatal(err)
	}
	all, err := c.ListAllVerificationIdentities(provtest.DocsCtx, client.VerificationFilter{})
	if err != nil || len(all) != 1 {
		t.Fatalf("listing: %v %v", all, err)
	}
	return fr, de, all[0].ID
}

// An import block naming an address by identity plans only the import.
func TestAccVerificationAddress_importByIdentity_TF114(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	in := client.VerificationAddressData{Alias: "paris-office", CountryISO: "FR", Salutation: "Ms", FirstName: "Camille", LastName: "Durand",
		AddressLine1: "12", AddressLine2: "Rue de la Paix", City: "Paris", Region: "Île-de-France", PostalCode: "75002",
		AddressProofType: "passport", PhoneNumberCountry: "FR", NumberType: "local"}
	c := env.Client(t)
	if err := c.CreateVerificationAddress(provtest.DocsCtx, in, nil); err != nil {
		t.Fatal(err)
	}
	all, err := c.ListAllVerificationAddresses(provtest.DocsCtx, client.VerificationFilter{})
	if err != nil || len(all) != 1 {
		t.Fatalf("listing: %v %v", all, err)
	}
	id := all[0].ID
	before := env.Objects(t)
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Config: env.Config(provtest.ExampleConfig(t, "cpaas_verification_address") + fmt.Sprintf(`
import {
  to = cpaas_verification_address.office
  identity = {
    id = %q
  }
}
`, id)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply:             []plancheck.PlanCheck{testtables.ExpectOnlyImports{Want: 1}},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectIdentity("cpaas_verification_address.office", map[string]knownvalue.Check{"id": knownvalue.StringExact(id)}),
			},
			Check: func(*terraform.State) error {
				if after := env.Objects(t); !reflect.DeepEqual(before, after) {
					return fmt.Errorf("the apply changed the account:\nbefore %v\nafter  %v", before, after)
				}
				return nil
			},
		}},
	})
}

// Every address and identity is listed by identity, each filter selects
// exactly, the display names hold no personal data, and the resource data
// is what an import reads. Not parallel: it sets process environment.
func TestAccVerificationListResources_TF114(t *testing.T) {
	env := compliancetest.ComplianceEnv(t)
	fr, de, identity := makeVerifications(t, env.Client(t))
	logPath := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_ACC_LOG_PATH", logPath)
	query := `
list "cpaas_verification_address" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_verification_address" "germany" {
  provider = cpaas
  config {
    country_iso = "DE"
  }
}

list "cpaas_verification_identity" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_verification_identity" "rejected" {
  provider = cpaas
  config {
    verification_status = "rejected"
  }
}
`
	checks := []querycheck.QueryResultCheck{
		querycheck.ExpectLength("cpaas_verification_address.all", 2),
		querycheck.ExpectIdentity("cpaas_verification_address.all", provtest.IdentityIs("id", fr)),
		querycheck.ExpectIdentity("cpaas_verification_address.all", provtest.IdentityIs("id", de)),
		querycheck.ExpectLength("cpaas_verification_address.germany", 1),
		querycheck.ExpectIdentity("cpaas_verification_address.germany", provtest.IdentityIs("id", de)),
		querycheck.ExpectLength("cpaas_verification_identity.all", 1),
		querycheck.ExpectIdentity("cpaas_verification_identity.all", provtest.IdentityIs("id", identity)),
		querycheck.ExpectLength("cpaas_verification_identity.rejected", 0),
		querycheck.ExpectResourceDisplayName("cpaas_verification_address.all", queryfilter.ByResourceIdentity(provtest.IdentityIs("id", fr)),
			knownvalue.StringRegexp(regexp.MustCompile(`^paris-office \(FR, (pending|accepted)\)$`))),
		querycheck.ExpectResourceKnownValues("cpaas_verification_address.all", queryfilter.ByResourceIdentity(provtest.IdentityIs("id", fr)),
			[]querycheck.KnownValueCheck{
				{Path: tfjsonpath.New("postal_code"), KnownValue: knownvalue.StringExact("75002")},
				{Path: tfjsonpath.New("alias"), KnownValue: knownvalue.StringExact("paris-office")},
			}),
		querycheck.ExpectResourceKnownValues("cpaas_verification_identity.all", queryfilter.ByResourceIdentity(provtest.IdentityIs("id", identity)),
			[]querycheck.KnownValueCheck{{Path: tfjsonpath.New("id_number"), KnownValue: knownvalue.StringExact("19AB12345")}}),
	}
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps:                  []resource.TestStep{{Query: true, Config: env.ProviderConfig() + query, QueryResultChecks: checks}},
	})
	compliancetest.CheckLogHoldsNoPersonalData(t, logPath, map[string]string{"id": "19AB12345", "street": "Rue de la Paix", "last": "Durand"},
		"Verification/", "verification")
}
