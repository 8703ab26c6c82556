package provider

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// campaignKind is cpaas_10dlc_campaign, a 10DLC campaign registered under
// a brand, read, deleted and imported by its campaign_id.
var campaignKind = registrationKind(&objectKind[tendlcCampaignModel]{
	typeName: "_10dlc_campaign", what: "10DLC campaign", identity: campaignIdentity,
	schema: campaignSchema, create: createCampaign, update: updateCampaign, validateConfig: checkSubUsecases,
	remove: (*client.Client).DeleteCampaign,
}, (*client.Client).GetCampaign, applyCampaign, tendlcrules.CampaignIDPattern, "a campaign id", tendlcrules.CampaignIDRule)

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
	RegistrationStatus types.String `tfsdk:"registration_status"`
	ErrorReason        types.String `tfsdk:"error_reason"`
	CreatedAt          types.String `tfsdk:"created_at"`
}

// apply copies what the API reports into m.
func (m *campaignAttrs) apply(c *client.Campaign) {
	m.ID = types.StringValue(c.CampaignID)
	m.BrandID = types.StringValue(c.BrandID)
	m.CampaignAlias = types.StringValue(c.CampaignAlias)
	m.Vertical = types.StringValue(c.Vertical)
	m.Usecase = types.StringValue(c.Usecase)
	if subs := c.SubUsecases(); len(subs) > 0 {
		m.SubUsecases, _ = types.SetValueFrom(context.Background(), types.StringType, subs)
	} else {
		m.SubUsecases = types.SetNull(types.StringType)
	}
	m.Description = types.StringValue(c.Description)
	m.Sample1 = types.StringValue(c.Sample1)
	m.Sample2 = types.StringValue(c.Sample2)
	m.Sample3 = stringOrNull(c.Sample3)
	m.Sample4 = stringOrNull(c.Sample4)
	m.Sample5 = stringOrNull(c.Sample5)
	m.MessageFlow = stringOrNull(c.MessageFlow)
	m.HelpMessage = stringOrNull(c.HelpMessage)
	m.HelpKeywords = stringOrNull(c.HelpKeywords)
	m.OptinKeywords = stringOrNull(c.OptinKeywords)
	m.OptinMessage = stringOrNull(c.OptinMessage)
	m.OptoutKeywords = stringOrNull(c.OptoutKeywords)
	m.OptoutMessage = stringOrNull(c.OptoutMessage)
	a := c.CampaignAttributes
	m.EmbeddedLink = types.BoolValue(a.EmbeddedLink)
	m.EmbeddedPhone = types.BoolValue(a.EmbeddedPhone)
	m.AgeGated = types.BoolValue(a.AgeGated)
	m.DirectLending = types.BoolValue(a.DirectLending)
	m.AffiliateMarketing = types.BoolValue(a.AffiliateMarketing)
	m.SubscriberOptin = types.BoolValue(a.SubscriberOptin)
	m.SubscriberOptout = types.BoolValue(a.SubscriberOptout)
	m.SubscriberHelp = types.BoolValue(a.SubscriberHelp)
	m.RegistrationStatus = types.StringValue(c.RegistrationStatus)
	m.ErrorReason = types.StringValue(c.ErrorReason)
	m.CreatedAt = types.StringValue(c.CreatedAt)
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
		PlanModifiers:       []planmodifier.String{stringplanmodifier.RequiresReplace()},
		Validators:          vs,
	}
}

func updatableString(desc string, required bool, vs ...validator.String) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: desc + " Updates in place.",
		Required:            required,
		Optional:            !required,
		Validators:          append([]validator.String{stringvalidator.UTF8LengthAtLeast(1)}, vs...),
	}
}

func attributeFlag(desc string) schema.BoolAttribute {
	return schema.BoolAttribute{
		MarkdownDescription: desc + " Default `false`. Changing it replaces the campaign.",
		Optional:            true,
		Computed:            true,
		Default:             booldefault.StaticBool(false),
		PlanModifiers:       []planmodifier.Bool{boolplanmodifier.RequiresReplace()},
	}
}

func sampleAttribute(n int, required bool) schema.StringAttribute {
	req := "Optional"
	if required {
		req = "Required"
	}
	return updatableString(fmt.Sprintf("%s sample message %d, %d to %d characters: a real example of what subscribers receive, naming the brand.",
		req, n, tendlcrules.MinSampleLength, tendlcrules.MaxSampleLength), required,
		specRule(fmt.Sprintf("%d to %d characters", tendlcrules.MinSampleLength, tendlcrules.MaxSampleLength), func(_, v string) error {
			return tendlcrules.CheckSample(n, v)
		}))
}

func campaignSchema(ctx context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "A US 10DLC campaign: what a brand sends and to whom, registered with the campaign registry. Its brand must be " +
			"registered (`registration_status = \"COMPLETED\"`) before the campaign can be created; a `STARTER` brand takes only the `STARTER` " +
			"use case. Registration is asynchronous: `PROCESSING` until the registry registers it (`ACTIVE`) or rejects it (`FAILED`, with " +
			"`error_reason`). The alias, description, samples and the message-flow, help, opt-in and opt-out texts update in place; `url`, " +
			"`method` and `wait_for_registration` change in the state only; every other argument replaces the campaign.\n\n" + adoptRuleCampaign,
		Attributes: map[string]schema.Attribute{
			"id": computedKeptString("Campaign id (`campaign_id`), " + tendlcrules.CampaignIDRule + "."),
			"brand_id": replaceString("Id of the registered brand (`cpaas_10dlc_brand.<name>.id`), "+tendlcrules.BrandIDRule+".", true,
				shapeRule(tendlcrules.BrandIDPattern, tendlcrules.BrandIDRule)),
			"campaign_alias": updatableString(fmt.Sprintf("Name of the campaign, 1 to %d characters.", tendlcrules.MaxAliasLength), true,
				aliasRule),
			"vertical": replaceString("Industry vertical, one of "+codeList(tendlcrules.Verticals)+".", true,
				specRuleWorded(stringvalidator.OneOf(tendlcrules.Verticals...), func(_, v string) error { return tendlcrules.CheckVertical(v) })),
			"usecase": replaceString("Use case, one of "+codeList(tendlcrules.Usecases)+". `MIXED` and `LOW_VOLUME` need `sub_usecases`; "+
				"a `STARTER` brand takes only `STARTER`.", true, specRuleWorded(stringvalidator.OneOf(tendlcrules.Usecases...), func(_, v string) error { return tendlcrules.CheckUsecase(v) })),
			"sub_usecases": schema.SetAttribute{
				MarkdownDescription: fmt.Sprintf("Sub use cases, required with usecase `MIXED` or `LOW_VOLUME` (%d to %d of %s) and not allowed with any other. "+
					"Changing them replaces the campaign.", tendlcrules.MinSubUsecases, tendlcrules.MaxSubUsecases, codeList(tendlcrules.SubUsecases)),
				ElementType:   types.StringType,
				Optional:      true,
				PlanModifiers: []planmodifier.Set{setplanmodifier.RequiresReplace()},
				Validators: []validator.Set{
					setvalidator.SizeBetween(tendlcrules.MinSubUsecases, tendlcrules.MaxSubUsecases),
					setvalidator.ValueStringsAre(specRuleWorded(stringvalidator.OneOf(tendlcrules.SubUsecases...),
						func(_, v string) error { return tendlcrules.CheckSubUsecase(v) })),
				},
			},
			"description": updatableString(fmt.Sprintf("What the campaign sends and why, %d to %d characters.", tendlcrules.MinDescriptionLength, tendlcrules.MaxDescriptionLength), true,
				specRule(fmt.Sprintf("%d to %d characters", tendlcrules.MinDescriptionLength, tendlcrules.MaxDescriptionLength), func(_, v string) error {
					return tendlcrules.CheckDescription(v)
				})),
			"sample1":             sampleAttribute(1, true),
			"sample2":             sampleAttribute(2, true),
			"sample3":             sampleAttribute(3, false),
			"sample4":             sampleAttribute(4, false),
			"sample5":             sampleAttribute(5, false),
			"message_flow":        updatableString("How subscribers opt in (web form, keyword, paper form...).", false),
			"help_message":        updatableString("Reply sent to a help keyword.", false),
			"help_keywords":       updatableString("Help keywords, comma-separated, such as `HELP,INFO`.", false),
			"optin_keywords":      updatableString("Opt-in keywords, comma-separated, such as `START,YES`.", false),
			"optin_message":       updatableString("Reply confirming an opt-in.", false),
			"optout_keywords":     updatableString("Opt-out keywords, comma-separated, such as `STOP,QUIT`.", false),
			"optout_message":      updatableString("Reply confirming an opt-out.", false),
			"embedded_link":       attributeFlag("Messages contain links."),
			"embedded_phone":      attributeFlag("Messages contain phone numbers."),
			"age_gated":           attributeFlag("Content is age-gated."),
			"direct_lending":      attributeFlag("The campaign concerns direct lending."),
			"affiliate_marketing": attributeFlag("The campaign involves affiliate marketing."),
			"subscriber_optin":    attributeFlag("Opt-in is collected."),
			"subscriber_optout":   attributeFlag("Opt-out is supported."),
			"subscriber_help":     attributeFlag("Help is supported."),
			"url":                 callbackURLAttribute("the campaign (`created`, then `registered` or `rejected`)"),
			"method":              callbackMethodAttribute(),
			"wait_for_registration": waitForRegistrationAttribute("A rejection then fails the apply with the registry's reason; the campaign stays in the state (tainted) and " +
				"the next apply replaces it. Numbers can only be linked once the campaign is `ACTIVE`. Changing it does not touch the campaign."),
			"registration_status": computedKeptString("`PROCESSING`, `ACTIVE` (registered), `FAILED` (rejected) or `EXPIRED`, as of the last refresh. A `FAILED` campaign is replaced on the next apply."),
			"error_reason":        computedKeptString("Why the registry rejected the campaign; empty otherwise."),
			"created_at":          computedKeptString("When the campaign was submitted, RFC 3339."),
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true}),
		},
	}
}

func codeList(vs []string) string {
	return "`" + strings.Join(vs, "`, `") + "`"
}

// checkSubUsecases applies the sub-use-case rule, which spans two
// attributes, to the configuration.
func checkSubUsecases(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	m, ok := decode[tendlcCampaignModel](ctx, req.Config, &resp.Diagnostics)
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
	if err := tendlcrules.CheckUsecase(usecase); err != nil {
		return // reported by the attribute's own validator
	}
	if err := tendlcrules.CheckSubUsecases(usecase, subs); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("sub_usecases"), "Invalid 10DLC sub_usecases", err.Error()+".")
	}
}

// applyCampaign copies what the API reports into m.
func applyCampaign(m *tendlcCampaignModel, c *client.Campaign) {
	m.apply(c)
	m.defaultWait()
}

// adoptRuleCampaign says what happens when the reply to a create is lost;
// createCampaignOrAdopt below carries it out. The description quotes it.
const adoptRuleCampaign = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second campaign: " +
	"it lists the campaigns of `brand_id` and adopts the one with the same `campaign_alias`, `usecase` and `vertical`; " +
	"when none matches the create is sent again, when several match the apply stops with an error naming them."

// createCampaignOrAdopt is CreateCampaign that never makes a duplicate.
func createCampaignOrAdopt(ctx context.Context, c *client.Client, in client.CampaignCreate) (*client.CampaignCreated, error) {
	return createOrAdopt(ctx, "10DLC campaign", fmt.Sprintf("campaign_alias %q, usecase %s and vertical %s of brand %s", in.CampaignAlias, in.Usecase, in.Vertical, in.BrandID),
		func(ctx context.Context) (*client.CampaignCreated, error) { return c.CreateCampaign(ctx, in) },
		adoptFrom(func(ctx context.Context) ([]client.Campaign, error) { return c.ListAllCampaigns(ctx, in.BrandID) },
			func(k *client.Campaign) bool {
				return k.BrandID == in.BrandID && k.CampaignAlias == in.CampaignAlias && k.Usecase == in.Usecase && k.Vertical == in.Vertical
			}, func(k *client.Campaign) *client.CampaignCreated {
				return &client.CampaignCreated{CampaignID: k.CampaignID, Message: "adopted"}
			}),
		campaignRegistration.id)
}

func createCampaign(ctx context.Context, c *client.Client, plan *tendlcCampaignModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	subUsecases, _, diags := setStrings(ctx, plan.SubUsecases)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return false
	}
	name := "campaign " + plan.CampaignAlias.ValueString() + " of brand " + plan.BrandID.ValueString()
	return campaignRegistration.create(ctx, c, plan, &plan.registrationArgs, name, func(ctx context.Context) (*client.CampaignCreated, error) {
		return createCampaignOrAdopt(ctx, c, client.CampaignCreate{
			BrandID:        plan.BrandID.ValueString(),
			CampaignAlias:  plan.CampaignAlias.ValueString(),
			Vertical:       plan.Vertical.ValueString(),
			Usecase:        plan.Usecase.ValueString(),
			SubUsecases:    subUsecases,
			Description:    plan.Description.ValueString(),
			Sample1:        plan.Sample1.ValueString(),
			Sample2:        plan.Sample2.ValueString(),
			Sample3:        plan.Sample3.ValueString(),
			Sample4:        plan.Sample4.ValueString(),
			Sample5:        plan.Sample5.ValueString(),
			MessageFlow:    plan.MessageFlow.ValueString(),
			HelpMessage:    plan.HelpMessage.ValueString(),
			HelpKeywords:   plan.HelpKeywords.ValueString(),
			OptinKeywords:  plan.OptinKeywords.ValueString(),
			OptinMessage:   plan.OptinMessage.ValueString(),
			OptoutKeywords: plan.OptoutKeywords.ValueString(),
			OptoutMessage:  plan.OptoutMessage.ValueString(),
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
		m.ErrorReason = types.StringValue("")
		m.CreatedAt = types.StringNull()
	},
	rejected: func(diags *diag.Diagnostics, what string, c *client.Campaign) {
		diags.AddError("10DLC campaign rejected by the registry",
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

func statusCampaign(c *client.Client, id string) wait.StatusFunc[*client.Campaign] {
	return wait.StatusOf(findCampaign(c, id), func(k *client.Campaign) string { return k.RegistrationStatus })
}

func waitCampaignRegistered(ctx context.Context, c *client.Client, id string, timeout time.Duration) (*client.Campaign, error) {
	return wait.For[*client.Campaign]{What: "10DLC campaign " + id, Pending: registrationPending, Status: statusCampaign(c, id), Timeout: timeout}.Wait(ctx)
}

func updateCampaign(ctx context.Context, c *client.Client, plan, state *tendlcCampaignModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	in := client.CampaignUpdate{
		CampaignAlias:  changedString(plan.CampaignAlias, state.CampaignAlias),
		Description:    changedString(plan.Description, state.Description),
		Sample1:        changedString(plan.Sample1, state.Sample1),
		Sample2:        changedString(plan.Sample2, state.Sample2),
		Sample3:        changedString(plan.Sample3, state.Sample3),
		Sample4:        changedString(plan.Sample4, state.Sample4),
		Sample5:        changedString(plan.Sample5, state.Sample5),
		MessageFlow:    changedString(plan.MessageFlow, state.MessageFlow),
		HelpMessage:    changedString(plan.HelpMessage, state.HelpMessage),
		HelpKeywords:   changedString(plan.HelpKeywords, state.HelpKeywords),
		OptinKeywords:  changedString(plan.OptinKeywords, state.OptinKeywords),
		OptinMessage:   changedString(plan.OptinMessage, state.OptinMessage),
		OptoutKeywords: changedString(plan.OptoutKeywords, state.OptoutKeywords),
		OptoutMessage:  changedString(plan.OptoutMessage, state.OptoutMessage),
	}
	if in == (client.CampaignUpdate{}) {
		return true // only wait_for_registration or timeouts changed
	}
	updated, err := c.UpdateCampaign(ctx, state.ID.ValueString(), in)
	if err != nil {
		addAPIError(&resp.Diagnostics, "Error updating 10DLC campaign", "10DLC campaign "+state.ID.ValueString(), err)
		return false
	}
	applyCampaign(plan, updated)
	return true
}
