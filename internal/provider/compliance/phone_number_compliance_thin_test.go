package compliance

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// thinComplianceGet is a GET of an application without expand, in the
// shape the service's recorded reply has (Go
// phoneNumberComplianceGetResponse.json): user_type, but no end_user and
// no documents.
const thinComplianceGet = `{
  "api_id": "0f6d2a94-3c1b-4e7a-9b25-6d8e1f0a4c37",
  "compliance": {
    "compliance_id": "5c2e9b71-08d4-4f3a-a6e2-7b1d9c0e3f58",
    "alias": "acme-in-local",
    "status": "accepted",
    "country_iso": "IN",
    "number_type": "local",
    "user_type": "business",
    "created_at": "2026-04-06T10:44:17.899379Z",
    "updated_at": "2026-04-07T08:02:51.3Z"
  }
}`

// An application read from a reply without end_user keeps its end user's
// type: an import reads it from user_type (it read null, and the
// configuration's type then planned a replacement of an accepted
// application), and a refresh over a known end user changes nothing.
func TestComplianceThinReplyReadsUserType(t *testing.T) {
	var reply wire.ComplianceReply
	if err := json.Unmarshal([]byte(thinComplianceGet), &reply); err != nil {
		t.Fatal(err)
	}
	if reply.Compliance.EndUser != nil || reply.Compliance.Documents != nil {
		t.Fatalf("the shape of the recorded GET has no end_user or documents: %+v", reply.Compliance)
	}

	// After an import the model holds only the id.
	imported := &complianceModel{ID: types.StringValue("5c2e9b71-08d4-4f3a-a6e2-7b1d9c0e3f58")}
	var diags diag.Diagnostics
	applyComplianceRecord(context.Background(), nil, imported, &reply.Compliance, &diags)
	if diags.HasError() {
		t.Fatal(diags)
	}
	if imported.EndUser == nil || imported.EndUser.Type.ValueString() != "business" {
		t.Fatalf("after an import from a thin reply, end_user = %+v, want type business from user_type", imported.EndUser)
	}
	if !imported.EndUser.Name.IsNull() || !imported.EndUser.Email.IsNull() {
		t.Errorf("what the reply does not carry must read as not read (null): %+v", imported.EndUser)
	}

	// A refresh of a known end user keeps every field.
	known := &complianceEndUserModel{Type: types.StringValue("business"), Name: types.StringValue("Acme Private Ltd"),
		LastName: types.StringNull(), Email: types.StringValue("ops@acme.example"), AddressLine1: types.StringValue("1 MG Road"),
		AddressLine2: types.StringNull(), City: types.StringValue("Bengaluru"), State: types.StringValue("KA"), PostalCode: types.StringValue("560001"),
		Country: types.StringValue("IN"), RegistrationNumber: types.StringValue("U72900KA2020PTC000001")}
	prior := *known
	refreshed := &complianceModel{ID: imported.ID, EndUser: known}
	applyComplianceRecord(context.Background(), nil, refreshed, &reply.Compliance, &diags)
	if *refreshed.EndUser != prior {
		t.Errorf("a thin reply changed the known end user: %+v, want %+v", *refreshed.EndUser, prior)
	}
}
