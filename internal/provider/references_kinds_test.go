package provider_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance/compliancetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// missingRef is one reference a configuration makes to nothing: the
// resource, the attribute (an element's path for a list), what it names
// and the id.
type missingRef struct{ addr, attr, what, id string }

// Ids no emulator account holds, each of its kind's shape.
const (
	missingUUID     = "0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0"
	missingUUID2    = "1c2d3e4f-5061-4283-94a5-b6c7d8e9f0a1"
	missingBrand    = "BZZZZZZ"
	missingCampaign = "CZZZZZZ"
)

// checkMissingRefs plans and applies hcl, whose references want name
// nothing: the plan names each, once, on its attribute (a warning: each
// is a create), the apply fails with one error for each and makes nothing,
// and the destroy after it succeeds.
func checkMissingRefs(t *testing.T, env *acctest.Env, hcl string, want []missingRef) {
	t.Helper()
	before := env.Objects(t)
	r := provtest.NewTFRunner(t)
	r.Write(fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) +
		env.ProviderConfig() + hcl)
	r.Run("init", "-input=false")
	detail := func(m missingRef) string {
		return fmt.Sprintf(`%s "%s" names no %s of the account; it must be the id of an existing %s. To fix it,`, m.attr, m.id, m.what, m.what)
	}
	ds := r.Diagnostics("plan", "-input=false")
	for _, m := range want {
		n := 0
		for _, d := range ds {
			if d.Address == m.addr && d.Summary == "No such "+m.what && strings.Contains(provtest.Unwrapped(d.Detail), detail(m)) {
				n++
				if d.Severity != "warning" {
					t.Errorf("%s: the plan's diagnostic is a %s, want a warning (a create)", m.addr, d.Severity)
				}
			}
		}
		if n != 1 {
			t.Errorf("the plan names %s's %s %d times, want once; the plan says: %+v", m.addr, m.attr, n, ds)
		}
	}
	for _, d := range ds {
		if d.Severity == "error" {
			t.Errorf("the plan fails: %s: %s", d.Summary, d.Detail)
		}
	}
	out, err := r.Try("apply", "-auto-approve", "-input=false")
	if err == nil {
		t.Fatalf("the apply succeeded:\n%s", out)
	}
	errs := map[string]int{}
	for _, m := range want {
		errs[m.what]++
		if !strings.Contains(provtest.Unwrapped(out), detail(m)) {
			t.Errorf("the apply's errors do not name %s %q:\n%s", m.attr, m.id, out)
		}
	}
	for what, n := range errs {
		if got := strings.Count(provtest.Unwrapped(out), "Error: No such "+what); got != n {
			t.Errorf("the apply reports %d errors No such %s, want %d:\n%s", got, what, n, out)
		}
	}
	if got := strings.Count(out, "Error:"); got != len(want) {
		t.Errorf("the apply reports %d errors, want %d (one per missing reference):\n%s", got, len(want), out)
	}
	if after := env.Objects(t); !reflect.DeepEqual(after, before) {
		t.Errorf("the refused apply made objects: %v (before: %v)", after, before)
	}
	r.Run("destroy", "-auto-approve", "-input=false")
}

// TestAccReferences_missingTenDLC: a brand's and a toll-free
// verification's profile_uuid, a campaign's brand_id and a link's
// campaign_id that name nothing are named at plan and refused before
// anything is registered.
func TestAccReferences_missingTenDLC(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := tendlctest.TendlcEnv(t)
	checkMissingRefs(t, env, fmt.Sprintf(`
resource "cpaas_10dlc_brand" "test" {
  brand_alias  = "Acme"
  profile_uuid = %[1]q
  brand_type   = "STANDARD"
}
resource "cpaas_10dlc_campaign" "test" {
  brand_id       = %[2]q
  campaign_alias = "Alerts"
  vertical       = "RETAIL"
  usecase        = "MARKETING"
  description    = %[4]q
  sample1        = %[5]q
  sample2        = %[6]q
}
resource "cpaas_10dlc_campaign_number" "test" {
  campaign_id = %[3]q
  number      = "14155550100"
}
resource "cpaas_tollfree_verification" "test" {
  profile_uuid     = %[1]q
  number           = "18445550123"
  usecases         = ["2FA"]
  usecase_summary  = "One-time passwords for the Acme app."
  message_sample   = "Your Acme code is 123456. Reply STOP to opt out."
  optin_type       = "WEB_FORM"
  optin_image_urls = ["https://acme.example/optin.png"]
  volume           = "1,000"
}
`, missingUUID, missingBrand, missingCampaign, tendlctest.TdDescription, tendlctest.TdSample1, tendlctest.TdSample2), []missingRef{
		{"cpaas_10dlc_brand.test", "profile_uuid", "business profile", missingUUID},
		{"cpaas_10dlc_campaign.test", "brand_id", "10DLC brand", missingBrand},
		{"cpaas_10dlc_campaign_number.test", "campaign_id", "10DLC campaign", missingCampaign},
		{"cpaas_tollfree_verification.test", "profile_uuid", "business profile", missingUUID},
	})
}

// TestAccReferences_missingCompliance: an end_user_id, a document of an
// application's document_ids (named by its element; the one that exists is
// not) and a number's compliance_application_id that name nothing are
// named at plan and refused before anything is uploaded, made or bought.
func TestAccReferences_missingCompliance(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := compliancetest.ComplianceEnv(t)
	c := env.Client(t)
	ctx := context.Background()
	u, err := c.CreateEndUser(ctx, client.EndUserData{Name: "Acme", EndUserType: "business"})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := c.CreateComplianceDocument(ctx, client.DocumentUpload{EndUserID: u.EndUserID, DocumentTypeID: compliancerules.DocBusinessRegistration.ID,
		Alias: "Acme registration", DataFields: map[string]string{"business_name": "Acme Handels GmbH"},
		File: &client.ComplianceFile{Name: "registration.pdf", Content: []byte("registration")}})
	if err != nil {
		t.Fatal(err)
	}
	reg, _ := compliancetest.ComplianceFiles(t, "registration", "bill")
	checkMissingRefs(t, env, fmt.Sprintf(`
resource "cpaas_compliance_document" "test" {
  end_user_id      = %[1]q
  document_type_id = %[4]q
  alias            = "Acme registration"
  data_fields      = { business_name = "Acme Handels GmbH" }
  file             = %[5]q
}
resource "cpaas_compliance_application" "test" {
  alias         = "Acme Germany local"
  country_iso2  = "DE"
  number_type   = "local"
  end_user_type = "business"
  end_user_id   = %[1]q
  document_ids  = [%[3]q, %[2]q]
}
resource "cpaas_phone_number" "test" {
  search = {
    country_iso = "US"
    city        = "San Francisco"
  }
  compliance_application_id = %[2]q
}
`, missingUUID, missingUUID2, doc.DocumentID, compliancerules.DocBusinessRegistration.ID, reg), []missingRef{
		{"cpaas_compliance_document.test", "end_user_id", "end user", missingUUID},
		{"cpaas_compliance_application.test", "end_user_id", "end user", missingUUID},
		{"cpaas_compliance_application.test", "document_ids[1]", "compliance document", missingUUID2},
		{"cpaas_phone_number.test", "compliance_application_id", "compliance application", missingUUID2},
	})
}

// TestAccReferences_missingPowerpack: a pool member's powerpack_id and a
// message's powerpack_uuid that name nothing are named at plan and refused
// before the number is added or anything is sent.
func TestAccReferences_missingPowerpack(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := acctest.NewEnv(t)
	checkMissingRefs(t, env, fmt.Sprintf(`
resource "cpaas_powerpack_number" "test" {
  powerpack_id = %[1]q
  number       = "14155550100"
}
resource "cpaas_message" "test" {
  powerpack_uuid = %[1]q
  dst            = ["14155550199"]
  text           = "Your order has shipped."
}
`, missingUUID), []missingRef{
		{"cpaas_powerpack_number.test", "powerpack_id", "powerpack", missingUUID},
		{"cpaas_message.test", "powerpack_uuid", "powerpack", missingUUID},
	})
}

// TestAccReferences_changedToMissing: an existing application whose
// document_ids change to name a document that does not exist fails the
// plan (an update: an error), on the element; and one whose end user was
// deleted since is never held back: its plan and destroy go on, the
// unchanged reference unchecked.
func TestAccReferences_changedToMissing(t *testing.T) {
	t.Parallel()
	env := compliancetest.ComplianceEnv(t)
	reg, bill := compliancetest.ComplianceFiles(t, "registration v1", "bill v1")
	cfg := compliancetest.ComplianceAppHCL("Acme Handels", reg, bill, "")
	changed := strings.Replace(cfg, "cpaas_compliance_document.bill.id]", fmt.Sprintf("%q]", missingUUID2), 1)
	if changed == cfg {
		t.Fatal("the configuration names no bill to change")
	}
	acctest.Test(t, resource.TestCase{
		CheckDestroy: env.CheckDestroyed(t, "end_users", "compliance_documents", "compliance_applications"),
		Steps: []resource.TestStep{
			{Config: env.Config(cfg)},
			{
				Config: env.Config(changed), PlanOnly: true,
				ExpectError: acctest.OneErrorPattern(`No such compliance document.*document_ids\[1\] "` + missingUUID2 +
					`" names no compliance document of the account; it must be the id of an existing compliance document.`),
			},
		},
	})
}

// TestAccReferences_destroyAfterReferencedGone: a document whose end user
// was deleted out of band plans without a diagnostic (its reference is
// unchanged) and destroys.
func TestAccReferences_destroyAfterReferencedGone(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := compliancetest.ComplianceEnv(t)
	c := env.Client(t)
	ctx := context.Background()
	u, err := c.CreateEndUser(ctx, client.EndUserData{Name: "Acme", EndUserType: "business"})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "registration.pdf")
	if err := os.WriteFile(file, []byte("registration"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := provtest.NewTFRunner(t)
	r.Write(fmt.Sprintf("terraform {\n  required_providers {\n    cpaas = { source = %q }\n  }\n}\n", provtest.ChaosProviderSrc) +
		env.ProviderConfig() + fmt.Sprintf(`
resource "cpaas_compliance_document" "test" {
  end_user_id      = %q
  document_type_id = %q
  alias            = "Acme registration"
  data_fields      = { business_name = "Acme Handels GmbH" }
  file             = %q
}
`, u.EndUserID, compliancerules.DocBusinessRegistration.ID, file))
	r.Run("init", "-input=false")
	r.Run("apply", "-auto-approve", "-input=false")
	if err := c.DeleteEndUser(ctx, u.EndUserID); err != nil {
		t.Fatal(err)
	}
	if got := env.Objects(t)["end_users"]; len(got) != 0 {
		t.Fatalf("end users after the delete: %v", got)
	}
	for _, d := range r.Diagnostics("plan", "-input=false") {
		t.Errorf("the plan says: %s: %s: %s", d.Severity, d.Summary, d.Detail)
	}
	r.Run("destroy", "-auto-approve", "-input=false")
	if got := env.Objects(t)["compliance_documents"]; len(got) != 0 {
		t.Fatalf("documents after destroy: %v", got)
	}
}

// TestAccReferences_missingSubaccount: an application's, a number's (bought
// or from one's own carrier) and a verified caller ID's subaccount that names no subaccount is named at
// plan and refused before anything is made, bought or verified.
func TestAccReferences_missingSubaccount(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := acctest.NewEnv(t)
	const missingSub = "SAZZZZZZZZZZZZZZZZZZ"
	checkMissingRefs(t, env, fmt.Sprintf(`
resource "cpaas_application" "test" {
  app_name   = "support"
  answer_url = "https://voice.example.com/answer"
  subaccount = %[1]q
}
resource "cpaas_phone_number" "test" {
  search = {
    country_iso = "US"
    city        = "San Francisco"
  }
  subaccount = %[1]q
}
resource "cpaas_verified_caller_id" "test" {
  phone_number = "+14155550142"
  subaccount   = %[1]q
}
`, missingSub)+numbertest.OwnCarrierNumberHCL("4930901820", emulator.IncomingCarrierNorthwind, "Berlin, GERMANY", fmt.Sprintf("  subaccount = %q\n", missingSub)),
		[]missingRef{
			{"cpaas_own_carrier_number.test", "subaccount", "subaccount", missingSub},
			{"cpaas_application.test", "subaccount", "subaccount", missingSub},
			{"cpaas_phone_number.test", "subaccount", "subaccount", missingSub},
			{"cpaas_verified_caller_id.test", "subaccount", "subaccount", missingSub},
		})
}
