package subaccount

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/subaccountrules"
)

// subaccountData is data.cpaas_subaccount: a subaccount made elsewhere, by
// auth_id. Like the resource, it never reads the auth_token into the state.
var subaccountData = &kit.DataKind[subaccountDataModel]{
	TypeName: "_subaccount", Schema: subaccountDataSchema,
	Subcategory: kit.SubAccounts,
	Read: kit.ReadByID("subaccount", func(m *subaccountDataModel) string { return m.AuthID.ValueString() },
		(*client.Client).GetSubaccount, applySubaccountData),
}

type subaccountDataModel struct {
	ID       types.String `tfsdk:"id"`
	AuthID   types.String `tfsdk:"auth_id"`
	Name     types.String `tfsdk:"name"`
	Enabled  types.Bool   `tfsdk:"enabled"`
	Created  types.String `tfsdk:"created"`
	Modified types.String `tfsdk:"modified"`
}

func subaccountDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a subaccount of the main account by its `auth_id`. " + subaccountTokenRule,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedString("Subaccount `auth_id`, the same as `auth_id`."),
			"auth_id": schema.StringAttribute{
				MarkdownDescription: "Subaccount `auth_id`, " + subaccountrules.IDRule + ".",
				Required:            true,
				Validators:          []validator.String{SubaccountIDRule},
			},
			"name":     kit.ComputedString("Name of the subaccount."),
			"enabled":  kit.ComputedBool("Whether the subaccount's credentials work."),
			"created":  kit.ComputedString("Date the subaccount was created, `YYYY-MM-DD`."),
			"modified": kit.ComputedString("Date the subaccount was last changed, `YYYY-MM-DD`, or null when it never was."),
		},
	}
}

func applySubaccountData(m *subaccountDataModel, s *client.Subaccount) {
	m.ID = types.StringValue(s.AuthID)
	m.AuthID = types.StringValue(s.AuthID)
	m.Name = types.StringValue(s.Name)
	m.Enabled = types.BoolValue(s.Enabled)
	m.Created = kit.StringOrNull(s.Created)
	m.Modified = types.StringPointerValue(s.Modified)
}
