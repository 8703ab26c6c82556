package trunking

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/trunkingrules"
)

// sipOriginationURIKind is cpaas_sip_origination_uri, where an inbound
// trunk delivers its calls (the PBX's SIP address): read, updated in place,
// deleted and imported by its uri_uuid. With authentication_needed, the
// service authenticates to the PBX with username and a write-only password.
var sipOriginationURIKind = &kit.ObjectKind[sipOriginationURIModel]{
	TypeName: "_sip_origination_uri", What: "origination URI", Identity: sipOriginationURIIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubSIPTrunking, Listed: &kit.ListedDoc{
		Limit:   client.OriginationURIListing.Limit,
		Objects: "origination URIs",
		Object:  "origination URI",
		From:    "the account's origination URIs",
	}},
	Schema: sipOriginationURISchema, Create: createSIPOriginationURI, Update: updateSIPOriginationURI,
	Refresh:        kit.ReadListed(client.OriginationURIListing, applySIPOriginationURI, nil),
	Remove:         (*client.Client).DeleteOriginationURI,
	ValidateConfig: validateSIPOriginationURI,
}

type sipOriginationURIModel struct {
	ID                   types.String `tfsdk:"id"`
	Name                 types.String `tfsdk:"name"`
	URI                  types.String `tfsdk:"uri"`
	AuthenticationNeeded types.Bool   `tfsdk:"authentication_needed"`
	Username             types.String `tfsdk:"username"`
	PasswordWO           types.String `tfsdk:"password_wo"`
	PasswordWOVersion    types.Int64  `tfsdk:"password_wo_version"`
}

func sipOriginationURISchema(context.Context) schema.Schema {
	pw, version := sipWriteOnlyPassword("the service authenticates to the PBX with; required when `authentication_needed` is true, refused otherwise", false)
	return schema.Schema{
		MarkdownDescription: "An origination URI of the SIP trunking service: the SIP address of the PBX an inbound trunk " +
			"(`cpaas_sip_trunk`, as its `primary_uri_id` or `fallback_uri_id`) delivers calls to.\n\n" + sipPasswordNote + "\n\n" + sipInUseNote + "\n\n" + adoptRuleSIPOriginationURI,
		Attributes: map[string]schema.Attribute{
			"id":   kit.ComputedKeptString("Origination URI UUID (`uri_uuid`)."),
			"name": sipName("origination URI"),
			"uri": schema.StringAttribute{
				MarkdownDescription: "Where calls go: " + trunkingrules.URIRule + ". Updates in place.",
				Required:            true,
				Validators:          []validator.String{originationURIRule},
			},
			"authentication_needed": schema.BoolAttribute{
				MarkdownDescription: "Whether the service authenticates to the PBX: then `username`, `password_wo` and " +
					"`password_wo_version` are required (checked at plan time); otherwise they are refused. Default `false`. Updates in place.",
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(false),
			},
			"username":            kit.OptionalString("Username the service authenticates to the PBX with, when `authentication_needed` is true. Updates in place."),
			"password_wo":         pw,
			"password_wo_version": version,
		},
	}
}

// validateSIPOriginationURI is trunkingrules.CheckOriginationAuth at plan
// time, on the attribute of each broken rule.
func validateSIPOriginationURI(_ context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	attrs := kit.RawRootAttributes(req.Config.Raw)
	needed := false
	if v, ok := attrs["authentication_needed"]; ok {
		if !v.IsKnown() {
			return
		}
		if !v.IsNull() {
			if err := v.As(&needed); err != nil {
				resp.Diagnostics.AddAttributeError(path.Root("authentication_needed"), "Invalid authentication_needed", err.Error())
				return
			}
		}
	}
	for _, name := range []string{"username", "password_wo"} {
		if v, ok := attrs[name]; ok && !v.IsKnown() {
			return
		}
	}
	errs := trunkingrules.CheckOriginationAuth(needed, kit.RawConfigured(attrs, "username"), kit.RawConfigured(attrs, "password_wo"), "username", "password_wo")
	for _, name := range []string{"username", "password_wo"} {
		if err := errs[name]; err != nil {
			resp.Diagnostics.AddAttributeError(path.Root(name), "Invalid origination URI authentication", err.Error()+".")
		}
	}
}

func createSIPOriginationURI(ctx context.Context, c *client.Client, plan *sipOriginationURIModel, req resource.CreateRequest, resp *resource.CreateResponse) bool {
	password, _ := kit.RawString(req.Config.Raw, "password_wo")
	in := client.OriginationURICreate{
		Name: plan.Name.ValueString(), URI: plan.URI.ValueString(), AuthenticationNeeded: plan.AuthenticationNeeded.ValueBool(),
		Username: plan.Username.ValueString(), Password: password,
	}
	created, err := createSIPOrAdopt(ctx, "origination URI", fmt.Sprintf("name %q and uri %q", in.Name, in.URI),
		func(ctx context.Context) (string, error) {
			out, err := c.CreateOriginationURI(ctx, in)
			if err != nil {
				return "", err
			}
			return out.URIUUID, nil
		},
		c.ListAllOriginationURIs, func(x *client.OriginationURI) bool {
			user := ""
			if x.Username != nil {
				user = *x.Username
			}
			return x.Name == in.Name && x.URI == in.URI && x.AuthenticationNeeded == in.AuthenticationNeeded && user == in.Username
		},
		func(x *client.OriginationURI) string { return x.URIUUID })
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating origination URI", "origination URI "+plan.URI.ValueString(), err)
		return false
	}
	// Record the id at once, as a credentials list does: a failed
	// password update below leaves the URI in the state, never orphaned.
	plan.ID = types.StringValue(created.id)
	plan.PasswordWO = types.StringNull()
	if created.adopted && in.AuthenticationNeeded {
		if err := c.UpdateOriginationURI(ctx, created.id, client.OriginationURIUpdate{Password: &password}); err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error creating origination URI", "origination URI "+created.id,
				fmt.Errorf("adopted origination URI %s, but setting its password failed: %w", created.id, err))
		}
	}
	return true
}

// applySIPOriginationURI copies what the API reports into m: username is
// null while authentication is off; the password is never reported.
func applySIPOriginationURI(m *sipOriginationURIModel, x *client.OriginationURI) {
	m.ID = types.StringValue(x.URIUUID)
	m.Name = kit.StringOrNull(x.Name)
	m.URI = types.StringValue(x.URI)
	m.AuthenticationNeeded = types.BoolValue(x.AuthenticationNeeded)
	m.Username = types.StringNull()
	if x.Username != nil {
		m.Username = kit.StringOrNull(*x.Username)
	}
	m.PasswordWO = types.StringNull()
}

func updateSIPOriginationURI(ctx context.Context, c *client.Client, plan, state *sipOriginationURIModel, req resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	in := client.OriginationURIUpdate{
		Name: kit.ChangedString(plan.Name, state.Name), URI: kit.ChangedString(plan.URI, state.URI),
	}
	if !plan.AuthenticationNeeded.Equal(state.AuthenticationNeeded) {
		v := plan.AuthenticationNeeded.ValueBool()
		in.AuthenticationNeeded = &v
	}
	if plan.AuthenticationNeeded.ValueBool() {
		in.Username = kit.ChangedString(plan.Username, state.Username)
		if password, ok := kit.RawString(req.Config.Raw, "password_wo"); ok && !plan.PasswordWOVersion.Equal(state.PasswordWOVersion) {
			in.Password = &password
		}
	}
	plan.PasswordWO = types.StringNull()
	if in == (client.OriginationURIUpdate{}) {
		return true
	}
	if err := c.UpdateOriginationURI(ctx, state.ID.ValueString(), in); err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating origination URI", "origination URI "+state.ID.ValueString(), err)
		return false
	}
	return true
}
