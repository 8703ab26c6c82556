package tendlc

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// tenDLCCampaignData is data.cpaas_10dlc_campaign: it reads a 10DLC campaign
// registered elsewhere, by id, with the numbers linked to it.
var tenDLCCampaignData = &kit.DataKind[tendlcCampaignDataModel]{
	TypeName: "_10dlc_campaign", Schema: tenDLCCampaignDataSchema, Read: readCampaignData,
	Subcategory: kit.SubTenDLC,
}

type tendlcCampaignDataModel struct {
	campaignAttrs
	LinkedNumbers types.Set `tfsdk:"linked_numbers"`
}

func tenDLCCampaignDataSchema(context.Context) schema.Schema {
	str, flag := kit.ComputedString, kit.ComputedBool
	return schema.Schema{
		MarkdownDescription: "Reads a 10DLC campaign by id, for campaigns registered outside this configuration (for example to link numbers to them).",
		Attributes: map[string]schema.Attribute{
			"id": kit.RequiredString("Campaign id, "+tendlcrules.CampaignIDRule+".",
				kit.ShapeRule(tendlcrules.CampaignIDPattern, tendlcrules.CampaignIDRule)),
			"brand_id":                  str("Id of the campaign's brand."),
			"campaign_alias":            str("Name of the campaign (from the campaign's number list: the service's GET leaves it out)."),
			"vertical":                  str("Industry vertical: null, as the service does not return it."),
			"usecase":                   str("Use case."),
			"sub_usecases":              schema.SetAttribute{MarkdownDescription: "Sub use cases; null when none.", Computed: true, ElementType: types.StringType},
			"description":               str("Campaign description: null, as the service's GET does not return it."),
			"sample1":                   str("Sample message 1."),
			"sample2":                   str("Sample message 2."),
			"sample3":                   str("Sample message 3, or null."),
			"sample4":                   str("Sample message 4, or null."),
			"sample5":                   str("Sample message 5, or null."),
			"message_flow":              str("How subscribers opt in, or null."),
			"help_message":              str("Reply sent to a help keyword, or null."),
			"help_keywords":             str("Help keywords, comma-separated, or null."),
			"optin_keywords":            str("Opt-in keywords, comma-separated, or null."),
			"optin_message":             str("Reply confirming an opt-in, or null."),
			"optout_keywords":           str("Opt-out keywords, comma-separated, or null."),
			"optout_message":            str("Reply confirming an opt-out, or null."),
			"terms_and_conditions_link": str("URL of the terms and conditions, or null."),
			"privacy_policy_link":       str("URL of the privacy policy, or null."),
			"embedded_link":             flag("Messages contain links."),
			"embedded_phone":            flag("Messages contain phone numbers."),
			"age_gated":                 flag("Content is age-gated."),
			"direct_lending":            flag("Direct lending."),
			"affiliate_marketing":       flag("Affiliate marketing: null, as the service's GET does not return it."),
			"subscriber_optin":          flag("Opt-in is collected."),
			"subscriber_optout":         flag("Opt-out is supported."),
			"subscriber_help":           flag("Help is supported."),
			"registration_status":       str("`PROCESSING`, `ACTIVE` (registered), `FAILED` (rejected) or `EXPIRED`."),
			"error_reason":              str("Why the registry rejected the campaign; null unless `FAILED`."),
			"error_code":                str("The registry's code for the rejection; null unless `FAILED`."),
			"error_description":         str("The registry's description of the rejection; null unless `FAILED`."),
			"reseller_id":               str("Id of the reseller the campaign is registered through; null when none."),
			"campaign_source":           str("The service's own name for campaigns created through it, `shared` for campaigns imported from the registry."),
			"number_pool_limit":         kit.ComputedInt64("How many numbers may be linked to the campaign."),
			"mno_metadata": schema.MapNestedAttribute{
				MarkdownDescription: "Each carrier's throughput for the campaign, keyed by carrier (`AT&T`, `T-Mobile`, `US Cellular`, `Verizon Wireless`).",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"tpm":        kit.ComputedInt64("Messages a minute the carrier accepts (AT&T, US Cellular, Verizon Wireless)."),
					"brand_tier": str("The brand's tier with the carrier (T-Mobile)."),
				}},
			},
			"created_at":     str("When the campaign was submitted, RFC 3339 in UTC with microseconds."),
			"linked_numbers": schema.SetAttribute{MarkdownDescription: "Numbers linked to the campaign (status `COMPLETED`).", Computed: true, ElementType: types.StringType},
		},
	}
}

// readCampaign reads the campaign a data source names.
var readCampaign = kit.ReadByIDReporting("10DLC campaign", func(m *tendlcCampaignDataModel) string { return m.ID.ValueString() },
	(*client.Client).GetCampaign, (*tendlcCampaignDataModel).apply)

// readCampaignData reads the campaign, then the numbers linked to it.
func readCampaignData(ctx context.Context, c *client.Client, m *tendlcCampaignDataModel, diags *diag.Diagnostics) {
	if readCampaign(ctx, c, m, diags); diags.HasError() {
		return
	}
	id := m.ID.ValueString()
	nums, err := c.ListCampaignNumbers(ctx, id)
	if err != nil {
		kit.AddAPIError(diags, "Error reading the numbers of 10DLC campaign", "10DLC campaign "+id, err)
		return
	}
	m.NumberPoolLimit = kit.ReportedInt64(m.NumberPoolLimit, nums.NumberPoolLimit)
	if err := completeCampaign(ctx, c, id, &m.campaignAttrs, false); err != nil {
		kit.AddAPIError(diags, "Error reading 10DLC campaign", "10DLC campaign "+id, err)
		return
	}
	linked := []string{}
	for _, n := range nums.PhoneNumbers {
		if n.Status == tendlcrules.StatusCompleted {
			linked = append(linked, n.Number)
		}
	}
	set, d := types.SetValueFrom(ctx, types.StringType, linked)
	diags.Append(d...)
	m.LinkedNumbers = set
}
