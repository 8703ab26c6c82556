package tendlctest

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the tendlc tests to the test tables.
func Tables(r *provtest.Tables) {
	// Three profiles, one behind each of the chaos test's three brands.
	r.ChaosPart("cpaas_10dlc_profile", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(3, RelProfileHCL), Want: map[string]int{"10dlc_profiles": 3}}
	})

	r.ChaosPart("cpaas_10dlc_brand", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(3, RelBrandHCL), Want: map[string]int{"10dlc_brands": 3}}
	})

	// Six campaigns over the chaos test's three brands.
	r.ChaosPart("cpaas_10dlc_campaign", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(6, func(i int) string { return RelCampaignHCL(i, fmt.Sprintf("cpaas_10dlc_brand.b%d", (i-1)%3+1)) }),
			Want: map[string]int{"10dlc_campaigns": 6}}
	})

	// Every starter number and every number the chaos test buys, linked to its
	// campaigns.
	r.ChaosPart("cpaas_10dlc_campaign_number", func() provtest.ChaosPart {
		var b strings.Builder
		links := 0
		for i, n := range []string{`"14155550100"`, `"12125550101"`, `"13125550102"`} {
			links++
			b.WriteString(RelCampaignNumberHCL(links, fmt.Sprintf("cpaas_10dlc_campaign.c%d", i+1), n))
		}
		for i := 0; i < 6; i++ {
			links++
			b.WriteString(RelCampaignNumberHCL(links, fmt.Sprintf("cpaas_10dlc_campaign.c%d", i%6+1), fmt.Sprintf("cpaas_phone_number.n%d.number", i)))
		}
		return provtest.ChaosPart{HCL: b.String(), Want: map[string]int{"10dlc_campaign_numbers": links}}
	})

	// Brands, one per profile (the service's rule).
	r.ListingRefresh("brands", provtest.ListingRefresh{
		Typ: "cpaas_10dlc_brand", Route: regexp.MustCompile(`^10dlc/Brand/`), Hide: 1, Pages: 1, Opts: []func(*emulator.Options){provtest.FastRegistry},
		Kinds:  []string{"10dlc_brands", "10dlc_profiles"},
		Config: LrProfilesHCL(12) + LrBrandsHCL(12),
	})

	r.RecordedOnImport("cpaas_10dlc_brand", "brand_alias", "url", "method", "timeouts")

	// The objects of the docs example of cpaas_10dlc_brand, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_10dlc_brand", provtest.Identity("brand_id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			profile := MakeDocsProfile(t, c)
			return [][2]string{{"cpaas_10dlc_profile.acme", profile}, {"cpaas_10dlc_brand.acme", MakeRegisteredBrand(t, c, DocsBrand(profile))}}, nil
		}},
	)

	// The 12 brands of brands wait for the registry (400 ms) on the brand
	// list, in shared rounds: one GET each, the read after the thin create
	// reply.
	r.ListingWait("brands", provtest.ListingWait{
		Refresh: "brands", Watches: "BrandListing", Delay: provtest.RegistryDelay(400 * time.Millisecond), N: 12,
		List: regexp.MustCompile(`^10dlc/Brand/$`), Get: regexp.MustCompile(`^10dlc/Brand/[^/]+/$`),
		Gets: 1, Lists: 12, // alone: 4 GETs each (48); shared: at most one list call an object
	})

	// Two campaigns imported beside the six registered.
	r.ChaosPart("cpaas_10dlc_campaign_import", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(2, relCampaignImportHCL), Want: map[string]int{"10dlc_campaigns": 2}}
	})

	// Imports refresh from the campaign list, as campaigns do.
	r.ListingRefresh("campaignImports", provtest.ListingRefresh{
		Typ: "cpaas_10dlc_campaign_import", Route: regexp.MustCompile(`^10dlc/Campaign/([^/]+/)?$`), Hide: 1, Pages: 1,
		Opts:   []func(*emulator.Options){provtest.FastRegistry},
		Kinds:  []string{"10dlc_campaigns"},
		Config: provtest.RepeatHCL(12, relCampaignImportHCL),
	})

	r.RecordedOnImport("cpaas_10dlc_campaign_import", "url", "method", "timeouts")

	// The campaign of the docs example, imported as a script would, and its
	// import identity (TestAccImport_docsExamples..., by identity in
	// TestAccImport_docsExamplesByIdentity_TF114).
	r.ImportDocs("cpaas_10dlc_campaign_import", provtest.Identity("campaign_id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			ctx := context.Background()
			if _, err := c.ImportCampaign(ctx, client.CampaignImport{CampaignID: "CX4T7QM", CampaignAlias: "Support (moved in)",
				URL: "https://hooks.example.com/10dlc/campaign", Method: "POST"}); err != nil {
				t.Fatal(err)
			}
			provtest.WaitUntil(t, "the import's processing", func() bool {
				got, err := c.GetCampaign(ctx, "CX4T7QM")
				return err == nil && got.RegistrationStatus == "ACTIVE"
			})
			return [][2]string{{"cpaas_10dlc_campaign_import.support", "CX4T7QM"}}, nil
		}},
	)

	// Links of 14 numbers over two campaigns: each campaign's number list is
	// read once (two requests), and the hidden link by GET.
	r.ListingRefresh("campaignNumbers", provtest.ListingRefresh{
		Typ: "cpaas_10dlc_campaign_number", Route: regexp.MustCompile(`^10dlc/Campaign/[^/]+/Number/`), HideBy: "number", Hide: 1, Pages: 2,
		Opts:  []func(*emulator.Options){provtest.FastRegistry},
		Kinds: []string{"10dlc_campaign_numbers", "10dlc_campaigns", "10dlc_brands", "10dlc_profiles", "numbers"},
		Config: LrProfilesHCL(1) + LrBrandsHCL(1) + LrCampaignsHCL(2) + numbertest.LrNumbersHCL(14) + `
resource "cpaas_10dlc_campaign_number" "many" {
  count       = 14
  campaign_id = cpaas_10dlc_campaign.many[count.index % 2].id
  number      = cpaas_phone_number.many[count.index].number
}
`,
	})

	r.RecordedOnImport("cpaas_10dlc_campaign_number", "url", "method", "timeouts")

	// The objects of the docs example of cpaas_10dlc_campaign_number, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_10dlc_campaign_number", provtest.Identity("campaign_id", "number"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			campaign := MakeActiveCampaign(t, c, DocsCampaign(MakeRegisteredBrand(t, c, DocsBrand(MakeDocsProfile(t, c)))))
			var ids [][2]string
			for _, n := range []string{"14155550100"} {
				if err := c.LinkNumbers(provtest.DocsCtx, campaign, client.NumberLink{Numbers: []string{n}, URL: "https://hooks.example.com/10dlc/number"}); err != nil {
					t.Fatal(err)
				}
				provtest.WaitUntil(t, "number link", func() bool {
					got, err := c.GetCampaignNumber(provtest.DocsCtx, campaign, n)
					return err == nil && got.Status == "COMPLETED"
				})
				ids = append(ids, [2]string{"cpaas_10dlc_campaign_number.alerts", campaign + "/" + n})
			}
			return ids, config.Variables{"campaign_id": config.StringVariable(campaign)}
		}},
	)

	// The 14 links of campaignNumbers wait for the operators (400 ms: alone,
	// each would read its number 4 times to link and 4 to unlink) on their
	// campaigns' number lists, in shared rounds: no one-number GET at all.
	r.ListingWait("campaignNumbers", provtest.ListingWait{
		Refresh: "campaignNumbers", Watches: "CampaignNumberListing", Delay: provtest.RegistryDelay(400 * time.Millisecond), N: 14,
		List: regexp.MustCompile(`^10dlc/Campaign/[^/]+/Number/$`), Get: regexp.MustCompile(`^10dlc/Campaign/[^/]+/Number/[^/]+/$`),
		// Alone, the links would make 4 GETs each to link (56) and 5 to
		// unlink (70); shared, the rounds cost at most 2 list calls a link.
		// This one wave of links learns nothing of the operators' pace
		// (measured 12 list calls to link and 16 to destroy, 13 and 18 with
		// the rounds per campaign): the client's TestWatchSlotStream... and
		// TestWatchFastService... count the later waves. The destroy's GETs
		// are its refresh's, when its gathering misses under load (one per
		// link at most in each command).
		Lists: 2 * 14, DestroyLists: 2 * 14, DestroyGets: 2 * 14,
	})

	// Campaigns: the campaign's own routes only (not its numbers').
	r.ListingRefresh("campaigns", provtest.ListingRefresh{
		Typ: "cpaas_10dlc_campaign", Route: regexp.MustCompile(`^10dlc/Campaign/([^/]+/)?$`), Hide: 1, Pages: 1,
		Opts:   []func(*emulator.Options){provtest.FastRegistry},
		Kinds:  []string{"10dlc_campaigns", "10dlc_brands", "10dlc_profiles"},
		Config: LrProfilesHCL(1) + LrBrandsHCL(1) + LrCampaignsHCL(12),
	})

	r.RecordedOnImport("cpaas_10dlc_campaign", "description", "url", "method", "timeouts")

	// The objects of the docs example of cpaas_10dlc_campaign, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_10dlc_campaign", provtest.Identity("campaign_id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			brand := MakeRegisteredBrand(t, c, DocsBrand(MakeDocsProfile(t, c)))
			return [][2]string{{"cpaas_10dlc_campaign.alerts", MakeActiveCampaign(t, c, DocsCampaign(brand))}},
				config.Variables{"brand_id": config.StringVariable(brand)}
		}},
	)

	// The 12 campaigns of campaigns wait for the registry (400 ms) on the
	// campaign list, in shared rounds: one GET each, the read after the thin
	// create reply.
	r.ListingWait("campaigns", provtest.ListingWait{
		Refresh: "campaigns", Watches: "CampaignListing", Delay: provtest.RegistryDelay(400 * time.Millisecond), N: 12,
		List: regexp.MustCompile(`^10dlc/Campaign/$`), Get: regexp.MustCompile(`^10dlc/Campaign/[^/]+/$`),
		Gets: 1, Lists: 12, // alone: 4 GETs each (48); shared: at most one list call an object
	})

	// The refresh of profiles from its listing (TestAccListingRefresh).
	r.ListingRefresh("profiles", provtest.ListingRefresh{
		Typ: "cpaas_10dlc_profile", Route: regexp.MustCompile(`^Profile/`), Hide: 1, Pages: 1, Kinds: []string{"10dlc_profiles"},
		Config: LrProfilesHCL(12),
	})

	// The objects of the docs example of cpaas_10dlc_profile, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_10dlc_profile", provtest.Identity("profile_uuid"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			return [][2]string{{"cpaas_10dlc_profile.acme", MakeDocsProfile(t, c)}}, nil
		}},
	)
}
