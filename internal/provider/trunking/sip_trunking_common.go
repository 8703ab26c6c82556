package trunking

import (
	"context"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/trunkingrules"
)

// sipTrunkingFamily is what Terraform is served of SIP trunking: trunks, credentials lists, IP access lists and origination URIs (provider.go's families).
var SipTrunkingFamily = kit.Family{
	Resources:   []func() resource.Resource{sipTrunkKind.NewResource, sipCredentialListKind.NewResource, sipIPACLKind.NewResource, sipOriginationURIKind.NewResource},
	DataSources: []func() datasource.DataSource{sipTrunkData.NewDataSource, sipCredentialListData.NewDataSource, sipIPACLData.NewDataSource, sipOriginationURIData.NewDataSource},
	Lists:       []func() list.ListResource{NewSIPTrunkListResource, NewSIPCredentialListListResource, NewSIPIPACLListResource, NewSIPOriginationURIListResource},
	Sweepers:    sweepers,
	RealKinds:   realKinds,
}

// What the SIP trunking resources (cpaas_sip_trunk, cpaas_sip_credential_list,
// cpaas_sip_ip_acl, cpaas_sip_origination_uri) share: their identities,
// the write-only password pair, and the rules of internal/trunkingrules at
// plan time.

// Identities of the SIP trunking resources: the API's own id names.
var (
	sipTrunkIdentity          = kit.ResourceIdentity{{Name: "trunk_id", State: "id", Description: "Trunk id (`trunk_id`, a string of digits)."}}
	sipCredentialListIdentity = kit.ResourceIdentity{{Name: "credential_uuid", State: "id", Description: "Credentials list UUID (`credential_uuid`)."}}
	sipIPACLIdentity          = kit.ResourceIdentity{{Name: "ipacl_uuid", State: "id", Description: "IP access control list UUID (`ipacl_uuid`)."}}
	sipOriginationURIIdentity = kit.ResourceIdentity{{Name: "uri_uuid", State: "id", Description: "Origination URI UUID (`uri_uuid`)."}}
)

// sipLinkNames are the provider's names of a trunk's links, in
// trunkingrules.Link order.
var sipLinkNames = trunkingrules.LinkNames{"ipacl_id", "credential_id", "primary_uri_id", "fallback_uri_id"}

// sipInUseNote says what the API does with a delete of an object a trunk names.
const sipInUseNote = "**Deleting it while a trunk names it fails.** The service refuses to delete a credentials list, IP access " +
	"list or origination URI that a trunk still names (HTTP 400 naming the trunk; the documentation is silent, this is the " +
	"service's most likely answer and what the emulator does). Reference it from the trunk (`cpaas_sip_trunk`) by its `id`, " +
	"as the examples do: destroying both, Terraform destroys the trunk first. But when one apply both removes the link from " +
	"the trunk and deletes this object, Terraform deletes it *before* it updates the trunk (its default order), and the " +
	"service refuses: give this resource `lifecycle { create_before_destroy = true }` (it never replaces itself, so that " +
	"changes only the order: the trunk is updated first), or apply twice (first the trunk, then the removal)."

// sipPasswordNote says what the provider cannot know about a trunking password.
const sipPasswordNote = "**The password is write-only.** It is sent to the API and never stored in the plan or the state, " +
	"and the API never returns it, so a password changed outside Terraform is not detected. To rotate it, change " +
	"`password_wo` and bump `password_wo_version`: the update sends the new password in place. After an import the state " +
	"has no `password_wo_version`, so the first plan updates it in place, which sets the configured password again."

// The rules of a trunking username and password (trunkingrules) at plan
// time; the password's error gives its length, never its value.
var (
	sipUsernameRule = kit.SpecRule("must be "+trunkingrules.SIPUsernameRule, trunkingrules.CheckSIPUsername)
	sipPasswordRule = kit.SpecRule("must be "+trunkingrules.SIPPasswordRule, trunkingrules.CheckSIPPassword)
)

// sipWriteOnlyPassword is the password_wo and password_wo_version pair
// (as cpaas_endpoint's): of says whose password it is.
func sipWriteOnlyPassword(of string, required bool) (schema.StringAttribute, schema.Int64Attribute) {
	pw := schema.StringAttribute{
		MarkdownDescription: "Write-only password " + of + ", " + trunkingrules.SIPPasswordRule + ": sent to the API but never stored in the plan or state. Requires " +
			"Terraform 1.11 or later. Change `password_wo_version` to send a new value.",
		Optional:   !required,
		Required:   required,
		Sensitive:  true,
		WriteOnly:  true,
		Validators: []validator.String{sipPasswordRule, kit.AlsoRequires(path.MatchRoot("password_wo_version"))},
	}
	version := schema.Int64Attribute{
		MarkdownDescription: "Version of `password_wo`. Terraform cannot see a write-only value change, so change this number " +
			"(for example increment it) whenever `password_wo` changes; the update then sends the new password, in place.",
		Optional:   !required,
		Required:   required,
		Validators: []validator.Int64{kit.AlsoRequires(path.MatchRoot("password_wo"))},
	}
	return pw, version
}

// sipName is the optional name of a trunking object, updated in place.
func sipName(of string) schema.StringAttribute {
	return kit.OptionalString("Friendly name of the "+of+". Updates in place; removing it clears the name.", stringvalidator.UTF8LengthAtLeast(1))
}

// trunkDirectionRule and trunkStatusRule are trunkingrules' enumerations at plan time.
var (
	trunkDirectionRule = kit.SpecRuleWorded(stringvalidator.OneOf(trunkingrules.Directions...), trunkingrules.CheckDirection)
	trunkStatusRule    = kit.SpecRuleWorded(stringvalidator.OneOf(trunkingrules.Statuses...), trunkingrules.CheckStatus)
	originationURIRule = kit.SpecRule("uri: "+trunkingrules.URIRule, trunkingrules.CheckURI)
)

// ipAddressRule is trunkingrules.NormalizeIP on one element of ip_addresses.
var ipAddressRule = kit.SpecRule("an IPv4 address or CIDR block", func(attr, v string) error {
	if _, err := trunkingrules.NormalizeIP(v); err != nil {
		return fmt.Errorf("%s %w", attr, err)
	}
	return nil
})

// noSameAddresses refuses two entries of a set that name the same
// addresses once normalised (a set only removes identical strings).
type noSameAddresses struct{}

func (noSameAddresses) Description(context.Context) string {
	return "no two entries name the same addresses (10.0.0.1 and 10.0.0.1/32)"
}

func (v noSameAddresses) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (noSameAddresses) ValidateSet(ctx context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	ips, known, diags := kit.SetStrings(ctx, req.ConfigValue)
	resp.Diagnostics.Append(diags...)
	if !known || req.ConfigValue.IsNull() {
		return
	}
	for _, err := range trunkingrules.DuplicateIPs(req.Path.String(), ips) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value", "Attribute "+err.Error()+".")
	}
}

// configuredOrUnknown reports whether a string is set in a configuration:
// an unknown value (a reference to an object not made yet) will be.
func configuredOrUnknown(v types.String) bool { return !v.IsNull() }

// optionalID is an optional link to another trunking object, by its id.
func optionalID(description string) schema.StringAttribute {
	return kit.OptionalString(description, stringvalidator.UTF8LengthAtLeast(1))
}

// sipCreated is what a trunking create made: its id, and whether it was
// adopted (found by a lookup after a lost reply) rather than created.
type sipCreated struct {
	id      string
	adopted bool
}

// createSIPOrAdopt is createOrAdopt (adopt.go) for a trunking object:
// create returns the new object's id; after a lost reply, the listed
// objects that match are the candidates.
func createSIPOrAdopt[O any](ctx context.Context, kind, identity string, create func(context.Context) (string, error),
	list func(context.Context) ([]O, error), match func(*O) bool, id func(*O) string) (sipCreated, error) {
	return kit.CreateOrAdopt(ctx, kind, identity,
		func(ctx context.Context) (sipCreated, error) {
			v, err := create(ctx)
			return sipCreated{id: v}, err
		},
		kit.AdoptFrom(list, match, func(o *O) sipCreated { return sipCreated{id: id(o), adopted: true} }),
		func(c sipCreated) string { return c.id })
}

// sameStrings reports whether a and b hold the same strings, in any order.
func sameStrings(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// The adoption rules of the SIP trunking resources, quoted in their descriptions.
const (
	adoptRuleSIP = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second object: it " +
		"lists the objects of its kind and adopts the one that matches "
	adoptRuleSIPEnd            = "; when none matches the create is sent again, when several match the apply stops with an error naming them."
	adoptRuleSIPIPACL          = adoptRuleSIP + "(the same `name` and `ip_addresses`)" + adoptRuleSIPEnd
	adoptRuleSIPCredentialList = adoptRuleSIP + "(the same `name` and `username`; the API returns no password to compare, so " +
		"the adopted list is then given the configured password)" + adoptRuleSIPEnd
	adoptRuleSIPOriginationURI = adoptRuleSIP + "(the same `name`, `uri`, `authentication_needed` and `username`; an adopted " +
		"URI with authentication is then given the configured password)" + adoptRuleSIPEnd
	adoptRuleSIPTrunk = adoptRuleSIP + "(the same `name`, `trunk_direction`, `trunk_status`, `secure` and links)" + adoptRuleSIPEnd
)
