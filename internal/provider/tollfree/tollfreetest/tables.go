package tollfreetest

import (
	"regexp"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the tollfree tests to the test tables.
func Tables(r *provtest.Tables) {
	r.ChaosPart("cpaas_tollfree_verification", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: `
data "cpaas_phone_numbers" "rel_tollfree" {
  country_iso = "US"
  type        = "toll-free"
  max_results = 2
}
` + RelTollfreeHCL(0) + RelTollfreeHCL(1), Want: map[string]int{"tollfree_verifications": 2, "numbers": 2}}
	})

	// Toll-free verifications of 12 toll-free numbers of one profile.
	r.ListingRefresh("tollfreeVerifications", provtest.ListingRefresh{
		Typ: "cpaas_tollfree_verification", Route: regexp.MustCompile(`^TollfreeVerification/`), Hide: 1, Pages: 1,
		Opts:  []func(*emulator.Options){provtest.FastRegistry},
		Kinds: []string{"tollfree_verifications", "10dlc_profiles", "numbers"},
		Config: tendlctest.LrProfilesHCL(1) + `
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

	r.RecordedOnImport("cpaas_tollfree_verification", "timeouts")

	// The objects of the docs example of cpaas_tollfree_verification, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_tollfree_verification", provtest.Identity("uuid"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			found, _, err := c.SearchAllPhoneNumbers(provtest.DocsCtx, client.PhoneNumberSearch{CountryISO: "US", Type: "toll-free"}, 1)
			if err != nil || len(found) != 1 {
				t.Fatalf("search: %v %v", found, err)
			}
			n := found[0].Number
			if _, err := c.BuyPhoneNumber(provtest.DocsCtx, n, client.PhoneNumberBuy{}); err != nil {
				t.Fatal(err)
			}
			profile := tendlctest.MakeDocsProfile(t, c)
			v, err := c.CreateTollfreeVerification(provtest.DocsCtx, client.TollfreeVerificationCreate{Number: n, TollfreeVerificationFields: client.TollfreeVerificationFields{
				ProfileUUID: profile, Usecase: "2FA, CUSTOMER_CARE",
				UsecaseSummary: "One-time passcodes and support replies for customers of the Acme online store.",
				MessageSample:  "Acme: your code is 123456. Reply STOP to opt out.", OptinType: "WEB_FORM",
				OptinImageURL: "https://acme.example/compliance/optin-form.png", Volume: "1,000",
				CallbackURL: "https://hooks.example.com/tollfree", CallbackMethod: "POST",
			}})
			if err != nil {
				t.Fatal(err)
			}
			provtest.WaitUntil(t, "toll-free verification", func() bool {
				got, err := c.GetTollfreeVerification(provtest.DocsCtx, v.UUID)
				return err == nil && got.Status == "APPROVED"
			})
			return [][2]string{{"cpaas_tollfree_verification.support", v.UUID}},
				config.Variables{"toll_free_number": config.StringVariable(n), "profile_uuid": config.StringVariable(profile)}
		}},
	)

	// The 12 requests of tollfreeVerifications wait for the carrier (400 ms)
	// on the listing, in shared rounds: one GET each, the read after the thin
	// create reply.
	r.ListingWait("tollfreeVerifications", provtest.ListingWait{
		Refresh: "tollfreeVerifications", Watches: "TollfreeListing", Delay: func(o *emulator.Options) { o.TollfreeVerificationDelay = 400 * time.Millisecond }, N: 12,
		List: regexp.MustCompile(`^TollfreeVerification/$`), Get: regexp.MustCompile(`^TollfreeVerification/[^/]+/$`),
		Gets: 1, Lists: 12, // alone: 4 GETs each (48); shared: at most one list call an object
	})
}
