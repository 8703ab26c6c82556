package verification

import (
	"context"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// The oldest compliance generation (Verification/Address,
// Verification/Identity, which only the service's Python library calls): what the address and the
// identity share. Their creates reply with no id, so the provider
// requires an alias and finds what it made in the listing by it. Every
// update resubmits for review; the apply never waits for the review (it
// takes days), a refresh reads its outcome.

// verificationCommon are the attributes both kinds have.
type verificationCommon struct {
	ID           types.String `tfsdk:"id"`
	Alias        types.String `tfsdk:"alias"`
	CountryISO   types.String `tfsdk:"country_iso"`
	Salutation   types.String `tfsdk:"salutation"`
	FirstName    types.String `tfsdk:"first_name"`
	LastName     types.String `tfsdk:"last_name"`
	AddressLine1 types.String `tfsdk:"address_line1"`
	AddressLine2 types.String `tfsdk:"address_line2"`
	City         types.String `tfsdk:"city"`
	Region       types.String `tfsdk:"region"`
	PostalCode   types.String `tfsdk:"postal_code"`
	// File is write-only: a path read at plan and apply time, never kept.
	File               types.String `tfsdk:"file"`
	FileSHA256         types.String `tfsdk:"file_sha256"`
	Account            types.String `tfsdk:"account"`
	Subaccount         types.String `tfsdk:"subaccount"`
	URL                types.String `tfsdk:"url"`
	VerificationStatus types.String `tfsdk:"verification_status"`
	ValidationStatus   types.String `tfsdk:"validation_status"`
}

// The rules of the spec at plan time (compliancerules, as the API).
var (
	verificationTextRule    = kit.SpecRule("1 to 100 characters", compliancerules.CheckVerificationText)
	verificationDateRule    = kit.SpecRule("a date as yyyy-mm-dd", compliancerules.CheckVerificationDate)
	verificationCountryRule = kit.SpecRule("an ISO 3166 alpha-2 country code in upper case", compliancerules.CheckCountry)
	verificationSalutation  = kit.SpecRuleWorded(stringvalidator.OneOf(compliancerules.Salutations...), compliancerules.CheckSalutation)
	verificationStatusRule  = kit.SpecRuleWorded(stringvalidator.OneOf(compliancerules.VerificationStatuses...), compliancerules.CheckVerificationStatus)
)

// verificationArg is an argument of a verification: required or not,
// sensitive (personal data) or not, updated in place (resubmitting) or
// replacing the object.
func verificationArg(desc string, required, sensitive, replaces bool, rule validator.String) schema.StringAttribute {
	a := schema.StringAttribute{MarkdownDescription: desc, Required: required, Optional: !required, Sensitive: sensitive,
		Validators: []validator.String{rule}}
	switch {
	case replaces:
		// A value the API never returns (after an import) is recorded.
		a.MarkdownDescription += " Changing it replaces the object."
		a.PlanModifiers = []planmodifier.String{kit.ReplaceIfReadString()}
	case !required:
		a.MarkdownDescription += " Updates in place, resubmitting for review; removing it replaces the object (the API's update cannot clear a field)."
		a.PlanModifiers = []planmodifier.String{compliance.ReplaceWhenRemovedFrom("object")}
	default:
		a.MarkdownDescription += " Updates in place, resubmitting for review."
	}
	if sensitive {
		a.MarkdownDescription += " Sensitive."
	}
	return a
}

// verificationAttributes are the attributes both kinds have; what names
// the kind ("address").
func verificationAttributes(what string) map[string]schema.Attribute {
	text := func(desc string) schema.StringAttribute {
		return verificationArg(desc+" 1 to 100 characters.", true, true, false, verificationTextRule)
	}
	status := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{MarkdownDescription: desc + " " + kit.OneOfText(compliancerules.VerificationStatuses) + ", as of the " +
			"last refresh; `pending` again after an update.", Computed: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
	}
	return map[string]schema.Attribute{
		"id": kit.ComputedKeptString("The " + what + "'s id: 14 digits."),
		"alias": schema.StringAttribute{MarkdownDescription: "A name for the " + what + ", 1 to 100 characters, by which the provider " +
			"finds it after the create (whose reply names no id): required here, though the API takes none. Updates in place, " +
			"resubmitting for review.", Required: true, Validators: []validator.String{verificationTextRule}},
		"country_iso":   verificationArg("The "+what+"'s country, ISO 3166 alpha-2 in upper case (`FR`).", true, false, false, verificationCountryRule),
		"salutation":    verificationArg("`Mr` or `Ms`.", true, false, false, verificationSalutation),
		"first_name":    text("The person's first name."),
		"last_name":     text("The person's last name."),
		"address_line1": text("The first line of the address (the number)."),
		"address_line2": text("The second line of the address (the street)."),
		"city":          text("The city."),
		"region":        text("The region."),
		"postal_code":   text("The postal code."),
		"file": schema.StringAttribute{MarkdownDescription: "Path of a proof (JPG, JPEG, PNG or PDF, by its extension; at most 5 MiB) " +
			"uploaded with the " + what + ". Write-only: the path and the bytes never enter the state; `file_sha256` tracks the " +
			"content, and a new content updates in place, resubmitting for review. Needs Terraform 1.11 or later.", Optional: true, WriteOnly: true},
		"file_sha256": schema.StringAttribute{MarkdownDescription: "SHA-256 (hex) of the uploaded file; empty when none was uploaded, " +
			"null after an import (the API serves no file back).", Computed: true},
		"account":             kit.ComputedKeptString("The account the " + what + " belongs to."),
		"subaccount":          kit.ComputedKeptString("The subaccount it belongs to; null for the main account's."),
		"url":                 kit.ComputedKeptString("The " + what + "'s full URL in the API."),
		"verification_status": status("Whether the service verified the " + what + ":"),
		"validation_status":   status("Whether the service validated the " + what + "'s data:"),
	}
}

// verificationReviewNote is what every page says of the review.
const verificationReviewNote = "**Review.** A person at the service reviews every create and update: `verification_status` and " +
	"`validation_status` are `pending` until then, which takes days on the real service. The apply never waits for it; a refresh " +
	"reads the outcome, and a plan warns of a `rejected` one. Every update resubmits the object for review, which the plan warns of." +
	"\n\n**Personal data.** Names, addresses, ID numbers and dates are sensitive and never logged."

// verificationPlan sets file_sha256 from the configured file, and when
// the plan resubmits (sent holds each sent argument of plan and state,
// in the same order), the statuses unknown with a warning; a rejected
// state is warned of. what names the object ("verification address").
func verificationPlan[M any](ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, what string,
	common func(*M) *verificationCommon, sent func(*M) []types.String, plan, state *M,
) {
	f := compliance.ConfigFile(ctx, req.Config, &resp.Diagnostics)
	sum := types.StringValue("")
	switch {
	case f.IsUnknown():
		sum = types.StringUnknown()
	case !f.IsNull():
		b, err := readVerificationFile(f.ValueString())
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("file"), "Cannot upload the file", err.Error())
			return
		}
		sum = types.StringValue(client.FileSHA256(b))
	}
	if req.State.Raw.IsNull() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("file_sha256"), sum)...)
		return
	}
	p, s := common(plan), common(state)
	if s.FileSHA256.IsNull() && f.IsNull() {
		sum = types.StringNull() // imported, and still no file: nothing known, nothing to send
	}
	if s.FileSHA256.IsNull() && kit.Known(f) {
		resp.Diagnostics.AddAttributeWarning(path.Root("file"), "The file could not be compared",
			fmt.Sprintf("%s %s was imported and the API does not serve its file back: the provider takes %q as the file uploaded "+
				"and tracks its content from now on. To upload it, change the file or run terraform apply -replace.", what, s.ID.ValueString(), f.ValueString()))
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("file_sha256"), sum)...)
	p.FileSHA256 = sum
	if verificationResubmits(p, s, sent(plan), sent(state)) {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("verification_status"), types.StringUnknown())...)
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("validation_status"), types.StringUnknown())...)
		resp.Diagnostics.AddWarning("Updating the "+what+" resubmits it for review",
			fmt.Sprintf("This plan changes %s %s (%s): the service reviews it again, and its statuses are pending until a person "+
				"decides (days on the real service).", what, s.ID.ValueString(), s.Alias.ValueString()))
		return
	}
	if s.VerificationStatus.ValueString() == compliancerules.VerificationRejected || s.ValidationStatus.ValueString() == compliancerules.VerificationRejected {
		resp.Diagnostics.AddWarning(fmt.Sprintf("The %s was rejected", what),
			fmt.Sprintf("The reviewer rejected %s %s (%s): verification_status %q, validation_status %q. Correct its data or its "+
				"file and apply: the update resubmits it.", what, s.ID.ValueString(), s.Alias.ValueString(), s.VerificationStatus.ValueString(),
				s.ValidationStatus.ValueString()))
	}
}

// verificationResubmits says whether plan changes what the API holds: an
// argument or the file's content that the state knew (a value an import
// could not read is recorded, not sent).
func verificationResubmits(plan, state *verificationCommon, planned, prior []types.String) bool {
	if !state.FileSHA256.IsNull() && !plan.FileSHA256.Equal(state.FileSHA256) {
		return true
	}
	for i := range planned {
		if !prior[i].IsNull() && !planned[i].Equal(prior[i]) {
			return true
		}
	}
	return false
}

// readVerificationFile reads the file and checks its type.
func readVerificationFile(p string) ([]byte, error) {
	if err := compliancerules.CheckVerificationFile("file", p); err != nil {
		return nil, err
	}
	return compliance.ReadComplianceFile(p)
}

// verificationUploadFile is the configured file when its content is not
// the state's (nil: nothing to upload); it must still be the planned one.
func verificationUploadFile(ctx context.Context, cfg interface {
	GetAttribute(context.Context, path.Path, any) diag.Diagnostics
}, plan, state *verificationCommon, diags *diag.Diagnostics) (*client.ComplianceFile, bool) {
	f := compliance.ConfigFile(ctx, cfg, diags)
	if f.IsNull() || diags.HasError() {
		plan.FileSHA256 = types.StringValue("")
		if state != nil && state.FileSHA256.IsNull() {
			plan.FileSHA256 = types.StringNull()
		}
		return nil, !diags.HasError()
	}
	b, err := readVerificationFile(f.ValueString())
	if err != nil {
		diags.AddAttributeError(path.Root("file"), "Cannot upload the file", err.Error())
		return nil, false
	}
	sum := client.FileSHA256(b)
	if kit.Known(plan.FileSHA256) && sum != plan.FileSHA256.ValueString() {
		diags.AddAttributeError(path.Root("file"), "The file changed since the plan",
			fmt.Sprintf("file: %q changed between plan and apply (its SHA-256 is now %s); plan again.", f.ValueString(), sum))
		return nil, false
	}
	plan.FileSHA256 = types.StringValue(sum)
	if state != nil && (state.FileSHA256.IsNull() || state.FileSHA256.ValueString() == sum) {
		return nil, true // imported (taken as uploaded), or unchanged
	}
	return &client.ComplianceFile{Name: compliance.FileBase(f.ValueString()), Content: b}, true
}

// applyVerificationCommon reads what both records carry.
func applyVerificationCommon(m *verificationCommon, id, alias, country, salutation, first, last, account string, subaccount *string,
	url, verification, validation string,
) {
	m.ID = types.StringValue(id)
	m.Alias = kit.ReportedString(m.Alias, alias)
	m.CountryISO = kit.ReportedString(m.CountryISO, country)
	m.Salutation = kit.ReportedString(m.Salutation, salutation)
	m.FirstName = kit.ReportedString(m.FirstName, first)
	m.LastName = kit.ReportedString(m.LastName, last)
	m.Account = kit.StringOrNull(account)
	m.Subaccount = types.StringNull()
	if subaccount != nil {
		m.Subaccount = kit.StringOrNull(*subaccount)
	}
	m.URL = kit.StringOrNull(url)
	m.VerificationStatus = kit.StringOrNull(verification)
	m.ValidationStatus = kit.StringOrNull(validation)
	for _, v := range []*types.String{&m.AddressLine1, &m.AddressLine2, &m.City, &m.Region, &m.PostalCode} {
		if v.IsUnknown() {
			*v = types.StringNull()
		}
	}
	if m.FileSHA256.IsUnknown() {
		m.FileSHA256 = types.StringNull()
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// createVerificationOrAdopt sends a create whose reply names no id, and
// finds the new object in the listing of its alias: the one that was not
// there before. A reply lost is adopted the same way.
func createVerificationOrAdopt(ctx context.Context, what, alias string, create func(context.Context) error,
	list func(context.Context) ([]string, error),
) (string, error) {
	before, err := list(ctx)
	if err != nil {
		return "", fmt.Errorf("listing the %ss of alias %q before the create: %w", what, alias, err)
	}
	fresh := func(ctx context.Context) ([]string, error) {
		ids, err := list(ctx)
		var out []string
		for _, id := range ids {
			if !slices.Contains(before, id) {
				out = append(out, id)
			}
		}
		return out, err
	}
	return kit.CreateOrAdopt(ctx, what, fmt.Sprintf("alias %q", alias),
		func(ctx context.Context) (string, error) {
			if err := create(ctx); err != nil {
				return "", err
			}
			return kit.ReadAfterCreate(ctx, what+" "+alias, func(ctx context.Context) (string, error) {
				ids, err := fresh(ctx)
				switch {
				case err != nil:
					return "", err
				case len(ids) == 0:
					return "", client.ErrNotFound
				case len(ids) > 1:
					return "", fmt.Errorf("the create was accepted, and %d new %ss of alias %q are listed (%v): another process "+
						"made one at the same moment. Import the right one and delete the others", len(ids), what, alias, ids)
				}
				return ids[0], nil
			})
		}, fresh, func(id string) string { return id })
}

// verificationWrites are one kind's client calls, for the create and the
// update both kinds share: M its model, D the form it sends, O its record.
type verificationWrites[M interface {
	*A
	sent() []types.String
	data() D
}, A, D, O any] struct {
	what   string
	common func(M) *verificationCommon
	create func(*client.Client, context.Context, D, *client.ComplianceFile) error
	update func(*client.Client, context.Context, string, D, *client.ComplianceFile) error
	get    func(*client.Client, context.Context, string) (*O, error)
	list   func(*client.Client, context.Context, client.VerificationFilter) ([]O, error)
	id     func(O) string
	apply  func(M, *O)
}

// createIn sends the create, finds the new object by its alias and reads
// it into plan.
func (w verificationWrites[M, A, D, O]) createIn(ctx context.Context, c *client.Client, plan M, req resource.CreateRequest,
	resp *resource.CreateResponse,
) bool {
	common := w.common(plan)
	file, ok := verificationUploadFile(ctx, req.Config, common, nil, &resp.Diagnostics)
	if !ok {
		return false
	}
	alias := common.Alias.ValueString()
	id, err := createVerificationOrAdopt(ctx, w.what, alias,
		func(ctx context.Context) error { return w.create(c, ctx, plan.data(), file) },
		func(ctx context.Context) ([]string, error) {
			all, err := w.list(c, ctx, client.VerificationFilter{Alias: alias})
			ids := make([]string, len(all))
			for i, o := range all {
				ids[i] = w.id(o)
			}
			return ids, err
		})
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating "+w.what, w.what+" "+alias, err)
		return false
	}
	applyVerificationCommon(common, id, "", "", "", "", "", "", nil, "", "", "") // in case the read fails
	return w.read(ctx, c, id, plan, &resp.Diagnostics)
}

// updateIn sends the update when it changes what the API holds, and reads
// the object into plan.
func (w verificationWrites[M, A, D, O]) updateIn(ctx context.Context, c *client.Client, plan, state M, req resource.UpdateRequest,
	resp *resource.UpdateResponse,
) bool {
	planned, prior := w.common(plan), w.common(state)
	file, ok := verificationUploadFile(ctx, req.Config, planned, prior, &resp.Diagnostics)
	if !ok {
		return false
	}
	id := prior.ID.ValueString()
	if file == nil && !verificationResubmits(planned, prior, plan.sent(), state.sent()) {
		planned.VerificationStatus, planned.ValidationStatus = prior.VerificationStatus, prior.ValidationStatus
		return true // values an import could not read: recorded
	}
	if err := w.update(c, ctx, id, plan.data(), file); err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating "+w.what, w.what+" "+id, err)
		return false
	}
	return w.read(ctx, c, id, plan, &resp.Diagnostics)
}

// read reads object id into m after its create or update; a failed read
// is reported, the object kept.
func (w verificationWrites[M, A, D, O]) read(ctx context.Context, c *client.Client, id string, m M, diags *diag.Diagnostics) bool {
	o, err := kit.ReadAfterCreate(ctx, w.what+" "+id, func(ctx context.Context) (*O, error) { return w.get(c, ctx, id) })
	if err != nil {
		kit.AddAPIError(diags, "Error reading "+w.what+" after the write", w.what+" "+id, err)
		return true
	}
	w.apply(m, o)
	return true
}
