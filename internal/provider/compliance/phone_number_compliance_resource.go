package compliance

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
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

// phoneNumberComplianceFamily is what Terraform is served of phone number compliance (provider.go's families).
var PhoneNumberComplianceFamily = kit.Family{
	Resources:   []func() resource.Resource{complianceKind.NewResource},
	DataSources: []func() datasource.DataSource{phoneNumberComplianceRequirementsData.NewDataSource},
	Lists:       []func() list.ListResource{NewPhoneNumberComplianceListResource},
	Sweepers:    phoneNumberComplianceSweepers,
	RealKinds:   phoneNumberComplianceRealKinds,
}

// complianceIdentity names an application of the one-call API by its id.
var complianceIdentity = kit.ResourceIdentity{{Name: "compliance_id", State: "id", Description: "Compliance application id (`compliance_id`)."}}

// complianceKind is cpaas_phone_number_compliance: an application of the
// one-call compliance API (end user, documents with their files, review),
// the proof a regulated country (India) asks before renting numbers.
// Every update resubmits it for review; country, number type and the end
// user's type replace it.
var complianceKind = &kit.ObjectKind[complianceModel]{
	TypeName: "_phone_number_compliance", What: "compliance application", Identity: complianceIdentity, Paid: true,
	Docs: kit.PageDocs{Subcategory: kit.SubPhoneNumbers, Listed: &kit.ListedDoc{
		Limit:   client.ComplianceListing.Limit,
		Objects: "applications",
		Object:  "application",
		From:    "the account's expanded application list",
		Lacks:   []string{"callback_url", "callback_method"},
		More:    "Reading the requirement a configuration is checked against costs one request per country, number type and end user type per run.",
	}},
	Schema: complianceSchema, Create: createCompliance, Update: updateCompliance,
	Refresh:    refreshCompliance,
	Remove:     (*client.Client).DeleteCompliance,
	ImportAs:   kit.ImportIDMatching(tendlcrules.UUIDPattern, "a compliance application id", tendlcrules.UUIDRule),
	ModifyPlan: planCompliance,
	PlanWith:   checkComplianceRequirement,
}

// defaultComplianceTimeout is how long an apply waits for the review by
// default; real reviews take days.
const defaultComplianceTimeout = 30 * time.Minute

type complianceEndUserModel struct {
	Type               types.String `tfsdk:"type"`
	Name               types.String `tfsdk:"name"`
	LastName           types.String `tfsdk:"last_name"`
	Email              types.String `tfsdk:"email"`
	AddressLine1       types.String `tfsdk:"address_line1"`
	AddressLine2       types.String `tfsdk:"address_line2"`
	City               types.String `tfsdk:"city"`
	State              types.String `tfsdk:"state"`
	PostalCode         types.String `tfsdk:"postal_code"`
	Country            types.String `tfsdk:"country"`
	RegistrationNumber types.String `tfsdk:"registration_number"`
}

type complianceDocumentModel struct {
	DocumentTypeID types.String `tfsdk:"document_type_id"`
	DataFields     types.Map    `tfsdk:"data_fields"`
	// File is write-only: a path read at plan and apply time, never kept.
	File       types.String `tfsdk:"file"`
	FileSHA256 types.String `tfsdk:"file_sha256"`
}

type complianceModel struct {
	ID              types.String              `tfsdk:"id"`
	Alias           types.String              `tfsdk:"alias"`
	CountryISO      types.String              `tfsdk:"country_iso"`
	NumberType      types.String              `tfsdk:"number_type"`
	EndUser         *complianceEndUserModel   `tfsdk:"end_user"`
	Documents       []complianceDocumentModel `tfsdk:"documents"`
	CallbackURL     types.String              `tfsdk:"callback_url"`
	CallbackMethod  types.String              `tfsdk:"callback_method"`
	WaitForReview   types.Bool                `tfsdk:"wait_for_review"`
	Status          types.String              `tfsdk:"status"`
	RejectionReason types.String              `tfsdk:"rejection_reason"`
	CreatedAt       types.String              `tfsdk:"created_at"`
	Timeouts        timeouts.Value            `tfsdk:"timeouts"`
}

// complianceResubmitNote is what the description and the plan's warning
// say of an update.
const complianceResubmitNote = "Every update resubmits the application for review: the status goes back to `submitted` until a " +
	"person at the service decides again (which takes days on the real service)."

// replaceWhenRemovedString replaces the object when an optional field is
// removed: the API's update reads an empty value as "unchanged".
func replaceWhenRemovedString() planmodifier.String {
	const why = "Removing it replaces the application: the API's update cannot clear a field."
	return stringplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = kit.Known(req.StateValue) && req.PlanValue.IsNull()
	}, why, why)
}

func complianceOptional(description string, validators ...validator.String) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description + " Updates in place (resubmitting the application); removing it replaces the application, " +
			"since the API's update cannot clear a field.",
		Optional: true, Validators: validators, PlanModifiers: []planmodifier.String{replaceWhenRemovedString()},
	}
}

var (
	complianceCountryRule = kit.SpecRule("a country the one-call API covers", func(attr, v string) error {
		return compliancerules.CheckOneCallCountryIn(compliancerules.ResourceWords, attr, v)
	})
	complianceNumberType = kit.SpecRuleWorded(stringvalidator.OneOf(compliancerules.NumberTypes...), compliancerules.CheckNumberType)
	complianceUserType   = kit.SpecRuleWorded(stringvalidator.OneOf(compliancerules.UserTypes...), compliancerules.CheckUserType)
	complianceAliasRule  = kit.SpecRule(fmt.Sprintf("1 to %d characters", compliancerules.MaxAlias), compliancerules.CheckAlias)
	complianceURLRule    = kit.SpecRule("an absolute http:// or https:// URL", compliancerules.CheckURL)
	complianceMethodRule = kit.SpecRuleWorded(stringvalidator.OneOf(compliancerules.CallbackMethods...), compliancerules.CheckCallbackMethod)
	complianceEmailRule  = kit.SpecRule("a plain email address", compliancerules.CheckEmail)
	complianceNameRule   = kit.SpecRule(fmt.Sprintf("1 to %d characters", compliancerules.MaxName),
		func(attr, v string) error { return compliancerules.CheckLength(attr, v, compliancerules.MaxName) })
)

func complianceSchema(ctx context.Context) schema.Schema {
	endUserField := func(desc string, validators ...validator.String) schema.StringAttribute {
		return complianceOptional(desc, validators...)
	}
	return schema.Schema{
		MarkdownDescription: "An application of the one-call compliance API (`PhoneNumber/Compliance`): the proof a regulated " +
			"country asks before it rents numbers to the account. It holds the end user (who will use the numbers), the " +
			"documents the country's requirement asks for (read them with `cpaas_phone_number_compliance_requirements`), each " +
			"with its data fields and, where the document type needs proof, its file; a person at the service reviews it. " +
			"Numbers are then bought against it (`compliance_application_id` of `cpaas_phone_number`).\n\n" +
			"**Which API:** the one-call API covers " + strings.Join(compliancerules.OneCallCountries, ", ") + " only. Other " +
			"regulated countries (Germany, France, Australia) go through the service's older EndUser, ComplianceDocument and " +
			"ComplianceApplication API: declare them with `cpaas_end_user`, `cpaas_compliance_document` and " +
			"`cpaas_compliance_application`, whose id `compliance_application_id` of `cpaas_phone_number` takes the same way.\n\n" +
			"**Review takes days.** By default the apply waits, within `timeouts` (default 30 minutes), for the decision: `accepted` " +
			"completes, `rejected` fails the apply quoting the reviewer's words. On the real service set `wait_for_review = false` " +
			"(the apply ends at `submitted`; a refresh reads the decision later) or raise the timeouts. " + complianceResubmitNote +
			" The plan warns of it. A create that is rejected leaves the resource tainted, like every failed create: run " +
			"`terraform untaint <address>` before correcting the configuration, so that the next apply updates (resubmits) the " +
			"application instead of replacing it.\n\n" +
			"**Files** are tracked by their SHA-256 (`file_sha256`), never by their bytes: `file` is a write-only path read at plan " +
			"and apply time, and a change of the file's content is a change of the application. After an import the provider " +
			"downloads each document once to learn its hash. **Personal data** (the end user, the data fields) is sensitive: it " +
			"is never shown in a plan and never logged.\n\n" + adoptRuleCompliance,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedKeptString("Application id (`compliance_id`), the import id."),
			"alias": schema.StringAttribute{MarkdownDescription: fmt.Sprintf("Name of the application, 1 to %d characters. Updates in place "+
				"(resubmitting the application).", compliancerules.MaxAlias), Required: true, Validators: []validator.String{complianceAliasRule}},
			"country_iso": kit.RequiredReplacingString("Country whose numbers the application is for, ISO 3166 alpha-2 in upper case: one the "+
				"one-call API covers ("+kit.OneOfText(compliancerules.OneCallCountries)+"). Changing it replaces the application.", complianceCountryRule),
			"number_type": kit.RequiredReplacingString("Type of the numbers: "+kit.OneOfText(compliancerules.NumberTypes)+". Changing it replaces "+
				"the application.", complianceNumberType),
			"end_user": schema.SingleNestedAttribute{
				MarkdownDescription: "Who will use the numbers. Sensitive. `type` replaces the application; every other field updates in place.",
				Required:            true, Sensitive: true,
				Attributes: map[string]schema.Attribute{
					"type": schema.StringAttribute{MarkdownDescription: "`individual` or `business`. Changing it replaces the application " +
						"(the service cannot change it).", Required: true, Validators: []validator.String{complianceUserType},
						PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
					"name": schema.StringAttribute{MarkdownDescription: fmt.Sprintf("Name of the person or the business, 1 to %d characters. "+
						"Updates in place.", compliancerules.MaxName), Required: true, Validators: []validator.String{complianceNameRule}},
					"last_name":           endUserField("Last name of an individual.", complianceNameRule),
					"email":               endUserField("Email address.", complianceEmailRule),
					"address_line1":       endUserField("Address, first line.", stringvalidator.UTF8LengthAtLeast(1)),
					"address_line2":       endUserField("Address, second line.", stringvalidator.UTF8LengthAtLeast(1)),
					"city":                endUserField("City.", stringvalidator.UTF8LengthAtLeast(1)),
					"state":               endUserField("State or region.", stringvalidator.UTF8LengthAtLeast(1)),
					"postal_code":         endUserField("Postal code.", stringvalidator.UTF8LengthAtLeast(1)),
					"country":             endUserField("Country of the address, ISO 3166 alpha-2.", kit.SpecRule("a country code", compliancerules.CheckCountry)),
					"registration_number": endUserField("Company registration number of a business.", stringvalidator.UTF8LengthAtLeast(1)),
				},
			},
			"documents": schema.ListNestedAttribute{
				MarkdownDescription: "The documents the requirement of the country, number type and end user type asks for, one per " +
					"document type (see `cpaas_phone_number_compliance_requirements`). The plan checks them against the requirement " +
					"when the API can be asked. Updates in place (resubmitting the application). Sensitive as a whole: the data " +
					"fields are personal data, and a CLI prints a nested attribute's values unless the whole attribute is sensitive.",
				Required:  true,
				Sensitive: true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"document_type_id": schema.StringAttribute{MarkdownDescription: "Document type, from the requirement.", Required: true,
						Validators: []validator.String{kit.ShapeRule(tendlcrules.UUIDPattern, tendlcrules.UUIDRule)}},
					"data_fields": schema.MapAttribute{MarkdownDescription: "The document's data fields by `field_name`, each a string " +
						"(dates `yyyy-mm-dd`). Sensitive.", Optional: true, Sensitive: true, ElementType: types.StringType},
					"file": schema.StringAttribute{MarkdownDescription: "Path of the document's file (a scan, a PDF), required where the " +
						"document type needs proof. Write-only: the path and the bytes never enter the state; `file_sha256` tracks the " +
						"content. Needs Terraform 1.11 or later.", Optional: true, WriteOnly: true},
					"file_sha256": schema.StringAttribute{MarkdownDescription: "SHA-256 (hex) of the uploaded file, null when the document " +
						"has none. A new value (the file's content changed) updates the application.", Computed: true},
				}},
			},
			"callback_url": complianceOptional("Absolute `http://` or `https://` URL that receives a signed callback (form fields `Kind`, "+
				"`ComplianceID`, `Status`, `RejectionReason`, `Time`) on each status change.", complianceURLRule),
			"callback_method": complianceOptional("HTTP method of the callback: `GET` or `POST` (the API's default).", complianceMethodRule),
			"wait_for_review": schema.BoolAttribute{
				MarkdownDescription: "Whether `terraform apply` waits, within `timeouts.create` or `timeouts.update` (default 30 minutes), " +
					"for the review. Default `true`. Reviews on the real service take days: set `false` there, or raise the timeouts. " +
					"Changing it does not touch the application.",
				Optional: true, Computed: true, Default: booldefault.StaticBool(true),
			},
			"status":           kit.ComputedKeptString("`submitted`, `accepted` or `rejected`, as of the last refresh. An update makes it `submitted` again."),
			"rejection_reason": kit.ComputedKeptString("The reviewer's words when the application is `rejected`; null otherwise."),
			"created_at":       kit.ComputedKeptString("When the application was made, RFC 3339 in UTC with microseconds."),
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true, Update: true}),
		},
	}
}

// readDocumentFile reads the file a document names; the error names the
// attribute and the path (a path is not personal data).
func readDocumentFile(i int, p string) ([]byte, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("documents[%d].file: cannot read %q: %w", i, p, err)
	}
	if len(b) > compliancerules.MaxFileBytes {
		return nil, fmt.Errorf("documents[%d].file: %q is %d bytes, more than the limit of %d", i, p, len(b), compliancerules.MaxFileBytes)
	}
	return b, nil
}

// configDocuments decodes the configuration's documents (with the
// write-only file paths), or nil.
func configDocuments(ctx context.Context, cfg interface {
	GetAttribute(context.Context, path.Path, any) diag.Diagnostics
}, diags *diag.Diagnostics) []complianceDocumentModel {
	var docs []complianceDocumentModel
	diags.Append(cfg.GetAttribute(ctx, path.Root("documents"), &docs)...)
	return docs
}

// planCompliance sets each document's file_sha256 from its file, warns
// that an update resubmits the application (and makes the status
// unknown), and reminds of a rejection.
func planCompliance(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	plan, ok := kit.Decode[complianceModel](ctx, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	cfgDocs := configDocuments(ctx, req.Config, &resp.Diagnostics)
	for i := range plan.Documents {
		sum := types.StringNull()
		if i < len(cfgDocs) {
			switch f := cfgDocs[i].File; {
			case f.IsUnknown():
				sum = types.StringUnknown()
			case !f.IsNull():
				b, err := readDocumentFile(i, f.ValueString())
				if err != nil {
					resp.Diagnostics.AddAttributeError(path.Root("documents").AtListIndex(i).AtName("file"), "Cannot read a document's file", err.Error())
					continue // and the other documents' files: one plan names each
				}
				sum = types.StringValue(client.FileSHA256(b))
			}
		}
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("documents").AtListIndex(i).AtName("file_sha256"), sum)...)
		plan.Documents[i].FileSHA256 = sum
	}
	if req.State.Raw.IsNull() {
		return
	}
	state, ok := kit.Decode[complianceModel](ctx, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	data, _, known := plan.changes(&state)
	if !known || !data.empty() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("status"), types.StringUnknown())...)
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("rejection_reason"), types.StringUnknown())...)
		resp.Diagnostics.AddWarning("Updating the compliance application resubmits it for review",
			fmt.Sprintf("This plan changes compliance application %s (%s). %s Numbers already rented against it keep working; "+
				"new numbers can be bought against it once it is accepted again.", state.ID.ValueString(), state.Alias.ValueString(), complianceResubmitNote))
		return
	}
	if state.Status.ValueString() == compliancerules.StatusRejected {
		resp.Diagnostics.AddWarning("Compliance application rejected",
			fmt.Sprintf("The reviewer rejected compliance application %s: %q. Correct what the reason names in the configuration and "+
				"apply: the update resubmits it.", state.ID.ValueString(), state.RejectionReason.ValueString()))
	}
}

// checkComplianceRequirement checks the documents against the requirement
// of the country, number type and end user type, when they are known: the
// API says what the requirement is.
func checkComplianceRequirement(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	plan, ok := kit.Decode[complianceModel](ctx, req.Plan, &resp.Diagnostics)
	if !ok || plan.EndUser == nil || plan.CountryISO.IsUnknown() || plan.NumberType.IsUnknown() || plan.EndUser.Type.IsUnknown() {
		return
	}
	cfgDocs := configDocuments(ctx, req.Config, &resp.Diagnostics)
	docs := make([]compliancerules.Document, len(plan.Documents))
	for i, d := range plan.Documents {
		if d.DocumentTypeID.IsUnknown() || d.DataFields.IsUnknown() {
			return
		}
		fields, known := stringMap(d.DataFields)
		if !known {
			return
		}
		docs[i] = compliancerules.Document{TypeID: d.DocumentTypeID.ValueString(), Fields: fields,
			HasFile: i < len(cfgDocs) && !cfgDocs[i].File.IsNull()}
	}
	r, err := c.GetComplianceRequirement(ctx, plan.CountryISO.ValueString(), plan.NumberType.ValueString(), plan.EndUser.Type.ValueString())
	if err != nil {
		resp.Diagnostics.AddWarning("Could not read the compliance requirement",
			fmt.Sprintf("The documents were not checked against the requirement of %s %s numbers for a %s end user at plan time: %v",
				plan.CountryISO.ValueString(), plan.NumberType.ValueString(), plan.EndUser.Type.ValueString(), err))
		return
	}
	for _, e := range compliancerules.CheckDocuments(requirementFromAPI(r), docs) {
		resp.Diagnostics.AddAttributeError(kit.AttrPath(e.Path), "Document does not meet the compliance requirement", e.Error())
	}
}

// requirementFromAPI is the API's requirement as the rules see it.
func requirementFromAPI(r *client.ComplianceRequirement) compliancerules.Requirement {
	out := compliancerules.Requirement{ID: r.RequirementID, Country: r.CountryISO, NumberType: r.NumberType, UserType: r.UserType}
	for _, t := range r.DocumentTypes {
		dt := compliancerules.DocumentType{ID: t.DocumentTypeID, Name: t.Name, Description: t.Description, ProofRequired: t.ProofRequired}
		for _, f := range t.RequiredFields {
			var enums []string
			if f.Enums != "" {
				for _, e := range strings.Split(f.Enums, ",") {
					enums = append(enums, strings.TrimSpace(e))
				}
			}
			dt.Fields = append(dt.Fields, compliancerules.Field{Name: f.FieldName, FriendlyName: f.FriendlyName, Type: f.FieldType,
				Required: f.Required, MinLength: f.MinLength, MaxLength: f.MaxLength, HelpText: f.HelpText, Format: f.Format, Enums: enums})
		}
		out.DocumentTypes = append(out.DocumentTypes, dt)
	}
	return out
}

// stringMap is a known map of strings; known is false while it or a
// value is unknown.
func stringMap(m types.Map) (map[string]string, bool) {
	if m.IsUnknown() {
		return nil, false
	}
	out := map[string]string{}
	for k, v := range m.Elements() {
		s, ok := v.(types.String)
		if !ok || s.IsUnknown() {
			return nil, false
		}
		out[k] = s.ValueString()
	}
	return out, true
}

// complianceUpdate is what an update sends: the data and which
// documents' files go with it.
type complianceUpdate struct {
	client.ComplianceData
	// upload holds the indexes of the documents whose file is sent.
	upload map[int]bool
}

func (u complianceUpdate) empty() bool {
	d := u.ComplianceData
	return d.Alias == "" && d.EndUser == nil && d.Documents == nil && d.CallbackURL == "" && d.CallbackMethod == ""
}

// endUser is what the API is sent of m (type included).
func (m *complianceEndUserModel) wire() *client.ComplianceEndUser {
	if m == nil {
		return nil
	}
	return &client.ComplianceEndUser{Type: m.Type.ValueString(), Name: m.Name.ValueString(), LastName: m.LastName.ValueString(),
		Email: m.Email.ValueString(), AddressLine1: m.AddressLine1.ValueString(), AddressLine2: m.AddressLine2.ValueString(),
		City: m.City.ValueString(), State: m.State.ValueString(), PostalCode: m.PostalCode.ValueString(), Country: m.Country.ValueString(),
		RegistrationNumber: m.RegistrationNumber.ValueString()}
}

func (m *complianceModel) documentsData() []client.ComplianceDocumentData {
	out := make([]client.ComplianceDocumentData, len(m.Documents))
	for i, d := range m.Documents {
		fields, _ := stringMap(d.DataFields)
		if d.DataFields.IsNull() {
			fields = nil
		}
		out[i] = client.ComplianceDocumentData{DocumentTypeID: strings.ToLower(d.DocumentTypeID.ValueString()), DataFields: fields}
	}
	return out
}

// changes is what an update sends to go from state to m. known is false
// while a planned value is unknown.
func (m *complianceModel) changes(state *complianceModel) (u complianceUpdate, upload map[int]bool, known bool) {
	known = true
	str := func(plan, prior types.String, dst *string) {
		if plan.IsUnknown() {
			known = false
		}
		if !plan.Equal(prior) {
			*dst = plan.ValueString()
		}
	}
	str(m.Alias, state.Alias, &u.Alias)
	str(m.CallbackURL, state.CallbackURL, &u.CallbackURL)
	str(m.CallbackMethod, state.CallbackMethod, &u.CallbackMethod)
	if m.EndUser != nil && state.EndUser != nil && *m.EndUser != *state.EndUser {
		e := m.EndUser.wire()
		e.Type = "" // the update cannot carry it
		u.EndUser = e
	}
	upload = map[int]bool{}
	docsChanged := len(m.Documents) != len(state.Documents)
	for i, d := range m.Documents {
		if d.FileSHA256.IsUnknown() || d.DataFields.IsUnknown() || d.DocumentTypeID.IsUnknown() {
			known = false
		}
		if i >= len(state.Documents) {
			upload[i] = !d.FileSHA256.IsNull()
			continue
		}
		s := state.Documents[i]
		if !d.DocumentTypeID.Equal(s.DocumentTypeID) || !d.DataFields.Equal(s.DataFields) {
			docsChanged = true
		}
		if !d.FileSHA256.Equal(s.FileSHA256) {
			docsChanged = true
			upload[i] = !d.FileSHA256.IsNull()
		}
		if !strings.EqualFold(d.DocumentTypeID.ValueString(), s.DocumentTypeID.ValueString()) {
			upload[i] = !d.FileSHA256.IsNull()
		}
	}
	if docsChanged {
		u.Documents = m.documentsData()
	}
	u.upload = upload
	return u, upload, known
}

// files reads the files of the documents picked (all when pick is nil)
// from the configuration, and checks each against the hash the plan
// holds: a file that changed between plan and apply is an error.
func (m *complianceModel) files(cfgDocs []complianceDocumentModel, pick map[int]bool) (map[int]client.ComplianceFile, error) {
	out := map[int]client.ComplianceFile{}
	for i := range m.Documents {
		if (pick != nil && !pick[i]) || i >= len(cfgDocs) || cfgDocs[i].File.IsNull() {
			continue
		}
		p := cfgDocs[i].File.ValueString()
		b, err := readDocumentFile(i, p)
		if err != nil {
			return nil, err
		}
		if sum := client.FileSHA256(b); !m.Documents[i].FileSHA256.IsUnknown() && sum != m.Documents[i].FileSHA256.ValueString() {
			return nil, fmt.Errorf("documents[%d].file: %q changed between plan and apply (its SHA-256 is now %s); plan again", i, p, sum)
		}
		m.Documents[i].FileSHA256 = types.StringValue(client.FileSHA256(b))
		out[i] = client.ComplianceFile{Name: FileBase(p), Content: b}
	}
	return out, nil
}

func FileBase(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// adoptRuleCompliance says what happens when the reply to a create is
// lost; createComplianceOrAdopt carries it out.
const adoptRuleCompliance = "If the API's reply to the create is lost (or is a 5xx), the provider does not submit a second " +
	"application: it lists the applications with the same `alias` and adopts the one of the same country and number type; when " +
	"none matches the create is sent again, when several match the apply stops with an error naming them."

func createComplianceOrAdopt(ctx context.Context, c *client.Client, data client.ComplianceData, files map[int]client.ComplianceFile) (string, error) {
	list := func(ctx context.Context) ([]client.Compliance, error) {
		return c.ListAllCompliances(ctx, client.ComplianceFilter{Alias: data.Alias})
	}
	return kit.CreateOrAdopt(ctx, "compliance application", fmt.Sprintf("alias %q, %s %s", data.Alias, data.CountryISO, data.NumberType),
		func(ctx context.Context) (string, error) { return c.CreateCompliance(ctx, data, files) },
		kit.AdoptFrom(list, func(a *client.Compliance) bool {
			return a.Alias == data.Alias && strings.EqualFold(a.CountryISO, data.CountryISO) && a.NumberType == data.NumberType
		}, func(a *client.Compliance) string { return a.ComplianceID }),
		func(id string) string { return id })
}

func createCompliance(ctx context.Context, c *client.Client, plan *complianceModel, req resource.CreateRequest, resp *resource.CreateResponse) bool {
	timeout, d := plan.Timeouts.Create(ctx, defaultComplianceTimeout)
	if resp.Diagnostics.Append(d...); resp.Diagnostics.HasError() {
		return false
	}
	files, err := plan.files(configDocuments(ctx, req.Config, &resp.Diagnostics), nil)
	if err != nil {
		resp.Diagnostics.AddError("Cannot read a document's file", err.Error())
		return false
	}
	data := client.ComplianceData{CountryISO: plan.CountryISO.ValueString(), NumberType: plan.NumberType.ValueString(),
		Alias: plan.Alias.ValueString(), EndUser: plan.EndUser.wire(), Documents: plan.documentsData(),
		CallbackURL: plan.CallbackURL.ValueString(), CallbackMethod: plan.CallbackMethod.ValueString()}
	id, err := createComplianceOrAdopt(ctx, c, data, files)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating compliance application", "compliance application "+plan.Alias.ValueString(), err)
		return false
	}
	plan.ID = types.StringValue(strings.ToLower(id))
	a, err := kit.ReadAfterCreate(ctx, "compliance application "+id, findCompliance(c, id))
	if err != nil {
		plan.Status, plan.RejectionReason, plan.CreatedAt = types.StringValue(compliancerules.StatusSubmitted), types.StringNull(), types.StringNull()
		kit.AddAPIError(&resp.Diagnostics, "Error reading compliance application after create", "compliance application "+id, err)
		return true
	}
	finishCompliance(ctx, c, plan, a, timeout, true, &resp.Diagnostics)
	return true
}

func updateCompliance(ctx context.Context, c *client.Client, plan, state *complianceModel, req resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	id := state.ID.ValueString()
	u, upload, _ := plan.changes(state)
	if u.empty() {
		plan.Status, plan.RejectionReason = state.Status, state.RejectionReason
		return true // wait_for_review or timeouts: recorded, no API call
	}
	timeout, d := plan.Timeouts.Update(ctx, defaultComplianceTimeout)
	if resp.Diagnostics.Append(d...); resp.Diagnostics.HasError() {
		return false
	}
	files, err := plan.files(configDocuments(ctx, req.Config, &resp.Diagnostics), upload)
	if err != nil {
		resp.Diagnostics.AddError("Cannot read a document's file", err.Error())
		return false
	}
	if err := c.UpdateCompliance(ctx, id, u.ComplianceData, files); err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating compliance application", "compliance application "+id, err)
		return false
	}
	a, err := c.GetCompliance(ctx, id)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error reading compliance application after update", "compliance application "+id, err)
		return false
	}
	finishCompliance(ctx, c, plan, a, timeout, false, &resp.Diagnostics)
	return true
}

// finishCompliance ends a create or an update: waits for the review when
// asked, applies what it read, and reports a timeout or a rejection.
func finishCompliance(ctx context.Context, c *client.Client, plan *complianceModel, a *client.Compliance, timeout time.Duration, create bool,
	diags *diag.Diagnostics,
) {
	id := strings.ToLower(a.ComplianceID)
	what := fmt.Sprintf("compliance application %s (%s)", id, a.Alias)
	var err error
	if plan.WaitForReview.ValueBool() {
		var got *client.Compliance
		if got, err = waitComplianceReviewed(ctx, c, id, timeout); got != nil {
			a = got
		}
	}
	applyComplianceRecord(ctx, c, plan, a, diags)
	reportComplianceReview(diags, create, "cpaas_phone_number_compliance", what, a.Status, a.RejectionReason, timeout, err,
		"submit a new application", "Correct what the reason names in the configuration and apply again: the update resubmits the application.")
}

// applyComplianceRecord copies the expanded record into m. Fields the
// record leaves out keep m's value; a document whose file hash is not
// known (after an import) is downloaded once to learn it.
func applyComplianceRecord(ctx context.Context, c *client.Client, m *complianceModel, a *client.Compliance, diags *diag.Diagnostics) {
	m.ID = types.StringValue(strings.ToLower(a.ComplianceID))
	m.Alias = kit.ReportedString(m.Alias, a.Alias)
	m.CountryISO = kit.ReportedString(m.CountryISO, a.CountryISO)
	m.NumberType = kit.ReportedString(m.NumberType, a.NumberType)
	m.CallbackURL = kit.ReportedString(m.CallbackURL, a.CallbackURL)
	m.CallbackMethod = kit.ReportedString(m.CallbackMethod, a.CallbackMethod)
	m.Status = kit.ReportedString(m.Status, a.Status)
	m.RejectionReason = kit.StringOrNull(a.RejectionReason)
	m.CreatedAt = kit.ReportedString(m.CreatedAt, a.CreatedAt)
	if m.WaitForReview.IsNull() || m.WaitForReview.IsUnknown() {
		m.WaitForReview = types.BoolValue(true) // the default, after an import
	}
	unread := func() *complianceEndUserModel {
		return &complianceEndUserModel{Type: types.StringNull(), Name: types.StringNull(), LastName: types.StringNull(), Email: types.StringNull(),
			AddressLine1: types.StringNull(), AddressLine2: types.StringNull(), City: types.StringNull(), State: types.StringNull(),
			PostalCode: types.StringNull(), Country: types.StringNull(), RegistrationNumber: types.StringNull()}
	}
	if a.EndUser == nil && a.UserType != "" {
		// A reply without end_user (a GET without expand, as the service's
		// recorded one) still carries its type as user_type: read it, so a
		// thin reply never reads as a changed type, which replaces the
		// application.
		if m.EndUser == nil {
			m.EndUser = unread()
		}
		m.EndUser.Type = kit.ReportedString(m.EndUser.Type, a.UserType)
	}
	if e := a.EndUser; e != nil {
		prior := m.EndUser
		if prior == nil {
			prior = unread()
		}
		m.EndUser = &complianceEndUserModel{Type: kit.ReportedString(prior.Type, e.Type), Name: kit.ReportedString(prior.Name, e.Name),
			LastName: kit.ReportedString(prior.LastName, e.LastName), Email: kit.ReportedString(prior.Email, e.Email),
			AddressLine1: kit.ReportedString(prior.AddressLine1, e.AddressLine1), AddressLine2: kit.ReportedString(prior.AddressLine2, e.AddressLine2),
			City: kit.ReportedString(prior.City, e.City), State: kit.ReportedString(prior.State, e.State), PostalCode: kit.ReportedString(prior.PostalCode, e.PostalCode),
			Country: kit.ReportedString(prior.Country, e.Country), RegistrationNumber: kit.ReportedString(prior.RegistrationNumber, e.RegistrationNumber)}
	}
	if a.Documents == nil {
		return // not expanded: keep what is known
	}
	docs := make([]complianceDocumentModel, len(a.Documents))
	for i, d := range a.Documents {
		doc := complianceDocumentModel{DocumentTypeID: types.StringValue(d.DocumentTypeID), File: types.StringNull(), FileSHA256: types.StringNull()}
		var prior *complianceDocumentModel
		if i < len(m.Documents) && strings.EqualFold(m.Documents[i].DocumentTypeID.ValueString(), d.DocumentTypeID) {
			prior = &m.Documents[i]
			doc.DocumentTypeID = prior.DocumentTypeID // keep the configuration's spelling
		}
		if len(d.MetaInformation) > 0 {
			var fd diag.Diagnostics
			doc.DataFields, fd = types.MapValueFrom(ctx, types.StringType, d.MetaInformation)
			diags.Append(fd...)
		} else if prior != nil && !prior.DataFields.IsUnknown() {
			doc.DataFields = prior.DataFields
		} else {
			doc.DataFields = types.MapNull(types.StringType)
		}
		switch {
		case d.FileName == "":
		case prior != nil && kit.Known(prior.FileSHA256):
			doc.FileSHA256 = prior.FileSHA256
		case d.DownloadURL != "":
			sum, err := c.ComplianceFileSHA256(ctx, d.DownloadURL)
			if err != nil {
				diags.AddWarning("Could not learn a document's file hash", fmt.Sprintf("The file of document %s of compliance application %s "+
					"could not be downloaded to learn its SHA-256 (%v): the next plan sees the configured file as a change.", d.DocumentID, a.ComplianceID, err))
				break
			}
			doc.FileSHA256 = types.StringValue(sum)
		}
		docs[i] = doc
	}
	m.Documents = docs
}

// refreshCompliance reads the application from the account's expanded
// listing (client.ComplianceListing: its items carry all the GET does but
// the callbacks, which apply keeps from the state).
func refreshCompliance(ctx context.Context, c *client.Client, id string, m *complianceModel, _ resource.ReadRequest, diags *diag.Diagnostics) error {
	_, err := kit.ReadFromListing(ctx, c, client.ComplianceListing, "", strings.ToLower(id), m, func(m *complianceModel, a *client.Compliance) {
		applyComplianceRecord(ctx, c, m, a, diags)
	}, nil)
	return err
}

// findCompliance is the finder of application id, statusCompliance its
// status, waitComplianceReviewed waits for the decision.
func findCompliance(c *client.Client, id string) func(context.Context) (*client.Compliance, error) {
	return func(ctx context.Context) (*client.Compliance, error) { return c.GetCompliance(ctx, id) }
}

// The wait reads the account's expanded listing (client.ComplianceListing.
// Watch, ids in lower case), in rounds shared with every application
// waiting; its items carry all the GET does but the callbacks, which apply
// keeps from the plan.
func statusCompliance(c *client.Client, id string) wait.StatusFunc[*client.Compliance] {
	return wait.StatusOf(client.ComplianceListing.Watch(c, "", strings.ToLower(id)).Next, func(a *client.Compliance) string { return a.Status })
}

func waitComplianceReviewed(ctx context.Context, c *client.Client, id string, timeout time.Duration) (*client.Compliance, error) {
	return wait.For[*client.Compliance]{What: "compliance application " + id, Pending: []string{compliancerules.StatusSubmitted},
		Status: statusCompliance(c, id), Timeout: timeout, Paced: true}.Wait(ctx)
}
