package trunkingtest

import (
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the trunking tests to the test tables.
func Tables(r *provtest.Tables) {
	// Refresh from listings (listing_refresh_test.go): 15 objects of each
	// trunking kind, two left out of every list reply, cost the kind's one
	// list page and the two GETs.
	r.ListingRefresh("sipIPACLs", provtest.ListingRefresh{
		Typ: "cpaas_sip_ip_acl", Route: regexp.MustCompile(`^Zentrunk/IPAccessControlList/`), Hide: 2, Pages: 1,
		Kinds: []string{"sip_ip_acls"}, Config: `
resource "cpaas_sip_ip_acl" "many" {
  count        = 15
  name         = "lr${count.index}"
  ip_addresses = ["192.0.2.${count.index + 1}"]
}
`,
	})

	r.ListingRefresh("sipCredentialLists", provtest.ListingRefresh{
		Typ: "cpaas_sip_credential_list", Route: regexp.MustCompile(`^Zentrunk/Credential/`), Hide: 2, Pages: 1,
		Kinds: []string{"sip_credential_lists"}, Config: `
resource "cpaas_sip_credential_list" "many" {
  count               = 15
  username            = "lr_${count.index}"
  password_wo         = "listed-secret"
  password_wo_version = 1
}
`,
	})

	r.ListingRefresh("sipOriginationURIs", provtest.ListingRefresh{
		Typ: "cpaas_sip_origination_uri", Route: regexp.MustCompile(`^Zentrunk/URI/`), Hide: 2, Pages: 1,
		Kinds: []string{"sip_origination_uris"}, Config: `
resource "cpaas_sip_origination_uri" "many" {
  count = 15
  uri   = "pbx${count.index}.example.com:5060"
}
`,
	})

	r.ListingRefresh("sipTrunks", provtest.ListingRefresh{
		Typ: "cpaas_sip_trunk", Route: regexp.MustCompile(`^Zentrunk/Trunk/`), Hide: 2, Pages: 1,
		Kinds: []string{"sip_trunks", "sip_ip_acls"}, Config: `
resource "cpaas_sip_ip_acl" "one" {
  ip_addresses = ["192.0.2.1"]
}

resource "cpaas_sip_trunk" "many" {
  count           = 15
  name            = "lr${count.index}"
  trunk_direction = "outbound"
  ipacl_id        = cpaas_sip_ip_acl.one.id
}
`,
	})

	// The objects of the docs example of cpaas_sip_ip_acl, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_sip_ip_acl", provtest.Identity("ipacl_uuid"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			return [][2]string{{"cpaas_sip_ip_acl.pbx", docsIPACL(t, c)}}, nil
		}},
	)

	r.RecordedOnImport("cpaas_sip_credential_list", "password_wo_version")

	// The objects of the docs example of cpaas_sip_credential_list, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_sip_credential_list", provtest.Identity("credential_uuid"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			return [][2]string{{"cpaas_sip_credential_list.pbx", docsCredentialList(t, c)}}, config.Variables{"pbx_sip_password": config.StringVariable(docsSIPPassword)}
		}},
	)

	// The objects of the docs example of cpaas_sip_origination_uri, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.RecordedOnImport("cpaas_sip_origination_uri", "password_wo_version")

	r.ImportDocs("cpaas_sip_origination_uri", provtest.Identity("uri_uuid"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			primary := docsOriginationURI(t, c, client.OriginationURICreate{Name: "pbx-primary", URI: "pbx.example.com:5061;transport=tls",
				AuthenticationNeeded: true, Username: "zentrunk_in", Password: docsSIPPassword})
			fallback := docsOriginationURI(t, c, client.OriginationURICreate{Name: "pbx-fallback", URI: "192.0.2.20:5060"})
			return [][2]string{{"cpaas_sip_origination_uri.primary", primary}, {"cpaas_sip_origination_uri.fallback", fallback}},
				config.Variables{"pbx_inbound_password": config.StringVariable(docsSIPPassword)}
		}},
	)

	// The objects of the docs example of cpaas_sip_trunk, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_sip_trunk", provtest.Identity("trunk_id"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			acl, cred := docsIPACL(t, c), docsCredentialList(t, c)
			primary := docsOriginationURI(t, c, client.OriginationURICreate{Name: "pbx-primary", URI: "pbx.example.com:5060"})
			fallback := docsOriginationURI(t, c, client.OriginationURICreate{Name: "pbx-fallback", URI: "192.0.2.20:5060"})
			secure := true
			out, err := c.CreateTrunk(provtest.DocsCtx, client.TrunkCreate{Name: "pbx-outbound", TrunkDirection: "outbound", Secure: &secure, IPACLUUID: acl, CredentialUUID: cred})
			if err != nil {
				t.Fatal(err)
			}
			in, err := c.CreateTrunk(provtest.DocsCtx, client.TrunkCreate{Name: "pbx-inbound", TrunkDirection: "inbound", PrimaryURIUUID: primary, FallbackURIUUID: fallback})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{
				{"cpaas_sip_ip_acl.pbx", acl}, {"cpaas_sip_credential_list.pbx", cred},
				{"cpaas_sip_origination_uri.primary", primary}, {"cpaas_sip_origination_uri.fallback", fallback},
				{"cpaas_sip_trunk.outbound", out.TrunkID}, {"cpaas_sip_trunk.inbound", in.TrunkID},
			}, config.Variables{"pbx_sip_password": config.StringVariable(docsSIPPassword)}
		}},
	)

	r.ChaosPart("cpaas_sip_ip_acl", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(2, RelSIPIPACLHCL), Want: map[string]int{"sip_ip_acls": 2}}
	})
	r.ChaosPart("cpaas_sip_credential_list", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(2, RelSIPCredentialListHCL), Want: map[string]int{"sip_credential_lists": 2}}
	})
	r.ChaosPart("cpaas_sip_origination_uri", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(2, relSIPOriginationURIHCL), Want: map[string]int{"sip_origination_uris": 2}}
	})
	r.ChaosPart("cpaas_sip_trunk", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(2, RelSIPTrunkHCL), Want: map[string]int{"sip_trunks": 2, "sip_ip_acls": 2}}
	})
}
