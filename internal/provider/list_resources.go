package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// List resources (Terraform 1.14+): `terraform query` finds the objects of
// the account and, with -generate-config-out, writes a resource block and
// an import block (by identity) for each. Every list names each object by
// the identity its resource imports, and with include_resource fills the
// resource data by that resource's own Read, seeded as its import is: the
// data is exactly what an import of the object reads, so the generated
// configuration plans no change after the import.

// listKind is one list resource: everything in which the list resources
// differ. listResource does the rest, the same for every kind.
type listKind struct {
	// of is the kind of the resource listed: its type name, its identity
	// (which names each result) and its Read (which fills each result's
	// data).
	of          listedKind
	objects     string // what the error of a failed listing calls them: "endpoints"
	description string // the list block's MarkdownDescription
	// filters are the list block's attributes, all optional strings; find
	// gets their values.
	filters map[string]listschema.StringAttribute
	// find lists the objects the filters select, each named and seeded as
	// its import is.
	find func(ctx context.Context, c *client.Client, f listFilters) ([]listedObject, error)
}

// listedKind is what a list resource takes from its resource's
// objectKind.
type listedKind interface {
	listing() (typeName string, identity resourceIdentity, newResource func() resource.Resource)
}

func (k *objectKind[M]) listing() (string, resourceIdentity, func() resource.Resource) {
	return k.typeName, k.identity, k.newResource
}

// listFilters holds the value of each filter of a list block, "" when it
// is not set.
type listFilters map[string]string

// listResource is every list resource, driven by its kind.
type listResource struct {
	listKind
	client *client.Client
}

var _ list.ListResourceWithConfigure = &listResource{}

func (r *listResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	typeName, _, _ := r.of.listing()
	resp.TypeName = req.ProviderTypeName + typeName
}

func (r *listResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	attrs := make(map[string]listschema.Attribute, len(r.filters))
	for name, a := range r.filters {
		a.Optional = true
		attrs[name] = a
	}
	resp.Schema = listschema.Schema{MarkdownDescription: r.description, Attributes: attrs}
}

func (r *listResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *listResource) List(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream) {
	f := listFilters{}
	for name := range r.filters {
		var v types.String
		if diags := req.Config.GetAttribute(ctx, path.Root(name), &v); diags.HasError() {
			resp.Results = list.ListResultsStreamDiagnostics(diags)
			return
		}
		f[name] = v.ValueString()
	}
	r.stream(ctx, req, resp, f)
}

// listedObject is one object found: its display name and the state
// attributes its import sets (the identity is made of some of them).
type listedObject struct {
	name string
	seed map[string]string
}

// stream pushes one result per object, at most req.Limit of them, then
// stops. The kind's find runs lazily, when Terraform starts reading the stream.
func (r *listResource) stream(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream, f listFilters) {
	resp.Results = func(push func(list.ListResult) bool) {
		objs, err := r.find(ctx, r.client, f)
		if err != nil {
			res := list.ListResult{}
			addAPIError(&res.Diagnostics, "Error listing "+r.objects, "the account's "+r.objects, err)
			push(res)
			return
		}
		for i, o := range objs {
			if req.Limit > 0 && int64(i) >= req.Limit {
				return
			}
			if !push(r.result(ctx, req, o)) {
				return
			}
		}
	}
}

// result names o by identity and, when asked, fills the resource data by
// the resource's Read of the state an import of o starts from.
func (r *listResource) result(ctx context.Context, req list.ListRequest, o listedObject) list.ListResult {
	res := req.NewListResult(ctx)
	res.DisplayName = o.name
	_, identity, newResource := r.of.listing()
	for _, a := range identity {
		res.Diagnostics.Append(res.Identity.SetAttribute(ctx, path.Root(a.name), o.seed[a.state])...)
	}
	if !req.IncludeResource || res.Diagnostics.HasError() {
		return res
	}
	state := tfsdk.State{Schema: req.ResourceSchema, Raw: tftypes.NewValue(req.ResourceSchema.Type().TerraformType(ctx), nil)}
	for k, v := range o.seed {
		res.Diagnostics.Append(state.SetAttribute(ctx, path.Root(k), types.StringValue(v))...)
	}
	rs, ok := newResource().(resource.ResourceWithConfigure)
	if !ok {
		res.Diagnostics.AddError("Cannot read listed object", fmt.Sprintf("The resource of %s cannot be configured. This is a bug in the provider; please report it.", o.name))
		return res
	}
	cr := resource.ConfigureResponse{}
	rs.Configure(ctx, resource.ConfigureRequest{ProviderData: r.client}, &cr)
	res.Diagnostics.Append(cr.Diagnostics...)
	if res.Diagnostics.HasError() {
		return res
	}
	rr := resource.ReadResponse{State: state, Identity: res.Identity}
	rs.Read(ctx, resource.ReadRequest{State: state, Identity: res.Identity}, &rr)
	res.Diagnostics.Append(rr.Diagnostics...)
	if rr.State.Raw.IsNull() && !res.Diagnostics.HasError() {
		res.Diagnostics.AddWarning("Object gone while listing", fmt.Sprintf("%s disappeared between the list and its read; it has no resource data.", o.name))
		return res
	}
	res.Resource = &tfsdk.Resource{Schema: rr.State.Schema, Raw: rr.State.Raw}
	return res
}

// byID lists the objects found that keep accepts (all when keep is nil),
// each with its display name and the id its import takes.
func byID[T any](all []T, err error, keep func(T) bool, named func(T) (name, id string)) ([]listedObject, error) {
	var out []listedObject
	for _, o := range all {
		if keep == nil || keep(o) {
			name, id := named(o)
			out = append(out, listedObject{name: name, seed: map[string]string{"id": id}})
		}
	}
	return out, err
}

// ---- cpaas_endpoint

// NewEndpointListResource lists the account's SIP endpoints.
func NewEndpointListResource() list.ListResource { return &listResource{listKind: endpointList} }

var endpointList = listKind{
	of: endpointKind, objects: "endpoints",
	description: "Every SIP endpoint of the account, named by `endpoint_id`. The API offers no filter; `username` narrows " +
		"the list to endpoints whose requested username (the SIP username without its 12 digits) is the one given. Passwords are never " +
		"listed: an endpoint imported without one keeps its own.",
	filters: map[string]listschema.StringAttribute{
		"username": {MarkdownDescription: "Only the endpoints whose requested username is this one."},
	},
	find: func(ctx context.Context, c *client.Client, f listFilters) ([]listedObject, error) {
		all, err := c.ListAllEndpoints(ctx)
		keep := func(e client.Endpoint) bool {
			return f["username"] == "" || endpointrules.IsSIPUsernameOf(e.Username, f["username"])
		}
		return byID(all, err, keep, func(e client.Endpoint) (string, string) {
			return fmt.Sprintf("%s (%s)", e.Alias, e.Username), e.EndpointID
		})
	},
}

// ---- cpaas_10dlc_brand

// NewTenDLCBrandListResource lists the account's 10DLC brands.
func NewTenDLCBrandListResource() list.ListResource { return &listResource{listKind: brandList} }

var brandList = listKind{
	of: brandKind, objects: "10DLC brands",
	description: "Every 10DLC brand of the account, named by `brand_id`. A brand's `url` and `method` cannot be read back, " +
		"so they are not listed (an imported brand keeps them).",
	filters: map[string]listschema.StringAttribute{
		"registration_status": {
			MarkdownDescription: "Only the brands in this status: `PROCESSING`, `COMPLETED` or `FAILED`.",
			Validators: []validator.String{specRuleWorded(stringvalidator.OneOf(tendlcrules.BrandStatuses...),
				func(_, v string) error { return tendlcrules.CheckBrandStatus(v) })},
		},
	},
	find: func(ctx context.Context, c *client.Client, f listFilters) ([]listedObject, error) {
		all, err := c.ListAllBrands(ctx)
		keep := func(b client.Brand) bool {
			return f["registration_status"] == "" || b.RegistrationStatus == f["registration_status"]
		}
		return byID(all, err, keep, func(b client.Brand) (string, string) {
			return fmt.Sprintf("%s (%s, %s)", b.BrandAlias, b.BrandID, b.RegistrationStatus), b.BrandID
		})
	},
}

// ---- cpaas_10dlc_campaign

// NewTenDLCCampaignListResource lists the account's 10DLC campaigns.
func NewTenDLCCampaignListResource() list.ListResource { return &listResource{listKind: campaignList} }

var campaignList = listKind{
	of: campaignKind, objects: "10DLC campaigns",
	description: "Every 10DLC campaign of the account, or of one brand, named by `campaign_id`. A campaign's `url` and " +
		"`method` cannot be read back, so they are not listed (an imported campaign keeps them).",
	filters: map[string]listschema.StringAttribute{
		"brand_id": {
			MarkdownDescription: "Only the campaigns of this brand (the API's own filter).",
			Validators:          []validator.String{idFilterRule(tendlcrules.BrandIDPattern, "must be a brand id, ", tendlcrules.BrandIDRule)},
		},
	},
	find: func(ctx context.Context, c *client.Client, f listFilters) ([]listedObject, error) {
		all, err := c.ListAllCampaigns(ctx, f["brand_id"])
		return byID(all, err, nil, func(k client.Campaign) (string, string) {
			return fmt.Sprintf("%s (%s, brand %s)", k.CampaignAlias, k.CampaignID, k.BrandID), k.CampaignID
		})
	},
}

// ---- cpaas_10dlc_campaign_number

// NewTenDLCCampaignNumberListResource lists the numbers linked to campaigns.
func NewTenDLCCampaignNumberListResource() list.ListResource {
	return &listResource{listKind: campaignNumberList}
}

var campaignNumberList = listKind{
	of: campaignNumberKind, objects: "10DLC number links",
	description: "The numbers linked (or being linked) to one campaign, or to every campaign of the account, named by " +
		"`campaign_id` and `number`. A link the operators refused holds nothing and is not listed.",
	filters: map[string]listschema.StringAttribute{
		"campaign_id": {
			MarkdownDescription: "Only the numbers of this campaign. Without it, every campaign's numbers (one request per campaign).",
			Validators: []validator.String{
				idFilterRule(tendlcrules.CampaignIDPattern, "must be a campaign id, ", tendlcrules.CampaignIDRule),
				conflictsWith(path.MatchRoot("brand_id")),
			},
		},
		"brand_id": {
			MarkdownDescription: "Only the numbers of this brand's campaigns.",
			Validators:          []validator.String{idFilterRule(tendlcrules.BrandIDPattern, "must be a brand id, ", tendlcrules.BrandIDRule)},
		},
	},
	find: func(ctx context.Context, c *client.Client, f listFilters) ([]listedObject, error) {
		campaigns := []string{f["campaign_id"]}
		if f["campaign_id"] == "" {
			all, err := c.ListAllCampaigns(ctx, f["brand_id"])
			if err != nil {
				return nil, err
			}
			campaigns = campaigns[:0]
			for _, k := range all {
				campaigns = append(campaigns, k.CampaignID)
			}
		}
		var out []listedObject
		for _, cid := range campaigns {
			ns, err := c.ListCampaignNumbers(ctx, cid)
			if err != nil {
				return nil, err
			}
			for _, n := range ns.PhoneNumbers {
				if n.Status == tendlcrules.StatusFailed {
					continue
				}
				out = append(out, listedObject{name: fmt.Sprintf("%s in campaign %s (%s)", n.Number, cid, n.Status), seed: map[string]string{
					"id": tendlcrules.CampaignNumberID(cid, n.Number), "campaign_id": cid, "number": n.Number,
				}})
			}
		}
		return out, nil
	},
}

// ---- cpaas_phone_number

// NewPhoneNumberListResource lists the numbers the account owns.
func NewPhoneNumberListResource() list.ListResource { return &listResource{listKind: phoneNumberList} }

var phoneNumberList = listKind{
	of: phoneNumberKind, objects: "phone numbers",
	description: "The numbers the account rents from the service, named by `number`, with the account's own filters (numbers " +
		"from its own carriers are `cpaas_own_carrier_number`'s). Destroying an imported " +
		"`cpaas_phone_number` releases the number: add `release_protection = true` to what you generate, and apply it.",
	filters: map[string]listschema.StringAttribute{
		"number_starts_with": {MarkdownDescription: "Only the numbers that start with these digits (country code first)."},
		"type": {
			MarkdownDescription: "Only the numbers of this type: `toll-free` (or `tollfree`), `local`, `mobile`, `national` or `fixed` " +
				"(`local` and `national` are kinds of `fixed`).",
			Validators: []validator.String{specRuleWorded(stringvalidator.OneOf(numberrules.TypeValues...),
				func(_, v string) error { return numberrules.CheckType(v) })},
		},
		"services": {MarkdownDescription: "Only the numbers with these services, comma-separated: `voice`, `sms` (for example `voice,sms`)."},
		"subaccount": {
			MarkdownDescription: "Only the numbers of this subaccount (its `auth_id`; the API's own filter). The main account's own " +
				"`auth_id` lists its own numbers; unset, every number the credentials reach.",
			Validators: []validator.String{stringvalidator.RegexMatches(AuthIDPattern, "must be MA or SA followed by 18 upper-case letters or digits")},
		},
	},
	find: func(ctx context.Context, c *client.Client, f listFilters) ([]listedObject, error) {
		all, err := c.ListAllNumbers(ctx, client.AccountNumberFilter{NumberStartsWith: f["number_starts_with"], Type: f["type"], Services: f["services"],
			Subaccount: f["subaccount"]})
		// Numbers from the account's own carriers are cpaas_own_carrier_number's:
		// their removal is no release.
		rented := func(n client.AccountNumber) bool { return n.Carrier == "" || n.Carrier == numberrules.ServiceCarrier }
		return byID(all, err, rented, func(n client.AccountNumber) (string, string) {
			name := n.Number
			if a := n.AliasText(); a != "" {
				name += " (" + a + ")"
			}
			return name, n.Number
		})
	},
}

// ---- cpaas_masking_session

// NewMaskingSessionListResource lists the account's masking sessions.
func NewMaskingSessionListResource() list.ListResource {
	return &listResource{listKind: maskingSessionList}
}

var maskingSessionList = listKind{
	of: maskingSessionKind, objects: "masking sessions",
	description: "The account's active masking sessions, named by `session_uuid`, with the API's filters. Expired sessions " +
		"are not listed: they cannot be imported or managed.",
	filters: map[string]listschema.StringAttribute{
		"first_party":    {MarkdownDescription: "Only the sessions of this first party, digits with the country code."},
		"second_party":   {MarkdownDescription: "Only the sessions of this second party, digits with the country code."},
		"virtual_number": {MarkdownDescription: "Only the sessions on this virtual number, digits with the country code."},
	},
	find: func(ctx context.Context, c *client.Client, f listFilters) ([]listedObject, error) {
		digits := func(name string) string { return strings.TrimPrefix(f[name], "+") }
		all, err := c.ListAllMaskingSessions(ctx, client.MaskingSessionFilter{
			FirstParty: digits("first_party"), SecondParty: digits("second_party"), VirtualNumber: digits("virtual_number"), Status: "active",
		})
		return byID(all, err, func(s client.MaskingSession) bool { return !s.IsExpired() }, // expired since the API's answer
			func(s client.MaskingSession) (string, string) {
				return fmt.Sprintf("%s <-> %s via %s", s.FirstParty, s.SecondParty, s.VirtualNumber), s.SessionUUID
			})
	},
}

// idFilterRule is a list filter's id shape (tendlcrules.CheckShape) at
// plan time, worded "must be a brand id, ...".
func idFilterRule(pattern *regexp.Regexp, words, rule string) validator.String {
	return specRuleWorded(stringvalidator.RegexMatches(pattern, words+rule), func(attr, v string) error {
		return tendlcrules.CheckShape(attr, v, pattern, rule)
	})
}
