package provider_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// verificationTables adds the entries of the verification tests to the test tables.
func verificationTables(r *testTables) {
	// One configuration makes both types: the identities' part counts
	// nothing of its own.
	r.chaosPart("cpaas_verification_address", func() chaosPart {
		return chaosPart{hcl: repeatHCL(2, relVerificationHCL), want: map[string]int{"verification_addresses": 2, "verification_identities": 2}}
	})

	r.chaosPart("cpaas_verification_identity", func() chaosPart { return chaosPart{} })

	// The refreshes from listings (TestAccListingRefresh): 15 objects of one
	// page, two left out of every list reply.
	r.listingRefresh("verificationAddresses", listingRefresh{
		typ: "cpaas_verification_address", route: regexp.MustCompile(`^Verification/Address/`), hide: 2, pages: 1,
		kinds: []string{"verification_addresses"}, opts: complianceReviewFast,
		config: strings.Replace(verificationAddressHCL("many", "listed ${count.index}", "Paris", ""), `"many" {`, `"many" {
  count                = 15`, 1),
	})

	r.listingRefresh("verificationIdentities", listingRefresh{
		typ: "cpaas_verification_identity", route: regexp.MustCompile(`^Verification/Identity/`), hide: 2, pages: 1,
		kinds: []string{"verification_identities"}, opts: complianceReviewFast,
		config: strings.Replace(verificationIdentityHCL("many", "listed ${count.index}", "19AB12345", ""), `"many" {`, `"many" {
  count          = 15`, 1),
	})

	// The objects of the docs examples, made as a script would, and their
	// import identities (TestAccImport_docsExamples...). What no reply
	// carries is recorded by the first plan.
	r.importDocs("cpaas_verification_address", identity("id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			in := client.VerificationAddressData{Alias: "paris-office", CountryISO: "FR", Salutation: "Ms", FirstName: "Camille", LastName: "Durand",
				AddressLine1: "12", AddressLine2: "Rue de la Paix", City: "Paris", Region: "Île-de-France", PostalCode: "75002",
				AddressProofType: "passport", PhoneNumberCountry: "FR", NumberType: "local"}
			if err := c.CreateVerificationAddress(docsCtx, in, nil); err != nil {
				t.Fatal(err)
			}
			all, err := c.ListAllVerificationAddresses(docsCtx, client.VerificationFilter{Alias: in.Alias})
			if err != nil || len(all) != 1 {
				t.Fatalf("listing: %v %v", all, err)
			}
			return [][2]string{{"cpaas_verification_address.office", all[0].ID}}, nil
		}},
	)

	r.recordedOnImport("cpaas_verification_address", "address_proof_type", "phone_number_country", "number_type", "file_sha256")

	r.importDocs("cpaas_verification_identity", identity("id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			in := client.VerificationIdentityData{Alias: "director", CountryISO: "FR", Salutation: "Ms", FirstName: "Camille", LastName: "Durand",
				BirthPlace: "Lyon", BirthDate: "1984-02-29", Nationality: "FR", IDNationality: "FR", IDIssueDate: "2020-01-15", IDType: "passport",
				IDNumber: "19AB12345", AddressLine1: "12", AddressLine2: "Rue de la Paix", City: "Paris", Region: "Île-de-France", PostalCode: "75002"}
			if err := c.CreateVerificationIdentity(docsCtx, in, nil); err != nil {
				t.Fatal(err)
			}
			all, err := c.ListAllVerificationIdentities(docsCtx, client.VerificationFilter{Alias: in.Alias})
			if err != nil || len(all) != 1 {
				t.Fatalf("listing: %v %v", all, err)
			}
			return [][2]string{{"cpaas_verification_identity.director", all[0].ID}}, nil
		}},
	)

	r.recordedOnImport("cpaas_verification_identity", "birth_place", "birth_date", "id_nationality", "id_issue_date",
		"address_line1", "address_line2", "city", "region", "postal_code", "file_sha256")
}
