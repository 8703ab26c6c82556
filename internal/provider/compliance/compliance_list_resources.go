package compliance

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// The compliance list resources (terraform query, Terraform 1.14+):
// listResource (list_resources.go) does the work. A display name never
// holds personal data (an end user's names, a document's data fields):
// Terraform prints display names and logs them.

// NewPhoneNumberComplianceListResource lists the account's applications
// of the one-call compliance API.
func NewPhoneNumberComplianceListResource() list.ListResource {
	return &kit.ListResource{ListKind: phoneNumberComplianceList}
}

// NewEndUserListResource lists the account's end users.
func NewEndUserListResource() list.ListResource { return &kit.ListResource{ListKind: endUserList} }

// NewComplianceDocumentListResource lists the account's compliance
// documents.
func NewComplianceDocumentListResource() list.ListResource {
	return &kit.ListResource{ListKind: complianceDocumentList}
}

// NewComplianceApplicationListResource lists the account's applications
// of the compliance application API.
func NewComplianceApplicationListResource() list.ListResource {
	return &kit.ListResource{ListKind: complianceApplicationList}
}

// The rules of the compliance filters, at plan time.
var (
	complianceStatusFilterRule = kit.SpecRuleWorded(stringvalidator.OneOf(compliancerules.Statuses...), compliancerules.CheckStatus)
	complianceAppStatusRule    = kit.SpecRuleWorded(stringvalidator.OneOf(compliancerules.ApplicationStatuses...), compliancerules.CheckApplicationStatus)
	complianceUUIDFilterRule   = kit.ShapeRule(tendlcrules.UUIDPattern, tendlcrules.UUIDRule)
)

// The filters more than one compliance list takes.
var (
	complianceNumberTypeFilter = listschema.StringAttribute{
		MarkdownDescription: "Only the applications for this number type: " + kit.OneOfText(compliancerules.NumberTypes) + ".",
		Validators:          []validator.String{complianceNumberType},
	}
	complianceUserTypeFilter = listschema.StringAttribute{
		MarkdownDescription: "Only the applications of this end user type: " + kit.OneOfText(compliancerules.UserTypes) + ".",
		Validators:          []validator.String{complianceUserType},
	}
	complianceAliasFilter = listschema.StringAttribute{
		MarkdownDescription: "Only the objects of this alias (the whole alias).", Validators: []validator.String{complianceAliasRule},
	}
)

var phoneNumberComplianceList = kit.ListKind{
	Of: complianceKind, Objects: "compliance applications",
	Description: "Every application of the one-call compliance API (`PhoneNumber/Compliance`) of the account, named by " +
		"`compliance_id`, with the API's filters. The end user and the documents' data fields are read as an import reads them " +
		"(sensitive). Terraform writes sensitive values into generated configuration as null, and the API serves no download of " +
		"the documents' files: before the plan, set `end_user` and `documents` (each document's `file` the file uploaded, of the " +
		"same name); the plan then only imports.",
	Filters: map[string]listschema.StringAttribute{
		"status": {MarkdownDescription: "Only the applications in this status: " + kit.OneOfText(compliancerules.Statuses) + ".",
			Validators: []validator.String{complianceStatusFilterRule}},
		"country_iso": {MarkdownDescription: "Only the applications of this country, ISO 3166 alpha-2 in upper case (" +
			kit.OneOfText(compliancerules.OneCallCountries) + ").", Validators: []validator.String{complianceCountryRule}},
		"number_type": complianceNumberTypeFilter,
		"user_type":   complianceUserTypeFilter,
		"alias":       complianceAliasFilter,
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllCompliances(ctx, client.ComplianceFilter{Status: f["status"], CountryISO: f["country_iso"],
			NumberType: f["number_type"], UserType: f["user_type"], Alias: f["alias"]})
		return kit.ByID(all, err, nil, func(a client.Compliance) (string, string) {
			return fmt.Sprintf("%s (%s %s, %s)", a.Alias, a.CountryISO, a.NumberType, a.Status), a.ComplianceID
		})
	},
}

var endUserList = kit.ListKind{
	Of: endUserKind, Objects: "end users",
	Description: "Every end user of the older compliance API of the account, named by `end_user_id`. The display name is the " +
		"id and the type, never the name: names are personal data (sensitive in the resource data). The API's name filters are " +
		"not offered, as they would put names in a request's URL. Terraform writes sensitive values into generated configuration " +
		"as null: set `name` (and `last_name` of an individual) before the plan; the plan then only imports.",
	Filters: map[string]listschema.StringAttribute{
		"end_user_type": {MarkdownDescription: "Only the end users of this type: " + kit.OneOfText(compliancerules.UserTypes) + " (the API's own filter).",
			Validators: []validator.String{complianceUserType}},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllEndUsersOfType(ctx, f["end_user_type"])
		return kit.ByID(all, err, nil, func(u client.EndUser) (string, string) {
			return fmt.Sprintf("end user %s (%s)", u.EndUserID, u.EndUserType), u.EndUserID
		})
	},
}

var complianceDocumentList = kit.ListKind{
	Of: complianceDocumentKind, Objects: "compliance documents",
	Description: "Every document of the older compliance API of the account, named by `document_id`, with the API's filters. " +
		"The data fields are read as an import reads them (sensitive). Terraform writes sensitive values into generated " +
		"configuration as null, and the API serves no download of a document's file: before the plan, set `data_fields` and " +
		"`file` (the file uploaded, named `file_name`); the plan then only imports.",
	Filters: map[string]listschema.StringAttribute{
		"end_user_id":      {MarkdownDescription: "Only the documents of this end user.", Validators: []validator.String{complianceUUIDFilterRule}},
		"document_type_id": {MarkdownDescription: "Only the documents of this type.", Validators: []validator.String{complianceUUIDFilterRule}},
		"alias":            complianceAliasFilter,
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllComplianceDocuments(ctx, client.DocumentFilter{EndUserID: f["end_user_id"], DocumentTypeID: f["document_type_id"],
			Alias: f["alias"]})
		return kit.ByID(all, err, nil, func(d client.ComplianceDocumentItem) (string, string) {
			return fmt.Sprintf("%s (%s)", d.Alias, d.ComplianceDocumentID), d.ComplianceDocumentID
		})
	},
}

var complianceApplicationList = kit.ListKind{
	Of: complianceApplicationKind, Objects: "compliance applications",
	Description: "Every application of the older compliance API (`ComplianceApplication`) of the account, named by " +
		"`compliance_application_id`, with the API's filters.",
	Filters: map[string]listschema.StringAttribute{
		"status": {MarkdownDescription: "Only the applications in this status: " + kit.OneOfText(compliancerules.ApplicationStatuses) + ".",
			Validators: []validator.String{complianceAppStatusRule}},
		"country_iso2": {MarkdownDescription: "Only the applications of this country, ISO 3166 alpha-2 in upper case (`DE`).",
			Validators: []validator.String{complianceAppCountryRule}},
		"number_type":   complianceNumberTypeFilter,
		"end_user_type": complianceUserTypeFilter,
		"end_user_id":   {MarkdownDescription: "Only the applications of this end user.", Validators: []validator.String{complianceUUIDFilterRule}},
		"alias":         complianceAliasFilter,
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllComplianceApplications(ctx, client.ApplicationFilter{Status: f["status"], CountryISO2: f["country_iso2"],
			NumberType: f["number_type"], EndUserType: f["end_user_type"], EndUserID: f["end_user_id"], Alias: f["alias"]})
		return kit.ByID(all, err, nil, func(a client.ComplianceApplication) (string, string) {
			return fmt.Sprintf("%s (%s %s, %s)", a.Alias, a.CountryISO2, a.NumberType, a.Status), a.ComplianceApplicationID
		})
	},
}
