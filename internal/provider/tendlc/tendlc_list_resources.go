package tendlc

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// NewTenDLCBrandListResource lists the account's 10DLC brands.
func NewTenDLCBrandListResource() list.ListResource { return &kit.ListResource{ListKind: brandList} }

var brandList = kit.ListKind{
	Of: brandKind, Objects: "10DLC brands",
	Description: "Every 10DLC brand of the account, named by `brand_id`. A brand's `url` and `method` cannot be read back, " +
		"so they are not listed (an imported brand keeps them).",
	Filters: map[string]listschema.StringAttribute{
		"registration_status": {
			MarkdownDescription: "Only the brands in this status: `PROCESSING`, `COMPLETED` or `FAILED`.",
			Validators: []validator.String{kit.SpecRuleWorded(stringvalidator.OneOf(tendlcrules.BrandStatuses...),
				tendlcrules.CheckBrandStatus)},
		},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllBrands(ctx)
		keep := func(b client.Brand) bool {
			return f["registration_status"] == "" || b.RegistrationStatus == f["registration_status"]
		}
		return kit.ByID(all, err, keep, func(b client.Brand) (string, string) {
			return fmt.Sprintf("%s (%s, %s)", b.BrandAlias, b.BrandID, b.RegistrationStatus), b.BrandID
		})
	},
}

// NewTenDLCCampaignListResource lists the account's 10DLC campaigns.
func NewTenDLCCampaignListResource() list.ListResource {
	return &kit.ListResource{ListKind: campaignList}
}

var campaignList = kit.ListKind{
	Of: campaignKind, Objects: "10DLC campaigns",
	Description: "Every 10DLC campaign of the account, or of one brand, named by `campaign_id`. A campaign's `url` and " +
		"`method` cannot be read back, so they are not listed (an imported campaign keeps them).",
	Filters: map[string]listschema.StringAttribute{
		"brand_id": {
			MarkdownDescription: "Only the campaigns of this brand (the API's own filter).",
			Validators:          []validator.String{kit.IdFilterRule(tendlcrules.BrandIDPattern, "must be a brand id, ", tendlcrules.BrandIDRule)},
		},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllCampaigns(ctx, f["brand_id"])
		return kit.ByID(all, err, nil, func(k client.Campaign) (string, string) {
			return fmt.Sprintf("%s (%s, brand %s)", k.CampaignAlias, k.CampaignID, k.BrandID), k.CampaignID
		})
	},
}

// NewTenDLCCampaignNumberListResource lists the numbers linked to campaigns.
func NewTenDLCCampaignNumberListResource() list.ListResource {
	return &kit.ListResource{ListKind: campaignNumberList}
}

var campaignNumberList = kit.ListKind{
	Of: campaignNumberKind, Objects: "10DLC number links",
	Description: "The numbers linked (or being linked) to one campaign, or to every campaign of the account, named by " +
		"`campaign_id` and `number`. A link the operators refused holds nothing and is not listed.",
	Filters: map[string]listschema.StringAttribute{
		"campaign_id": {
			MarkdownDescription: "Only the numbers of this campaign. Without it, every campaign's numbers (one request per campaign).",
			Validators: []validator.String{
				kit.IdFilterRule(tendlcrules.CampaignIDPattern, "must be a campaign id, ", tendlcrules.CampaignIDRule),
				kit.ConflictsWith(path.MatchRoot("brand_id")),
			},
		},
		"brand_id": {
			MarkdownDescription: "Only the numbers of this brand's campaigns.",
			Validators:          []validator.String{kit.IdFilterRule(tendlcrules.BrandIDPattern, "must be a brand id, ", tendlcrules.BrandIDRule)},
		},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		campaigns := []string{f["campaign_id"]}
		if f["campaign_id"] == "" {
			all, err := c.ListAllCampaigns(ctx, f["brand_id"])
			if err != nil {
				return nil, err
			}
			campaigns = campaigns[:0]
			for _, k := range all {
				campaigns = append(campaigns, k.CampaignID)
			}
		}
		var out []kit.ListedObject
		for _, cid := range campaigns {
			ns, err := c.ListCampaignNumbers(ctx, cid)
			if err != nil {
				return nil, err
			}
			for _, n := range ns.PhoneNumbers {
				if n.Status == tendlcrules.StatusFailed {
					continue
				}
				out = append(out, kit.ListedObject{Name: fmt.Sprintf("%s in campaign %s (%s)", n.Number, cid, n.Status), Seed: map[string]string{
					"id": tendlcrules.CampaignNumberID(cid, n.Number), "campaign_id": cid, "number": n.Number,
				}})
			}
		}
		return out, nil
	},
}
