package acctest

import (
	"context"
	"errors"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Through the proxy, a test's address (whose create names no id) is made
// with the prefixed alias, becomes the test's once listed, can be updated
// and deleted; the sweeper deletes the prefixed one and keeps the
// account's own.
func TestRealProxyVerificationAddresses(t *testing.T) {
	const id, token = "MAPROXYVERIF00000001", "proxy-test-token"
	direct, _ := proxyTestAccount(t, id, SpendCompliance)
	ctx := context.Background()
	in := client.VerificationAddressData{Alias: "office", CountryISO: "FR", Salutation: "Ms", FirstName: "Camille", LastName: "Durand",
		AddressLine1: "12", AddressLine2: "Rue de la Paix", City: "Paris", Region: "IDF", PostalCode: "75002", AddressProofType: "passport",
		PhoneNumberCountry: "FR", NumberType: "local"}
	if err := direct.CreateVerificationAddress(ctx, in, nil); err != nil {
		t.Fatal(err)
	}
	rec := &guardRecorder{TB: t}
	u, p := startRealProxy(rec, "5e6f7a8b")
	viaProxy, err := client.New(client.Config{BaseURL: u, AuthID: id, AuthToken: token, Version: "test", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	if err := viaProxy.CreateVerificationAddress(ctx, in, nil); err != nil {
		t.Fatal(err)
	}
	listed, err := viaProxy.ListAllVerificationAddresses(ctx, client.VerificationFilter{Alias: "office"})
	if err != nil || len(listed) != 1 || wire.Deref(listed[0].Alias) != "office" {
		t.Fatalf("the test lists %+v (%v), want its own address only, unprefixed", listed, err)
	}
	mine := listed[0].ID
	if !p.has(mine) {
		t.Fatalf("the proxy does not hold %s as the test's", mine)
	}
	if a, err := direct.GetVerificationAddress(ctx, mine); err != nil || wire.Deref(a.Alias) != "tfacc-5e6f7a8b-office" {
		t.Fatalf("the account holds %+v (%v), want alias tfacc-5e6f7a8b-office", a, err)
	}
	in.City = "Lyon"
	if err := viaProxy.UpdateVerificationAddress(ctx, mine, in, nil); err != nil {
		t.Fatalf("the test's update: %v", err)
	}
	if len(rec.errors) != 0 {
		t.Fatalf("the guard reported %v", rec.errors)
	}
	if err := sweeps["verification addresses"](); err != nil {
		t.Fatal(err)
	}
	if _, err := direct.GetVerificationAddress(ctx, mine); !errors.Is(err, client.ErrNotFound) {
		t.Errorf("the test's address after the sweep: %v, want not found", err)
	}
	if all, err := direct.ListAllVerificationAddresses(ctx, client.VerificationFilter{}); err != nil || len(all) != 1 {
		t.Errorf("the account's own address after the sweep: %+v (%v), want it kept", all, err)
	}
}
