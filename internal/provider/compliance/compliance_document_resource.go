package compliance

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// complianceDocumentIdentity names a document by its id.
var complianceDocumentIdentity = kit.ResourceIdentity{{Name: "document_id", State: "id", Description: "Compliance document id (`document_id`)."}}

// complianceDocumentKind is cpaas_compliance_document: one proof of the
// compliance application family (ComplianceDocument/), uploaded as multipart with
// its file. The file is tracked by its SHA-256; a new content, or new data
// fields, replace the document (a new id, which the application that names
// it then resubmits with).
var complianceDocumentKind = &kit.ObjectKind[complianceDocumentResourceModel]{
	TypeName: "_compliance_document", What: "compliance document", Identity: complianceDocumentIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubPhoneNumbers,
		// What the page says besides the schema's descriptions.
		Intro: "**Which family.** India's numbers go through the one-call API (`cpaas_phone_number_compliance`), whose documents are part of the application; the other regulated countries (Germany, France, Australia) through this older family: `cpaas_end_user`, `cpaas_compliance_document`, `cpaas_compliance_application`." +
			"\n\n" + "**Plan-time checks.** The data fields are checked against the document type the API gives (read once per run): no field the type lacks, lengths in characters, dates, enumerations. A type that needs proof but has no `file` is a warning: the reviewer rejects the application that names it.",
		Listed: &kit.ListedDoc{
			Limit:   client.ComplianceDocumentListing.Limit,
			Objects: "compliance documents",
			Object:  "compliance document",
			From:    "the account's compliance document list",
			More:    "They name some fields otherwise, which the provider maps.",
		}},
	Schema: complianceDocumentSchema, Create: createComplianceDocument, Update: updateComplianceDocument,
	Refresh:    kit.ReadListedReporting(client.ComplianceDocumentListing, applyComplianceDocument, nil), // the items carry all the GET does, renamed,
	Remove:     (*client.Client).DeleteComplianceDocument,
	ImportAs:   kit.ImportIDMatching(tendlcrules.UUIDPattern, "a compliance document id", tendlcrules.UUIDRule),
	ModifyPlan: planComplianceDocument,
	// Before the document is uploaded: its end user exists, and its type
	// takes its data fields.
	PlanWith: kit.PlanWithAll(kit.CheckReferences(endUserRef), checkComplianceDocumentType),
}

type complianceDocumentResourceModel struct {
	ID             types.String `tfsdk:"id"`
	EndUserID      types.String `tfsdk:"end_user_id"`
	DocumentTypeID types.String `tfsdk:"document_type_id"`
	Alias          types.String `tfsdk:"alias"`
	DataFields     types.Map    `tfsdk:"data_fields"`
	// File is write-only: a path read at plan and apply time, never kept.
	File       types.String `tfsdk:"file"`
	FileSHA256 types.String `tfsdk:"file_sha256"`
	FileName   types.String `tfsdk:"file_name"`
	CreatedAt  types.String `tfsdk:"created_at"`
}

func complianceDocumentSchema(context.Context) schema.Schema {
	uuid := kit.ShapeRule(tendlcrules.UUIDPattern, tendlcrules.UUIDRule)
	return schema.Schema{
		MarkdownDescription: "A document of the older compliance API (`ComplianceDocument`): one proof (an identity document, a " +
			"registration certificate, a utility bill) of an end user (`cpaas_end_user`), uploaded with its file, for a compliance " +
			"application (`cpaas_compliance_application`). The document types are the API's (`cpaas_compliance_document_types`).\n\n" +
			"**Files** are tracked by their SHA-256 (`file_sha256`), never by their bytes: `file` is a write-only path read at plan and " +
			"apply time. A new content of the file, or new `data_fields`, replaces the document (a new id): the application naming it " +
			"then updates and is resubmitted for review. The API serves no download of a document's file: after an import the provider " +
			"takes the configured file as the one uploaded when its name is the uploaded file's name, and says so in a warning.\n\n" +
			"`data_fields` are personal data: sensitive, never in a log.\n\n" + adoptRuleComplianceDocument,
		Attributes: map[string]schema.Attribute{
			"id":               kit.ComputedKeptString("Compliance document id (`document_id`)."),
			"end_user_id":      kit.RequiredReplacingString("Id of the end user (`cpaas_end_user`) the document is about. "+kit.MissingRefNote("document")+" Changing it replaces the document.", uuid),
			"document_type_id": kit.RequiredReplacingString("Id of the document's type (`cpaas_compliance_document_types`). Changing it replaces the document.", uuid),
			"alias": schema.StringAttribute{MarkdownDescription: fmt.Sprintf("A name for the document: 1 to %d characters. Updates in place.",
				compliancerules.MaxAlias), Required: true, Validators: []validator.String{complianceAliasRule}},
			"data_fields": schema.MapAttribute{MarkdownDescription: "The document type's data fields by name (`first_name`, " +
				"`date_of_birth` as yyyy-mm-dd, `business_name`, ...: the type's `fields`). Checked at plan time against the type the API " +
				"gives (no field it lacks, lengths in characters, dates, enumerations). Sensitive. Changing them replaces the document.",
				ElementType: types.StringType, Optional: true, Sensitive: true,
				PlanModifiers: []planmodifier.Map{mapplanmodifier.RequiresReplace()}},
			"file": schema.StringAttribute{MarkdownDescription: "Path of the document's file (a scan, a PDF), required where the document " +
				"type needs proof (else the reviewer rejects the application). Write-only: the path and the bytes never enter the state; " +
				"`file_sha256` tracks the content. Needs Terraform 1.11 or later.", Optional: true, WriteOnly: true},
			"file_sha256": schema.StringAttribute{MarkdownDescription: "SHA-256 (hex) of the uploaded file, null when the document has none. " +
				"A new value (the file's content changed) replaces the document.", Computed: true},
			"file_name":  kit.ComputedKeptString("Name of the uploaded file, as the API reports it; null when none was uploaded."),
			"created_at": kit.ComputedKeptString("When the document was uploaded, RFC 3339 in UTC."),
		},
	}
}

// readComplianceFile reads the file a document names; the error names the
// attribute and the path (a path is not personal data).
func ReadComplianceFile(p string) ([]byte, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("file: cannot read %q: %w", p, err)
	}
	if len(b) > compliancerules.MaxFileBytes {
		return nil, fmt.Errorf("file: %q is %d bytes, more than the limit of %d", p, len(b), compliancerules.MaxFileBytes)
	}
	return b, nil
}

func ConfigFile(ctx context.Context, cfg interface {
	GetAttribute(context.Context, path.Path, any) diag.Diagnostics
}, diags *diag.Diagnostics) types.String {
	var f types.String
	diags.Append(cfg.GetAttribute(ctx, path.Root("file"), &f)...)
	return f
}

// planComplianceDocument sets file_sha256 from the configured file and
// replaces the document when it changed.
func planComplianceDocument(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	f := ConfigFile(ctx, req.Config, &resp.Diagnostics)
	sum := types.StringNull()
	switch {
	case f.IsUnknown():
		sum = types.StringUnknown()
	case !f.IsNull():
		b, err := ReadComplianceFile(f.ValueString())
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("file"), "Cannot read the document's file", err.Error())
			return
		}
		sum = types.StringValue(client.FileSHA256(b))
	}
	if !req.State.Raw.IsNull() {
		state, ok := kit.Decode[complianceDocumentResourceModel](ctx, req.State, &resp.Diagnostics)
		if !ok {
			return
		}
		if state.FileSHA256.IsNull() && !state.FileName.IsNull() && kit.Known(f) && FileBase(f.ValueString()) == state.FileName.ValueString() {
			// Imported: the API serves no download, so the hash is unknown.
			resp.Diagnostics.AddAttributeWarning(path.Root("file"), "The document's file could not be compared",
				fmt.Sprintf("Compliance document %s was imported and the API does not serve its file back: the provider takes %q as the "+
					"file uploaded (%s) and tracks its content from the next upload. To upload this file's current content, run terraform "+
					"apply -replace with the document's address.", state.ID.ValueString(), f.ValueString(), state.FileName.ValueString()))
			sum = state.FileSHA256
		}
		if !sum.Equal(state.FileSHA256) {
			resp.RequiresReplace = append(resp.RequiresReplace, path.Root("file_sha256"))
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("file_name"), types.StringUnknown())...)
		}
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("file_sha256"), sum)...)
}

// checkComplianceDocumentType checks the data fields against the document
// type the API gives (read once per run).
func checkComplianceDocumentType(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	plan, ok := kit.Decode[complianceDocumentResourceModel](ctx, req.Plan, &resp.Diagnostics)
	if !ok || plan.DocumentTypeID.IsUnknown() || plan.DataFields.IsUnknown() {
		return
	}
	fields, known := stringMap(plan.DataFields)
	if !known {
		return
	}
	dts, err := c.DocumentTypes(ctx)
	if err != nil {
		resp.Diagnostics.AddWarning("Could not read the document types",
			fmt.Sprintf("The data fields were not checked against document type %s at plan time: %v", plan.DocumentTypeID.ValueString(), err))
		return
	}
	var t *compliancerules.DocumentType
	for _, dt := range dts {
		if strings.EqualFold(dt.DocumentTypeID, plan.DocumentTypeID.ValueString()) {
			r := documentTypeFromAPI(dt)
			t = &r
		}
	}
	if t == nil {
		resp.Diagnostics.AddAttributeError(path.Root("document_type_id"), "Unknown document type",
			fmt.Sprintf("document_type_id %q is not one of the API's document types (cpaas_compliance_document_types lists them).", plan.DocumentTypeID.ValueString()))
		return
	}
	f := ConfigFile(ctx, req.Config, &resp.Diagnostics)
	for _, e := range compliancerules.CheckDocument(nil, *t, compliancerules.Document{TypeID: t.ID, Fields: fields, HasFile: !f.IsNull()}) {
		if e.Path.String() == "file" {
			resp.Diagnostics.AddAttributeWarning(kit.AttrPath(e.Path), "The document has no file", e.Error()+
				" Without it the reviewer rejects the application that names the document.")
			continue
		}
		resp.Diagnostics.AddAttributeError(kit.AttrPath(e.Path), "Data fields do not meet the document type", e.Error())
	}
}

// documentTypeFromAPI is a document type as the rules see it. The API
// does not say which fields are required: the apply finds out.
func documentTypeFromAPI(dt client.DocumentType) compliancerules.DocumentType {
	out := compliancerules.DocumentType{ID: dt.DocumentTypeID, Name: dt.DocumentName, Description: dt.Description, ProofRequired: dt.ProofRequired}
	for _, f := range dt.Information {
		out.Fields = append(out.Fields, compliancerules.Field{Name: f.FieldName, FriendlyName: f.FriendlyName, Type: f.FieldType,
			MinLength: f.MinLength, MaxLength: f.MaxLength, HelpText: f.HelpText, Format: f.Format, Enums: f.Enums})
	}
	return out
}

func applyComplianceDocument(m *complianceDocumentResourceModel, d *client.ComplianceDocument, diags *diag.Diagnostics) {
	m.ID = types.StringValue(strings.ToLower(d.DocumentID))
	m.EndUserID = kit.ReportedString(m.EndUserID, strings.ToLower(d.EndUserID))
	m.DocumentTypeID = kit.ReportedString(m.DocumentTypeID, strings.ToLower(d.DocumentTypeID))
	m.Alias = kit.ReportedString(m.Alias, d.Alias)
	m.FileName = kit.ReportedString(m.FileName, d.FileName)
	m.CreatedAt = kit.ReportedString(m.CreatedAt, d.CreatedAt)
	if m.FileSHA256.IsUnknown() {
		m.FileSHA256 = types.StringNull()
	}
	if d.MetaInformation != nil && (len(d.MetaInformation) > 0 || !m.DataFields.IsNull()) {
		elems := map[string]types.String{}
		for k, v := range d.MetaInformation {
			elems[k] = types.StringValue(v)
		}
		if len(elems) == 0 {
			m.DataFields = types.MapNull(types.StringType)
		} else {
			var d diag.Diagnostics
			m.DataFields, d = types.MapValueFrom(context.Background(), types.StringType, elems)
			diags.Append(d...)
		}
	}
}

// upload is the document's create or update body from plan and the
// configured file; the file's hash must still be the planned one.
func (m *complianceDocumentResourceModel) upload(ctx context.Context, cfg interface {
	GetAttribute(context.Context, path.Path, any) diag.Diagnostics
}, withFile bool, diags *diag.Diagnostics) (client.DocumentUpload, bool) {
	fields, _ := stringMap(m.DataFields)
	u := client.DocumentUpload{EndUserID: m.EndUserID.ValueString(), DocumentTypeID: m.DocumentTypeID.ValueString(), Alias: m.Alias.ValueString(),
		DataFields: fields}
	f := ConfigFile(ctx, cfg, diags)
	if !withFile || f.IsNull() {
		return u, !diags.HasError()
	}
	b, err := ReadComplianceFile(f.ValueString())
	if err != nil {
		diags.AddAttributeError(path.Root("file"), "Cannot read the document's file", err.Error())
		return u, false
	}
	sum := client.FileSHA256(b)
	if kit.Known(m.FileSHA256) && sum != m.FileSHA256.ValueString() {
		diags.AddAttributeError(path.Root("file"), "The document's file changed since the plan",
			fmt.Sprintf("file: %q changed between plan and apply (its SHA-256 is now %s); plan again.", f.ValueString(), sum))
		return u, false
	}
	m.FileSHA256 = types.StringValue(sum)
	u.File = &client.ComplianceFile{Name: FileBase(f.ValueString()), Content: b}
	return u, true
}

const adoptRuleComplianceDocument = "If the API's reply to the upload is lost (or is a 5xx), the provider does not upload a second " +
	"document: it lists the end user's documents with the same `alias` and adopts the one of the same type; when none matches the " +
	"upload is sent again, when several match the apply stops with an error naming them."

func createComplianceDocumentOrAdopt(ctx context.Context, c *client.Client, u client.DocumentUpload) (string, error) {
	list := func(ctx context.Context) ([]client.ComplianceDocumentItem, error) {
		return c.ListAllComplianceDocuments(ctx, client.DocumentFilter{EndUserID: u.EndUserID, Alias: u.Alias})
	}
	return kit.CreateOrAdopt(ctx, "compliance document", fmt.Sprintf("alias %q", u.Alias),
		func(ctx context.Context) (string, error) {
			d, err := c.CreateComplianceDocument(ctx, u)
			if err != nil {
				return "", err
			}
			return d.DocumentID, nil
		},
		kit.AdoptFrom(list, func(d *client.ComplianceDocumentItem) bool {
			return d.Alias == u.Alias && strings.EqualFold(d.DocumentTypeID, u.DocumentTypeID) && strings.EqualFold(d.EndUserID, u.EndUserID)
		}, func(d *client.ComplianceDocumentItem) string { return d.ComplianceDocumentID }),
		func(id string) string { return id })
}

func createComplianceDocument(ctx context.Context, c *client.Client, plan *complianceDocumentResourceModel, req resource.CreateRequest,
	resp *resource.CreateResponse,
) bool {
	u, ok := plan.upload(ctx, req.Config, true, &resp.Diagnostics)
	if !ok {
		return false
	}
	id, err := createComplianceDocumentOrAdopt(ctx, c, u)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error uploading compliance document", "compliance document "+plan.Alias.ValueString(), err)
		return false
	}
	plan.ID = types.StringValue(strings.ToLower(id))
	d, err := kit.ReadAfterCreate(ctx, "compliance document "+id, func(ctx context.Context) (*client.ComplianceDocument, error) {
		return c.GetComplianceDocument(ctx, id)
	})
	if err != nil {
		plan.FileName, plan.CreatedAt = types.StringNull(), types.StringNull()
		kit.AddAPIError(&resp.Diagnostics, "Error reading compliance document after upload", "compliance document "+id, err)
		return true
	}
	applyComplianceDocument(plan, d, &resp.Diagnostics)
	return true
}

// updateComplianceDocument changes the alias (everything else replaces
// the document).
func updateComplianceDocument(ctx context.Context, c *client.Client, plan, state *complianceDocumentResourceModel, _ resource.UpdateRequest,
	resp *resource.UpdateResponse,
) bool {
	id := state.ID.ValueString()
	if plan.Alias.Equal(state.Alias) {
		return true
	}
	if err := c.UpdateComplianceDocument(ctx, id, client.DocumentUpload{Alias: plan.Alias.ValueString()}); err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating compliance document", "compliance document "+id, err)
		return false
	}
	d, err := c.GetComplianceDocument(ctx, id)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error reading compliance document after update", "compliance document "+id, err)
		return false
	}
	applyComplianceDocument(plan, d, &resp.Diagnostics)
	return true
}
