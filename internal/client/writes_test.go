package client

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// Every write of the client drops what it writes from the snapshots of
// the Listings it touches (sched's writes.go): the client declares it on
// each Listing (Writes), and do applies it. The table below names, for
// each write method, what it must drop, independently of those
// declarations: a declaration missing, or naming the wrong id, leaves the
// object in its snapshot, and the test fails.

// drops is one object a write must drop, from the existence snapshot of
// its listing (Listing.Exists) taken before the write: id (as the
// Listing's ID names it) of parent, which the list names listed (id when
// ""), in its items' field key. Beside it the list holds id+"x": the
// write keeps it, unless it drops the parent's whole snapshot (whole).
type drops struct {
	listing             string
	exists              func(ctx context.Context, c *Client, parent, id string) (bool, error)
	key, parent, id     string
	listed              string
	whole               bool
	alsoUnderSubaccount bool // a Narrowed listing: check the filter SA1 too
}

func drop[T any](name string, l *Listing[T], key, parent, id string) drops {
	return drops{listing: name, exists: func(ctx context.Context, c *Client, parent, id string) (bool, error) {
		return l.Exists(ctx, c, parent, id)
	}, key: key, parent: parent, id: id, alsoUnderSubaccount: l.Narrowed}
}

func (d drops) as(listed string) drops { d.listed = listed; return d }
func (d drops) all() drops             { d.whole = true; return d }

func (d drops) listedAs() string {
	if d.listed != "" {
		return d.listed
	}
	return d.id
}

// parents are the parents d is checked under.
func (d drops) parents() []string {
	if d.alsoUnderSubaccount {
		return []string{d.parent, "SA1"}
	}
	return []string{d.parent}
}

// writesServer answers every GET with a list holding the objects of its
// drops (under every list key the client reads) while it seeds, and with
// 404 after; every write with reply.
type writesServer struct {
	mu      sync.Mutex
	seeding bool
	list    []byte
	reply   string
}

func (s *writesServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	switch {
	case r.Method != http.MethodGet:
		_, _ = w.Write([]byte(s.reply))
	case s.seeding:
		_, _ = w.Write(s.list)
	default:
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"api_id":"t","error":"not found"}`))
	}
}

func (s *writesServer) seed(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seeding = on
}

// listOf is a list body holding ds' objects and their neighbours, under
// each key the client's lists read items from.
func listOf(ds []drops) []byte {
	var items []map[string]string
	for _, d := range ds {
		items = append(items, map[string]string{d.key: d.listedAs()}, map[string]string{d.key: d.listedAs() + "x"})
	}
	meta := map[string]any{"limit": 20, "offset": 0, "total_count": len(items), "next": nil}
	body, err := json.Marshal(map[string]any{
		"objects": items, "brands": items, "campaigns": items, "phone_numbers": items, "profiles": items, "compliances": items,
		"response": map[string]any{"objects": items, "meta": meta}, "meta": meta,
	})
	if err != nil {
		panic(err)
	}
	return body
}

func TestWritesDropWhatTheyWrite(t *testing.T) {
	type write = func(ctx context.Context, c *Client) error
	ignore := func(_ any, err error) error { return err }
	const tollfree, long = true, false
	for _, tc := range []struct {
		name  string
		write write
		reply string // the write's reply, "{}" when empty
		drops []drops
	}{
		{name: "CreateEndpoint", reply: `{"endpoint_id":"E9"}`,
			write: func(ctx context.Context, c *Client) error { return ignore(c.CreateEndpoint(ctx, EndpointCreate{})) },
			drops: []drops{drop("endpoints", EndpointListing, "endpoint_id", "", "E9")}},
		{name: "UpdateEndpoint",
			write: func(ctx context.Context, c *Client) error { return c.UpdateEndpoint(ctx, "E1", EndpointUpdate{}) },
			drops: []drops{drop("endpoints", EndpointListing, "endpoint_id", "", "E1")}},
		{name: "DeleteEndpoint",
			write: func(ctx context.Context, c *Client) error { return c.DeleteEndpoint(ctx, "E1") },
			drops: []drops{drop("endpoints", EndpointListing, "endpoint_id", "", "E1")}},

		{name: "CreateApplication", reply: `{"app_id":"A9"}`,
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.CreateApplication(ctx, ApplicationCreate{}))
			},
			drops: []drops{drop("applications", ApplicationListing, "app_id", "", "A9")}},
		{name: "UpdateApplication",
			write: func(ctx context.Context, c *Client) error { return c.UpdateApplication(ctx, "A1", ApplicationUpdate{}) },
			drops: []drops{drop("applications", ApplicationListing, "app_id", "", "A1")}},
		{name: "DeleteApplication",
			write: func(ctx context.Context, c *Client) error { return c.DeleteApplication(ctx, "A1", ApplicationDelete{}) },
			drops: []drops{drop("applications", ApplicationListing, "app_id", "", "A1"),
				drop("endpoints", EndpointListing, "endpoint_id", "", "E1").all(),
				drop("numbers", NumberListing, "number", "", "+15550001").all()}},

		{name: "CreateSubaccount", reply: `{"auth_id":"SA9"}`,
			write: func(ctx context.Context, c *Client) error { return ignore(c.CreateSubaccount(ctx, SubaccountCreate{})) },
			drops: []drops{drop("subaccounts", SubaccountListing, "auth_id", "", "SA9")}},
		{name: "UpdateSubaccount",
			write: func(ctx context.Context, c *Client) error { return c.UpdateSubaccount(ctx, "SA2", SubaccountUpdate{}) },
			drops: []drops{drop("subaccounts", SubaccountListing, "auth_id", "", "SA2")}},
		{name: "DeleteSubaccount",
			write: func(ctx context.Context, c *Client) error { return c.DeleteSubaccount(ctx, "SA2", false) },
			drops: []drops{drop("subaccounts", SubaccountListing, "auth_id", "", "SA2"),
				drop("applications", ApplicationListing, "app_id", "", "A1").all(),
				drop("endpoints", EndpointListing, "endpoint_id", "", "E1").all(),
				drop("numbers", NumberListing, "number", "", "+15550001").all()}},

		{name: "BuyPhoneNumber",
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.BuyPhoneNumber(ctx, "+15550001", PhoneNumberBuy{}))
			},
			drops: []drops{drop("numbers", NumberListing, "number", "", "+15550001")}},
		{name: "UpdateNumber",
			write: func(ctx context.Context, c *Client) error { return c.UpdateNumber(ctx, "+15550001", NumberUpdate{}) },
			drops: []drops{drop("numbers", NumberListing, "number", "", "+15550001")}},
		{name: "ReleaseNumber",
			write: func(ctx context.Context, c *Client) error { return c.ReleaseNumber(ctx, "+15550001") },
			drops: []drops{drop("numbers", NumberListing, "number", "", "+15550001")}},
		{name: "RemoveOwnCarrierNumber",
			write: func(ctx context.Context, c *Client) error { return c.RemoveOwnCarrierNumber(ctx, "+15550001") },
			drops: []drops{drop("numbers", NumberListing, "number", "", "+15550001")}},
		{name: "AddOwnCarrierNumbers",
			write: func(ctx context.Context, c *Client) error {
				return c.AddOwnCarrierNumbers(ctx, OwnCarrierNumbers{Numbers: "+15550001, +15550002"})
			},
			drops: []drops{drop("numbers", NumberListing, "number", "", "+15550001"), drop("numbers", NumberListing, "number", "", "+15550002")}},

		{name: "CreateBrand", reply: `{"brand_id":"B9"}`,
			write: func(ctx context.Context, c *Client) error { return ignore(c.CreateBrand(ctx, BrandCreate{})) },
			drops: []drops{drop("brands", BrandListing, "brand_id", "", "B9")}},
		{name: "DeleteBrand",
			write: func(ctx context.Context, c *Client) error { return c.DeleteBrand(ctx, "B1") },
			drops: []drops{drop("brands", BrandListing, "brand_id", "", "B1")}},
		{name: "CreateCampaign", reply: `{"campaign_id":"C9"}`,
			write: func(ctx context.Context, c *Client) error { return ignore(c.CreateCampaign(ctx, CampaignCreate{})) },
			drops: []drops{drop("campaigns", CampaignListing, "campaign_id", "", "C9")}},
		{name: "UpdateCampaign",
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.UpdateCampaign(ctx, "C1", CampaignUpdate{}))
			},
			drops: []drops{drop("campaigns", CampaignListing, "campaign_id", "", "C1")}},
		{name: "ImportCampaign",
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.ImportCampaign(ctx, CampaignImport{CampaignID: "C7"}))
			},
			drops: []drops{drop("campaigns", CampaignListing, "campaign_id", "", "C7")}},
		{name: "DeleteCampaign",
			write: func(ctx context.Context, c *Client) error { return c.DeleteCampaign(ctx, "C1") },
			drops: []drops{drop("campaigns", CampaignListing, "campaign_id", "", "C1"),
				drop("campaign numbers", CampaignNumberListing, "number", "C1", "+15550001").all(),
				drop("numbers", NumberListing, "number", "", "+15550003").all()}},
		{name: "LinkNumbers of two numbers",
			write: func(ctx context.Context, c *Client) error {
				return c.LinkNumbers(ctx, "C1", NumberLink{Numbers: []string{"+15550001", "+15550002"}})
			},
			drops: []drops{drop("campaign numbers", CampaignNumberListing, "number", "C1", "+15550009").all(),
				drop("numbers", NumberListing, "number", "", "+15550001"), drop("numbers", NumberListing, "number", "", "+15550002")}},
		{name: "LinkNumbers of one number, batched",
			write: func(ctx context.Context, c *Client) error {
				return c.LinkNumbers(ctx, "C1", NumberLink{Numbers: []string{"+15550001"}})
			},
			drops: []drops{drop("campaign numbers", CampaignNumberListing, "number", "C1", "+15550009").all(),
				drop("numbers", NumberListing, "number", "", "+15550001")}},
		{name: "UnlinkNumber",
			write: func(ctx context.Context, c *Client) error {
				return c.UnlinkNumber(ctx, "C1", "+15550001", NumberUnlink{})
			},
			drops: []drops{drop("campaign numbers", CampaignNumberListing, "number", "C1", "+15550001"),
				drop("numbers", NumberListing, "number", "", "+15550001")}},

		{name: "CreateCompliance", reply: `{"compliance_id":"CMP-9"}`,
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.CreateCompliance(ctx, ComplianceData{}, nil))
			},
			drops: []drops{drop("compliance applications", ComplianceListing, "compliance_id", "", "cmp-9").as("CMP-9")}},
		{name: "UpdateCompliance",
			write: func(ctx context.Context, c *Client) error {
				return c.UpdateCompliance(ctx, "CMP-1", ComplianceData{}, nil)
			},
			drops: []drops{drop("compliance applications", ComplianceListing, "compliance_id", "", "cmp-1").as("CMP-1")}},
		{name: "DeleteCompliance",
			write: func(ctx context.Context, c *Client) error { return c.DeleteCompliance(ctx, "CMP-1") },
			drops: []drops{drop("compliance applications", ComplianceListing, "compliance_id", "", "cmp-1").as("CMP-1")}},

		{name: "CreateEndUser", reply: `{"end_user_id":"EU-9"}`,
			write: func(ctx context.Context, c *Client) error { return ignore(c.CreateEndUser(ctx, EndUserData{})) },
			drops: []drops{drop("end users", EndUserListing, "end_user_id", "", "eu-9").as("EU-9")}},
		{name: "UpdateEndUser",
			write: func(ctx context.Context, c *Client) error { return c.UpdateEndUser(ctx, "EU-1", EndUserData{}) },
			drops: []drops{drop("end users", EndUserListing, "end_user_id", "", "eu-1").as("EU-1")}},
		{name: "DeleteEndUser",
			write: func(ctx context.Context, c *Client) error { return c.DeleteEndUser(ctx, "EU-1") },
			drops: []drops{drop("end users", EndUserListing, "end_user_id", "", "eu-1").as("EU-1")}},
		{name: "CreateComplianceDocument", reply: `{"document_id":"DOC-9"}`,
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.CreateComplianceDocument(ctx, DocumentUpload{}))
			},
			drops: []drops{drop("documents", ComplianceDocumentListing, "compliance_document_id", "", "doc-9").as("DOC-9")}},
		{name: "UpdateComplianceDocument",
			write: func(ctx context.Context, c *Client) error {
				return c.UpdateComplianceDocument(ctx, "DOC-1", DocumentUpload{})
			},
			drops: []drops{drop("documents", ComplianceDocumentListing, "compliance_document_id", "", "doc-1").as("DOC-1")}},
		{name: "DeleteComplianceDocument",
			write: func(ctx context.Context, c *Client) error { return c.DeleteComplianceDocument(ctx, "DOC-1") },
			drops: []drops{drop("documents", ComplianceDocumentListing, "compliance_document_id", "", "doc-1").as("DOC-1")}},
		{name: "CreateComplianceApplication", reply: `{"compliance_application_id":"CA-9"}`,
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.CreateComplianceApplication(ctx, ApplicationData{}))
			},
			drops: []drops{drop("compliance applications", ComplianceApplicationListing, "compliance_application_id", "", "ca-9").as("CA-9")}},
		{name: "UpdateComplianceApplication",
			write: func(ctx context.Context, c *Client) error { return c.UpdateComplianceApplication(ctx, "CA-1", nil) },
			drops: []drops{drop("compliance applications", ComplianceApplicationListing, "compliance_application_id", "", "ca-1").as("CA-1")}},
		{name: "SubmitComplianceApplication",
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.SubmitComplianceApplication(ctx, "CA-1"))
			},
			drops: []drops{drop("compliance applications", ComplianceApplicationListing, "compliance_application_id", "", "ca-1").as("CA-1")}},
		{name: "DeleteComplianceApplication",
			write: func(ctx context.Context, c *Client) error { return c.DeleteComplianceApplication(ctx, "CA-1") },
			drops: []drops{drop("compliance applications", ComplianceApplicationListing, "compliance_application_id", "", "ca-1").as("CA-1")}},

		{name: "CreateProfile", reply: `{"profile_uuid":"P9"}`,
			write: func(ctx context.Context, c *Client) error { return ignore(c.CreateProfile(ctx, ProfileFields{})) },
			drops: []drops{drop("profiles", ProfileListing, "profile_uuid", "", "P9")}},
		{name: "UpdateProfile",
			write: func(ctx context.Context, c *Client) error { return ignore(c.UpdateProfile(ctx, "P1", ProfileFields{})) },
			drops: []drops{drop("profiles", ProfileListing, "profile_uuid", "", "P1")}},
		{name: "DeleteProfile",
			write: func(ctx context.Context, c *Client) error { return c.DeleteProfile(ctx, "P1") },
			drops: []drops{drop("profiles", ProfileListing, "profile_uuid", "", "P1")}},

		{name: "CreateTollfreeVerification", reply: `{"uuid":"T9"}`,
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.CreateTollfreeVerification(ctx, TollfreeVerificationCreate{}))
			},
			drops: []drops{drop("toll-free verifications", TollfreeListing, "uuid", "", "T9")}},
		{name: "UpdateTollfreeVerification",
			write: func(ctx context.Context, c *Client) error {
				return c.UpdateTollfreeVerification(ctx, "T1", TollfreeVerificationFields{})
			},
			drops: []drops{drop("toll-free verifications", TollfreeListing, "uuid", "", "T1")}},
		{name: "DeleteTollfreeVerification",
			write: func(ctx context.Context, c *Client) error { return c.DeleteTollfreeVerification(ctx, "T1") },
			drops: []drops{drop("toll-free verifications", TollfreeListing, "uuid", "", "T1")}},

		{name: "CreatePowerpack", reply: `{"uuid":"PP9"}`,
			write: func(ctx context.Context, c *Client) error { return ignore(c.CreatePowerpack(ctx, PowerpackCreate{})) },
			drops: []drops{drop("powerpacks", PowerpackListing, "uuid", "", "PP9")}},
		{name: "UpdatePowerpack",
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.UpdatePowerpack(ctx, "PP1", PowerpackUpdate{}))
			},
			drops: []drops{drop("powerpacks", PowerpackListing, "uuid", "", "PP1")}},
		{name: "DeletePowerpack",
			write: func(ctx context.Context, c *Client) error { return c.DeletePowerpack(ctx, "PP1", false) },
			drops: []drops{drop("powerpacks", PowerpackListing, "uuid", "", "PP1")}},
		{name: "AddPoolNumber, long code",
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.AddPoolNumber(ctx, "POOL1", "+15550001", long, "sms"))
			},
			drops: []drops{drop("pool numbers", PoolNumberListing, "number", PoolNumberParent("POOL1", long), "+15550001")}},
		{name: "AddPoolNumber, toll-free",
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.AddPoolNumber(ctx, "POOL1", "+18005550001", tollfree, "sms"))
			},
			drops: []drops{drop("pool numbers", PoolNumberListing, "number", PoolNumberParent("POOL1", tollfree), "+18005550001")}},
		{name: "RemovePoolNumber",
			write: func(ctx context.Context, c *Client) error {
				return c.RemovePoolNumber(ctx, "POOL1", "+15550001", long, false)
			},
			drops: []drops{drop("pool numbers", PoolNumberListing, "number", PoolNumberParent("POOL1", long), "+15550001")}},

		{name: "CreateMaskingSession", reply: `{"session_uuid":"S9"}`,
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.CreateMaskingSession(ctx, MaskingSessionCreate{}))
			},
			drops: []drops{drop("masking sessions", MaskingSessionListing, "session_uuid", "", "S9")}},
		{name: "UpdateMaskingSession",
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.UpdateMaskingSession(ctx, "S1", MaskingSessionUpdate{}))
			},
			drops: []drops{drop("masking sessions", MaskingSessionListing, "session_uuid", "", "S1")}},
		{name: "DeleteMaskingSession",
			write: func(ctx context.Context, c *Client) error { return c.DeleteMaskingSession(ctx, "S1") },
			drops: []drops{drop("masking sessions", MaskingSessionListing, "session_uuid", "", "S1")}},

		{name: "VerifyCallerID", reply: `{"phone_number":"+15550009"}`,
			write: func(ctx context.Context, c *Client) error { return ignore(c.VerifyCallerID(ctx, "V1", "123456")) },
			drops: []drops{drop("verified caller IDs", VerifiedCallerIDListing, "phone_number", "", "+15550009")}},
		{name: "UpdateVerifiedCallerID",
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.UpdateVerifiedCallerID(ctx, "15550001", VerifiedCallerIDUpdate{}))
			},
			drops: []drops{drop("verified caller IDs", VerifiedCallerIDListing, "phone_number", "", "+15550001")}},
		{name: "DeleteVerifiedCallerID",
			write: func(ctx context.Context, c *Client) error { return c.DeleteVerifiedCallerID(ctx, "+15550001") },
			drops: []drops{drop("verified caller IDs", VerifiedCallerIDListing, "phone_number", "", "+15550001")}},

		{name: "CreateVerificationAddress",
			write: func(ctx context.Context, c *Client) error {
				return c.CreateVerificationAddress(ctx, VerificationAddressData{}, nil)
			},
			drops: []drops{drop("addresses", VerificationAddressListing, "id", "", "AD1").all()}},
		{name: "UpdateVerificationAddress",
			write: func(ctx context.Context, c *Client) error {
				return c.UpdateVerificationAddress(ctx, "AD1", VerificationAddressData{}, nil)
			},
			drops: []drops{drop("addresses", VerificationAddressListing, "id", "", "AD1")}},
		{name: "DeleteVerificationAddress",
			write: func(ctx context.Context, c *Client) error { return c.DeleteVerificationAddress(ctx, "AD1") },
			drops: []drops{drop("addresses", VerificationAddressListing, "id", "", "AD1")}},
		{name: "CreateVerificationIdentity",
			write: func(ctx context.Context, c *Client) error {
				return c.CreateVerificationIdentity(ctx, VerificationIdentityData{}, nil)
			},
			drops: []drops{drop("identities", VerificationIdentityListing, "id", "", "ID1").all()}},
		{name: "UpdateVerificationIdentity",
			write: func(ctx context.Context, c *Client) error {
				return c.UpdateVerificationIdentity(ctx, "ID1", VerificationIdentityData{}, nil)
			},
			drops: []drops{drop("identities", VerificationIdentityListing, "id", "", "ID1")}},
		{name: "DeleteVerificationIdentity",
			write: func(ctx context.Context, c *Client) error { return c.DeleteVerificationIdentity(ctx, "ID1") },
			drops: []drops{drop("identities", VerificationIdentityListing, "id", "", "ID1")}},

		{name: "CreateTrunk", reply: `{"trunk_id":"TR9"}`,
			write: func(ctx context.Context, c *Client) error { return ignore(c.CreateTrunk(ctx, TrunkCreate{})) },
			drops: []drops{drop("trunks", TrunkListing, "trunk_id", "", "TR9")}},
		{name: "UpdateTrunk",
			write: func(ctx context.Context, c *Client) error { return c.UpdateTrunk(ctx, "TR1", TrunkUpdate{}) },
			drops: []drops{drop("trunks", TrunkListing, "trunk_id", "", "TR1")}},
		{name: "DeleteTrunk",
			write: func(ctx context.Context, c *Client) error { return c.DeleteTrunk(ctx, "TR1") },
			drops: []drops{drop("trunks", TrunkListing, "trunk_id", "", "TR1")}},
		{name: "CreateSIPCredential", reply: `{"credential_uuid":"CR9"}`,
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.CreateSIPCredential(ctx, SIPCredentialCreate{}))
			},
			drops: []drops{drop("credentials lists", SIPCredentialListing, "credential_uuid", "", "CR9")}},
		{name: "UpdateSIPCredential",
			write: func(ctx context.Context, c *Client) error {
				return c.UpdateSIPCredential(ctx, "CR1", SIPCredentialUpdate{})
			},
			drops: []drops{drop("credentials lists", SIPCredentialListing, "credential_uuid", "", "CR1")}},
		{name: "DeleteSIPCredential",
			write: func(ctx context.Context, c *Client) error { return c.DeleteSIPCredential(ctx, "CR1") },
			drops: []drops{drop("credentials lists", SIPCredentialListing, "credential_uuid", "", "CR1")}},
		{name: "CreateIPACL", reply: `{"ipacl_uuid":"IP9"}`,
			write: func(ctx context.Context, c *Client) error { return ignore(c.CreateIPACL(ctx, IPACLCreate{})) },
			drops: []drops{drop("IP access control lists", IPACLListing, "ipacl_uuid", "", "IP9")}},
		{name: "UpdateIPACL",
			write: func(ctx context.Context, c *Client) error { return c.UpdateIPACL(ctx, "IP1", IPACLUpdate{}) },
			drops: []drops{drop("IP access control lists", IPACLListing, "ipacl_uuid", "", "IP1")}},
		{name: "DeleteIPACL",
			write: func(ctx context.Context, c *Client) error { return c.DeleteIPACL(ctx, "IP1") },
			drops: []drops{drop("IP access control lists", IPACLListing, "ipacl_uuid", "", "IP1")}},
		{name: "CreateOriginationURI", reply: `{"uri_uuid":"U9"}`,
			write: func(ctx context.Context, c *Client) error {
				return ignore(c.CreateOriginationURI(ctx, OriginationURICreate{}))
			},
			drops: []drops{drop("origination URIs", OriginationURIListing, "uri_uuid", "", "U9")}},
		{name: "UpdateOriginationURI",
			write: func(ctx context.Context, c *Client) error {
				return c.UpdateOriginationURI(ctx, "U1", OriginationURIUpdate{})
			},
			drops: []drops{drop("origination URIs", OriginationURIListing, "uri_uuid", "", "U1")}},
		{name: "DeleteOriginationURI",
			write: func(ctx context.Context, c *Client) error { return c.DeleteOriginationURI(ctx, "U1") },
			drops: []drops{drop("origination URIs", OriginationURIListing, "uri_uuid", "", "U1")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := &writesServer{list: listOf(tc.drops), reply: tc.reply}
			if srv.reply == "" {
				srv.reply = "{}"
			}
			hs := httptest.NewServer(srv)
			t.Cleanup(hs.Close)
			c, err := New(Config{BaseURL: hs.URL, AuthID: "MAWRITES", AuthToken: "token", MaxRetries: -1})
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			type check struct {
				d          drops
				parent, id string
				stays      bool
			}
			var checks []check
			for _, d := range tc.drops {
				for _, p := range d.parents() {
					checks = append(checks, check{d, p, d.id, false}, check{d, p, d.id + "x", !d.whole})
				}
			}
			// The snapshots, taken before the write.
			srv.seed(true)
			for _, ck := range checks {
				if _, err := ck.d.exists(ctx, c, ck.parent, ck.id); err != nil {
					t.Fatalf("%s %s/%s: %v", ck.d.listing, ck.parent, ck.id, err)
				}
			}
			srv.seed(false) // from now on a GET answers 404: only a snapshot says an object exists
			for _, ck := range checks {
				if ok, err := ck.d.exists(ctx, c, ck.parent, ck.id); !ok || err != nil {
					t.Fatalf("%s %s/%s is not in the snapshot taken before the write: %v, %v", ck.d.listing, ck.parent, ck.id, ok, err)
				}
			}
			if err := tc.write(ctx, c); err != nil {
				t.Fatal(err)
			}
			for _, ck := range checks {
				ok, err := ck.d.exists(ctx, c, ck.parent, ck.id)
				switch {
				case err != nil:
					t.Errorf("%s %s/%s after the write: %v", ck.d.listing, ck.parent, ck.id, err)
				case ok && !ck.stays:
					t.Errorf("%s: %s %s/%s is still answered from the snapshot taken before it", tc.name, ck.d.listing, ck.parent, ck.id)
				case !ok && ck.stays:
					t.Errorf("%s: %s %s/%s, which it does not write, left the snapshot", tc.name, ck.d.listing, ck.parent, ck.id)
				}
			}
		})
	}
}
