package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// The SIP trunking list resources (terraform query, Terraform 1.14+);
// listResource (list_resources.go) does the work.

// NewSIPTrunkListResource lists the account's SIP trunks.
func NewSIPTrunkListResource() list.ListResource { return &listResource{listKind: sipTrunkList} }

// NewSIPCredentialListListResource lists the account's credentials lists.
func NewSIPCredentialListListResource() list.ListResource {
	return &listResource{listKind: sipCredentialListList}
}

// NewSIPIPACLListResource lists the account's IP access control lists.
func NewSIPIPACLListResource() list.ListResource { return &listResource{listKind: sipIPACLList} }

// NewSIPOriginationURIListResource lists the account's origination URIs.
func NewSIPOriginationURIListResource() list.ListResource {
	return &listResource{listKind: sipOriginationURIList}
}

var sipTrunkList = listKind{
	of: sipTrunkKind, objects: "SIP trunks",
	description: "Every SIP trunk of the account, named by `trunk_id`, with the API's filters. Everything a trunk holds is read " +
		"back, so the generated configuration plans no change after the import.",
	filters: map[string]listschema.StringAttribute{
		"trunk_status":      {MarkdownDescription: "Only the trunks of this status: `enabled` or `disabled`.", Validators: []validator.String{trunkStatusRule}},
		"trunk_direction":   {MarkdownDescription: "Only the trunks of this direction: `inbound` or `outbound`.", Validators: []validator.String{trunkDirectionRule}},
		"secure":            {MarkdownDescription: "Only secure (`true`) or plain (`false`) trunks.", Validators: []validator.String{stringvalidator.OneOf("true", "false")}},
		"ipacl_uuid":        {MarkdownDescription: "Only the trunks authenticated by this IP access list."},
		"credential_uuid":   {MarkdownDescription: "Only the trunks authenticated by this credentials list."},
		"primary_uri_uuid":  {MarkdownDescription: "Only the trunks whose primary origination URI is this one."},
		"fallback_uri_uuid": {MarkdownDescription: "Only the trunks whose fallback origination URI is this one."},
	},
	find: func(ctx context.Context, c *client.Client, f listFilters) ([]listedObject, error) {
		all, err := c.ListAllTrunks(ctx, client.TrunkFilter{
			TrunkStatus: f["trunk_status"], TrunkDirection: f["trunk_direction"], Secure: f["secure"], IPACLUUID: f["ipacl_uuid"],
			CredentialUUID: f["credential_uuid"], PrimaryURI: f["primary_uri_uuid"], FallbackURI: f["fallback_uri_uuid"],
		})
		return byID(all, err, nil, func(t client.Trunk) (string, string) {
			return fmt.Sprintf("%s (%s, %s)", t.Name, t.TrunkDirection, t.TrunkID), t.TrunkID
		})
	},
}

var sipCredentialListList = listKind{
	of: sipCredentialListKind, objects: "credentials lists",
	description: "Every SIP trunking credentials list of the account, named by `credential_uuid` (the API offers no filter). " +
		"Passwords are never listed: the generated configuration needs `password_wo` and `password_wo_version` added, and its " +
		"first apply sets that password.",
	find: func(ctx context.Context, c *client.Client, _ listFilters) ([]listedObject, error) {
		all, err := c.ListAllSIPCredentials(ctx)
		return byID(all, err, nil, func(x client.SIPCredential) (string, string) {
			return fmt.Sprintf("%s (%s)", x.Name, x.Username), x.CredentialUUID
		})
	},
}

var sipIPACLList = listKind{
	of: sipIPACLKind, objects: "IP access control lists",
	description: "Every SIP trunking IP access control list of the account, named by `ipacl_uuid` (the API offers no filter). " +
		"Everything is read back, so the generated configuration plans no change after the import.",
	find: func(ctx context.Context, c *client.Client, _ listFilters) ([]listedObject, error) {
		all, err := c.ListAllIPACLs(ctx)
		return byID(all, err, nil, func(x client.IPACL) (string, string) {
			return fmt.Sprintf("%s (%d addresses)", x.Name, len(x.IPAddresses)), x.IPACLUUID
		})
	},
}

var sipOriginationURIList = listKind{
	of: sipOriginationURIKind, objects: "origination URIs",
	description: "Every SIP trunking origination URI of the account, named by `uri_uuid` (the API offers no filter). " +
		"Passwords are never listed: one with authentication needs `password_wo` and `password_wo_version` added.",
	find: func(ctx context.Context, c *client.Client, _ listFilters) ([]listedObject, error) {
		all, err := c.ListAllOriginationURIs(ctx)
		return byID(all, err, nil, func(x client.OriginationURI) (string, string) {
			return fmt.Sprintf("%s (%s)", x.Name, x.URI), x.URIUUID
		})
	},
}
