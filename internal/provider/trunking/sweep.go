package trunking

import (
	"context"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of SIP trunking on a real account
// (kit/real.go). A number whose calls ring a trunk keeps the trunk from
// being deleted: the numbers go first, and what a trunk names after it.
var (
	sweepers = []kit.Sweeper{
		{Name: "sip trunks", Kind: "sip_trunks", After: []string{"numbers"},
			List: kit.Listed(func(c *client.Client, ctx context.Context) ([]client.Trunk, error) {
				return c.ListAllTrunks(ctx, client.TrunkFilter{})
			}, func(t client.Trunk) string { return t.TrunkID }, func(t client.Trunk) string { return t.Name }),
			Delete: (*client.Client).DeleteTrunk},
		{Name: "sip origination uris", Kind: "sip_origination_uris", After: []string{"sip trunks"},
			List: kit.Listed((*client.Client).ListAllOriginationURIs,
				func(u client.OriginationURI) string { return u.URIUUID }, func(u client.OriginationURI) string { return u.Name }),
			Delete: (*client.Client).DeleteOriginationURI},
		{Name: "sip ip acls", Kind: "sip_ip_acls", After: []string{"sip trunks"},
			List: kit.Listed((*client.Client).ListAllIPACLs,
				func(a client.IPACL) string { return a.IPACLUUID }, func(a client.IPACL) string { return a.Name }),
			Delete: (*client.Client).DeleteIPACL},
		{Name: "sip credential lists", Kind: "sip_credential_lists", After: []string{"sip trunks"},
			List: kit.Listed((*client.Client).ListAllSIPCredentials,
				func(l client.SIPCredential) string { return l.CredentialUUID }, func(l client.SIPCredential) string { return l.Name }),
			Delete: (*client.Client).DeleteSIPCredential},
	}
	realKinds = []kit.RealKind{{Path: "Zentrunk", Named: true}}
)
