package verificationtest

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance/compliancetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the verification tests to the test tables.
func Tables(r *provtest.Tables) {
	// One configuration makes both types: the identities' part counts
	// nothing of its own.
	r.ChaosPart("cpaas_verification_address", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(2, relVerificationHCL), Want: map[string]int{"verification_addresses": 2, "verification_identities": 2}}
	})

	r.ChaosPart("cpaas_verification_identity", func() provtest.ChaosPart { return provtest.ChaosPart{} })

	// The refreshes from listings (TestAccListingRefresh): 15 objects of one
	// page, two left out of every list reply.
	r.ListingRefresh("verificationAddresses", provtest.ListingRefresh{
		Typ: "cpaas_verification_address", Route: regexp.MustCompile(`^Verification/Address/`), Hide: 2, Pages: 1,
		Kinds: []string{"verification_addresses"}, Opts: compliancetest.ComplianceReviewFast,
		Config: strings.Replace(VerificationAddressHCL("many", "listed ${count.index}", "Paris", ""), `"many" {`, `"many" {
  count                = 15`, 1),
	})

	r.ListingRefresh("verificationIdentities", provtest.ListingRefresh{
		Typ: "cpaas_verification_identity", Route: regexp.MustCompile(`^Verification/Identity/`), Hide: 2, Pages: 1,
		Kinds: []string{"verification_identities"}, Opts: compliancetest.ComplianceReviewFast,
		Config: strings.Replace(VerificationIdentityHCL("many", "listed ${count.index}", "19AB12345", ""), `"many" {`, `"many" {
  count          = 15`, 1),
	})

	// The objects of the docs examples, made as a script would, and their
	// import identities (TestAccImport_docsExamples...). What no reply
	// carries is recorded by the first plan.
	r.ImportDocs("cpaas_verification_address", provtest.Identity("id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			in := client.VerificationAddressData{Alias: "paris-office", CountryISO: "FR", Salutation: "Ms", FirstName: "Camille", LastName: "Durand",
				AddressLine1: "12", AddressLine2: "Rue de la Paix", City: "Paris", Region: "Île-de-France", PostalCode: "75002",
				AddressProofType: "passport", PhoneNumberCountry: "FR", NumberType: "local"}
			if err := c.CreateVerificationAddress(provtest.DocsCtx, in, nil); err != nil {
				t.Fatal(err)
			}
			all, err := c.ListAllVerificationAddresses(provtest.DocsCtx, client.VerificationFilter{Alias: in.Alias})
			if err != nil || len(all) != 1 {
				t.Fatalf("listing: %v %v", all, err)
			}
			return [][2]string{{"cpaas_verification_address.office", all[0].ID}}, nil
		}},
	)

	r.RecordedOnImport("cpaas_verification_address", "address_proof_type", "phone_number_country", "number_type", "file_sha256")

	r.ImportDocs("cpaas_verification_identity", provtest.Identity("id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			in := client.VerificationIdentityData{Alias: "director", CountryISO: "FR", Salutation: "Ms", FirstName: "Camille", LastName: "Durand",
				BirthPlace: "Lyon", BirthDate: "1984-02-29", Nationality: "FR", IDNationality: "FR", IDIssueDate: "2020-01-15", IDType: "passport",
				IDNumber: "19AB12345", AddressLine1: "12", AddressLine2: "Rue de la Paix", City: "Paris", Region: "Île-de-France", PostalCode: "75002"}
			if err := c.CreateVerificationIdentity(provtest.DocsCtx, in, nil); err != nil {
				t.Fatal(err)
			}
			all, err := c.ListAllVerificationIdentities(provtest.DocsCtx, client.VerificationFilter{Alias: in.Alias})
			if err != nil || len(all) != 1 {
				t.Fatalf("listing: %v %v", all, err)
			}
			return [][2]string{{"cpaas_verification_identity.director", all[0].ID}}, nil
		}},
	)

	r.RecordedOnImport("cpaas_verification_identity", "birth_place", "birth_date", "id_nationality", "id_issue_date",
		"address_line1", "address_line2", "city", "region", "postal_code", "file_sha256")
}
