package tendlc

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of the 10DLC chain on a real account
// (kit/real.go): campaigns before their brands, brands and toll-free
// verifications before their profiles. A campaign imported from another
// provider (10dlc/Campaign/Import/) is one of the account's campaigns, so
// the campaigns' sweeper deactivates it; a STARTER brand's OTP texts the
// brand's contact and keeps nothing. A campaign's number link cannot be
// swept apart from its campaign: Env.Objects lists the test's own, as the
// emulator's inventory does, so that a test counts what it linked. Every
// registration costs the 10DLC fees.
var (
	sweepers = []kit.Sweeper{
		{Name: "10dlc campaigns", Kind: "10dlc_campaigns",
			List: kit.Listed(func(c *client.Client, ctx context.Context) ([]client.Campaign, error) {
				return c.ListAllCampaigns(ctx, "")
			}, func(x client.Campaign) string { return x.CampaignID }, func(x client.Campaign) string { return x.CampaignAlias }),
			Delete: (*client.Client).DeleteCampaign},
		{Name: "10dlc brands", Kind: "10dlc_brands", After: []string{"10dlc campaigns"},
			List: kit.Listed((*client.Client).ListAllBrands,
				func(b client.Brand) string { return b.BrandID }, func(b client.Brand) string { return b.BrandAlias }),
			Delete: (*client.Client).DeleteBrand},
		{Name: "10dlc profiles", Kind: "10dlc_profiles", After: []string{"10dlc brands", "toll-free verifications"},
			List: kit.Listed((*client.Client).ListAllProfiles,
				func(p client.Profile) string { return p.ProfileUUID }, func(p client.Profile) string { return p.ProfileAlias }),
			Delete: (*client.Client).DeleteProfile},
		{Name: "10dlc campaign numbers", Kind: "10dlc_campaign_numbers", List: listCampaignLinks, Owner: func(id string) string {
			campaign, _, _ := strings.Cut(id, "/")
			return campaign
		}},
	}
	realKinds = []kit.RealKind{
		{Path: "10dlc", Named: true},
		{Path: "Profile", Named: true},
		{Path: "10dlc/Brand", Types: []string{`resource "cpaas_10dlc_brand"`}, Spend: kit.Spend10DLC},
		{Path: "10dlc/Campaign", Types: []string{`resource "cpaas_10dlc_campaign"`, `resource "cpaas_10dlc_campaign_number"`}, Spend: kit.Spend10DLC},
		{Path: "10dlc/Campaign/Import", Types: []string{`resource "cpaas_10dlc_campaign_import"`}, Spend: kit.Spend10DLC},
		{Path: "10dlc/Brand/OTP", Types: []string{`action "cpaas_10dlc_brand_otp"`}, Spend: kit.Spend10DLC},
	}
)

// listCampaignLinks are "<campaign id>/<number>" for every number linked,
// or being linked, to a campaign of the tests (q.Ours of its alias); a
// refused link (FAILED) holds nothing, as in the emulator's inventory.
func listCampaignLinks(ctx context.Context, c *client.Client, q kit.SweepQuery) ([]kit.Swept, error) {
	campaigns, err := c.ListAllCampaigns(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("listing the campaigns: %w", err)
	}
	var out []kit.Swept
	for _, k := range campaigns {
		if !q.Ours(k.CampaignAlias) {
			continue
		}
		nums, err := c.ListCampaignNumbers(ctx, k.CampaignID)
		if errors.Is(err, client.ErrNotFound) {
			continue // deleted meanwhile
		}
		if err != nil {
			return out, fmt.Errorf("listing the numbers of campaign %s: %w", k.CampaignID, err)
		}
		for _, n := range nums.PhoneNumbers {
			if n.Status != "FAILED" {
				out = append(out, kit.Swept{ID: k.CampaignID + "/" + n.Number})
			}
		}
	}
	return out, nil
}
