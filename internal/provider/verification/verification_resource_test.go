package verification_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/verification/verificationtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

const (
	vaAddr = "cpaas_verification_address.test"
	viAddr = "cpaas_verification_identity.test"
)

var verificationIDValue = knownvalue.StringRegexp(regexp.MustCompile(`^[0-9]{14}$`))

func verificationProof(t *testing.T, content string) string {
	p := filepath.Join(t.TempDir(), "proof.pdf")
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAccVerificationAddress_lifecycle(t *testing.T) {
	t.Parallel()
	env := verificationEnv(t)
	proof := verificationProof(t, "proof v1")
	file := fmt.Sprintf("  file = %q", proof)
	cfg := env.Config(verificationtest.VerificationAddressHCL("test", "office", "Paris", file))
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "verification_addresses", "verification_identities"),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("id"), verificationIDValue),
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("verification_status"), knownvalue.StringExact("pending")),
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("validation_status"), knownvalue.StringExact("pending")),
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("subaccount"), knownvalue.Null()),
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("account"), knownvalue.StringExact(acctest.AuthID)),
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("url"), knownvalue.StringRegexp(regexp.MustCompile(`^http://.*/v1/Account/.*/Verification/Address/[0-9]{14}/$`))),
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("file_sha256"), knownvalue.StringExact(client.FileSHA256([]byte("proof v1")))),
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("file"), knownvalue.Null()),
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("region"), knownvalue.StringExact("Île-de-France")),
				},
			},
			{
				// The review (an hour here, passed at once) is read by the refresh: no change planned.
				PreConfig: func() {
					env.Await(t, time.Hour, "the review", func() bool { return verificationStatus(t, env, vaAddr) == "accepted" })
				},
				Config:           cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("verification_status"), knownvalue.StringExact("accepted")),
				},
			},
			{
				// A new city updates in place and resubmits: pending again.
				Config: env.Config(verificationtest.VerificationAddressHCL("test", "office", "Lyon", file)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vaAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(vaAddr, tfjsonpath.New("verification_status")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("city"), knownvalue.StringExact("Lyon")),
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("verification_status"), knownvalue.StringExact("pending")),
				},
			},
			{
				// New content at the same path is uploaded in place.
				PreConfig: func() {
					if err := os.WriteFile(proof, []byte("proof v2"), 0o600); err != nil {
						t.Fatal(err)
					}
				},
				Config: env.Config(verificationtest.VerificationAddressHCL("test", "office", "Lyon", file)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vaAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(vaAddr, tfjsonpath.New("file_sha256"), knownvalue.StringExact(client.FileSHA256([]byte("proof v2")))),
				}},
			},
			{
				// The proof type cannot change: a new address.
				Config: env.Config(strings.Replace(verificationtest.VerificationAddressHCL("test", "office", "Lyon", file), `"passport"`, `"national_id"`, 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vaAddr, plancheck.ResourceActionReplace),
				}},
			},
			{
				Config:       env.Config(strings.Replace(verificationtest.VerificationAddressHCL("test", "office", "Lyon", file), `"passport"`, `"national_id"`, 1)),
				ResourceName: vaAddr, ImportState: true, ImportStateVerify: true,
				// Never returned; and the review decided since the update.
				ImportStateVerifyIgnore: []string{"address_proof_type", "phone_number_country", "number_type", "file_sha256",
					"verification_status", "validation_status"},
			},
			{
				ResourceName: vaAddr, ImportState: true, ImportStateId: "12345",
				ExpectError: regexp.MustCompile(`import id "12345" must be an address id, 14 digits`),
			},
		},
	})
}

// verificationStatus is the verification_status the API gives now of the
// object at addr in the emulator (through the client).
// verificationEnv is an emulator whose reviews take an hour: a test sees
// a create or an update pending, however busy the machine, and moves the
// emulator's clock on (Env.Await) for the decision.
func verificationEnv(t *testing.T) *acctest.Env {
	return acctest.NewEnv(t, func(o *emulator.Options) { o.ComplianceReviewDelay = time.Hour })
}

func verificationStatus(t *testing.T, env *acctest.Env, addr string) string {
	c := env.Client(t)
	ctx := context.Background()
	if strings.HasPrefix(addr, "cpaas_verification_address") {
		all, err := c.ListAllVerificationAddresses(ctx, client.VerificationFilter{})
		if err != nil || len(all) == 0 {
			return ""
		}
		return all[0].VerificationStatus
	}
	all, err := c.ListAllVerificationIdentities(ctx, client.VerificationFilter{})
	if err != nil || len(all) == 0 {
		return ""
	}
	return all[0].VerificationStatus
}

func TestAccVerificationIdentity_lifecycle(t *testing.T) {
	t.Parallel()
	env := verificationEnv(t)
	cfg := env.Config(verificationtest.VerificationIdentityHCL("test", "director", "19AB12345", ""))
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "verification_addresses", "verification_identities"),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(viAddr, tfjsonpath.New("id"), verificationIDValue),
					statecheck.ExpectKnownValue(viAddr, tfjsonpath.New("verification_status"), knownvalue.StringExact("pending")),
					statecheck.ExpectKnownValue(viAddr, tfjsonpath.New("file_sha256"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(viAddr, tfjsonpath.New("birth_date"), knownvalue.StringExact("1984-02-29")),
				},
			},
			{Config: cfg, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				// A birth date (never returned) updates in place too.
				Config: env.Config(strings.Replace(verificationtest.VerificationIdentityHCL("test", "director", "20CD67890", ""), "1984-02-29", "1984-03-01", 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(viAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(viAddr, tfjsonpath.New("id_number"), knownvalue.StringExact("20CD67890")),
					statecheck.ExpectKnownValue(viAddr, tfjsonpath.New("birth_date"), knownvalue.StringExact("1984-03-01")),
				},
			},
			{
				Config:       env.Config(strings.Replace(verificationtest.VerificationIdentityHCL("test", "director", "20CD67890", ""), "1984-02-29", "1984-03-01", 1)),
				ResourceName: viAddr, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: []string{"birth_place", "birth_date", "id_nationality", "id_issue_date", "address_line1", "address_line2",
					"city", "region", "postal_code", "file_sha256", "verification_status", "validation_status"},
			},
		},
	})
}

// A rejected review is warned of at plan; a deleted object is planned
// again.
func TestAccVerification_rejectedAndDisappears(t *testing.T) {
	t.Parallel()
	env := verificationEnv(t)
	cfg := env.Config(strings.Replace(verificationtest.VerificationAddressHCL("test", "office", "Paris", ""), `"Durand"`, `"REJECT Durand"`, 1))
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "verification_addresses", "verification_identities"),
		Steps: []resource.TestStep{
			{Config: cfg},
			{
				PreConfig: func() {
					env.Await(t, time.Hour, "the review", func() bool { return verificationStatus(t, env, vaAddr) == "rejected" })
				},
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vaAddr, tfjsonpath.New("verification_status"), knownvalue.StringExact("rejected")),
				},
			},
			{
				PreConfig: func() {
					c := env.Client(t)
					all, err := c.ListAllVerificationAddresses(context.Background(), client.VerificationFilter{Alias: "office"})
					if err != nil || len(all) != 1 {
						t.Fatalf("listing: %v %v", all, err)
					}
					if err := c.DeleteVerificationAddress(context.Background(), all[0].ID); err != nil {
						t.Fatal(err)
					}
				},
				Config: cfg, PlanOnly: true, ExpectNonEmptyPlan: true,
			},
		},
	})
}

func TestAccVerification_validation(t *testing.T) {
	t.Parallel()
	env := verificationEnv(t)
	step := func(cfg, want string) resource.TestStep {
		return resource.TestStep{Config: env.Config(cfg), PlanOnly: true, ExpectError: regexp.MustCompile(want)}
	}
	txt := filepath.Join(t.TempDir(), "proof.txt")
	if err := os.WriteFile(txt, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	addr := verificationtest.VerificationAddressHCL("test", "office", "Paris", "")
	ident := verificationtest.VerificationIdentityHCL("test", "director", "19AB12345", "")
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			step(strings.Replace(addr, `"Ms"`, `"Dr"`, 1), `(?s)salutation.*value must be one of:.*"Mr".*"Ms".*got: "Dr"`),
			step(strings.Replace(addr, `country_iso          = "FR"`, `country_iso          = "fr"`, 1),
				`(?s)country_iso "fr" must be an ISO 3166 alpha-2 country code in upper\s+case`),
			step(strings.Replace(addr, `"passport"`, `"utility_bill"`, 1), `(?s)address_proof_type.*got: "utility_bill"`),
			step(strings.Replace(addr, `country_iso          = "FR"`, `country_iso          = "ES"`, 1),
				`(?s)fiscal_identification_code is required for an address in ES \(country_iso\):\s+set it`),
			step(strings.Replace(ident, "1984-02-29", "29/02/1984", 1), `birth_date must be a date as yyyy-mm-dd \(1984-02-29\)`),
			// Characters, not bytes: 100 two-byte characters pass, 101 fail.
			{Config: env.Config(strings.Replace(addr, `"Paris"`, `"`+strings.Repeat("é", 100)+`"`, 1)), PlanOnly: true, ExpectNonEmptyPlan: true},
			step(strings.Replace(addr, `"Paris"`, `"`+strings.Repeat("é", 101)+`"`, 1), `city must be 1 to 100 characters long, got 101`),
			step(verificationtest.VerificationAddressHCL("test", "office", "Paris", fmt.Sprintf("  file = %q", txt)),
				`file "proof.txt" must be a JPG, JPEG, PNG or PDF file`),
		},
	})
}

// A create whose reply is lost is adopted from the listing of its
// alias, not made twice.
func TestAccVerification_lostCreateAdopted(t *testing.T) {
	t.Parallel()
	env := verificationEnv(t)
	env.Server.SetFaults(provtest.DropCreates("POST", "Verification/Address"))
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "verification_addresses", "verification_identities"),
		Steps: []resource.TestStep{{
			Config: env.Config(verificationtest.VerificationAddressHCL("test", "office", "Paris", "")),
			Check: func(*terraform.State) error {
				if got := env.Objects(t)["verification_addresses"]; len(got) != 1 {
					return fmt.Errorf("addresses: %v, want one", got)
				}
				return nil
			},
		}},
	})
}

func TestAccVerificationDataSources(t *testing.T) {
	t.Parallel()
	env := verificationEnv(t)
	cfg := env.Config(verificationtest.VerificationAddressHCL("test", "office", "Paris", "") + verificationtest.VerificationIdentityHCL("test", "director", "19AB12345", "") + `
data "cpaas_verification_address" "test" {
  id = cpaas_verification_address.test.id
}

data "cpaas_verification_identity" "test" {
  id = cpaas_verification_identity.test.id
}
`)
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "verification_addresses", "verification_identities"),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.cpaas_verification_address.test", tfjsonpath.New("postal_code"), knownvalue.StringExact("75002")),
					statecheck.ExpectKnownValue("data.cpaas_verification_address.test", tfjsonpath.New("alias"), knownvalue.StringExact("office")),
					statecheck.ExpectKnownValue("data.cpaas_verification_identity.test", tfjsonpath.New("id_number"), knownvalue.StringExact("19AB12345")),
					statecheck.ExpectKnownValue("data.cpaas_verification_identity.test", tfjsonpath.New("subaccount"), knownvalue.Null()),
				},
			},
			{
				Config:      env.Config(`data "cpaas_verification_address" "missing" { id = "10000000000001" }`),
				ExpectError: regexp.MustCompile(`verification address 10000000000001`),
			},
		},
	})
}
