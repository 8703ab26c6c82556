package trunking

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/trunkingrules"
)

// sipCredentialListKind is cpaas_sip_credential_list, the username and
// password an outbound trunk authenticates its PBX by: read, updated in
// place, deleted and imported by its credential_uuid. The password is
// write-only (password_wo with password_wo_version, as cpaas_endpoint's):
// it reaches the API and nothing else.
var sipCredentialListKind = &kit.ObjectKind[sipCredentialListModel]{
	TypeName: "_sip_credential_list", What: "credentials list", Identity: sipCredentialListIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubSIPTrunking, Listed: &kit.ListedDoc{
		Limit:   client.SIPCredentialListing.Limit,
		Objects: "credential lists",
		Object:  "credential list",
		From:    "the account's credential lists",
	}},
	Schema: sipCredentialListSchema, Create: createSIPCredentialList, Update: updateSIPCredentialList,
	Refresh: kit.ReadListed(client.SIPCredentialListing, applySIPCredentialList, nil),
	Remove:  (*client.Client).DeleteSIPCredential,
}

type sipCredentialListModel struct {
	ID                types.String `tfsdk:"id"`
	Name              types.String `tfsdk:"name"`
	Username          types.String `tfsdk:"username"`
	PasswordWO        types.String `tfsdk:"password_wo"`
	PasswordWOVersion types.Int64  `tfsdk:"password_wo_version"`
}

func sipCredentialListSchema(context.Context) schema.Schema {
	pw, version := sipWriteOnlyPassword("the PBX authenticates with", true)
	return schema.Schema{
		MarkdownDescription: "A credentials list of the SIP trunking service: the username and password an outbound trunk " +
			"(`cpaas_sip_trunk`) authenticates its PBX's SIP traffic by (digest authentication).\n\n" + sipPasswordNote + "\n\n" + sipInUseNote + "\n\n" + adoptRuleSIPCredentialList,
		Attributes: map[string]schema.Attribute{
			"id":   kit.ComputedKeptString("Credentials list UUID (`credential_uuid`)."),
			"name": sipName("credentials list"),
			"username": schema.StringAttribute{
				MarkdownDescription: "The SIP username the PBX authenticates with, " + trunkingrules.SIPUsernameRule + ". Updates in place.",
				Required:            true,
				Validators:          []validator.String{sipUsernameRule},
			},
			"password_wo":         pw,
			"password_wo_version": version,
		},
	}
}

func createSIPCredentialList(ctx context.Context, c *client.Client, plan *sipCredentialListModel, req resource.CreateRequest, resp *resource.CreateResponse) bool {
	// password_wo is only in the configuration, never in the plan.
	password, _ := kit.RawString(req.Config.Raw, "password_wo")
	in := client.SIPCredentialCreate{Name: plan.Name.ValueString(), Username: plan.Username.ValueString(), Password: password}
	created, err := createSIPOrAdopt(ctx, "credentials list", fmt.Sprintf("name %q and username %q", in.Name, in.Username),
		func(ctx context.Context) (string, error) {
			out, err := c.CreateSIPCredential(ctx, in)
			if err != nil {
				return "", err
			}
			return out.CredentialUUID, nil
		},
		c.ListAllSIPCredentials, func(x *client.SIPCredential) bool { return x.Name == in.Name && x.Username == in.Username },
		func(x *client.SIPCredential) string { return x.CredentialUUID })
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating credentials list", "credentials list for username "+plan.Username.ValueString(), err)
		return false
	}
	// Record the id at once: the list exists, whatever follows. A failed
	// password update below leaves it in the state with the error (kept,
	// not tainted, when the run was interrupted), never orphaned.
	plan.ID = types.StringValue(created.id)
	plan.PasswordWO = types.StringNull()
	if created.adopted {
		// The match could not compare passwords: give the adopted list the configured one.
		if err := c.UpdateSIPCredential(ctx, created.id, client.SIPCredentialUpdate{Password: &password}); err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error creating credentials list", "credentials list "+created.id,
				fmt.Errorf("adopted credentials list %s, but setting its password failed: %w", created.id, err))
		}
	}
	return true
}

// applySIPCredentialList copies what the API reports into m; the password
// is never reported, so password_wo_version keeps what the state holds.
func applySIPCredentialList(m *sipCredentialListModel, x *client.SIPCredential) {
	m.ID = types.StringValue(x.CredentialUUID)
	m.Name = kit.StringOrNull(x.Name)
	m.Username = types.StringValue(x.Username)
	m.PasswordWO = types.StringNull()
}

func updateSIPCredentialList(ctx context.Context, c *client.Client, plan, state *sipCredentialListModel, req resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	in := client.SIPCredentialUpdate{Name: kit.ChangedString(plan.Name, state.Name), Username: kit.ChangedString(plan.Username, state.Username)}
	if password, ok := kit.RawString(req.Config.Raw, "password_wo"); ok && !plan.PasswordWOVersion.Equal(state.PasswordWOVersion) {
		in.Password = &password
	}
	plan.PasswordWO = types.StringNull()
	if in == (client.SIPCredentialUpdate{}) {
		return true
	}
	if err := c.UpdateSIPCredential(ctx, state.ID.ValueString(), in); err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating credentials list", "credentials list "+state.ID.ValueString(), err)
		return false
	}
	return true
}
