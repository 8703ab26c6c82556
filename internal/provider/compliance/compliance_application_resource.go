package compliance

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// complianceApplicationFamily is what Terraform is served of compliance applications, their end users and documents (provider.go's families).
var ComplianceApplicationFamily = kit.Family{
	Resources:   []func() resource.Resource{endUserKind.NewResource, complianceDocumentKind.NewResource, complianceApplicationKind.NewResource},
	DataSources: []func() datasource.DataSource{complianceDocumentTypesData.NewDataSource, complianceAppRequirementData.NewDataSource},
	Lists:       []func() list.ListResource{NewEndUserListResource, NewComplianceDocumentListResource, NewComplianceApplicationListResource},
	Sweepers:    complianceApplicationSweepers,
	RealKinds:   complianceApplicationRealKinds,
}

// complianceApplicationIdentity names an application of the compliance application family.
var complianceApplicationIdentity = kit.ResourceIdentity{{Name: "compliance_application_id", State: "id",
	Description: "Compliance application id (`compliance_application_id`)."}}

// complianceApplicationKind is cpaas_compliance_application: an
// application of the compliance application family, naming its end user and its
// documents by id. The provider submits it (the API's Submit call) once
// made; every update (its documents: the only field the API updates)
// makes it a draft again and resubmits it, which the plan warns of.
var complianceApplicationKind = &kit.ObjectKind[complianceApplicationModel]{
	TypeName: "_compliance_application", What: "compliance application", Identity: complianceApplicationIdentity, Paid: true,
	Docs: kit.PageDocs{Subcategory: kit.SubPhoneNumbers,
		// What the page says besides the schema's descriptions.
		Intro: "**Which family.** India's numbers go through the one-call API (`cpaas_phone_number_compliance`); the other regulated countries (Germany, France, Australia) through this older family: `cpaas_end_user`, `cpaas_compliance_document`, `cpaas_compliance_application`. The guide \"Numbers outside the US\" shows both." +
			"\n\n" + "**Submission and review.** The provider makes the application (a draft) and submits it (the API's Submit call) in the same apply; the API refuses the submission of an application that lacks a document its requirement names. By default the apply waits, within `timeouts` (default 30 minutes), for the decision: `accepted` completes, `rejected` fails the apply quoting the reviewer's words. On the real service, where reviews take days, set `wait_for_review = false`.",
		Listed: &kit.ListedDoc{
			Limit:   client.ComplianceApplicationListing.Limit,
			Objects: "compliance applications",
			Object:  "compliance application",
			From:    "the account's compliance application list",
		}},
	Schema: complianceApplicationSchema, Create: createComplianceApplication, Update: updateComplianceApplication,
	Refresh: kit.ReadListed(client.ComplianceApplicationListing, func(m *complianceApplicationModel, a *client.ComplianceApplication) {
		applyComplianceApplication(m, a)
	}, nil), // the items carry all the GET does
	Remove:     (*client.Client).DeleteComplianceApplication,
	ImportAs:   kit.ImportIDMatching(tendlcrules.UUIDPattern, "a compliance application id", tendlcrules.UUIDRule),
	ModifyPlan: planComplianceApplication,
	// Before the application is made or its documents changed: its end
	// user and each of its documents exist.
	PlanWith: kit.CheckReferences(endUserRef,
		kit.IdRef("document_ids", "compliance document", "cpaas_compliance_document", "id", client.ComplianceDocumentListing)),
}

// endUserRef is an end_user_id: one of the account's end users.
var endUserRef = kit.IdRef("end_user_id", "end user", "cpaas_end_user", "id", client.EndUserListing)

type complianceApplicationModel struct {
	ID                      types.String   `tfsdk:"id"`
	Alias                   types.String   `tfsdk:"alias"`
	CountryISO2             types.String   `tfsdk:"country_iso2"`
	NumberType              types.String   `tfsdk:"number_type"`
	EndUserType             types.String   `tfsdk:"end_user_type"`
	EndUserID               types.String   `tfsdk:"end_user_id"`
	ComplianceRequirementID types.String   `tfsdk:"compliance_requirement_id"`
	DocumentIDs             []types.String `tfsdk:"document_ids"`
	WaitForReview           types.Bool     `tfsdk:"wait_for_review"`
	Status                  types.String   `tfsdk:"status"`
	RejectionReason         types.String   `tfsdk:"rejection_reason"`
	CreatedAt               types.String   `tfsdk:"created_at"`
	Timeouts                timeouts.Value `tfsdk:"timeouts"`
}

var complianceAppCountryRule = kit.SpecRule("a regulated country the older compliance API serves", func(attr, v string) error {
	return compliancerules.CheckComplianceAppCountryIn(compliancerules.ResourceWords, attr, v)
})

func complianceApplicationSchema(ctx context.Context) schema.Schema {
	uuid := kit.ShapeRule(tendlcrules.UUIDPattern, tendlcrules.UUIDRule)
	return schema.Schema{
		MarkdownDescription: "An application of the older compliance API (`ComplianceApplication`): the proof a regulated country " +
			"asks before it rents numbers to the account, for the countries the one-call API (`cpaas_phone_number_compliance`, India) " +
			"does not cover (" + strings.Join(compliancerules.ComplianceAppCountries(), ", ") + " in the emulator). It names an end user " +
			"(`cpaas_end_user`) and that end user's documents (`cpaas_compliance_document`), one of each type the requirement of " +
			"the country, number type and end user type asks for (`cpaas_compliance_requirement`). The provider submits it once made, " +
			"and a person at the service reviews it; numbers of the country and type are then bought with `compliance_application_id` " +
			"on `cpaas_phone_number`.\n\n" + complianceApplicationResubmitNote + "\n\n" + adoptRuleComplianceApplication,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedKeptString("Compliance application id (`compliance_application_id`)."),
			"alias": kit.RequiredReplacingString(fmt.Sprintf("A name for the application: 1 to %d characters. Changing it replaces the "+
				"application: the API's update takes the documents only.", compliancerules.MaxAlias), complianceAliasRule),
			"country_iso2": kit.RequiredReplacingString("The country of the numbers (ISO 3166 alpha-2, upper case: `DE`). Not a country the "+
				"one-call API covers (`IN`: use `cpaas_phone_number_compliance`). Changing it replaces the application.", complianceAppCountryRule),
			"number_type": kit.RequiredReplacingString("`local`, `mobile` or `tollfree`. Changing it replaces the application.",
				kit.SpecRuleWorded(stringvalidator.OneOf(compliancerules.NumberTypes...), compliancerules.CheckNumberType)),
			"end_user_type": kit.RequiredReplacingString("`individual` or `business`: the end user's type. Changing it replaces the application.",
				kit.SpecRuleWorded(stringvalidator.OneOf(compliancerules.UserTypes...), compliancerules.CheckUserType)),
			"end_user_id": kit.RequiredReplacingString("Id of the end user (`cpaas_end_user`). "+kit.MissingRefNote("application")+" Changing it replaces the application.", uuid),
			"compliance_requirement_id": schema.StringAttribute{MarkdownDescription: "Id of the requirement the application answers " +
				"(`cpaas_compliance_requirement`). When left out, the provider reads the requirement of `country_iso2`, `number_type` " +
				"and `end_user_type` at create. Changing it replaces the application.",
				Optional: true, Computed: true, Validators: []validator.String{uuid},
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown(), stringplanmodifier.RequiresReplaceIfConfigured()}},
			"document_ids": schema.ListAttribute{MarkdownDescription: "Ids of the end user's documents (`cpaas_compliance_document`), one " +
				"of each type the requirement asks for. " + kit.MissingRefNote("application") + " A missing document is named by its element (`document_ids[1]`). Updates in place, resubmitting the application for review.",
				ElementType: types.StringType, Required: true,
				Validators: []validator.List{listvalidator.UniqueValues(), listvalidator.ValueStringsAre(uuid)}},
			"wait_for_review": schema.BoolAttribute{
				MarkdownDescription: "Whether `terraform apply` waits, within `timeouts.create` or `timeouts.update` (default 30 minutes), " +
					"for the review. Default `true`. Reviews on the real service take days: set `false` there, or raise the timeouts. " +
					"Changing it does not touch the application.",
				Optional: true, Computed: true, Default: booldefault.StaticBool(true),
			},
			"status": kit.ComputedKeptString("`draft`, `submitted`, `accepted` or `rejected`, as of the last refresh. An update makes it " +
				"`submitted` again."),
			"rejection_reason": kit.ComputedKeptString("The reviewer's words when the application is `rejected`; null otherwise."),
			"created_at":       kit.ComputedKeptString("When the application was made, RFC 3339 in UTC."),
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true, Update: true}),
		},
	}
}

const complianceApplicationResubmitNote = "Every update (a change of `document_ids`, as when a document's file changes and replaces " +
	"the document) makes the application a draft again and resubmits it for review: the status goes back to `submitted` until a " +
	"person at the service decides again (which takes days on the real service). The plan says so as a warning."

func documentIDs(ids []types.String) ([]string, bool) {
	out := make([]string, len(ids))
	for i, id := range ids {
		if id.IsUnknown() {
			return nil, false
		}
		out[i] = strings.ToLower(id.ValueString())
	}
	return out, true
}

func planComplianceApplication(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || req.State.Raw.IsNull() {
		return
	}
	plan, ok := kit.Decode[complianceApplicationModel](ctx, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	state, ok := kit.Decode[complianceApplicationModel](ctx, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	planned, known := documentIDs(plan.DocumentIDs)
	prior, _ := documentIDs(state.DocumentIDs)
	if !known || !slices.Equal(planned, prior) {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("status"), types.StringUnknown())...)
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("rejection_reason"), types.StringUnknown())...)
		resp.Diagnostics.AddWarning("Updating the compliance application resubmits it for review",
			fmt.Sprintf("This plan changes the documents of compliance application %s (%s). %s Numbers already rented against it keep "+
				"working; new numbers can be bought against it once it is accepted again.", state.ID.ValueString(), state.Alias.ValueString(),
				complianceApplicationResubmitNote))
		return
	}
	if state.Status.ValueString() == compliancerules.StatusRejected {
		resp.Diagnostics.AddWarning("Compliance application rejected",
			fmt.Sprintf("The reviewer rejected compliance application %s: %q. Correct what the reason names (a document's file or data "+
				"fields: the new document then updates and resubmits the application) and apply.", state.ID.ValueString(), state.RejectionReason.ValueString()))
	}
}

func applyComplianceApplication(m *complianceApplicationModel, a *client.ComplianceApplication) {
	m.ID = types.StringValue(strings.ToLower(a.ComplianceApplicationID))
	m.Alias = kit.ReportedString(m.Alias, a.Alias)
	m.CountryISO2 = kit.ReportedString(m.CountryISO2, a.CountryISO2)
	m.NumberType = kit.ReportedString(m.NumberType, a.NumberType)
	m.EndUserType = kit.ReportedString(m.EndUserType, a.EndUserType)
	m.EndUserID = kit.ReportedString(m.EndUserID, strings.ToLower(a.EndUserID))
	m.ComplianceRequirementID = kit.ReportedString(m.ComplianceRequirementID, strings.ToLower(a.ComplianceRequirementID))
	m.Status = kit.ReportedString(m.Status, a.Status)
	m.RejectionReason = kit.StringOrNull(a.RejectionReason)
	m.CreatedAt = kit.ReportedString(m.CreatedAt, a.CreatedAt)
	if m.WaitForReview.IsNull() || m.WaitForReview.IsUnknown() {
		m.WaitForReview = types.BoolValue(true) // the default, after an import
	}
	if a.Documents != nil {
		ids := make([]types.String, len(a.Documents))
		for i, d := range a.Documents {
			ids[i] = types.StringValue(strings.ToLower(d.DocumentID))
		}
		m.DocumentIDs = ids
	}
}

const adoptRuleComplianceApplication = "If the API's reply to the create is lost (or is a 5xx), the provider does not make a second " +
	"application: it lists the applications with the same `alias` and adopts the one of the same country, number type and end user; " +
	"when none matches the create is sent again, when several match the apply stops with an error naming them."

func createComplianceApplicationOrAdopt(ctx context.Context, c *client.Client, in client.ApplicationData) (string, error) {
	list := func(ctx context.Context) ([]client.ComplianceApplication, error) {
		return c.ListAllComplianceApplications(ctx, client.ApplicationFilter{Alias: in.Alias})
	}
	return kit.CreateOrAdopt(ctx, "compliance application", fmt.Sprintf("alias %q, %s %s", in.Alias, in.CountryISO2, in.NumberType),
		func(ctx context.Context) (string, error) {
			a, err := c.CreateComplianceApplication(ctx, in)
			if err != nil {
				return "", err
			}
			return a.ComplianceApplicationID, nil
		},
		kit.AdoptFrom(list, func(a *client.ComplianceApplication) bool {
			return a.Alias == in.Alias && strings.EqualFold(a.CountryISO2, in.CountryISO2) && a.NumberType == in.NumberType &&
				strings.EqualFold(a.EndUserID, in.EndUserID)
		}, func(a *client.ComplianceApplication) string { return a.ComplianceApplicationID }),
		func(id string) string { return id })
}

func createComplianceApplication(ctx context.Context, c *client.Client, plan *complianceApplicationModel, _ resource.CreateRequest,
	resp *resource.CreateResponse,
) bool {
	timeout, d := plan.Timeouts.Create(ctx, defaultComplianceTimeout)
	if resp.Diagnostics.Append(d...); resp.Diagnostics.HasError() {
		return false
	}
	requirement := plan.ComplianceRequirementID.ValueString()
	if plan.ComplianceRequirementID.IsNull() || plan.ComplianceRequirementID.IsUnknown() {
		r, err := c.FindComplianceRequirement(ctx, plan.CountryISO2.ValueString(), plan.NumberType.ValueString(), plan.EndUserType.ValueString())
		if err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error reading the compliance requirement", fmt.Sprintf("the requirement of %s %s numbers for a %s end user",
				plan.CountryISO2.ValueString(), plan.NumberType.ValueString(), plan.EndUserType.ValueString()), err)
			return false
		}
		requirement = r.ComplianceRequirementID
	}
	ids, _ := documentIDs(plan.DocumentIDs)
	in := client.ApplicationData{ComplianceRequirementID: requirement, EndUserID: plan.EndUserID.ValueString(), DocumentIDs: ids,
		Alias: plan.Alias.ValueString(), EndUserType: plan.EndUserType.ValueString(), CountryISO2: plan.CountryISO2.ValueString(),
		NumberType: plan.NumberType.ValueString()}
	id, err := createComplianceApplicationOrAdopt(ctx, c, in)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating compliance application", "compliance application "+plan.Alias.ValueString(), err)
		return false
	}
	id = strings.ToLower(id)
	plan.ID, plan.ComplianceRequirementID = types.StringValue(id), types.StringValue(strings.ToLower(requirement))
	plan.Status, plan.RejectionReason, plan.CreatedAt = types.StringValue(compliancerules.StatusDraft), types.StringNull(), types.StringNull()
	submitAndWait(ctx, c, plan, timeout, true, &resp.Diagnostics)
	return true
}

func updateComplianceApplication(ctx context.Context, c *client.Client, plan, state *complianceApplicationModel, _ resource.UpdateRequest,
	resp *resource.UpdateResponse,
) bool {
	id := state.ID.ValueString()
	planned, _ := documentIDs(plan.DocumentIDs)
	prior, _ := documentIDs(state.DocumentIDs)
	if slices.Equal(planned, prior) {
		plan.Status, plan.RejectionReason = state.Status, state.RejectionReason
		return true // wait_for_review or timeouts: recorded, no API call
	}
	timeout, d := plan.Timeouts.Update(ctx, defaultComplianceTimeout)
	if resp.Diagnostics.Append(d...); resp.Diagnostics.HasError() {
		return false
	}
	if err := c.UpdateComplianceApplication(ctx, id, planned); err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating compliance application", "compliance application "+id, err)
		return false
	}
	submitAndWait(ctx, c, plan, timeout, false, &resp.Diagnostics)
	return true
}

// submitAndWait submits the draft plan names, waits for the review when
// asked, and reads the application into plan; a rejection is an error
// quoting the reviewer.
func submitAndWait(ctx context.Context, c *client.Client, plan *complianceApplicationModel, timeout time.Duration, create bool, diags *diag.Diagnostics) {
	id := plan.ID.ValueString()
	what := fmt.Sprintf("compliance application %s (%s)", id, plan.Alias.ValueString())
	a, err := c.SubmitComplianceApplication(ctx, id)
	if err != nil {
		if got, rerr := c.GetComplianceApplication(ctx, id); rerr == nil {
			applyComplianceApplication(plan, got)
		}
		kit.AddAPIError(diags, "Error submitting compliance application", what+" (it was saved as a draft; the next apply submits it again)", err)
		return
	}
	if plan.WaitForReview.ValueBool() {
		// From the account's listing, in rounds shared with every
		// application waiting; its items carry all the GET does.
		w := wait.For[*client.ComplianceApplication]{What: "compliance application " + id, Pending: []string{compliancerules.StatusSubmitted},
			Status: wait.StatusOf(client.ComplianceApplicationListing.Watch(c, "", strings.ToLower(id)).Next,
				func(a *client.ComplianceApplication) string { return a.Status }), Timeout: timeout, Paced: true}
		var got *client.ComplianceApplication
		if got, err = w.Wait(ctx); got != nil {
			a = got
		}
	}
	applyComplianceApplication(plan, a)
	reportComplianceReview(diags, create, "cpaas_compliance_application", what, a.Status, a.RejectionReason, timeout, err,
		"make a new application", "Correct what the reason names (a document's file or data fields: the new document updates the application, "+
			"which resubmits it) and apply again.")
}
