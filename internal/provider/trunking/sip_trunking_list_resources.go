package trunking

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// The SIP trunking list resources (terraform query, Terraform 1.14+);
// listResource (list_resources.go) does the work.

// NewSIPTrunkListResource lists the account's SIP trunks.
func NewSIPTrunkListResource() list.ListResource { return &kit.ListResource{ListKind: sipTrunkList} }

// NewSIPCredentialListListResource lists the account's credentials lists.
func NewSIPCredentialListListResource() list.ListResource {
	return &kit.ListResource{ListKind: sipCredentialListList}
}

// NewSIPIPACLListResource lists the account's IP access control lists.
func NewSIPIPACLListResource() list.ListResource { return &kit.ListResource{ListKind: sipIPACLList} }

// NewSIPOriginationURIListResource lists the account's origination URIs.
func NewSIPOriginationURIListResource() list.ListResource {
	return &kit.ListResource{ListKind: sipOriginationURIList}
}

var sipTrunkList = kit.ListKind{
	Of: sipTrunkKind, Objects: "SIP trunks",
	Description: "Every SIP trunk of the account, named by `trunk_id`, with the API's filters. Everything a trunk holds is read " +
		"back, so the generated configuration plans no change after the import.",
	Filters: map[string]listschema.StringAttribute{
		"trunk_status":      {MarkdownDescription: "Only the trunks of this status: `enabled` or `disabled`.", Validators: []validator.String{trunkStatusRule}},
		"trunk_direction":   {MarkdownDescription: "Only the trunks of this direction: `inbound` or `outbound`.", Validators: []validator.String{trunkDirectionRule}},
		"secure":            {MarkdownDescription: "Only secure (`true`) or plain (`false`) trunks.", Validators: []validator.String{stringvalidator.OneOf("true", "false")}},
		"ipacl_uuid":        {MarkdownDescription: "Only the trunks authenticated by this IP access list."},
		"credential_uuid":   {MarkdownDescription: "Only the trunks authenticated by this credentials list."},
		"primary_uri_uuid":  {MarkdownDescription: "Only the trunks whose primary origination URI is this one."},
		"fallback_uri_uuid": {MarkdownDescription: "Only the trunks whose fallback origination URI is this one."},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllTrunks(ctx, client.TrunkFilter{
			TrunkStatus: f["trunk_status"], TrunkDirection: f["trunk_direction"], Secure: f["secure"], IPACLUUID: f["ipacl_uuid"],
			CredentialUUID: f["credential_uuid"], PrimaryURI: f["primary_uri_uuid"], FallbackURI: f["fallback_uri_uuid"],
		})
		return kit.ByID(all, err, nil, func(t client.Trunk) (string, string) {
			return fmt.Sprintf("%s (%s, %s)", t.Name, t.TrunkDirection, t.TrunkID), t.TrunkID
		})
	},
}

var sipCredentialListList = kit.ListKind{
	Of: sipCredentialListKind, Objects: "credentials lists",
	Description: "Every SIP trunking credentials list of the account, named by `credential_uuid` (the API offers no filter). " +
		"Passwords are never listed: the generated configuration needs `password_wo` and `password_wo_version` added, and its " +
		"first apply sets that password.",
	Find: func(ctx context.Context, c *client.Client, _ kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllSIPCredentials(ctx)
		return kit.ByID(all, err, nil, func(x client.SIPCredential) (string, string) {
			return fmt.Sprintf("%s (%s)", x.Name, x.Username), x.CredentialUUID
		})
	},
}

var sipIPACLList = kit.ListKind{
	Of: sipIPACLKind, Objects: "IP access control lists",
	Description: "Every SIP trunking IP access control list of the account, named by `ipacl_uuid` (the API offers no filter). " +
		"Everything is read back, so the generated configuration plans no change after the import.",
	Find: func(ctx context.Context, c *client.Client, _ kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllIPACLs(ctx)
		return kit.ByID(all, err, nil, func(x client.IPACL) (string, string) {
			return fmt.Sprintf("%s (%d addresses)", x.Name, len(x.IPAddresses)), x.IPACLUUID
		})
	},
}

var sipOriginationURIList = kit.ListKind{
	Of: sipOriginationURIKind, Objects: "origination URIs",
	Description: "Every SIP trunking origination URI of the account, named by `uri_uuid` (the API offers no filter). " +
		"Passwords are never listed: one with authentication needs `password_wo` and `password_wo_version` added.",
	Find: func(ctx context.Context, c *client.Client, _ kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllOriginationURIs(ctx)
		return kit.ByID(all, err, nil, func(x client.OriginationURI) (string, string) {
			return fmt.Sprintf("%s (%s)", x.Name, x.URI), x.URIUUID
		})
	},
}
