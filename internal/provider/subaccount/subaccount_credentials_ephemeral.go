package subaccount

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/subaccountrules"
)

// subaccountCredentials is ephemeral.cpaas_subaccount_credentials: a
// subaccount's auth_id and auth_token, read from the API at each run, for
// an aliased provider block that manages the subaccount's own objects.
var subaccountCredentials = &kit.EphemeralKind[subaccountCredentialsModel]{
	TypeName: "_subaccount_credentials", Schema: subaccountCredentialsSchema, Open: openSubaccountCredentials,
	Subcategory: kit.SubAccounts,
}

type subaccountCredentialsModel struct {
	AuthID    types.String `tfsdk:"auth_id"`
	AuthToken types.String `tfsdk:"auth_token"`
}

// ephemeralVersionsRule says which Terraform versions read ephemeral
// resources and what the others do; the docs quote it.
const ephemeralVersionsRule = "Ephemeral resources need Terraform 1.10 or later, and so does a provider block configured " +
	"from one. Older CLIs, and OpenTofu before 1.11, refuse the `ephemeral` block; their users configure the subaccount's provider " +
	"block from the environment or a secret store instead (`CPAAS_AUTH_ID`, `CPAAS_AUTH_TOKEN`, or a `sensitive` variable " +
	"fed by the CI's secrets), never from a resource attribute, which would put the token in the state."

func subaccountCredentialsSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "A subaccount's credentials, read from the API at each run (`GET Subaccount/{auth_id}/`) with the " +
			"main account's, and never written to a plan or a state: configure an aliased provider block with them to " +
			"manage the subaccount's own endpoints, applications and numbers.\n\n" + ephemeralVersionsRule,
		Attributes: map[string]schema.Attribute{
			"auth_id": kit.EphemeralRequiredString("The subaccount's `auth_id`, "+subaccountrules.IDRule+" (`cpaas_subaccount`'s `auth_id`). "+
				"Read back as the API reports it.", SubaccountIDRule),
			"auth_token": kit.EphemeralComputedString("The subaccount's auth token (sensitive): the Basic-auth password of its API "+
				"requests. Use it only where Terraform keeps values out of the state: a provider block, another ephemeral "+
				"resource or a write-only argument.", true),
		},
	}
}

func openSubaccountCredentials(ctx context.Context, c *client.Client, m *subaccountCredentialsModel, diags *diag.Diagnostics) {
	id := m.AuthID.ValueString()
	sub, err := c.GetSubaccount(ctx, id)
	if err != nil {
		kit.AddAPIError(diags, "Error reading subaccount credentials", "subaccount "+id, err)
		return
	}
	m.AuthID = types.StringValue(sub.AuthID)
	m.AuthToken = types.StringValue(sub.AuthToken)
}
