package provider

import (
	"context"
	"fmt"
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
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// List resources (Terraform 1.14+): `terraform query` finds the objects of
// the account and, with -generate-config-out, writes a resource block and
// an import block (by identity) for each. Every list names each object by
// the identity its resource imports, and with include_resource fills the
// resource data by that resource's own Read, seeded as its import is: the
// data is exactly what an import of the object reads, so the generated
// configuration plans no change after the import.

var (
	_ list.ListResourceWithConfigure = &EndpointListResource{}
	_ list.ListResourceWithConfigure = &TenDLCBrandListResource{}
	_ list.ListResourceWithConfigure = &TenDLCCampaignListResource{}
	_ list.ListResourceWithConfigure = &TenDLCCampaignNumberListResource{}
	_ list.ListResourceWithConfigure = &PhoneNumberListResource{}
	_ list.ListResourceWithConfigure = &MaskingSessionListResource{}
)

// lister is what every list resource shares: the client and the results.
type lister struct {
	client *client.Client
}

func (l *lister) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	l.client = clientFrom(req.ProviderData, &resp.Diagnostics)
}

// listedObject is one object found: its display name and the state
// attributes its import sets (the identity is made of some of them).
type listedObject struct {
	name string
	seed map[string]string
}

// stream pushes one result per object, at most req.Limit of them, then
// stops. find runs lazily, when Terraform starts reading the stream.
func (l *lister) stream(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream, kind string, ident resourceIdentity,
	read func() resource.ResourceWithConfigure, find func(ctx context.Context) ([]listedObject, error)) {
	resp.Results = func(push func(list.ListResult) bool) {
		objs, err := find(ctx)
		if err != nil {
			res := list.ListResult{}
			addAPIError(&res.Diagnostics, "Error listing "+kind+"s", "the account's "+kind+"s", err)
			push(res)
			return
		}
		for i, o := range objs {
			if req.Limit > 0 && int64(i) >= req.Limit {
				return
			}
			if !push(l.result(ctx, req, ident, read, o)) {
				return
			}
		}
	}
}

// result names o by identity and, when asked, fills the resource data by
// the resource's Read of the state an import of o starts from.
func (l *lister) result(ctx context.Context, req list.ListRequest, ident resourceIdentity, newResource func() resource.ResourceWithConfigure,
	o listedObject) list.ListResult {
	res := req.NewListResult(ctx)
	res.DisplayName = o.name
	for _, a := range ident {
		res.Diagnostics.Append(res.Identity.SetAttribute(ctx, path.Root(a.name), o.seed[a.state])...)
	}
	if !req.IncludeResource || res.Diagnostics.HasError() {
		return res
	}
	state := tfsdk.State{Schema: req.ResourceSchema, Raw: tftypes.NewValue(req.ResourceSchema.Type().TerraformType(ctx), nil)}
	for k, v := range o.seed {
		res.Diagnostics.Append(state.SetAttribute(ctx, path.Root(k), types.StringValue(v))...)
	}
	r := newResource()
	cr := resource.ConfigureResponse{}
	r.Configure(ctx, resource.ConfigureRequest{ProviderData: l.client}, &cr)
	res.Diagnostics.Append(cr.Diagnostics...)
	if res.Diagnostics.HasError() {
		return res
	}
	rr := resource.ReadResponse{State: state, Identity: res.Identity}
	r.Read(ctx, resource.ReadRequest{State: state, Identity: res.Identity}, &rr)
	res.Diagnostics.Append(rr.Diagnostics...)
	if rr.State.Raw.IsNull() && !res.Diagnostics.HasError() {
		res.Diagnostics.AddWarning("Object gone while listing", fmt.Sprintf("%s disappeared between the list and its read; it has no resource data.", o.name))
		return res
	}
	res.Resource = &tfsdk.Resource{Schema: rr.State.Schema, Raw: rr.State.Raw}
	return res
}

// listFilter reads the list block's configuration into target.
func listFilter(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream, target any) bool {
	diags := req.Config.Get(ctx, target)
	if diags.HasError() {
		resp.Results = list.ListResultsStreamDiagnostics(diags)
		return false
	}
	return true
}

// ---- cpaas_endpoint

// EndpointListResource lists the account's SIP endpoints.
type EndpointListResource struct{ lister }

// NewEndpointListResource is the constructor the provider registers.
func NewEndpointListResource() list.ListResource { return &EndpointListResource{} }

func (r *EndpointListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_endpoint"
}

func (r *EndpointListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "Every SIP endpoint of the account, named by `endpoint_id`. The API offers no filter; `username` narrows " +
			"the list to endpoints whose requested username (the SIP username without its 12 digits) is the one given. Passwords are never " +
			"listed: an endpoint imported without one keeps its own.",
		Attributes: map[string]listschema.Attribute{
			"username": listschema.StringAttribute{
				MarkdownDescription: "Only the endpoints whose requested username is this one.",
				Optional:            true,
			},
		},
	}
}

func (r *EndpointListResource) List(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream) {
	var f struct {
		Username types.String `tfsdk:"username"`
	}
	if !listFilter(ctx, req, resp, &f) {
		return
	}
	r.stream(ctx, req, resp, "endpoint", endpointIdentity, func() resource.ResourceWithConfigure { return &EndpointResource{} },
		func(ctx context.Context) ([]listedObject, error) {
			all, err := r.client.ListAllEndpoints(ctx)
			var out []listedObject
			for _, e := range all {
				if u := f.Username.ValueString(); u != "" && !endpointrules.IsSIPUsernameOf(e.Username, u) {
					continue
				}
				out = append(out, listedObject{name: fmt.Sprintf("%s (%s)", e.Alias, e.Username), seed: map[string]string{"id": e.EndpointID}})
			}
			return out, err
		})
}

// ---- cpaas_10dlc_brand

// TenDLCBrandListResource lists the account's 10DLC brands.
type TenDLCBrandListResource struct{ lister }

// NewTenDLCBrandListResource is the constructor the provider registers.
func NewTenDLCBrandListResource() list.ListResource { return &TenDLCBrandListResource{} }

func (r *TenDLCBrandListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_10dlc_brand"
}

func (r *TenDLCBrandListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "Every 10DLC brand of the account, named by `brand_id`. A brand's `url` and `method` cannot be read back, " +
			"so they are not listed (an imported brand keeps them).",
		Attributes: map[string]listschema.Attribute{
			"registration_status": listschema.StringAttribute{
				MarkdownDescription: "Only the brands in this status: `PROCESSING`, `COMPLETED` or `FAILED`.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.OneOf(tendlcrules.StatusProcessing, tendlcrules.StatusCompleted, tendlcrules.StatusFailed)},
			},
		},
	}
}

func (r *TenDLCBrandListResource) List(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream) {
	var f struct {
		Status types.String `tfsdk:"registration_status"`
	}
	if !listFilter(ctx, req, resp, &f) {
		return
	}
	r.stream(ctx, req, resp, "10DLC brand", brandIdentity, func() resource.ResourceWithConfigure { return &TenDLCBrandResource{} },
		func(ctx context.Context) ([]listedObject, error) {
			all, err := r.client.ListAllBrands(ctx)
			var out []listedObject
			for _, b := range all {
				if s := f.Status.ValueString(); s != "" && b.RegistrationStatus != s {
					continue
				}
				out = append(out, listedObject{name: fmt.Sprintf("%s (%s, %s)", b.BrandAlias, b.BrandID, b.RegistrationStatus), seed: map[string]string{"id": b.BrandID}})
			}
			return out, err
		})
}

// ---- cpaas_10dlc_campaign

// TenDLCCampaignListResource lists the account's 10DLC campaigns.
type TenDLCCampaignListResource struct{ lister }

// NewTenDLCCampaignListResource is the constructor the provider registers.
func NewTenDLCCampaignListResource() list.ListResource { return &TenDLCCampaignListResource{} }

func (r *TenDLCCampaignListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_10dlc_campaign"
}

func (r *TenDLCCampaignListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "Every 10DLC campaign of the account, or of one brand, named by `campaign_id`. A campaign's `url` and " +
			"`method` cannot be read back, so they are not listed (an imported campaign keeps them).",
		Attributes: map[string]listschema.Attribute{
			"brand_id": listschema.StringAttribute{
				MarkdownDescription: "Only the campaigns of this brand (the API's own filter).",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.RegexMatches(tendlcrules.BrandIDPattern, "must be a brand id, "+tendlcrules.BrandIDRule)},
			},
		},
	}
}

func (r *TenDLCCampaignListResource) List(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream) {
	var f struct {
		BrandID types.String `tfsdk:"brand_id"`
	}
	if !listFilter(ctx, req, resp, &f) {
		return
	}
	r.stream(ctx, req, resp, "10DLC campaign", campaignIdentity, func() resource.ResourceWithConfigure { return &TenDLCCampaignResource{} },
		func(ctx context.Context) ([]listedObject, error) {
			all, err := r.client.ListAllCampaigns(ctx, f.BrandID.ValueString())
			var out []listedObject
			for _, k := range all {
				out = append(out, listedObject{name: fmt.Sprintf("%s (%s, brand %s)", k.CampaignAlias, k.CampaignID, k.BrandID), seed: map[string]string{"id": k.CampaignID}})
			}
			return out, err
		})
}

// ---- cpaas_10dlc_campaign_number

// TenDLCCampaignNumberListResource lists the numbers linked to campaigns.
type TenDLCCampaignNumberListResource struct{ lister }

// NewTenDLCCampaignNumberListResource is the constructor the provider registers.
func NewTenDLCCampaignNumberListResource() list.ListResource {
	return &TenDLCCampaignNumberListResource{}
}

func (r *TenDLCCampaignNumberListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_10dlc_campaign_number"
}

func (r *TenDLCCampaignNumberListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "The numbers linked (or being linked) to one campaign, or to every campaign of the account, named by " +
			"`campaign_id` and `number`. A link the operators refused holds nothing and is not listed.",
		Attributes: map[string]listschema.Attribute{
			"campaign_id": listschema.StringAttribute{
				MarkdownDescription: "Only the numbers of this campaign. Without it, every campaign's numbers (one request per campaign).",
				Optional:            true,
				Validators: []validator.String{
					stringvalidator.RegexMatches(tendlcrules.CampaignIDPattern, "must be a campaign id, "+tendlcrules.CampaignIDRule),
					stringvalidator.ConflictsWith(path.MatchRoot("brand_id")),
				},
			},
			"brand_id": listschema.StringAttribute{
				MarkdownDescription: "Only the numbers of this brand's campaigns.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.RegexMatches(tendlcrules.BrandIDPattern, "must be a brand id, "+tendlcrules.BrandIDRule)},
			},
		},
	}
}

func (r *TenDLCCampaignNumberListResource) List(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream) {
	var f struct {
		CampaignID types.String `tfsdk:"campaign_id"`
		BrandID    types.String `tfsdk:"brand_id"`
	}
	if !listFilter(ctx, req, resp, &f) {
		return
	}
	r.stream(ctx, req, resp, "10DLC number link", campaignNumberIdentity,
		func() resource.ResourceWithConfigure { return &TenDLCCampaignNumberResource{} },
		func(ctx context.Context) ([]listedObject, error) {
			campaigns := []string{f.CampaignID.ValueString()}
			if f.CampaignID.ValueString() == "" {
				all, err := r.client.ListAllCampaigns(ctx, f.BrandID.ValueString())
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
				ns, err := r.client.ListCampaignNumbers(ctx, cid)
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
		})
}

// ---- cpaas_phone_number

// PhoneNumberListResource lists the numbers the account owns.
type PhoneNumberListResource struct{ lister }

// NewPhoneNumberListResource is the constructor the provider registers.
func NewPhoneNumberListResource() list.ListResource { return &PhoneNumberListResource{} }

func (r *PhoneNumberListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_phone_number"
}

func (r *PhoneNumberListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "The numbers the account owns, named by `number`, with the account's own filters. Destroying an imported " +
			"`cpaas_phone_number` releases the number: add `lifecycle { prevent_destroy = true }` to what you generate.",
		Attributes: map[string]listschema.Attribute{
			"number_starts_with": listschema.StringAttribute{
				MarkdownDescription: "Only the numbers that start with these digits (country code first).",
				Optional:            true,
			},
			"type": listschema.StringAttribute{
				MarkdownDescription: "Only the numbers of this type: `fixed`, `mobile` or `tollfree`.",
				Optional:            true,
				Validators:          []validator.String{stringvalidator.OneOf("fixed", "mobile", "tollfree")},
			},
			"services": listschema.StringAttribute{
				MarkdownDescription: "Only the numbers with these services, comma-separated: `voice`, `sms` (for example `voice,sms`).",
				Optional:            true,
			},
		},
	}
}

func (r *PhoneNumberListResource) List(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream) {
	var f struct {
		StartsWith types.String `tfsdk:"number_starts_with"`
		Type       types.String `tfsdk:"type"`
		Services   types.String `tfsdk:"services"`
	}
	if !listFilter(ctx, req, resp, &f) {
		return
	}
	r.stream(ctx, req, resp, "phone number", phoneNumberIdentity, func() resource.ResourceWithConfigure { return &PhoneNumberResource{} },
		func(ctx context.Context) ([]listedObject, error) {
			all, err := r.client.ListAllNumbers(ctx, client.AccountNumberFilter{
				NumberStartsWith: f.StartsWith.ValueString(), Type: f.Type.ValueString(), Services: f.Services.ValueString(),
			})
			var out []listedObject
			for _, n := range all {
				name := n.Number
				if n.Alias != "" {
					name += " (" + n.Alias + ")"
				}
				out = append(out, listedObject{name: name, seed: map[string]string{"id": n.Number}})
			}
			return out, err
		})
}

// ---- cpaas_masking_session

// MaskingSessionListResource lists the account's masking sessions.
type MaskingSessionListResource struct{ lister }

// NewMaskingSessionListResource is the constructor the provider registers.
func NewMaskingSessionListResource() list.ListResource { return &MaskingSessionListResource{} }

func (r *MaskingSessionListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_masking_session"
}

func (r *MaskingSessionListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "The account's active masking sessions, named by `session_uuid`, with the API's filters. Expired sessions " +
			"are not listed: they cannot be imported or managed.",
		Attributes: map[string]listschema.Attribute{
			"first_party":    listschema.StringAttribute{MarkdownDescription: "Only the sessions of this first party, digits with the country code.", Optional: true},
			"second_party":   listschema.StringAttribute{MarkdownDescription: "Only the sessions of this second party, digits with the country code.", Optional: true},
			"virtual_number": listschema.StringAttribute{MarkdownDescription: "Only the sessions on this virtual number, digits with the country code.", Optional: true},
		},
	}
}

func (r *MaskingSessionListResource) List(ctx context.Context, req list.ListRequest, resp *list.ListResultsStream) {
	var f struct {
		FirstParty    types.String `tfsdk:"first_party"`
		SecondParty   types.String `tfsdk:"second_party"`
		VirtualNumber types.String `tfsdk:"virtual_number"`
	}
	if !listFilter(ctx, req, resp, &f) {
		return
	}
	digits := func(s types.String) string { return strings.TrimPrefix(s.ValueString(), "+") }
	r.stream(ctx, req, resp, "masking session", maskingSessionIdentity, func() resource.ResourceWithConfigure { return &MaskingSessionResource{} },
		func(ctx context.Context) ([]listedObject, error) {
			all, err := r.client.ListAllMaskingSessions(ctx, client.MaskingSessionFilter{
				FirstParty: digits(f.FirstParty), SecondParty: digits(f.SecondParty), VirtualNumber: digits(f.VirtualNumber), Status: "active",
			})
			var out []listedObject
			for _, s := range all {
				if s.IsExpired() {
					continue // expired since the API's answer
				}
				out = append(out, listedObject{name: fmt.Sprintf("%s <-> %s via %s", s.FirstParty, s.SecondParty, s.VirtualNumber),
					seed: map[string]string{"id": s.SessionUUID}})
			}
			return out, err
		})
}
