package compliancetest

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// ComplianceEnv decides compliance reviews within 100 ms.
func ComplianceEnv(t *testing.T) *acctest.Env {
	return acctest.NewEnv(t, func(o *emulator.Options) { o.ComplianceReviewDelay = 100 * time.Millisecond })
}

// ComplianceFiles writes the two documents' files of complianceHCL.
func ComplianceFiles(t *testing.T, registration, bill string) (string, string) {
	dir := t.TempDir()
	reg, b := filepath.Join(dir, "registration.pdf"), filepath.Join(dir, "bill.pdf")
	for p, content := range map[string]string{reg: registration, b: bill} {
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return reg, b
}

// ComplianceHCL is an IN local application of a business named name, with
// the two documents the requirement asks for (registration certificate,
// proof of address) and their files, and extra arguments.
func ComplianceHCL(name, regFile, billFile, extra string) string {
	return fmt.Sprintf(`
resource "cpaas_phone_number_compliance" "test" {
  alias       = "Acme India local"
  country_iso = "IN"
  number_type = "local"
  end_user = {
    type          = "business"
    name          = %q
    email         = "compliance@acme.example"
    address_line1 = "12 Marine Drive"
    city          = "Mumbai"
    postal_code   = "400002"
    country       = "IN"
  }
  documents = [
    {
      document_type_id = %q
      data_fields      = { business_name = "Acme Trading Private Limited" }
      file             = %q
    },
    {
      document_type_id = %q
      data_fields      = { address_line_1 = "12 Marine Drive", city = "Mumbai", postal_code = "400002" }
      file             = %q
    },
  ]
%s
}
`, name, compliancerules.DocBusinessRegistration.ID, regFile, compliancerules.DocAddressProof.ID, billFile, extra)
}

// RelComplianceHCL is application i of the chaos test: an IN local
// application whose files are written once per process.
func RelComplianceHCL(i int) string {
	reg, bill := chaosComplianceFiles()
	hcl := strings.Replace(ComplianceHCL("Acme Chaos", reg, bill, ""), `"Acme India local"`, fmt.Sprintf(`"Chaos India %d"`, i), 1)
	return strings.Replace(hcl, `"cpaas_phone_number_compliance" "test"`, fmt.Sprintf(`"cpaas_phone_number_compliance" "rel_%d"`, i), 1)
}

var chaosComplianceFiles = sync.OnceValues(func() (string, string) {
	dir, err := os.MkdirTemp("", "cpaas-chaos-compliance-")
	if err != nil {
		panic(err)
	}
	reg, bill := filepath.Join(dir, "registration.pdf"), filepath.Join(dir, "bill.pdf")
	_ = os.WriteFile(reg, []byte("chaos registration"), 0o600)
	_ = os.WriteFile(bill, []byte("chaos bill"), 0o600)
	return reg, bill
})

// CheckLogHoldsNoPersonalData scans the TRACE log at logPath: no line may
// hold a value of personal or the files' contents (the markers every
// compliance test file writes), and the log must have captured requests to
// route (what names them in the failure).
func CheckLogHoldsNoPersonalData(t *testing.T, logPath string, personal map[string]string, route, what string) {
	t.Helper()
	f, err := os.Open(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	lines, sawAPI := 0, false
	forbidden := []string{"0xZ0R4W4R", "0xB1LL"}
	for _, v := range personal {
		forbidden = append(forbidden, v)
	}
	for sc.Scan() {
		lines++
		line := sc.Text()
		if strings.Contains(line, route) {
			sawAPI = true
		}
		for _, v := range forbidden {
			if strings.Contains(line, v) {
				t.Errorf("the log holds personal data %q: %.300s", v, line)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines < 100 || !sawAPI {
		t.Fatalf("the log has %d lines and no %s request: the test did not capture the provider's log", lines, what)
	}
}

// DocsComplianceFiles writes the two files of the docs example of
// cpaas_phone_number_compliance, the registration and the bill, and
// returns their paths and the uploads a script would send.
func DocsComplianceFiles(t *testing.T) (reg, bill string, files map[int]client.ComplianceFile) {
	t.Helper()
	dir := t.TempDir()
	reg, bill = filepath.Join(dir, "registration.pdf"), filepath.Join(dir, "bill.pdf")
	files = map[int]client.ComplianceFile{0: {Name: "registration.pdf", Content: []byte("%PDF certificate")}, 1: {Name: "bill.pdf", Content: []byte("%PDF bill")}}
	for p, f := range map[string]client.ComplianceFile{reg: files[0], bill: files[1]} {
		if err := os.WriteFile(p, f.Content, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return reg, bill, files
}
