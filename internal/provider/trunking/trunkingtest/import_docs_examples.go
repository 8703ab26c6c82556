package trunkingtest

import (
	"context"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// docsSIPPassword is the password of the SIP trunking docs examples' objects.
const docsSIPPassword = "docs-sip-secret-1"

// docsIPACL makes the IP access list of examples/resources/cpaas_sip_ip_acl.
func docsIPACL(t *testing.T, c *client.Client) string {
	t.Helper()
	out, err := c.CreateIPACL(context.Background(), client.IPACLCreate{Name: "pbx-addresses", IPAddresses: []string{"198.51.100.0/28", "192.0.2.10"}})
	if err != nil {
		t.Fatal(err)
	}
	return out.IPACLUUID
}

// docsCredentialList makes the credentials list of examples/resources/cpaas_sip_credential_list.
func docsCredentialList(t *testing.T, c *client.Client) string {
	t.Helper()
	out, err := c.CreateSIPCredential(context.Background(), client.SIPCredentialCreate{Name: "pbx-credentials", Username: "pbx_user", Password: docsSIPPassword})
	if err != nil {
		t.Fatal(err)
	}
	return out.CredentialUUID
}

func docsOriginationURI(t *testing.T, c *client.Client, in client.OriginationURICreate) string {
	t.Helper()
	out, err := c.CreateOriginationURI(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	return out.URIUUID
}
