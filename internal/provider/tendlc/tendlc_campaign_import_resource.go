package tendlc

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// campaignImportKind is cpaas_10dlc_campaign_import: a 10DLC campaign
// registered with another messaging provider, brought into the account by
// its registry id (POST 10dlc/Campaign/Import/). Once imported it is one
// of the account's campaigns (campaign_source "shared"), read, deactivated
// and imported into Terraform by its campaign_id as cpaas_10dlc_campaign
// is.
var campaignImportKind = registrationKind(&kit.ObjectKind[campaignImportModel]{
	TypeName: "_10dlc_campaign_import", What: "10DLC campaign import", Identity: kit.CampaignIdentity, Paid: true,
	Docs: kit.PageDocs{Intro: campaignImportIntro + "\n\n" + kit.StopManaging("cpaas_10dlc_campaign_import", "an imported campaign"),
		Subcategory: kit.SubTenDLC, Listed: &kit.ListedDoc{
			Limit:   client.CampaignListing.Limit,
			Objects: "campaigns",
			Object:  "campaign",
			From:    "the account's campaign list",
			More:    "They carry `campaign_alias` and `vertical` besides.",
		}},
	// Refresh: from the listing (client.CampaignListing), whose items carry
	// what the GET does and campaign_alias and vertical besides.
	Schema: campaignImportSchema, Create: createCampaignImport, Update: updateCampaignImport, Refresh: refreshCampaignImport,
	ModifyPlan: planCampaignImport,
	Remove:     (*client.Client).DeleteCampaign,
}, tendlcrules.CampaignIDPattern, "a campaign id", tendlcrules.CampaignIDRule)

// campaignImportIntro is what the page says before the schema.
const campaignImportIntro = "A team moving to this service from another messaging provider keeps its registered 10DLC campaigns: " +
	"this resource imports one by its `campaign_id` (the registry's id, which the other provider shows), under a `campaign_alias` " +
	"of this account. The service processes the import like a registration; once imported the campaign is one of the account's, " +
	"with `campaign_source = \"shared\"`: link numbers to it with `cpaas_10dlc_campaign_number` (`campaign_id = " +
	"cpaas_10dlc_campaign_import.<name>.id`), and read it with the `cpaas_10dlc_campaign` data source. A campaign registered " +
	"through this service is managed with `cpaas_10dlc_campaign` instead. Destroying this resource deactivates the campaign " +
	"on this account, as destroying a `cpaas_10dlc_campaign` does; its linked numbers are released with it."

// campaignImportModel is the resource's state: the import's arguments and
// what the service reports of the campaign.
type campaignImportModel struct {
	ID                 types.String `tfsdk:"id"`
	CampaignID         types.String `tfsdk:"campaign_id"`
	CampaignAlias      types.String `tfsdk:"campaign_alias"`
	BrandID            types.String `tfsdk:"brand_id"`
	Vertical           types.String `tfsdk:"vertical"`
	Usecase            types.String `tfsdk:"usecase"`
	SubUsecases        types.Set    `tfsdk:"sub_usecases"`
	RegistrationStatus types.String `tfsdk:"registration_status"`
	ErrorReason        types.String `tfsdk:"error_reason"`
	ErrorCode          types.String `tfsdk:"error_code"`
	ErrorDescription   types.String `tfsdk:"error_description"`
	ResellerID         types.String `tfsdk:"reseller_id"`
	CampaignSource     types.String `tfsdk:"campaign_source"`
	MNOMetadata        types.Map    `tfsdk:"mno_metadata"`
	NumberPoolLimit    types.Int64  `tfsdk:"number_pool_limit"`
	CreatedAt          types.String `tfsdk:"created_at"`
	registrationArgs
}

func campaignImportSchema(ctx context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Imports a US 10DLC campaign registered with another messaging provider into the account, by its registry id. " +
			"The service processes the import asynchronously: the campaign is `PROCESSING` until it is `ACTIVE` (or `FAILED`, with " +
			"`error_reason`). `campaign_alias` updates in place through the service's campaign update, which the service allows only " +
			"while the campaign is `FAILED` (a plan that changes it on an `ACTIVE` or `PROCESSING` campaign is refused at plan time, " +
			"saying what to do); `url`, `method` and `wait_for_registration` change in the state only; a new `campaign_id` replaces " +
			"the resource (the campaign is deactivated and the new one imported).\n\n" + adoptRuleCampaignImport,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedKeptString("Campaign id, the same as `campaign_id`: what `cpaas_10dlc_campaign_number.campaign_id` takes."),
			"campaign_id": kit.RequiredReplacingString("The registry's id of the campaign to import, "+tendlcrules.CampaignIDRule+
				": the id the campaign was registered under with the other provider. Changing it deactivates this campaign on the "+
				"account and imports the new one.", kit.ShapeRule(tendlcrules.CampaignIDPattern, tendlcrules.CampaignIDRule)),
			"campaign_alias": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("Name of the campaign on this account, 1 to %d characters. A change updates the campaign "+
					"in place only while it is `FAILED` (the service's rule: the update resubmits it for vetting, which the service "+
					"charges for); on a campaign in any other status the plan refuses it.", tendlcrules.MaxAliasLength),
				Required:   true,
				Validators: []validator.String{aliasRule},
			},
			"brand_id": kit.ComputedKeptString("Id of the campaign's brand, as the registry knows it: a brand registered with the other " +
				"provider, usually not one of this account's."),
			"vertical": kit.ComputedKeptString("Industry vertical of the campaign (from the campaign list: the service's GET leaves it out)."),
			"usecase":  kit.ComputedKeptString("Use case the campaign was registered for."),
			"sub_usecases": schema.SetAttribute{
				MarkdownDescription: "Sub use cases the campaign was registered with; null when none.",
				ElementType:         types.StringType,
				Computed:            true,
				PlanModifiers:       []planmodifier.Set{setplanmodifier.UseStateForUnknown()},
			},
			"url":    callbackURLAttribute("the import (`created`, then `registered` or `rejected`)"),
			"method": callbackMethodAttribute(),
			"wait_for_registration": waitForRegistrationAttribute("Here the registry's decision is the end of the import's processing: " +
				"a rejection then fails the apply with the reason; the campaign stays in the state (tainted) and the next apply imports " +
				"it again. Numbers can only be linked once the campaign is `ACTIVE`. Changing it does not touch the campaign."),
			"registration_status": kit.ComputedKeptString("`PROCESSING` (the import is being processed), `ACTIVE`, `FAILED` (rejected) or " +
				"`EXPIRED`, as of the last refresh. A `FAILED` import is replaced on the next apply."),
			"error_reason":      kit.ComputedKeptString("Why the import was rejected; null unless `registration_status` is `FAILED`."),
			"error_code":        kit.ComputedKeptString("The registry's code for the rejection; null unless `FAILED`."),
			"error_description": kit.ComputedKeptString("The registry's description of the rejection; null unless `FAILED`."),
			"reseller_id":       kit.ComputedKeptString("Id of the reseller the campaign is registered through; null when none."),
			"campaign_source":   kit.ComputedKeptString("`shared`: the campaign was registered elsewhere and imported."),
			"number_pool_limit": kit.ComputedKeptInt64("How many numbers may be linked to the campaign (`cpaas_10dlc_campaign_number`); the service refuses a link beyond it."),
			"mno_metadata": schema.MapNestedAttribute{
				MarkdownDescription: "Each carrier's throughput for the campaign, keyed by carrier (`AT&T`, `T-Mobile`, `US Cellular`, " +
					"`Verizon Wireless`). Null until the import is `ACTIVE`.",
				Computed:      true,
				PlanModifiers: []planmodifier.Map{mapplanmodifier.UseStateForUnknown()},
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"tpm":        schema.Int64Attribute{MarkdownDescription: "Messages a minute the carrier accepts (AT&T, US Cellular, Verizon Wireless).", Computed: true},
					"brand_tier": schema.StringAttribute{MarkdownDescription: "The brand's tier with the carrier (T-Mobile).", Computed: true},
				}},
			},
			"created_at": kit.ComputedKeptString("When the campaign was brought into the account, RFC 3339 in UTC with microseconds."),
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true, Update: true}),
		},
	}
}

// apply copies what the API reports into m; what a reply leaves out keeps
// m's value (kit.ReportedString).
func (m *campaignImportModel) apply(c *client.Campaign, diags *diag.Diagnostics) {
	m.ID = types.StringValue(c.CampaignID)
	m.CampaignID = types.StringValue(c.CampaignID)
	m.CampaignAlias = kit.ReportedString(m.CampaignAlias, c.CampaignAlias)
	m.BrandID = kit.ReportedString(m.BrandID, c.BrandID)
	m.Vertical = kit.ReportedString(m.Vertical, c.Vertical)
	m.Usecase = kit.ReportedString(m.Usecase, c.Usecase)
	if subs := c.SubUsecases(); len(subs) > 0 {
		var d diag.Diagnostics
		m.SubUsecases, d = types.SetValueFrom(context.Background(), types.StringType, subs)
		diags.Append(d...)
	} else if m.SubUsecases.IsUnknown() {
		m.SubUsecases = types.SetNull(types.StringType)
	}
	m.RegistrationStatus = kit.ReportedString(m.RegistrationStatus, c.RegistrationStatus)
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
	for _, v := range []*types.String{&m.Vertical, &m.Usecase, &m.BrandID, &m.CampaignSource, &m.ResellerID, &m.CreatedAt} {
		if v.IsUnknown() {
			*v = types.StringNull()
		}
	}
	if m.NumberPoolLimit.IsUnknown() {
		m.NumberPoolLimit = types.Int64Null()
	}
	m.CreatedAt = kit.ReportedString(m.CreatedAt, c.CreatedAt)
	m.defaultWait()
}

// refreshCampaignImport reads the imported campaign from the listing (or
// its GET), then what neither carries or the state lacks: the alias and
// vertical of a campaign the GET answered for, and number_pool_limit,
// from the campaign's number list. A campaign registered through the
// service (an import id given by mistake) is refused: it belongs to
// cpaas_10dlc_campaign, whose destroy and updates differ.
func refreshCampaignImport(ctx context.Context, c *client.Client, id string, m *campaignImportModel, _ resource.ReadRequest, diags *diag.Diagnostics) error {
	o, err := kit.ReadFromListing(ctx, c, client.CampaignListing, "", id, m, kit.ReportingTo(diags, applyCampaignImport), nil)
	if err != nil {
		return err
	}
	if src := o.CampaignSource; src != "" && !strings.EqualFold(src, tendlcrules.CampaignSourceShared) {
		diags.AddError("10DLC campaign was not imported",
			fmt.Sprintf("Campaign %s has campaign_source %q: it was registered through this service, not imported from another provider. "+
				"Manage it with a cpaas_10dlc_campaign resource (import it there by the same id) and remove it from this resource "+
				"with a removed block (lifecycle { destroy = false }), so that no apply deactivates it.", id, src))
		return nil
	}
	return completeCampaignImport(ctx, c, id, m)
}

// completeCampaignImport fills what the GET leaves out and m lacks: the
// alias and vertical from the campaign list of its brand,
// number_pool_limit from its number list.
func completeCampaignImport(ctx context.Context, c *client.Client, id string, m *campaignImportModel) error {
	attrs := campaignAttrs{BrandID: m.BrandID, CampaignAlias: m.CampaignAlias, Vertical: m.Vertical, NumberPoolLimit: m.NumberPoolLimit}
	if err := completeCampaign(ctx, c, id, &attrs, false); err != nil {
		return err
	}
	m.CampaignAlias, m.Vertical, m.NumberPoolLimit = attrs.CampaignAlias, attrs.Vertical, attrs.NumberPoolLimit
	return nil
}

// applyCampaignImport copies what the API reports into m.
func applyCampaignImport(m *campaignImportModel, c *client.Campaign, diags *diag.Diagnostics) {
	m.apply(c, diags)
}

// planCampaignImport checks a plan of an existing import: campaign_alias
// changes only while the campaign is FAILED (the service's update rule;
// the update resubmits it, which the plan says); without an alias change
// a rejected import is replaced, and a callback change is recorded only.
func planCampaignImport(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || req.State.Raw.IsNull() {
		return
	}
	var plan, state campaignImportModel
	if d := req.Plan.Get(ctx, &plan); d.HasError() {
		resp.Diagnostics.Append(d...)
		return
	}
	if d := req.State.Get(ctx, &state); d.HasError() {
		resp.Diagnostics.Append(d...)
		return
	}
	warnCallbackChange(ctx, req, resp, "10DLC campaign import")
	if !plan.CampaignID.Equal(state.CampaignID) {
		return // replaced: a new import
	}
	if !kit.Known(plan.CampaignAlias) || state.CampaignAlias.IsNull() || plan.CampaignAlias.Equal(state.CampaignAlias) {
		replaceWhenFailed(ctx, req, resp)
		return
	}
	id, status := state.ID.ValueString(), state.RegistrationStatus.ValueString()
	if err := tendlcrules.CheckCampaignUpdatable(id, status); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("campaign_alias"), "Imported 10DLC campaign cannot be updated in its current status",
			fmt.Sprintf("This plan changes campaign_alias from %q to %q, but %s. Nothing was changed. Revert campaign_alias in the "+
				"configuration: the campaign keeps working under the alias it has. (Replacing the resource would deactivate the "+
				"campaign on this account and import it again.)", state.CampaignAlias.ValueString(), plan.CampaignAlias.ValueString(), err))
		return
	}
	for _, name := range []string{"registration_status", "error_reason", "error_code", "error_description"} {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(name), types.StringUnknown())...)
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("mno_metadata"), types.MapUnknown(throughputType))...)
	resp.Diagnostics.AddWarning("Imported 10DLC campaign will be resubmitted for vetting",
		fmt.Sprintf("Campaign %s is FAILED; updating campaign_alias resubmits it to the carriers for vetting, which the service charges "+
			"for each time. With wait_for_registration the apply waits for the new decision.", id))
}

// adoptRuleCampaignImport says what happens when the reply to the import
// is lost; importCampaignOrAdopt below carries it out. The description
// quotes it.
const adoptRuleCampaignImport = "If the API's reply to the import is lost (or is a 5xx), the provider does not import the campaign " +
	"twice: it reads the campaign by `campaign_id` and adopts it when the account holds it as an imported (`shared`) campaign; when " +
	"the account does not hold it the import is sent again."

// importCampaignOrAdopt is ImportCampaign that never imports twice: the
// campaign's id is known before the import is sent, so a lost reply is
// settled by reading it.
func importCampaignOrAdopt(ctx context.Context, c *client.Client, in client.CampaignImport) (*client.CampaignImported, error) {
	return kit.CreateOrAdoptTarget(ctx, "10DLC campaign import", "campaign_id "+in.CampaignID, in.CampaignID,
		func(ctx context.Context) (*client.CampaignImported, error) { return c.ImportCampaign(ctx, in) },
		func(ctx context.Context) ([]*client.CampaignImported, error) {
			got, err := c.GetCampaign(ctx, in.CampaignID)
			switch {
			case errors.Is(err, client.ErrNotFound):
				return nil, nil
			case err != nil:
				return nil, err
			case !strings.EqualFold(got.CampaignSource, tendlcrules.CampaignSourceShared):
				return nil, nil
			}
			return []*client.CampaignImported{{CampaignID: got.CampaignID, Message: "adopted"}}, nil
		},
		campaignImportRegistration.id)
}

func createCampaignImport(ctx context.Context, c *client.Client, plan *campaignImportModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	id := plan.CampaignID.ValueString()
	// number_pool_limit is only in the campaign's number list.
	defer func() {
		if kit.Known(plan.ID) && plan.NumberPoolLimit.IsNull() {
			if err := completeCampaignImport(ctx, c, id, plan); err != nil {
				tflog.Debug(ctx, "number_pool_limit not read after the import; the next refresh reads it", map[string]any{"error": err.Error()})
			}
		}
	}()
	return campaignImportRegistration.create(ctx, c, plan, &plan.registrationArgs, "campaign "+id, func(ctx context.Context) (*client.CampaignImported, error) {
		return importCampaignOrAdopt(ctx, c, client.CampaignImport{
			CampaignID: id, CampaignAlias: plan.CampaignAlias.ValueString(), URL: plan.URL.ValueString(), Method: plan.Method.ValueString(),
		})
	}, &resp.Diagnostics)
}

// campaignImportRegistration ends an import's Create: the campaign is
// read back and, with wait_for_registration, waited for through the
// campaign list as a registered campaign is.
var campaignImportRegistration = registration[campaignImportModel, client.Campaign, client.CampaignImported]{
	what: "10DLC campaign import", id: func(k *client.CampaignImported) string { return k.CampaignID }, find: findCampaign,
	wait: waitCampaignRegistered, apply: applyCampaignImport,
	status: func(c *client.Campaign) string { return c.RegistrationStatus },
	unread: func(m *campaignImportModel, id string) {
		m.ID = types.StringValue(id)
		m.RegistrationStatus = types.StringValue(tendlcrules.StatusProcessing)
		m.ErrorReason, m.ErrorCode, m.ErrorDescription = types.StringNull(), types.StringNull(), types.StringNull()
		m.BrandID, m.Vertical, m.Usecase, m.ResellerID, m.CampaignSource = types.StringNull(), types.StringNull(), types.StringNull(), types.StringNull(), types.StringNull()
		m.SubUsecases, m.MNOMetadata, m.NumberPoolLimit = types.SetNull(types.StringType), types.MapNull(throughputType), types.Int64Null()
		m.CreatedAt = types.StringNull()
	},
	rejected: func(diags *diag.Diagnostics, what string, c *client.Campaign) {
		kit.AddDecisionError(diags, "10DLC campaign import rejected",
			fmt.Sprintf("The import of %s (%q) was rejected: %s\n\nThe campaign stays in the state as tainted; the next apply "+
				"deactivates it and imports it again.", what, c.CampaignAlias, c.ErrorReason))
	},
}

// updateCampaignImport sends a changed alias (planCampaignImport allowed
// it: the campaign is FAILED) and, with wait_for_registration, waits for
// the resubmission's decision; any other change is recorded.
func updateCampaignImport(ctx context.Context, c *client.Client, plan, state *campaignImportModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	if plan.CampaignAlias.Equal(state.CampaignAlias) || state.CampaignAlias.IsNull() {
		return true // only recorded values, wait_for_registration or timeouts changed
	}
	alias := plan.CampaignAlias.ValueString()
	return resubmitCampaign(ctx, c, state.ID.ValueString(), client.CampaignUpdate{CampaignAlias: &alias}, "10DLC campaign import", &plan.registrationArgs,
		func(got *client.Campaign) { applyCampaignImport(plan, got, &resp.Diagnostics) },
		func() (string, string) { return alias, plan.RegistrationStatus.ValueString() },
		campaignImportRegistration.rejected, &resp.Diagnostics)
}
