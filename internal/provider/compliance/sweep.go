package compliance

import (
	"context"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of the compliance kinds on a real
// account (kit/real.go): a person reviews every create. An application
// names its documents and end user, a document its end user: they go
// after. The one-call API's applications (PhoneNumber/Compliance/, whose
// alias is inside the multipart "data" part) go after the numbers linked
// to them. An end user's name is personal data: a sweep prints only the
// prefix and the test's tag.
var (
	complianceApplicationSweepers = []kit.Sweeper{
		{Name: "compliance applications", Kind: "compliance_applications",
			List: kit.Listed(func(c *client.Client, ctx context.Context) ([]client.ComplianceApplication, error) {
				return c.ListAllComplianceApplications(ctx, client.ApplicationFilter{})
			}, func(a client.ComplianceApplication) string { return a.ComplianceApplicationID },
				func(a client.ComplianceApplication) string { return a.Alias }),
			Delete: (*client.Client).DeleteComplianceApplication},
		{Name: "compliance documents", Kind: "compliance_documents", After: []string{"compliance applications"},
			List: kit.Listed(func(c *client.Client, ctx context.Context) ([]client.ComplianceDocumentItem, error) {
				return c.ListAllComplianceDocuments(ctx, client.DocumentFilter{})
			}, func(d client.ComplianceDocumentItem) string { return d.ComplianceDocumentID },
				func(d client.ComplianceDocumentItem) string { return d.Alias }),
			Delete: (*client.Client).DeleteComplianceDocument},
		{Name: "end users", Kind: "end_users", Personal: true, After: []string{"compliance applications", "compliance documents"},
			List: kit.Listed((*client.Client).ListAllEndUsers,
				func(u client.EndUser) string { return u.EndUserID }, func(u client.EndUser) string { return u.Name }),
			Delete: (*client.Client).DeleteEndUser},
	}
	complianceApplicationRealKinds = []kit.RealKind{
		{Path: "ComplianceApplication", Named: true, Types: []string{`resource "cpaas_compliance_application"`}, Spend: kit.SpendCompliance},
		{Path: "ComplianceDocument", Named: true, Types: []string{`resource "cpaas_compliance_document"`}, Spend: kit.SpendCompliance},
		{Path: "EndUser", Named: true, Types: []string{`resource "cpaas_end_user"`}, Spend: kit.SpendCompliance},
	}

	phoneNumberComplianceSweepers = []kit.Sweeper{{Name: "phone number compliances", Kind: "phone_number_compliances", After: []string{"numbers"},
		List: kit.Listed(func(c *client.Client, ctx context.Context) ([]client.Compliance, error) {
			return c.ListAllCompliances(ctx, client.ComplianceFilter{})
		}, func(a client.Compliance) string { return a.ComplianceID }, func(a client.Compliance) string { return a.Alias }),
		Delete: (*client.Client).DeleteCompliance}}
	phoneNumberComplianceRealKinds = []kit.RealKind{
		{Path: "PhoneNumber/Compliance", Named: true, Types: []string{`resource "cpaas_phone_number_compliance"`}, Spend: kit.SpendCompliance},
	}
)
