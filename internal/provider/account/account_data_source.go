package account

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// accountData is data.cpaas_account: the account the provider
// authenticates as. It shows cash_credits, read afresh at every run; the
// resource cpaas_account_settings never keeps it (it changes with every
// billed call, so a kept value would be a perpetual diff).
var accountData = &kit.DataKind[accountDataModel]{
	TypeName: "_account", Schema: accountDataSchema, Read: readAccountData,
	Subcategory: kit.SubAccounts,
}

type accountDataModel struct {
	ID           types.String `tfsdk:"id"`
	AuthID       types.String `tfsdk:"auth_id"`
	AccountType  types.String `tfsdk:"account_type"`
	BillingMode  types.String `tfsdk:"billing_mode"`
	AutoRecharge types.Bool   `tfsdk:"auto_recharge"`
	CashCredits  types.String `tfsdk:"cash_credits"`
	Name         types.String `tfsdk:"name"`
	Address      types.String `tfsdk:"address"`
	City         types.String `tfsdk:"city"`
	State        types.String `tfsdk:"state"`
	Timezone     types.String `tfsdk:"timezone"`
}

func accountDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads the account the provider authenticates as (its `auth_id`): its type and billing, for guards such as " +
			"\"buy numbers only on a paid account\", and the settings `cpaas_account_settings` manages. It takes no arguments.",
		Attributes: map[string]schema.Attribute{
			"id":            kit.ComputedString("The account's `auth_id`."),
			"auth_id":       kit.ComputedString("The account's `auth_id`."),
			"account_type":  kit.ComputedString("`standard` (a paid account) or `developer` (a free trial)."),
			"billing_mode":  kit.ComputedString("`prepaid` or `postpaid`."),
			"auto_recharge": kit.ComputedBool("Whether the balance is topped up automatically."),
			"cash_credits": kit.ComputedString("Balance in USD, a decimal string as the API writes it (`\"24.98800\"`; compare it with " +
				"`tonumber()`). It changes with every billed call: read it for checks, never feed it into a resource's argument " +
				"(every plan would then change that resource)."),
			"name":     kit.ComputedString("Name of the account, `\"\"` when unset."),
			"address":  kit.ComputedString("Postal address, `\"\"` when unset."),
			"city":     kit.ComputedString("City, `\"\"` when unset."),
			"state":    kit.ComputedString("State or region, `\"\"` when unset."),
			"timezone": kit.ComputedString("Time zone of the account, an IANA name (`Asia/Kolkata`)."),
		},
	}
}

func readAccountData(ctx context.Context, c *client.Client, m *accountDataModel, diags *diag.Diagnostics) {
	a, err := c.GetAccount(ctx)
	if err != nil {
		kit.AddAPIError(diags, "Error reading the account", "account "+c.AuthID(), err)
		return
	}
	m.ID = types.StringValue(a.AuthID)
	m.AuthID = types.StringValue(a.AuthID)
	m.AccountType = types.StringValue(a.AccountType)
	m.BillingMode = types.StringValue(a.BillingMode)
	m.AutoRecharge = types.BoolValue(a.AutoRecharge)
	m.CashCredits = types.StringValue(a.CashCredits)
	m.Name = types.StringValue(a.Name)
	m.Address = types.StringValue(a.Address)
	m.City = types.StringValue(a.City)
	m.State = types.StringValue(a.State)
	m.Timezone = types.StringValue(a.Timezone)
}
