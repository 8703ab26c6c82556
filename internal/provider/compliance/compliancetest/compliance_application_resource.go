package compliancetest

import (
	"fmt"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

const (
	CaAddr  = "cpaas_compliance_application.test"
	CdBill  = "cpaas_compliance_document.bill"
	CdReg   = "cpaas_compliance_document.registration"
	EuAddr  = "cpaas_end_user.test"
	DeAlias = "Acme Germany local"
)

// ComplianceAppHCL is a DE local application of a business named name: the end
// user, its registration certificate and proof of address with their
// files, and the application naming them; extra goes into the application.
func ComplianceAppHCL(name, regFile, billFile, extra string) string {
	return fmt.Sprintf(`
resource "cpaas_end_user" "test" {
  name          = %q
  end_user_type = "business"
}

resource "cpaas_compliance_document" "registration" {
  end_user_id      = cpaas_end_user.test.id
  document_type_id = %q
  alias            = "Acme registration"
  data_fields      = { business_name = "Acme Handels GmbH" }
  file             = %q
}

resource "cpaas_compliance_document" "bill" {
  end_user_id      = cpaas_end_user.test.id
  document_type_id = %q
  alias            = "Acme electricity bill"
  data_fields      = { address_line_1 = "Friedrichstrasse 12", city = "Berlin", postal_code = "10117" }
  file             = %q
}

resource "cpaas_compliance_application" "test" {
  alias         = %q
  country_iso2  = "DE"
  number_type   = "local"
  end_user_type = "business"
  end_user_id   = cpaas_end_user.test.id
  document_ids  = [cpaas_compliance_document.registration.id, cpaas_compliance_document.bill.id]
%s}
`, name, compliancerules.DocBusinessRegistration.ID, regFile, compliancerules.DocAddressProof.ID, billFile, DeAlias, extra)
}

// RelComplianceAppHCL is application i of the chaos test: a DE local application
// with its end user and two documents, whose files are written once per
// process.
func RelComplianceAppHCL(i int) string {
	reg, bill := chaosComplianceFiles()
	hcl := ComplianceAppHCL(fmt.Sprintf("Chaos Handels %d", i), reg, bill, "")
	for _, name := range []string{`"cpaas_end_user" "test"`, `"cpaas_compliance_document" "registration"`, `"cpaas_compliance_document" "bill"`,
		`"cpaas_compliance_application" "test"`} {
		hcl = strings.Replace(hcl, name, strings.TrimSuffix(name, `"`)+fmt.Sprintf(`_%d"`, i), 1)
	}
	for _, ref := range []string{"cpaas_end_user.test.", "cpaas_compliance_document.registration.", "cpaas_compliance_document.bill."} {
		hcl = strings.ReplaceAll(hcl, ref, strings.TrimSuffix(ref, ".")+fmt.Sprintf("_%d.", i))
	}
	return strings.Replace(hcl, `"`+DeAlias+`"`, fmt.Sprintf(`"Chaos Germany %d"`, i), 1)
}

// The compliance application family's refreshes from listings
// (TestAccListingRefresh): 15 objects, two left out of every list reply.
var ComplianceReviewFast = []func(*emulator.Options){func(o *emulator.Options) { o.ComplianceReviewDelay = 100 * time.Millisecond }}
