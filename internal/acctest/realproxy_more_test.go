package acctest

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// TestRealProxyPrefixesMultipartAndSweeps runs the proxy against an
// emulator holding the account's own compliance objects and verified
// caller id: the test's document (multipart alias), one-call application
// (the alias inside the multipart data part), end user (name) and caller
// id (no alias: the bare prefix) reach the account prefixed and come back
// without it; a listing keeps the test's only; and the sweepers delete the
// prefixed objects and leave the account's own.
func TestRealProxyPrefixesMultipartAndSweeps(t *testing.T) {
	const id, token = "MAPROXYTEST000000002", "proxy-test-token"
	direct, srv := proxyTestAccount(t, id, SpendCompliance)
	ctx := context.Background()
	const pre = "tfacc-0a1b2c3d-"
	rec := &guardRecorder{TB: t}
	u, _ := startRealProxy(rec, "0a1b2c3d")
	viaProxy, err := client.New(client.Config{BaseURL: u, AuthID: id, AuthToken: token, Version: "test", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}

	file := &client.ComplianceFile{Name: "registration.pdf", Content: []byte("scan of the registration")}
	type made struct{ endUser, document, compliance, callerID string }
	create := func(c *client.Client, name, alias, number string) made {
		t.Helper()
		var m made
		eu, err := c.CreateEndUser(ctx, client.EndUserData{Name: name, EndUserType: "business"})
		if err != nil {
			t.Fatal(err)
		}
		doc, err := c.CreateComplianceDocument(ctx, client.DocumentUpload{EndUserID: eu.EndUserID, DocumentTypeID: compliancerules.DocBusinessRegistration.ID,
			Alias: alias, DataFields: map[string]string{"business_name": "Acme GmbH"}, File: file})
		if err != nil {
			t.Fatal(err)
		}
		comp, err := c.CreateCompliance(ctx, client.ComplianceData{CountryISO: "IN", NumberType: "local", Alias: alias,
			EndUser: &client.ComplianceEndUser{Type: "business", Name: name, Email: "a@acme.example", AddressLine1: "Main 1", City: "Mumbai",
				PostalCode: "400001", Country: "IN"},
			Documents: []client.ComplianceDocumentData{{DocumentTypeID: compliancerules.DocBusinessRegistration.ID,
				DataFields: map[string]string{"business_name": "Acme GmbH"}},
				{DocumentTypeID: compliancerules.DocAddressProof.ID, DataFields: map[string]string{"address_line_1": "Main 1", "city": "Mumbai", "postal_code": "400001"}}}},
			map[int]client.ComplianceFile{0: *file, 1: *file})
		if err != nil {
			t.Fatal(err)
		}
		init, err := c.InitiateCallerIDVerification(ctx, client.VerifiedCallerIDInitiate{PhoneNumber: number})
		if err != nil {
			t.Fatal(err)
		}
		code, ok := srv.VerificationCode(id, number)
		if !ok {
			t.Fatalf("no open verification of %s", number)
		}
		v, err := c.VerifyCallerID(ctx, init.VerificationUUID, code.Code)
		if err != nil {
			t.Fatal(err)
		}
		m = made{eu.EndUserID, doc.DocumentID, comp, v.PhoneNumber}
		return m
	}
	own := create(direct, "Customer Own", "customer register", "+14155550171")
	mine := create(viaProxy, "Acme", "register extract", "+14155550172")
	if len(rec.errors) != 0 {
		t.Fatalf("the guard reported %q", rec.errors)
	}

	// The account holds the test's objects prefixed; the test reads them bare.
	if d, err := direct.GetComplianceDocument(ctx, mine.document); err != nil || d.Alias != pre+"register extract" ||
		d.FileName != "registration.pdf" || d.MetaInformation["business_name"] != "Acme GmbH" {
		t.Errorf("the account holds the document %+v (%v), want alias %sregister extract, its file and data fields unchanged", d, err, pre)
	}
	if d, err := viaProxy.GetComplianceDocument(ctx, mine.document); err != nil || d.Alias != "register extract" {
		t.Errorf("the test reads the document %+v (%v), want alias register extract", d, err)
	}
	if a, err := direct.GetCompliance(ctx, mine.compliance); err != nil || a.Alias != pre+"register extract" {
		t.Errorf("the account holds the compliance %+v (%v), want alias %sregister extract", a, err, pre)
	}
	if a, err := viaProxy.GetCompliance(ctx, mine.compliance); err != nil || a.Alias != "register extract" {
		t.Errorf("the test reads the compliance %+v (%v), want alias register extract", a, err)
	}
	if listed, err := viaProxy.ListAllCompliances(ctx, client.ComplianceFilter{}); err != nil || len(listed) != 1 ||
		listed[0].ComplianceID != mine.compliance || listed[0].Alias != "register extract" {
		t.Errorf("the test lists the compliances %+v (%v), want its own only, unprefixed", listed, err)
	}
	// The one-call application's end user, created with it, is named too.
	if a, err := direct.GetCompliance(ctx, mine.compliance); err != nil || a.EndUser == nil || a.EndUser.Name != pre+"Acme" {
		t.Errorf("the account holds the compliance's end user %+v (%v), want name %sAcme", a, err, pre)
	}
	if a, err := viaProxy.GetCompliance(ctx, mine.compliance); err != nil || a.EndUser == nil || a.EndUser.Name != "Acme" {
		t.Errorf("the test reads the compliance's end user %+v (%v), want name Acme", a, err)
	}
	if listed, err := viaProxy.ListAllCompliances(ctx, client.ComplianceFilter{}); err != nil || len(listed) != 1 ||
		listed[0].EndUser == nil || listed[0].EndUser.Name != "Acme" {
		t.Errorf("the test lists the compliances %+v (%v), want its own end user's name unprefixed", listed, err)
	}
	if u, err := direct.GetEndUser(ctx, mine.endUser); err != nil || u.Name != pre+"Acme" {
		t.Errorf("the account holds the end user %+v (%v), want name %sAcme", u, err, pre)
	}
	if u, err := viaProxy.GetEndUser(ctx, mine.endUser); err != nil || u.Name != "Acme" {
		t.Errorf("the test reads the end user %+v (%v), want name Acme", u, err)
	}
	if v, err := direct.GetVerifiedCallerID(ctx, mine.callerID); err != nil || v.Alias != pre {
		t.Errorf("the account holds the caller id %+v (%v), want alias %s (none given)", v, err, pre)
	}
	if v, err := viaProxy.GetVerifiedCallerID(ctx, mine.callerID); err != nil || v.Alias != "" {
		t.Errorf("the test reads the caller id %+v (%v), want no alias", v, err)
	}

	// make sweep, in its order, deletes the test's and keeps the account's own.
	for _, name := range []string{"phone number compliances", "verified caller ids", "compliance documents", "end users"} {
		sweep, ok := sweeps[name]
		if !ok {
			t.Fatalf("no sweeper %q", name)
		}
		if err := sweep(); err != nil {
			t.Fatalf("sweeping %s: %v", name, err)
		}
	}
	gone := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, client.ErrNotFound) {
			t.Errorf("the test's %s after the sweep: %v, want not found", what, err)
		}
	}
	_, err = direct.GetComplianceDocument(ctx, mine.document)
	gone("document", err)
	_, err = direct.GetCompliance(ctx, mine.compliance)
	gone("compliance", err)
	_, err = direct.GetEndUser(ctx, mine.endUser)
	gone("end user", err)
	_, err = direct.GetVerifiedCallerID(ctx, mine.callerID)
	gone("caller id", err)
	if _, err := direct.GetComplianceDocument(ctx, own.document); err != nil {
		t.Errorf("the account's own document after the sweep: %v", err)
	}
	if _, err := direct.GetCompliance(ctx, own.compliance); err != nil {
		t.Errorf("the account's own compliance after the sweep: %v", err)
	}
	if _, err := direct.GetEndUser(ctx, own.endUser); err != nil {
		t.Errorf("the account's own end user after the sweep: %v", err)
	}
	if _, err := direct.GetVerifiedCallerID(ctx, own.callerID); err != nil {
		t.Errorf("the account's own caller id after the sweep: %v", err)
	}
}

// TestSweepTollfreeByProfile: a toll-free verification has no name; the
// sweeper deletes the one whose profile the test created (its alias
// prefixed by the proxy) and leaves the one of the account's own profile.
func TestSweepTollfreeByProfile(t *testing.T) {
	const id, token = "MAPROXYTEST000000003", "proxy-test-token"
	direct, _ := proxyTestAccount(t, id)
	ctx := context.Background()
	u, _ := startRealProxy(&guardRecorder{TB: t}, "0a1b2c3d")
	viaProxy, err := client.New(client.Config{BaseURL: u, AuthID: id, AuthToken: token, Version: "test", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	found, _, err := direct.SearchAllPhoneNumbers(ctx, client.PhoneNumberSearch{CountryISO: "US", Type: "toll-free"}, 2)
	if err != nil || len(found) != 2 {
		t.Fatalf("search: %v %v", found, err)
	}
	profile := client.ProfileFields{
		ProfileAlias: "acme-main", CustomerType: "DIRECT", EntityType: "PRIVATE", CompanyName: "Acme Corporation",
		EIN: "12-3456789", EINIssuingCountry: "US", Vertical: "RETAIL", Website: "https://acme.example",
		Address: &client.ProfileAddress{Street: "123 Main Street", City: "Austin", State: "TX", PostalCode: "78701", Country: "US"},
		AuthorizedContact: &client.ProfileContact{FirstName: "Jane", LastName: "Doe", Phone: "+14155550100", Email: "jane.doe@acme.example",
			Title: "Ms", Seniority: "CFO"},
	}
	var verifications []string // the account's own, the test's
	for i, c := range []*client.Client{direct, viaProxy} {
		number := found[i].Number
		if _, err := direct.BuyPhoneNumber(ctx, number, client.PhoneNumberBuy{}); err != nil {
			t.Fatal(err)
		}
		p, err := c.CreateProfile(ctx, profile)
		if err != nil {
			t.Fatal(err)
		}
		v, err := direct.CreateTollfreeVerification(ctx, client.TollfreeVerificationCreate{Number: number, TollfreeVerificationFields: client.TollfreeVerificationFields{
			ProfileUUID: p.ProfileUUID, Usecase: "2FA", UsecaseSummary: "One-time codes for Acme's sign-in, sent when a customer signs in.",
			MessageSample: "Your Acme code is 123456. Reply STOP to opt out.", OptinImageURL: "https://acme.example/optin.png", OptinType: "WEB_FORM", Volume: "1,000",
		}})
		if err != nil {
			t.Fatal(err)
		}
		verifications = append(verifications, v.UUID)
	}
	// The test lists its own verification only.
	if listed, err := viaProxy.ListAllTollfreeVerifications(ctx, client.TollfreeFilter{}); err != nil || len(listed) != 1 || listed[0].UUID != verifications[1] {
		t.Errorf("the test lists the toll-free verifications %+v (%v), want its own (%s) only", listed, err, verifications[1])
	}
	if err := sweeps["toll-free verifications"](); err != nil {
		t.Fatal(err)
	}
	if _, err := direct.GetTollfreeVerification(ctx, verifications[1]); !errors.Is(err, client.ErrNotFound) {
		t.Errorf("the test's toll-free verification after the sweep: %v, want not found", err)
	}
	if _, err := direct.GetTollfreeVerification(ctx, verifications[0]); err != nil {
		t.Errorf("the account's own toll-free verification after the sweep: %v", err)
	}
}

// TestRealProxyProfileAlias: a 10DLC profile's alias reaches the account
// prefixed and comes back bare in the profile's GET (wrapped in
// "profile"), and its listing ("profiles") keeps the test's only.
func TestRealProxyProfileAlias(t *testing.T) {
	const id, token = "MAPROXYTEST000000004", "proxy-test-token"
	direct, _ := proxyTestAccount(t, id)
	ctx := context.Background()
	rec := &guardRecorder{TB: t}
	u, _ := startRealProxy(rec, "0a1b2c3d")
	viaProxy, err := client.New(client.Config{BaseURL: u, AuthID: id, AuthToken: token, Version: "test", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	profile := func(alias string) client.ProfileFields {
		return client.ProfileFields{
			ProfileAlias: alias, CustomerType: "DIRECT", EntityType: "PRIVATE", CompanyName: "Corner Shop LLC",
			EIN: "12-3456789", EINIssuingCountry: "US", Vertical: "RETAIL", Website: "https://shop.example",
			Address: &client.ProfileAddress{Street: "1 Main Street", City: "Austin", State: "TX", PostalCode: "78701", Country: "US"},
			AuthorizedContact: &client.ProfileContact{FirstName: "Jane", LastName: "Doe", Phone: "+14155550100", Email: "jane@shop.example",
				Title: "Ms", Seniority: "CEO"},
		}
	}
	own, err := direct.CreateProfile(ctx, profile("corner-shop"))
	if err != nil {
		t.Fatal(err)
	}
	mine, err := viaProxy.CreateProfile(ctx, profile("corner-shop"))
	if err != nil {
		t.Fatal(err)
	}
	if p, err := direct.GetProfile(ctx, mine.ProfileUUID); err != nil || p.ProfileAlias != "tfacc-0a1b2c3d-corner-shop" {
		t.Errorf("the account holds the profile %+v (%v), want alias tfacc-0a1b2c3d-corner-shop", p, err)
	}
	if p, err := viaProxy.GetProfile(ctx, mine.ProfileUUID); err != nil || p.ProfileAlias != "corner-shop" {
		t.Errorf("the test reads the profile %+v (%v), want alias corner-shop", p, err)
	}
	if listed, err := viaProxy.ListAllProfiles(ctx); err != nil || len(listed) != 1 || listed[0].ProfileUUID != mine.ProfileUUID ||
		listed[0].ProfileAlias != "corner-shop" {
		t.Errorf("the test lists the profiles %+v (%v), want its own (%s) only, unprefixed, not the account's %s", listed, err, mine.ProfileUUID, own.ProfileUUID)
	}
	if len(rec.errors) != 0 {
		t.Errorf("the guard reported %q", rec.errors)
	}
}

// TestRealProxyOwnCarrierRefusedIsNotTheTests: adding from the test's own
// carrier a number the account has already is refused by the API, and
// does not make that number the test's (its leftovers would release the
// account's own number); an accepted add does. So with buying a number
// another buyer has.
func TestRealProxyOwnCarrierRefusedIsNotTheTests(t *testing.T) {
	const id, token = "MAPROXYTEST000000005", "proxy-test-token"
	direct, _ := proxyTestAccount(t, id, SpendNumbers)
	ctx := context.Background()
	u, p := startRealProxy(&guardRecorder{TB: t}, "0a1b2c3d")
	viaProxy, err := client.New(client.Config{BaseURL: u, AuthID: id, AuthToken: token, Version: "test", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	const accounts, added = "493012345670", "493012345671"
	if err := direct.AddOwnCarrierNumbers(ctx, client.OwnCarrierNumbers{Numbers: accounts, Carrier: emulator.IncomingCarrierNorthwind, Region: "Berlin"}); err != nil {
		t.Fatal(err)
	}
	if err := viaProxy.AddOwnCarrierNumbers(ctx, client.OwnCarrierNumbers{Numbers: accounts, Carrier: emulator.IncomingCarrierNorthwind, Region: "Berlin"}); err == nil {
		t.Fatalf("adding the account's own number %s again: no error", accounts)
	}
	if p.has(accounts) {
		t.Errorf("the refused add made the account's own number %s the test's", accounts)
	}
	if err := viaProxy.AddOwnCarrierNumbers(ctx, client.OwnCarrierNumbers{Numbers: added, Carrier: emulator.IncomingCarrierNorthwind, Region: "Berlin"}); err != nil {
		t.Fatal(err)
	}
	if !p.has(added) {
		t.Errorf("the accepted add of %s did not make it the test's", added)
	}
	// The add takes no alias: the proxy names the added number with the
	// bare prefix (so make sweep finds it), which the test reads as none;
	// the account's own number keeps none.
	for n, want := range map[string]string{added: "tfacc-0a1b2c3d-", accounts: ""} {
		got, err := direct.GetNumber(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		if alias := wire.Deref(got.Alias); alias != want {
			t.Errorf("number %s's alias on the account = %q, want %q", n, alias, want)
		}
	}
	if got, err := viaProxy.GetNumber(ctx, added); err != nil || got.Alias != nil {
		t.Errorf("the test reads the added number %s's alias as %v (%v), want none", added, got.Alias, err)
	}

	// So with a purchase: a number another test (here the account) bought
	// first is refused, and stays not the test's; one sold is the test's.
	found, _, err := direct.SearchAllPhoneNumbers(ctx, client.PhoneNumberSearch{CountryISO: "US", Type: "local"}, 2)
	if err != nil || len(found) != 2 {
		t.Fatalf("search: %v %v", found, err)
	}
	taken, sold := found[0].Number, found[1].Number
	if _, err := direct.BuyPhoneNumber(ctx, taken, client.PhoneNumberBuy{}); err != nil {
		t.Fatal(err)
	}
	if _, err := viaProxy.BuyPhoneNumber(ctx, taken, client.PhoneNumberBuy{}); err == nil {
		t.Fatalf("buying %s, which the account owns: no error", taken)
	}
	if p.has(taken) {
		t.Errorf("the refused purchase made %s, bought by another, the test's", taken)
	}
	if _, err := viaProxy.BuyPhoneNumber(ctx, sold, client.PhoneNumberBuy{}); err != nil {
		t.Fatal(err)
	}
	if !p.has(sold) {
		t.Errorf("the purchase of %s did not make it the test's", sold)
	}
}

// TestRealObjectsListsTheTestsMessages: real mode's Env.Objects counts the
// messages the test sent through its proxy, never those the account (or
// another test) sent, nor one sent before the test's window.
func TestRealObjectsListsTheTestsMessages(t *testing.T) {
	const id, token = "MAPROXYTEST000000006", "proxy-test-token"
	direct, _ := proxyTestAccount(t, id, SpendMessages)
	ctx := context.Background()
	u, p := startRealProxy(&guardRecorder{TB: t}, "0a1b2c3d")
	viaProxy, err := client.New(client.Config{BaseURL: u, AuthID: id, AuthToken: token, Version: "test", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	e := &Env{URL: u, t: t, tag: "0a1b2c3d", proxy: p, started: time.Now()}
	if _, err := direct.SendMessage(ctx, messagerules.Message{Src: "14155550100", Dst: "12125550101", Text: "the account's own"}); err != nil {
		t.Fatal(err)
	}
	sent, err := viaProxy.SendMessage(ctx, messagerules.Message{Src: "14155550100", Dst: "12125550101<12125550102", Text: "the test's"})
	if err != nil {
		t.Fatal(err)
	}
	got := e.realObjects(t)["messages"]
	if want := slices.Sorted(slices.Values(sent.MessageUUID)); len(want) != 2 || !slices.Equal(got, want) {
		t.Errorf("real mode's messages are %v, want the test's two %v", got, want)
	}
	// A test that started after them has sent none of them.
	later := &Env{URL: u, t: t, tag: "0a1b2c3d", proxy: p, started: time.Now().Add(2 * time.Hour)}
	if got := later.realObjects(t)["messages"]; len(got) != 0 {
		t.Errorf("messages sent an hour before the test started are its: %v", got)
	}
}
