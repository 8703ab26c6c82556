package provider_test

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
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// tendlcTables adds the entries of the tendlc tests to the test tables.
func tendlcTables(r *testTables) {
	// Three profiles, one behind each of the chaos test's three brands.
	r.chaosPart("cpaas_10dlc_profile", func() chaosPart {
		return chaosPart{hcl: repeatHCL(3, relProfileHCL), want: map[string]int{"10dlc_profiles": 3}}
	})

	r.chaosPart("cpaas_10dlc_brand", func() chaosPart {
		return chaosPart{hcl: repeatHCL(3, relBrandHCL), want: map[string]int{"10dlc_brands": 3}}
	})

	// Six campaigns over the chaos test's three brands.
	r.chaosPart("cpaas_10dlc_campaign", func() chaosPart {
		return chaosPart{hcl: repeatHCL(6, func(i int) string { return relCampaignHCL(i, fmt.Sprintf("cpaas_10dlc_brand.b%d", (i-1)%3+1)) }),
			want: map[string]int{"10dlc_campaigns": 6}}
	})

	// Every starter number and every number the chaos test buys, linked to its
	// campaigns.
	r.chaosPart("cpaas_10dlc_campaign_number", func() chaosPart {
		var b strings.Builder
		links := 0
		for i, n := range []string{`"14155550100"`, `"12125550101"`, `"13125550102"`} {
			links++
			b.WriteString(relCampaignNumberHCL(links, fmt.Sprintf("cpaas_10dlc_campaign.c%d", i+1), n))
		}
		for i := 0; i < 6; i++ {
			links++
			b.WriteString(relCampaignNumberHCL(links, fmt.Sprintf("cpaas_10dlc_campaign.c%d", i%6+1), fmt.Sprintf("cpaas_phone_number.n%d.number", i)))
		}
		return chaosPart{hcl: b.String(), want: map[string]int{"10dlc_campaign_numbers": links}}
	})

	// Brands, one per profile (the service's rule).
	r.listingRefresh("brands", listingRefresh{
		typ: "cpaas_10dlc_brand", route: regexp.MustCompile(`^10dlc/Brand/`), hide: 1, pages: 1, opts: []func(*emulator.Options){fastRegistry},
		kinds:  []string{"10dlc_brands", "10dlc_profiles"},
		config: lrProfilesHCL(12) + lrBrandsHCL(12),
	})

	r.recordedOnImport("cpaas_10dlc_brand", "brand_alias", "url", "method", "timeouts")

	// The objects of the docs example of cpaas_10dlc_brand, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_10dlc_brand", identity("brand_id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			profile := makeDocsProfile(t, c)
			return [][2]string{{"cpaas_10dlc_profile.acme", profile}, {"cpaas_10dlc_brand.acme", makeRegisteredBrand(t, c, docsBrand(profile))}}, nil
		}},
	)

	// The 12 brands of brands wait for the registry (400 ms) on the brand
	// list, in shared rounds: one GET each, the read after the thin create
	// reply.
	r.listingWait("brands", listingWait{
		refresh: "brands", watches: "BrandListing", delay: registryDelay(400 * time.Millisecond), n: 12,
		list: regexp.MustCompile(`^10dlc/Brand/$`), get: regexp.MustCompile(`^10dlc/Brand/[^/]+/$`),
		gets: 1, lists: 12, // alone: 4 GETs each (48); shared: at most one list call an object
	})

	// Two campaigns imported beside the six registered.
	r.chaosPart("cpaas_10dlc_campaign_import", func() chaosPart {
		return chaosPart{hcl: repeatHCL(2, relCampaignImportHCL), want: map[string]int{"10dlc_campaigns": 2}}
	})

	// Imports refresh from the campaign list, as campaigns do.
	r.listingRefresh("campaignImports", listingRefresh{
		typ: "cpaas_10dlc_campaign_import", route: regexp.MustCompile(`^10dlc/Campaign/([^/]+/)?$`), hide: 1, pages: 1,
		opts:   []func(*emulator.Options){fastRegistry},
		kinds:  []string{"10dlc_campaigns"},
		config: repeatHCL(12, relCampaignImportHCL),
	})

	r.recordedOnImport("cpaas_10dlc_campaign_import", "url", "method", "timeouts")

	// The campaign of the docs example, imported as a script would, and its
	// import identity (TestAccImport_docsExamples..., by identity in
	// TestAccImport_docsExamplesByIdentity_TF114).
	r.importDocs("cpaas_10dlc_campaign_import", identity("campaign_id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			ctx := context.Background()
			if _, err := c.ImportCampaign(ctx, client.CampaignImport{CampaignID: "CX4T7QM", CampaignAlias: "Support (moved in)",
				URL: "https://hooks.example.com/10dlc/campaign", Method: "POST"}); err != nil {
				t.Fatal(err)
			}
			waitUntil(t, "the import's processing", func() bool {
				got, err := c.GetCampaign(ctx, "CX4T7QM")
				return err == nil && got.RegistrationStatus == "ACTIVE"
			})
			return [][2]string{{"cpaas_10dlc_campaign_import.support", "CX4T7QM"}}, nil
		}},
	)

	// Links of 14 numbers over two campaigns: each campaign's number list is
	// read once (two requests), and the hidden link by GET.
	r.listingRefresh("campaignNumbers", listingRefresh{
		typ: "cpaas_10dlc_campaign_number", route: regexp.MustCompile(`^10dlc/Campaign/[^/]+/Number/`), hideBy: "number", hide: 1, pages: 2,
		opts:  []func(*emulator.Options){fastRegistry},
		kinds: []string{"10dlc_campaign_numbers", "10dlc_campaigns", "10dlc_brands", "10dlc_profiles", "numbers"},
		config: lrProfilesHCL(1) + lrBrandsHCL(1) + lrCampaignsHCL(2) + lrNumbersHCL(14) + `
resource "cpaas_10dlc_campaign_number" "many" {
  count       = 14
  campaign_id = cpaas_10dlc_campaign.many[count.index % 2].id
  number      = cpaas_phone_number.many[count.index].number
}
`,
	})

	r.recordedOnImport("cpaas_10dlc_campaign_number", "url", "method", "timeouts")

	// The objects of the docs example of cpaas_10dlc_campaign_number, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_10dlc_campaign_number", identity("campaign_id", "number"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			campaign := makeActiveCampaign(t, c, docsCampaign(makeRegisteredBrand(t, c, docsBrand(makeDocsProfile(t, c)))))
			var ids [][2]string
			for _, n := range []string{"14155550100"} {
				if err := c.LinkNumbers(docsCtx, campaign, client.NumberLink{Numbers: []string{n}, URL: "https://hooks.example.com/10dlc/number"}); err != nil {
					t.Fatal(err)
				}
				waitUntil(t, "number link", func() bool {
					got, err := c.GetCampaignNumber(docsCtx, campaign, n)
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
	r.listingWait("campaignNumbers", listingWait{
		refresh: "campaignNumbers", watches: "CampaignNumberListing", delay: registryDelay(400 * time.Millisecond), n: 14,
		list: regexp.MustCompile(`^10dlc/Campaign/[^/]+/Number/$`), get: regexp.MustCompile(`^10dlc/Campaign/[^/]+/Number/[^/]+/$`),
		// Alone, the links would make 4 GETs each to link (56) and 5 to
		// unlink (70); shared, the rounds cost at most 2 list calls a link.
		// This one wave of links learns nothing of the operators' pace
		// (measured 12 list calls to link and 16 to destroy, 13 and 18 with
		// the rounds per campaign): the client's TestWatchSlotStream... and
		// TestWatchFastService... count the later waves. The destroy's GETs
		// are its refresh's, when its gathering misses under load (one per
		// link at most in each command).
		lists: 2 * 14, destroyLists: 2 * 14, destroyGets: 2 * 14,
	})

	// Campaigns: the campaign's own routes only (not its numbers').
	r.listingRefresh("campaigns", listingRefresh{
		typ: "cpaas_10dlc_campaign", route: regexp.MustCompile(`^10dlc/Campaign/([^/]+/)?$`), hide: 1, pages: 1,
		opts:   []func(*emulator.Options){fastRegistry},
		kinds:  []string{"10dlc_campaigns", "10dlc_brands", "10dlc_profiles"},
		config: lrProfilesHCL(1) + lrBrandsHCL(1) + lrCampaignsHCL(12),
	})

	r.recordedOnImport("cpaas_10dlc_campaign", "description", "url", "method", "timeouts")

	// The objects of the docs example of cpaas_10dlc_campaign, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_10dlc_campaign", identity("campaign_id"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			brand := makeRegisteredBrand(t, c, docsBrand(makeDocsProfile(t, c)))
			return [][2]string{{"cpaas_10dlc_campaign.alerts", makeActiveCampaign(t, c, docsCampaign(brand))}},
				config.Variables{"brand_id": config.StringVariable(brand)}
		}},
	)

	// The 12 campaigns of campaigns wait for the registry (400 ms) on the
	// campaign list, in shared rounds: one GET each, the read after the thin
	// create reply.
	r.listingWait("campaigns", listingWait{
		refresh: "campaigns", watches: "CampaignListing", delay: registryDelay(400 * time.Millisecond), n: 12,
		list: regexp.MustCompile(`^10dlc/Campaign/$`), get: regexp.MustCompile(`^10dlc/Campaign/[^/]+/$`),
		gets: 1, lists: 12, // alone: 4 GETs each (48); shared: at most one list call an object
	})

	// The refresh of profiles from its listing (TestAccListingRefresh).
	r.listingRefresh("profiles", listingRefresh{
		typ: "cpaas_10dlc_profile", route: regexp.MustCompile(`^Profile/`), hide: 1, pages: 1, kinds: []string{"10dlc_profiles"},
		config: lrProfilesHCL(12),
	})

	// The objects of the docs example of cpaas_10dlc_profile, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.importDocs("cpaas_10dlc_profile", identity("profile_uuid"),
		importDocsCase{make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			return [][2]string{{"cpaas_10dlc_profile.acme", makeDocsProfile(t, c)}}, nil
		}},
	)
}
