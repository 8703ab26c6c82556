package provider_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// tollfreeTables adds the entries of the tollfree tests to the test tables.
func tollfreeTables(r *testTables) {
	r.chaosPart("cpaas_tollfree_verification", func() chaosPart {
		return chaosPart{hcl: `
data "cpaas_phone_numbers" "rel_tollfree" {
  country_iso = "US"
  type        = "toll-free"
  max_results = 2
}
` + relTollfreeHCL(0) + relTollfreeHCL(1), want: map[string]int{"tollfree_verifications": 2, "numbers": 2}}
	})

	// Toll-free verifications of 12 toll-free numbers of one profile.
	r.listingRefresh("tollfreeVerifications", listingRefresh{
		typ: "cpaas_tollfree_verification", route: regexp.MustCompile(`^TollfreeVerification/`), hide: 1, pages: 1,
		opts:  []func(*emulator.Options){fastRegistry},
		kinds: []string{"tollfree_verifications", "10dlc_profiles", "numbers"},
		config: lrProfilesHCL(1) + `
data "cpaas_phone_numbers" "tollfree" {
  country_iso = "US"
  type        = "toll-free"
  max_results = 12
}

resource "cpaas_phone_number" "tollfree" {
  count  = 12
  number = data.cpaas_phone_numbers.tollfree.numbers[count.index].number
  lifecycle {
    ignore_changes = [number]
  }
}

resource "cpaas_tollfree_verification" "many" {
  count            = 12
  profile_uuid     = cpaas_10dlc_profile.many[0].id
  number           = cpaas_phone_number.tollfree[count.index].number
  usecases         = ["2FA"]
  usecase_summary  = "Listing passcodes ${count.index}."
  message_sample   = "Your code is ${count.index}. Reply STOP to opt out."
  optin_type       = "WEB_FORM"
  optin_image_urls = ["https://acme.example/optin-${count.index}.png"]
  volume           = "100"
}
`,
	})

	r.recordedOnImport("cpaas_tollfree_verification", "timeouts")

	// The objects of the docs example of cpaas_tollfree_verification, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_tollfree_verification", identity("uuid"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			found, _, err := c.SearchAllPhoneNumbers(docsCtx, client.PhoneNumberSearch{CountryISO: "US", Type: "toll-free"}, 1)
			if err != nil || len(found) != 1 {
				t.Fatalf("search: %v %v", found, err)
			}
			n := found[0].Number
			if _, err := c.BuyPhoneNumber(docsCtx, n, client.PhoneNumberBuy{}); err != nil {
				t.Fatal(err)
			}
			profile := makeDocsProfile(t, c)
			v, err := c.CreateTollfreeVerification(docsCtx, client.TollfreeVerificationCreate{Number: n, TollfreeVerificationFields: client.TollfreeVerificationFields{
				ProfileUUID: profile, Usecase: "2FA, CUSTOMER_CARE",
				UsecaseSummary: "One-time passcodes and support replies for customers of the Acme online store.",
				MessageSample:  "Acme: your code is 123456. Reply STOP to opt out.", OptinType: "WEB_FORM",
				OptinImageURL: "https://acme.example/compliance/optin-form.png", Volume: "1,000",
				CallbackURL: "https://hooks.example.com/tollfree", CallbackMethod: "POST",
			}})
			if err != nil {
				t.Fatal(err)
			}
			waitUntil(t, "toll-free verification", func() bool {
				got, err := c.GetTollfreeVerification(docsCtx, v.UUID)
				return err == nil && got.Status == "APPROVED"
			})
			return [][2]string{{"cpaas_tollfree_verification.support", v.UUID}},
				config.Variables{"toll_free_number": config.StringVariable(n), "profile_uuid": config.StringVariable(profile)}
		}},
	)

	// The 12 requests of tollfreeVerifications wait for the carrier (400 ms)
	// on the listing, in shared rounds: one GET each, the read after the thin
	// create reply.
	r.listingWait("tollfreeVerifications", listingWait{
		refresh: "tollfreeVerifications", watches: "TollfreeListing", delay: func(o *emulator.Options) { o.TollfreeVerificationDelay = 400 * time.Millisecond }, n: 12,
		list: regexp.MustCompile(`^TollfreeVerification/$`), get: regexp.MustCompile(`^TollfreeVerification/[^/]+/$`),
		gets: 1, lists: 12, // alone: 4 GETs each (48); shared: at most one list call an object
	})
}
