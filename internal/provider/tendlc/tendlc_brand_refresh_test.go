package tendlc

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// The brand listing's items never carry declined_reasons: a brand the
// listing answers keeps the state's, except a FAILED one, which is read
// again by GET for its reasons.
func TestRefreshBrandFromListingKeepsOrRereadsDeclinedReasons(t *testing.T) {
	srv := emulator.New(emulator.Options{Seed: 3, BrandRegistrationDelay: time.Millisecond})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { hs.Close(); srv.Close() })
	newClient := func() *client.Client {
		c, err := client.New(client.Config{BaseURL: hs.URL, AuthID: emulator.DefaultAuthID, AuthToken: emulator.DefaultAuthToken, MaxRetries: -1})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	ctx := context.Background()
	setup := newClient()
	brand := func(company string) string {
		p, err := setup.CreateProfile(ctx, client.ProfileFields{ProfileAlias: company, CustomerType: "DIRECT", EntityType: "PRIVATE",
			CompanyName: company, EIN: "12-3456789", EINIssuingCountry: "US", Vertical: "RETAIL",
			Address:           &client.ProfileAddress{Street: "1 Main St", City: "Austin", State: "TX", PostalCode: "78701", Country: "US"},
			AuthorizedContact: &client.ProfileContact{FirstName: "Jane", LastName: "Doe", Phone: "+14155550100", Email: "jane@acme.example"}})
		if err != nil {
			t.Fatal(err)
		}
		b, err := setup.CreateBrand(ctx, client.BrandCreate{BrandAlias: company, ProfileUUID: p.ProfileUUID, BrandType: "STANDARD"})
		if err != nil {
			t.Fatal(err)
		}
		return b.BrandID
	}
	ok, failed := brand("Acme Corp"), brand("Acme "+tendlcrules.RejectMarker+" Corp")
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		b, err := setup.GetBrand(ctx, failed)
		if err != nil {
			t.Fatal(err)
		}
		if b.RegistrationStatus == tendlcrules.StatusFailed {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("brand %s is still %s", failed, b.RegistrationStatus)
		}
	}

	c := newClient()
	refresh := func(id string, m *tendlcBrandModel) {
		t.Helper()
		var diags diag.Diagnostics
		if err := refreshBrand(ctx, c, id, m, resource.ReadRequest{}, &diags); err != nil || diags.HasError() {
			t.Fatalf("refresh of %s: %v %v", id, err, diags)
		}
	}
	// Nine refreshes (GETs) of the registered brand; the tenth, of the
	// FAILED one, lists the brands and reads that one again.
	for range client.RefreshListAfter - 1 {
		m := tendlcBrandModel{}
		m.BrandAlias, m.DeclinedReasons = kit.ReportedString(m.BrandAlias, "Acme Corp"), declinedReasonsValue(nil)
		refresh(ok, &m)
	}
	srv.SetFaults(emulator.Faults{})
	var mf tendlcBrandModel
	mf.DeclinedReasons = declinedReasonsValue(nil)
	refresh(failed, &mf)
	if n := srv.FaultStats().Requests; n != 2 {
		t.Fatalf("the refresh of a FAILED brand that armed the listing made %d requests, want the list page and a GET", n)
	}
	if len(mf.DeclinedReasons.Elements()) == 0 || mf.RegistrationStatus.ValueString() != tendlcrules.StatusFailed ||
		mf.BrandAlias.ValueString() != "Acme "+tendlcrules.RejectMarker+" Corp" {
		t.Fatalf("FAILED brand refreshed as %s, alias %s, declined_reasons %v; want the GET's reasons and the list's alias",
			mf.RegistrationStatus, mf.BrandAlias, mf.DeclinedReasons)
	}
	// The registered brand now comes from the listing: no request, its
	// alias from the item, the state's declined_reasons kept.
	srv.SetFaults(emulator.Faults{})
	kept := declinedReasonsValue([]client.DeclinedReason{{Code: "KEPT", Message: "the state's value"}})
	mo := tendlcBrandModel{}
	mo.DeclinedReasons = kept
	refresh(ok, &mo)
	if n := srv.FaultStats().Requests; n != 0 {
		t.Fatalf("the refresh of a listed brand made %d requests, want none", n)
	}
	if !mo.DeclinedReasons.Equal(kept) || mo.BrandAlias.ValueString() != "Acme Corp" {
		t.Fatalf("listed brand: declined_reasons %v (want the state's kept), brand_alias %s (want the list's)", mo.DeclinedReasons, mo.BrandAlias)
	}
}
