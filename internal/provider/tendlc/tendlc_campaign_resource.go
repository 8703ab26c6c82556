package tendlc

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// campaignKind is cpaas_10dlc_campaign, a 10DLC campaign registered under
// a brand, read, deleted and imported by its campaign_id.
var campaignKind = registrationKind(&kit.ObjectKind[tendlcCampaignModel]{
	TypeName: "_10dlc_campaign", What: "10DLC campaign", Identity: kit.CampaignIdentity, Paid: true,
	Docs: kit.PageDocs{Intro: kit.StopManaging("cpaas_10dlc_campaign", "a campaign"), Subcategory: kit.SubTenDLC, Listed: &kit.ListedDoc{
		Limit:   client.CampaignListing.Limit,
		Objects: "campaigns",
		Object:  "campaign",
		From:    "the account's campaign list",
		More:    "They carry `campaign_alias` and `vertical` besides.",
	}},
	// Refresh: from the listing (client.CampaignListing), whose items carry
	// what the GET does and campaign_alias and vertical besides.
	Schema: campaignSchema, Create: createCampaign, Update: updateCampaign, Refresh: refreshCampaign,
	ValidateConfig: checkSubUsecases, ModifyPlan: planCampaign,
	// Before the campaign is registered: its brand exists, and may
	// register the use case.
	PlanWith: kit.PlanWithAll(kit.CheckReferences(
		kit.IdRef("brand_id", "10DLC brand", "cpaas_10dlc_brand", "id", client.BrandListing)), checkBrandUsecase),
	Remove: (*client.Client).DeleteCampaign,
}, tendlcrules.CampaignIDPattern, "a campaign id", tendlcrules.CampaignIDRule)

// refreshCampaign reads a campaign: the service's GET leaves out the
// alias, vertical and description, so a state without an alias or
// vertical (after an import) takes them from the brand's campaign list,
// whose items carry both; the description, which nothing returns, keeps
// the state's value. number_pool_limit is in the campaign's number list.
func refreshCampaign(ctx context.Context, c *client.Client, id string, m *tendlcCampaignModel, _ resource.ReadRequest, diags *diag.Diagnostics) error {
	if _, err := kit.ReadFromListing(ctx, c, client.CampaignListing, "", id, m, kit.ReportingTo(diags, applyCampaign), nil); err != nil {
		return err
	}
	return completeCampaign(ctx, c, id, &m.campaignAttrs, false)
}

// completeCampaign fills what the GET leaves out and m lacks (or, with
// force, number_pool_limit whatever m holds): the alias and vertical from
// the campaign list of its brand, number_pool_limit from its number list.
func completeCampaign(ctx context.Context, c *client.Client, id string, m *campaignAttrs, force bool) error {
	if !kit.Known(m.CampaignAlias) || !kit.Known(m.Vertical) {
		all, err := c.ListAllCampaigns(ctx, m.BrandID.ValueString())
		if err != nil {
			return err
		}
		for i := range all {
			if all[i].CampaignID == id {
				m.CampaignAlias = kit.ReportedString(m.CampaignAlias, all[i].CampaignAlias)
				m.Vertical = kit.ReportedString(m.Vertical, all[i].Vertical)
			}
		}
	}
	if !force && kit.Known(m.NumberPoolLimit) {
		return nil
	}
	nums, err := c.ListCampaignNumbers(ctx, id)
	if err != nil {
		return err
	}
	m.CampaignAlias = kit.ReportedString(m.CampaignAlias, nums.CampaignAlias)
	m.NumberPoolLimit = kit.ReportedInt64(m.NumberPoolLimit, nums.NumberPoolLimit)
	return nil
}

// campaignAttrs are what the API reports of a campaign: the part of the
// resource's model that apply fills, and of the data source's.
type campaignAttrs struct {
	ID                 types.String `tfsdk:"id"`
	BrandID            types.String `tfsdk:"brand_id"`
	CampaignAlias      types.String `tfsdk:"campaign_alias"`
	Vertical           types.String `tfsdk:"vertical"`
	Usecase            types.String `tfsdk:"usecase"`
	SubUsecases        types.Set    `tfsdk:"sub_usecases"`
	Description        types.String `tfsdk:"description"`
	Sample1            types.String `tfsdk:"sample1"`
	Sample2            types.String `tfsdk:"sample2"`
	Sample3            types.String `tfsdk:"sample3"`
	Sample4            types.String `tfsdk:"sample4"`
	Sample5            types.String `tfsdk:"sample5"`
	MessageFlow        types.String `tfsdk:"message_flow"`
	HelpMessage        types.String `tfsdk:"help_message"`
	HelpKeywords       types.String `tfsdk:"help_keywords"`
	OptinKeywords      types.String `tfsdk:"optin_keywords"`
	OptinMessage       types.String `tfsdk:"optin_message"`
	OptoutKeywords     types.String `tfsdk:"optout_keywords"`
	OptoutMessage      types.String `tfsdk:"optout_message"`
	EmbeddedLink       types.Bool   `tfsdk:"embedded_link"`
	EmbeddedPhone      types.Bool   `tfsdk:"embedded_phone"`
	AgeGated           types.Bool   `tfsdk:"age_gated"`
	DirectLending      types.Bool   `tfsdk:"direct_lending"`
	AffiliateMarketing types.Bool   `tfsdk:"affiliate_marketing"`
	SubscriberOptin    types.Bool   `tfsdk:"subscriber_optin"`
	SubscriberOptout   types.Bool   `tfsdk:"subscriber_optout"`
	SubscriberHelp     types.Bool   `tfsdk:"subscriber_help"`
	TermsLink          types.String `tfsdk:"terms_and_conditions_link"`
	PrivacyLink        types.String `tfsdk:"privacy_policy_link"`
	RegistrationStatus types.String `tfsdk:"registration_status"`
	ErrorReason        types.String `tfsdk:"error_reason"`
	ErrorCode          types.String `tfsdk:"error_code"`
	ErrorDescription   types.String `tfsdk:"error_description"`
	ResellerID         types.String `tfsdk:"reseller_id"`
	CampaignSource     types.String `tfsdk:"campaign_source"`
	MNOMetadata        types.Map    `tfsdk:"mno_metadata"`
	NumberPoolLimit    types.Int64  `tfsdk:"number_pool_limit"`
	CreatedAt          types.String `tfsdk:"created_at"`
}

// apply copies what the API reports into m. The service leaves empty
// fields out, and its GET never returns the alias, vertical or
// description nor the affiliate_marketing flag: what a reply does not say
// keeps m's value (reportedString).
func (m *campaignAttrs) apply(c *client.Campaign, diags *diag.Diagnostics) {
	m.ID = types.StringValue(c.CampaignID)
	m.BrandID = kit.ReportedString(m.BrandID, c.BrandID)
	m.CampaignAlias = kit.ReportedString(m.CampaignAlias, c.CampaignAlias)
	m.Vertical = kit.ReportedString(m.Vertical, c.Vertical)
	m.Usecase = kit.ReportedString(m.Usecase, c.Usecase)
	if subs := c.SubUsecases(); len(subs) > 0 {
		var d diag.Diagnostics
		m.SubUsecases, d = types.SetValueFrom(context.Background(), types.StringType, subs)
		diags.Append(d...)
	} else if m.SubUsecases.IsUnknown() {
		m.SubUsecases = types.SetNull(types.StringType)
	}
	for _, t := range m.texts() {
		*t.value = kit.ReportedString(*t.value, t.of(c))
	}
	var a client.CampaignAttributesRecord
	if c.CampaignAttributes != nil {
		a = *c.CampaignAttributes
	}
	m.EmbeddedLink = kit.ReportedBool(m.EmbeddedLink, a.EmbeddedLink)
	m.EmbeddedPhone = kit.ReportedBool(m.EmbeddedPhone, a.EmbeddedPhone)
	m.AgeGated = kit.ReportedBool(m.AgeGated, a.AgeGated)
	m.DirectLending = kit.ReportedBool(m.DirectLending, a.DirectLending)
	m.AffiliateMarketing = kit.ReportedBool(m.AffiliateMarketing, a.AffiliateMarketing)
	m.SubscriberOptin = kit.ReportedBool(m.SubscriberOptin, a.SubscriberOptin)
	m.SubscriberOptout = kit.ReportedBool(m.SubscriberOptout, a.SubscriberOptout)
	m.SubscriberHelp = kit.ReportedBool(m.SubscriberHelp, a.SubscriberHelp)
	m.RegistrationStatus = kit.ReportedString(m.RegistrationStatus, c.RegistrationStatus)
	// The error fields describe a rejection: a campaign that is not
	// FAILED has none, whatever an earlier reply said.
	if m.RegistrationStatus.ValueString() == tendlcrules.StatusFailed {
		m.ErrorReason = kit.ReportedString(m.ErrorReason, c.ErrorReason)
		m.ErrorCode = kit.ReportedString(m.ErrorCode, c.ErrorCode)
		m.ErrorDescription = kit.ReportedString(m.ErrorDescription, c.ErrorDescription)
	} else {
		m.ErrorReason, m.ErrorCode, m.ErrorDescription = types.StringNull(), types.StringNull(), types.StringNull()
	}
	m.ResellerID = kit.ReportedString(m.ResellerID, c.ResellerID)
	m.CampaignSource = kit.ReportedString(m.CampaignSource, c.CampaignSource)
	if c.MNOMetadata != nil {
		m.MNOMetadata = mnoMetadataValue(c.MNOMetadata)
	} else if m.MNOMetadata.IsUnknown() {
		m.MNOMetadata = types.MapNull(throughputType)
	}
	if m.NumberPoolLimit.IsUnknown() {
		m.NumberPoolLimit = types.Int64Null()
	}
	m.CreatedAt = kit.ReportedString(m.CreatedAt, c.CreatedAt)
}

// campaignText is one of a campaign's texts that an update may change
// (the service's update takes each; "" leaves it unchanged).
type campaignText struct {
	name  string
	value *types.String
	of    func(*client.Campaign) string
	// required at create (description, sample1, sample2).
	required bool
	// unreadable: the service's GET never returns it, so a null state
	// after an import means "not read", not "empty".
	unreadable bool
	// in is where an update sends it.
	in func(*client.CampaignUpdate) **string
}

// texts lists m's updatable texts.
func (m *campaignAttrs) texts() []campaignText {
	sample := func(n int, v *types.String, of func(*client.Campaign) string, in func(*client.CampaignUpdate) **string) campaignText {
		return campaignText{name: fmt.Sprintf("sample%d", n), value: v, of: of, required: n <= 2, in: in}
	}
	return []campaignText{
		{name: "campaign_alias", value: &m.CampaignAlias, of: func(c *client.Campaign) string { return c.CampaignAlias }, unreadable: true,
			in: func(u *client.CampaignUpdate) **string { return &u.CampaignAlias }},
		{name: "description", value: &m.Description, of: func(c *client.Campaign) string { return c.Description },
			required: true, unreadable: true, in: func(u *client.CampaignUpdate) **string { return &u.Description }},
		sample(1, &m.Sample1, func(c *client.Campaign) string { return c.Sample1 }, func(u *client.CampaignUpdate) **string { return &u.Sample1 }),
		sample(2, &m.Sample2, func(c *client.Campaign) string { return c.Sample2 }, func(u *client.CampaignUpdate) **string { return &u.Sample2 }),
		sample(3, &m.Sample3, func(c *client.Campaign) string { return c.Sample3 }, func(u *client.CampaignUpdate) **string { return &u.Sample3 }),
		sample(4, &m.Sample4, func(c *client.Campaign) string { return c.Sample4 }, func(u *client.CampaignUpdate) **string { return &u.Sample4 }),
		sample(5, &m.Sample5, func(c *client.Campaign) string { return c.Sample5 }, func(u *client.CampaignUpdate) **string { return &u.Sample5 }),
		{name: "message_flow", value: &m.MessageFlow, of: func(c *client.Campaign) string { return c.MessageFlow },
			in: func(u *client.CampaignUpdate) **string { return &u.MessageFlow }},
		{name: "help_message", value: &m.HelpMessage, of: func(c *client.Campaign) string { return c.HelpMessage },
			in: func(u *client.CampaignUpdate) **string { return &u.HelpMessage }},
		{name: "help_keywords", value: &m.HelpKeywords, of: func(c *client.Campaign) string { return c.HelpKeywords },
			in: func(u *client.CampaignUpdate) **string { return &u.HelpKeywords }},
		{name: "optin_keywords", value: &m.OptinKeywords, of: func(c *client.Campaign) string { return c.OptinKeywords },
			in: func(u *client.CampaignUpdate) **string { return &u.OptinKeywords }},
		{name: "optin_message", value: &m.OptinMessage, of: func(c *client.Campaign) string { return c.OptinMessage },
			in: func(u *client.CampaignUpdate) **string { return &u.OptinMessage }},
		{name: "optout_keywords", value: &m.OptoutKeywords, of: func(c *client.Campaign) string { return c.OptoutKeywords },
			in: func(u *client.CampaignUpdate) **string { return &u.OptoutKeywords }},
		{name: "optout_message", value: &m.OptoutMessage, of: func(c *client.Campaign) string { return c.OptoutMessage },
			in: func(u *client.CampaignUpdate) **string { return &u.OptoutMessage }},
		{name: "terms_and_conditions_link", value: &m.TermsLink, of: func(c *client.Campaign) string { return c.TermsAndConditionsLink },
			in: func(u *client.CampaignUpdate) **string { return &u.TermsAndConditionsLink }},
		{name: "privacy_policy_link", value: &m.PrivacyLink, of: func(c *client.Campaign) string { return c.PrivacyPolicyLink },
			in: func(u *client.CampaignUpdate) **string { return &u.PrivacyPolicyLink }},
	}
}

// throughputType is one carrier's entry of mno_metadata.
var throughputType = types.ObjectType{AttrTypes: map[string]attr.Type{"tpm": types.Int64Type, "brand_tier": types.StringType}}

func mnoMetadataValue(mno map[string]client.Throughput) types.Map {
	elems := make(map[string]attr.Value, len(mno))
	for carrier, t := range mno {
		tpm := types.Int64Null()
		if t.TPM != nil {
			tpm = types.Int64Value(*t.TPM)
		}
		elems[carrier] = types.ObjectValueMust(throughputType.AttrTypes, map[string]attr.Value{"tpm": tpm, "brand_tier": kit.StringOrNull(t.BrandTier)})
	}
	return types.MapValueMust(throughputType, elems)
}

type tendlcCampaignModel struct {
	campaignAttrs
	registrationArgs
}

func replaceString(desc string, required bool, vs ...validator.String) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: desc + " Changing it replaces the campaign.",
		Required:            required,
		Optional:            !required,
		PlanModifiers:       []planmodifier.String{kit.ReplaceIfReadString()},
		Validators:          vs,
	}
}

// updateNote says how a campaign's text changes.
const updateNote = " Changes update the campaign in place only while it is `FAILED` (the service's rule: the update resubmits it for " +
	"vetting, which the service charges for); a plan that changes it on a campaign in any other status is refused at plan time. " +
	"Once set it cannot be removed: the service reads an empty value as unchanged."

// updatableString is a campaign text: at most maxLen characters, a rule
// older records keep too (the schema's validator); today's minimum
// (minLen, when above 1) is a later rule (laterRule: the minimums came with
// the docs' "November 17" revision, and the service's recorded campaign
// holds sample1 "OTP registration", 16 characters), so an older campaign
// that a current create would refuse is adopted with the values it holds.
func updatableString(desc string, required bool, minLen, maxLen int) schema.StringAttribute {
	return campaignString(desc, required, minLen, maxLen, false)
}

// unreadableString is updatableString for a text no reply carries (the
// description): after an import the configuration's value is recorded in
// place, not sent, so today's minimum does not judge it.
func unreadableString(desc string, required bool, minLen, maxLen int) schema.StringAttribute {
	return campaignString(desc, required, minLen, maxLen, true)
}

func campaignString(desc string, required bool, minLen, maxLen int, unreadable bool) schema.StringAttribute {
	a := schema.StringAttribute{
		MarkdownDescription: desc + updateNote,
		Required:            required,
		Optional:            !required,
		Validators: []validator.String{kit.SpecRule(fmt.Sprintf("at most %d characters", maxLen), func(attr, v string) error {
			if n := utf8.RuneCountInString(v); n >= 1 && n <= maxLen {
				return nil
			}
			return tendlcrules.CheckLength(attr, v, 1, maxLen)
		})},
	}
	if minLen > 1 {
		rule := kit.LaterRule(kit.SpecRule(fmt.Sprintf("%d to %d characters", minLen, maxLen),
			func(attr, v string) error { return tendlcrules.CheckLength(attr, v, minLen, maxLen) }))
		if unreadable {
			rule = rule.OfUnreadable()
		}
		a.PlanModifiers = []planmodifier.String{rule}
	}
	return a
}

func attributeFlag(desc string, def bool) schema.BoolAttribute {
	return schema.BoolAttribute{
		MarkdownDescription: fmt.Sprintf("%s Default `%t`. Changing it replaces the campaign.", desc, def),
		Optional:            true,
		Computed:            true,
		Default:             booldefault.StaticBool(def),
		PlanModifiers:       []planmodifier.Bool{kit.ReplaceIfReadBool()},
	}
}

// subscriberFlag is one of the three flags the service allows only as
// true at create.
func subscriberFlag(desc string) schema.BoolAttribute {
	a := attributeFlag(desc+" The service registers new campaigns only with `true` (refused at plan time otherwise); `false` is accepted "+
		"only to adopt an older campaign that holds it.", true)
	return a
}

func sampleAttribute(n int, required bool) schema.StringAttribute {
	req := "Optional"
	if required {
		req = "Required"
	}
	return updatableString(fmt.Sprintf("%s sample message %d, %d to %d characters when created or changed: a real example of what subscribers receive, naming the brand.",
		req, n, tendlcrules.MinSampleLength, tendlcrules.MaxSampleLength), required, tendlcrules.MinSampleLength, tendlcrules.MaxSampleLength)
}

func campaignSchema(ctx context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "A US 10DLC campaign: what a brand sends and to whom, registered with the campaign registry. Its brand must be " +
			"registered (`registration_status = \"COMPLETED\"`) before the campaign can be created; a `STARTER` brand takes only the `STARTER` " +
			"use case. Registration is asynchronous: `PROCESSING` until the registry registers it (`ACTIVE`) or rejects it (`FAILED`, with " +
			"`error_reason`). The alias, description, samples, links and the message-flow, help, opt-in and opt-out texts update in place, but the " +
			"service updates a campaign only while it is `FAILED`: the update resubmits it for vetting (a fee each time), and a plan that " +
			"changes them on an `ACTIVE` or `PROCESSING` campaign is refused at plan time, saying what to do. `url`, `method` and " +
			"`wait_for_registration` change in the state only; every other argument replaces the campaign.\n\n" +
			"The service's GET does not return `campaign_alias`, `vertical`, `description` or `affiliate_marketing`: a refresh keeps their " +
			"state, an import reads the alias and vertical from the campaign list and records the description and flag from the configuration in place " +
			"(never a replacement).\n\n" + adoptRuleCampaign,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedKeptString("Campaign id (`campaign_id`), " + tendlcrules.CampaignIDRule + "."),
			"brand_id": replaceString("Id of the registered brand (`cpaas_10dlc_brand.<name>.id`), "+tendlcrules.BrandIDRule+". "+kit.MissingRefNote("campaign"), true,
				kit.ShapeRule(tendlcrules.BrandIDPattern, tendlcrules.BrandIDRule)),
			"campaign_alias": updatableString(fmt.Sprintf("Name of the campaign, 1 to %d characters.", tendlcrules.MaxAliasLength), true,
				1, tendlcrules.MaxAliasLength),
			"vertical": replaceString("Industry vertical, one of "+codeList(tendlcrules.Verticals)+".", true,
				kit.SpecRuleWorded(stringvalidator.OneOf(tendlcrules.Verticals...), tendlcrules.CheckVertical)),
			"usecase": replaceString("Use case, one of "+codeList(tendlcrules.Usecases)+". `MIXED` and `LOW_VOLUME` need `sub_usecases`; "+
				"a `STARTER` brand takes only `STARTER`. When the brand exists at plan time, the plan checks the use case against the ones "+
				"the brand may register (`data.cpaas_10dlc_brand_usecases`).", true, kit.SpecRuleWorded(stringvalidator.OneOf(tendlcrules.Usecases...), tendlcrules.CheckUsecase)),
			"sub_usecases": schema.SetAttribute{
				MarkdownDescription: fmt.Sprintf("Sub use cases, of %s: required with usecase `MIXED` or `LOW_VOLUME` (%d to %d), optional with any other "+
					"(up to %d; the service keeps them, as on `STARTER` campaigns). Changing them replaces the campaign.",
					codeList(tendlcrules.SubUsecases), tendlcrules.MinSubUsecases, tendlcrules.MaxSubUsecases, tendlcrules.MaxSubUsecases),
				ElementType:   types.StringType,
				Optional:      true,
				PlanModifiers: []planmodifier.Set{kit.ReplaceIfReadSet()},
				Validators: []validator.Set{
					setvalidator.SizeBetween(tendlcrules.MinSubUsecases, tendlcrules.MaxSubUsecases),
					setvalidator.ValueStringsAre(kit.SpecRuleWorded(stringvalidator.OneOf(tendlcrules.SubUsecases...),
						tendlcrules.CheckSubUsecase)),
				},
			},
			"description": unreadableString(fmt.Sprintf("What the campaign sends and why, %d to %d characters when created or changed. "+
				"Required to create a campaign (refused at plan time without it); optional otherwise, because the service never returns it: "+
				"a configuration generated for an existing campaign (`terraform query -generate-config-out`) leaves it null and plans no change.",
				tendlcrules.MinDescriptionLength, tendlcrules.MaxDescriptionLength), false, tendlcrules.MinDescriptionLength, tendlcrules.MaxDescriptionLength),
			"sample1": sampleAttribute(1, true),
			"sample2": sampleAttribute(2, true),
			"sample3": sampleAttribute(3, false),
			"sample4": sampleAttribute(4, false),
			"sample5": sampleAttribute(5, false),
			"message_flow": updatableString(fmt.Sprintf("How subscribers opt in (web form, keyword, paper form...), %d to %d characters when created or changed.",
				tendlcrules.MinMessageFlowLength, tendlcrules.MaxMessageLength), false, tendlcrules.MinMessageFlowLength, tendlcrules.MaxMessageLength),
			"help_message": updatableString(fmt.Sprintf("Reply sent to a help keyword, %d to %d characters when created or changed.",
				tendlcrules.MinHelpMessageLength, tendlcrules.MaxMessageLength), false, tendlcrules.MinHelpMessageLength, tendlcrules.MaxMessageLength),
			"help_keywords":             updatableString("Help keywords, comma-separated, such as `HELP,INFO`.", false, 1, tendlcrules.MaxMessageLength),
			"optin_keywords":            updatableString("Opt-in keywords, comma-separated, such as `START,YES`.", false, 1, tendlcrules.MaxMessageLength),
			"optin_message":             updatableString("Reply confirming an opt-in.", false, 1, tendlcrules.MaxMessageLength),
			"optout_keywords":           updatableString("Opt-out keywords, comma-separated, such as `STOP,QUIT`.", false, 1, tendlcrules.MaxMessageLength),
			"optout_message":            updatableString("Reply confirming an opt-out.", false, 1, tendlcrules.MaxMessageLength),
			"terms_and_conditions_link": updatableString("URL of the terms and conditions subscribers agree to.", false, 1, tendlcrules.MaxMessageLength),
			"privacy_policy_link":       updatableString("URL of the privacy policy.", false, 1, tendlcrules.MaxMessageLength),
			"embedded_link":             attributeFlag("Messages contain links.", false),
			"embedded_phone":            attributeFlag("Messages contain phone numbers.", false),
			"age_gated":                 attributeFlag("Content is age-gated.", false),
			"direct_lending":            attributeFlag("The campaign concerns direct lending.", false),
			"affiliate_marketing": attributeFlag("The campaign involves affiliate marketing. The service's GET does not return it: a refresh keeps "+
				"the state's value, and after an import it stays null until the configuration sets it (recorded in place).", false),
			"subscriber_optin":  subscriberFlag("Opt-in is collected."),
			"subscriber_optout": subscriberFlag("Opt-out is supported."),
			"subscriber_help":   subscriberFlag("Help is supported."),
			"url":               callbackURLAttribute("the campaign (`created`, then `registered` or `rejected`)"),
			"method":            callbackMethodAttribute(),
			"wait_for_registration": waitForRegistrationAttribute("A rejection then fails the apply with the registry's reason; the campaign stays in the state (tainted) and " +
				"the next apply replaces it. Numbers can only be linked once the campaign is `ACTIVE`. Changing it does not touch the campaign."),
			"registration_status": kit.ComputedKeptString("`PROCESSING`, `ACTIVE` (registered), `FAILED` (rejected) or `EXPIRED`, as of the last refresh. A `FAILED` campaign is replaced on the next apply."),
			"error_reason":        kit.ComputedKeptString("Why the registry rejected the campaign; null unless `registration_status` is `FAILED`."),
			"error_code":          kit.ComputedKeptString("The registry's code for the rejection; null unless `FAILED`."),
			"error_description":   kit.ComputedKeptString("The registry's description of the rejection; null unless `FAILED`."),
			"reseller_id":         kit.ComputedKeptString("Id of the reseller the campaign is registered through; null when none."),
			"campaign_source":     kit.ComputedKeptString("Where the campaign was created: the service's own name for campaigns created through it, `shared` for campaigns imported from the registry."),
			"number_pool_limit":   kit.ComputedKeptInt64("How many numbers may be linked to the campaign (`cpaas_10dlc_campaign_number`); the service refuses a link beyond it."),
			"mno_metadata": schema.MapNestedAttribute{
				MarkdownDescription: "Each carrier's throughput for the campaign, keyed by carrier (`AT&T`, `T-Mobile`, `US Cellular`, `Verizon Wireless`): " +
					"what a team needs to size its sending. Null until the registry has decided.",
				Computed:      true,
				PlanModifiers: []planmodifier.Map{mapplanmodifier.UseStateForUnknown()},
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"tpm":        schema.Int64Attribute{MarkdownDescription: "Messages a minute the carrier accepts (AT&T, US Cellular, Verizon Wireless).", Computed: true},
					"brand_tier": schema.StringAttribute{MarkdownDescription: "The brand's tier with the carrier (T-Mobile): `SOLE_PROPRIETOR`, `LOW` ... `TOP`.", Computed: true},
				}},
			},
			"created_at": kit.ComputedKeptString("When the campaign was submitted, RFC 3339 in UTC with microseconds (`2023-02-28T11:06:00.360401Z`)."),
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true, Update: true}),
		},
	}
}

func codeList(vs []string) string {
	return "`" + strings.Join(vs, "`, `") + "`"
}

// checkSubUsecases applies the sub-use-case rule, which spans two
// attributes, to the configuration.
func checkSubUsecases(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	m, ok := kit.Decode[tendlcCampaignModel](ctx, req.Config, &resp.Diagnostics)
	if !ok || m.Usecase.IsUnknown() || m.Usecase.IsNull() || m.SubUsecases.IsUnknown() {
		return
	}
	var subs []string
	for _, v := range m.SubUsecases.Elements() {
		s, ok := v.(types.String)
		if !ok || s.IsUnknown() {
			return
		}
		subs = append(subs, s.ValueString())
	}
	usecase := m.Usecase.ValueString()
	if err := tendlcrules.CheckUsecase("usecase", usecase); err != nil {
		return // reported by the attribute's own validator
	}
	if err := tendlcrules.CheckSubUsecases(usecase, subs); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("sub_usecases"), "Invalid 10DLC sub_usecases", err.Error()+".")
	}
}

// applyCampaign copies what the API reports into m.
func applyCampaign(m *tendlcCampaignModel, c *client.Campaign, diags *diag.Diagnostics) {
	m.apply(c, diags)
	m.defaultWait()
}

// adoptRuleCampaign says what happens when the reply to a create is lost;
// createCampaignOrAdopt below carries it out. The description quotes it.
const adoptRuleCampaign = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second campaign: " +
	"it lists the campaigns of `brand_id` and adopts the one with the same `campaign_alias`, `usecase` and `vertical`; " +
	"when none matches the create is sent again, when several match the apply stops with an error naming them."

// createCampaignOrAdopt is CreateCampaign that never makes a duplicate.
func createCampaignOrAdopt(ctx context.Context, c *client.Client, in client.CampaignCreate) (*client.CampaignCreated, error) {
	return kit.CreateOrAdopt(ctx, "10DLC campaign", fmt.Sprintf("campaign_alias %q, usecase %s and vertical %s of brand %s", in.CampaignAlias, in.Usecase, in.Vertical, in.BrandID),
		func(ctx context.Context) (*client.CampaignCreated, error) { return c.CreateCampaign(ctx, in) },
		kit.AdoptFrom(func(ctx context.Context) ([]client.Campaign, error) { return c.ListAllCampaigns(ctx, in.BrandID) },
			func(k *client.Campaign) bool {
				return k.BrandID == in.BrandID && k.CampaignAlias == in.CampaignAlias && k.Usecase == in.Usecase && k.Vertical == in.Vertical
			}, func(k *client.Campaign) *client.CampaignCreated {
				return &client.CampaignCreated{CampaignID: k.CampaignID, Message: "adopted"}
			}),
		campaignRegistration.id)
}

func createCampaign(ctx context.Context, c *client.Client, plan *tendlcCampaignModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	subUsecases, _, diags := kit.SetStrings(ctx, plan.SubUsecases)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return false
	}
	name := "campaign " + plan.CampaignAlias.ValueString() + " of brand " + plan.BrandID.ValueString()
	// number_pool_limit is only in the campaign's number list.
	defer func() {
		if kit.Known(plan.ID) && plan.NumberPoolLimit.IsNull() {
			if err := completeCampaign(ctx, c, plan.ID.ValueString(), &plan.campaignAttrs, true); err != nil {
				tflog.Debug(ctx, "number_pool_limit not read after create; the next refresh reads it", map[string]any{"error": err.Error()})
			}
		}
	}()
	return campaignRegistration.create(ctx, c, plan, &plan.registrationArgs, name, func(ctx context.Context) (*client.CampaignCreated, error) {
		return createCampaignOrAdopt(ctx, c, client.CampaignCreate{
			BrandID:                plan.BrandID.ValueString(),
			CampaignAlias:          plan.CampaignAlias.ValueString(),
			Vertical:               plan.Vertical.ValueString(),
			Usecase:                plan.Usecase.ValueString(),
			SubUsecases:            subUsecases,
			Description:            plan.Description.ValueString(),
			Sample1:                plan.Sample1.ValueString(),
			Sample2:                plan.Sample2.ValueString(),
			Sample3:                plan.Sample3.ValueString(),
			Sample4:                plan.Sample4.ValueString(),
			Sample5:                plan.Sample5.ValueString(),
			MessageFlow:            plan.MessageFlow.ValueString(),
			HelpMessage:            plan.HelpMessage.ValueString(),
			HelpKeywords:           plan.HelpKeywords.ValueString(),
			OptinKeywords:          plan.OptinKeywords.ValueString(),
			OptinMessage:           plan.OptinMessage.ValueString(),
			OptoutKeywords:         plan.OptoutKeywords.ValueString(),
			OptoutMessage:          plan.OptoutMessage.ValueString(),
			TermsAndConditionsLink: plan.TermsLink.ValueString(),
			PrivacyPolicyLink:      plan.PrivacyLink.ValueString(),
			CampaignAttributes: client.CampaignAttributes{
				EmbeddedLink: plan.EmbeddedLink.ValueBool(), EmbeddedPhone: plan.EmbeddedPhone.ValueBool(),
				AgeGated: plan.AgeGated.ValueBool(), DirectLending: plan.DirectLending.ValueBool(),
				AffiliateMarketing: plan.AffiliateMarketing.ValueBool(), SubscriberOptin: plan.SubscriberOptin.ValueBool(),
				SubscriberOptout: plan.SubscriberOptout.ValueBool(), SubscriberHelp: plan.SubscriberHelp.ValueBool(),
			},
			URL:    plan.URL.ValueString(),
			Method: plan.Method.ValueString(),
		})
	}, &resp.Diagnostics)
}

// campaignRegistration ends a campaign's Create.
var campaignRegistration = registration[tendlcCampaignModel, client.Campaign, client.CampaignCreated]{
	what: "10DLC campaign", id: func(k *client.CampaignCreated) string { return k.CampaignID }, find: findCampaign, wait: waitCampaignRegistered, apply: applyCampaign,
	status: func(c *client.Campaign) string { return c.RegistrationStatus },
	unread: func(m *tendlcCampaignModel, id string) {
		m.ID = types.StringValue(id)
		m.RegistrationStatus = types.StringValue(tendlcrules.StatusProcessing)
		m.ErrorReason, m.ErrorCode, m.ErrorDescription = types.StringNull(), types.StringNull(), types.StringNull()
		m.ResellerID, m.CampaignSource = types.StringNull(), types.StringNull()
		m.MNOMetadata, m.NumberPoolLimit = types.MapNull(throughputType), types.Int64Null()
		m.CreatedAt = types.StringNull()
	},
	rejected: func(diags *diag.Diagnostics, what string, c *client.Campaign) {
		kit.AddDecisionError(diags, "10DLC campaign rejected by the registry",
			fmt.Sprintf("The registry rejected %s (%q): %s\n\nThe campaign stays in the state as tainted; correct what the reason names "+
				"and apply again to register a replacement.", what, c.CampaignAlias, c.ErrorReason))
	},
}

// findCampaign is the finder of campaign id; statusCampaign reads its
// registration status; waitCampaignRegistered waits until the registry has
// decided.
func findCampaign(c *client.Client, id string) func(context.Context) (*client.Campaign, error) {
	return func(ctx context.Context) (*client.Campaign, error) { return c.GetCampaign(ctx, id) }
}

// The wait reads the campaign list (client.CampaignListing.Watch), in
// rounds shared with every campaign waiting; its items carry all the GET
// does, and the alias and vertical besides.
func statusCampaign(c *client.Client, id string) wait.StatusFunc[*client.Campaign] {
	return wait.StatusOf(client.CampaignListing.Watch(c, "", id).Next, func(k *client.Campaign) string { return k.RegistrationStatus })
}

func waitCampaignRegistered(ctx context.Context, c *client.Client, id string, timeout time.Duration) (*client.Campaign, error) {
	return wait.For[*client.Campaign]{What: "10DLC campaign " + id, Pending: registrationPending, Status: statusCampaign(c, id), Timeout: timeout,
		Paced: true}.Wait(ctx)
}

// updateCampaign sends the texts that changed. A text whose state is null
// was never returned by the service (after an import): its configured
// value is recorded, not sent. The service resubmits an updated campaign
// for vetting: the apply then waits for the registry like a create.
func updateCampaign(ctx context.Context, c *client.Client, plan, state *tendlcCampaignModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	var in client.CampaignUpdate
	texts := plan.texts()
	for _, ch := range changedTexts(&plan.campaignAttrs, &state.campaignAttrs) {
		v := ch.planned
		*texts[ch.index].in(&in) = &v
	}
	// What the state holds of the object stays (the plan's computed values
	// are the state's); only the arguments change.
	if in == (client.CampaignUpdate{}) {
		return true // only recorded values, wait_for_registration or timeouts changed
	}
	return resubmitCampaign(ctx, c, state.ID.ValueString(), in, "10DLC campaign", &plan.registrationArgs,
		func(got *client.Campaign) { applyCampaign(plan, got, &resp.Diagnostics) },
		func() (string, string) {
			return plan.CampaignAlias.ValueString(), plan.RegistrationStatus.ValueString()
		},
		campaignRegistration.rejected, &resp.Diagnostics)
}

// resubmitCampaign sends a campaign's update and, when the plan waits for
// registration, waits for the registry to vet it again as a create does
// (cpaas_10dlc_campaign and cpaas_10dlc_campaign_import). apply copies each
// reply into the plan; planned gives the plan's alias and status after it.
// It returns false when the update itself failed.
func resubmitCampaign(ctx context.Context, c *client.Client, id string, in client.CampaignUpdate, kind string, args *registrationArgs,
	apply func(*client.Campaign), planned func() (alias, status string),
	rejected func(*diag.Diagnostics, string, *client.Campaign), diags *diag.Diagnostics) bool {
	updated, err := c.UpdateCampaign(ctx, id, in)
	if err != nil {
		kit.AddAPIError(diags, "Error updating "+kind, "10DLC campaign "+id, err)
		return false
	}
	apply(updated)
	if !args.WaitForRegistration.ValueBool() {
		return true
	}
	timeout, d := args.Timeouts.Update(ctx, defaultRegistrationTimeout)
	diags.Append(d...)
	got, err := waitCampaignRegistered(ctx, c, id, timeout)
	if got != nil {
		apply(got)
	}
	alias, status := planned()
	what := "10DLC campaign " + id
	switch {
	case errors.Is(err, wait.ErrTimeout):
		kit.AddTimeoutError(diags, "Timed out waiting for the resubmitted 10DLC campaign", what, timeout, status)
	case err != nil:
		kit.AddAPIError(diags, "Error waiting for the resubmitted 10DLC campaign", what, err)
	case got != nil && got.RegistrationStatus == tendlcrules.StatusFailed:
		rejected(diags, what, &client.Campaign{CampaignAlias: alias, ErrorReason: got.ErrorReason})
	}
	return true
}

// textChange is a campaign text the plan changes from a value the state
// holds.
type textChange struct {
	name, planned string
	cleared       bool
	index         int // in texts()
}

// changedTexts lists the texts plan changes from state's values (a null
// state value of a text the GET never returns was never read: recording
// it is no change).
func changedTexts(plan, state *campaignAttrs) []textChange {
	var out []textChange
	pt, st := plan.texts(), state.texts()
	for i := range pt {
		p, s := *pt[i].value, *st[i].value
		if s.IsNull() && pt[i].unreadable || p.IsUnknown() || p.Equal(s) {
			continue
		}
		out = append(out, textChange{name: pt[i].name, planned: p.ValueString(), cleared: p.IsNull(), index: i})
	}
	return out
}

// planCampaign checks a campaign's plan against the service's rules:
// today's create rules for a new campaign; for an existing one, no text
// removed (the service cannot clear one), and texts changed only while it
// is FAILED (the update resubmits it, which the plan says). A rejected
// campaign with no text change is replaced, as registrationKind does.
func planCampaign(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	// The kind's rules ran at plan before this (kit: rules at plan), and their
	// errors are in resp: what follows adds its own, so it stops only on
	// its own.
	var plan tendlcCampaignModel
	if d := req.Plan.Get(ctx, &plan); d.HasError() {
		resp.Diagnostics.Append(d...)
		return
	}
	if req.State.Raw.IsNull() {
		checkCampaignCreateRules(&plan.campaignAttrs, &resp.Diagnostics)
		return
	}
	var state tendlcCampaignModel
	if d := req.State.Get(ctx, &state); d.HasError() {
		resp.Diagnostics.Append(d...)
		return
	}
	// affiliate_marketing, which no reply carries, stays null after an
	// import while the configuration leaves it out: its default is no
	// reason to plan a change (a generated configuration plans imports
	// only).
	var configured types.Bool
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("affiliate_marketing"), &configured)...)
	if state.AffiliateMarketing.IsNull() && configured.IsNull() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("affiliate_marketing"), types.BoolNull())...)
	}
	changes := changedTexts(&plan.campaignAttrs, &state.campaignAttrs)
	if len(changes) == 0 {
		replaceWhenFailed(ctx, req, resp)
		warnCallbackChange(ctx, req, resp, "10DLC campaign")
		return
	}
	id, status := state.ID.ValueString(), state.RegistrationStatus.ValueString()
	var names []string
	for _, ch := range changes {
		names = append(names, ch.name)
		if ch.cleared {
			resp.Diagnostics.AddAttributeError(path.Root(ch.name), "10DLC campaign text cannot be removed",
				fmt.Sprintf("The service cannot clear %s of campaign %s: an update reads an empty value as \"unchanged\". Keep a value in the "+
					"configuration, or replace the campaign deliberately (`terraform apply -replace=...`; its linked numbers are unlinked and "+
					"the new campaign is vetted again).", ch.name, id))
		}
	}
	if resp.Diagnostics.HasError() {
		return
	}
	if err := tendlcrules.CheckCampaignUpdatable(id, status); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root(changes[0].name), "10DLC campaign cannot be updated in its current status",
			fmt.Sprintf("This plan changes %s, but %s. Nothing was changed. To go on, either revert %s in the configuration "+
				"(the campaign keeps working as registered), or replace the campaign deliberately with `terraform apply -replace=<address>`: "+
				"the new campaign is vetted again and its numbers are unlinked, so they must be linked again (`cpaas_10dlc_campaign_number` "+
				"resources that depend on it are replaced with it).", strings.Join(names, ", "), err, strings.Join(names, ", ")))
		return
	}
	// The resubmission changes what the registry reports.
	for _, name := range []string{"registration_status", "error_reason", "error_code", "error_description"} {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(name), types.StringUnknown())...)
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("mno_metadata"), types.MapUnknown(throughputType))...)
	resp.Diagnostics.AddWarning("10DLC campaign will be resubmitted for vetting",
		fmt.Sprintf("Campaign %s is FAILED; updating %s resubmits it to the carriers for vetting, which the service charges for each time. "+
			"With wait_for_registration the apply waits for the new decision.", id, strings.Join(names, ", ")))
	warnCallbackChange(ctx, req, resp, "10DLC campaign")
}

// checkCampaignCreateRules applies the service's current create rules
// that the schema cannot (so that older campaigns can be adopted): the
// three subscriber flags true, and the texts required at create. Today's
// minimum lengths are the texts' later rules (updatableString).
func checkCampaignCreateRules(m *campaignAttrs, diags *diag.Diagnostics) {
	for _, f := range []struct {
		name string
		v    types.Bool
	}{{"subscriber_optin", m.SubscriberOptin}, {"subscriber_optout", m.SubscriberOptout}, {"subscriber_help", m.SubscriberHelp}} {
		if f.v.IsUnknown() || f.v.IsNull() {
			continue
		}
		if err := tendlcrules.CheckSubscriberFlag(f.name, f.v.ValueBool()); err != nil {
			diags.AddAttributeError(path.Root(f.name), "Invalid Attribute Value", "Attribute "+err.Error()+".")
		}
	}
	for _, t := range m.texts() {
		if t.required && t.value.IsNull() {
			diags.AddAttributeError(path.Root(t.name), "Missing Configuration for Required Attribute",
				fmt.Sprintf("Attribute %s is required to create a 10DLC campaign: the service registers none without it.", t.name))
		}
	}
}

// checkBrandUsecase checks, when the brand exists at plan time, that it
// may register the planned use case (GET 10dlc/Brand/{id}/usecases/). A
// brand created in the same apply is unknown here: the API checks then.
func checkBrandUsecase(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || !req.State.Raw.IsNull() {
		return
	}
	var brandID, usecase types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("brand_id"), &brandID)...)
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("usecase"), &usecase)...)
	if !kit.Known(brandID) || !kit.Known(usecase) || tendlcrules.CheckUsecase("usecase", usecase.ValueString()) != nil {
		return
	}
	got, err := c.BrandUsecasesOnce(ctx, brandID.ValueString())
	if err != nil {
		// The create reports a missing brand with the API's words; a
		// failed check is no reason to refuse a plan.
		tflog.Debug(ctx, "brand use cases not checked at plan time", map[string]any{"brand_id": brandID.ValueString(), "error": err.Error()})
		return
	}
	var codes []string
	for _, u := range got.UseCases {
		if u.Code == usecase.ValueString() {
			return
		}
		codes = append(codes, u.Code)
	}
	resp.Diagnostics.AddAttributeError(path.Root("usecase"), "Use case not available to the brand",
		fmt.Sprintf("Brand %s may register campaigns only with the use cases %s (the service's list for the brand); usecase %q is not one of them. "+
			"Choose one of those use cases, or register the campaign under a brand that may use %s (a STANDARD brand for anything but STARTER).",
			brandID.ValueString(), codeList(codes), usecase.ValueString(), usecase.ValueString()))
}
