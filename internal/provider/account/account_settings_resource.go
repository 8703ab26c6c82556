package account

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/accountrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// accountFamily is what Terraform is served of the account and its settings (provider.go's families).
var AccountFamily = kit.Family{
	Resources:   []func() resource.Resource{accountSettingsKind.NewResource},
	DataSources: []func() datasource.DataSource{accountData.NewDataSource},
	RealKinds:   realKinds,
}

// accountSettingsIdentity names the account by its auth_id (identity.go).
var accountSettingsIdentity = kit.ResourceIdentity{{Name: "auth_id", State: "id", Description: "The account's auth_id (`MA` or `SA` and 18 characters)."}}

// accountSettingsKind is cpaas_account_settings: the settable fields of the
// account the provider authenticates as, a singleton. The API has no
// create or delete for an account: create adopts it (updates it to the
// configuration), destroy forgets it, and says so. Its state never holds
// cash_credits, which changes with every billed call (data.cpaas_account
// reads it).
var accountSettingsKind = &kit.ObjectKind[accountSettingsModel]{
	TypeName: "_account_settings", What: "account settings", Identity: accountSettingsIdentity,
	Docs:   kit.PageDocs{Subcategory: kit.SubAccounts},
	Schema: accountSettingsSchema, Create: createAccountSettings, Update: updateAccountSettings,
	// A singleton has no list route, so the listing mechanism of the other
	// kinds does not apply: a refresh is one GET of the account itself.
	Refresh:   refreshAccountSettings,
	Delete:    forgetAccountSettings,
	Singleton: "the account has one settings object",
	ImportAs: func(id string) (map[string]string, string) {
		if !kit.AuthIDPattern.MatchString(id) {
			return nil, fmt.Sprintf("import id %q must be the auth_id the provider is configured with: MA or SA followed by 18 upper-case "+
				"letters or digits, for example MAXXXXXXXXXXXXXXXXXX.", id)
		}
		return nil, ""
	},
}

type accountSettingsModel struct {
	ID       types.String `tfsdk:"id"`
	Name     types.String `tfsdk:"name"`
	Address  types.String `tfsdk:"address"`
	City     types.String `tfsdk:"city"`
	State    types.String `tfsdk:"state"`
	Timezone types.String `tfsdk:"timezone"`
}

// timezoneRule is accountrules.CheckTimezone at plan time.
var timezoneRule = kit.SpecRule("must be "+accountrules.TimezoneRule, accountrules.CheckTimezone)

// accountSettingsLifecycle says what create and destroy do; the
// description quotes it.
const accountSettingsLifecycle = "The API neither creates nor deletes an account. **Create adopts the account** the provider " +
	"authenticates as (its `auth_id`): it sets the attributes you configure and reads the others. **Destroy forgets it**: the " +
	"resource leaves the state with a warning, and the account keeps every value it has. Declare it once per account. " +
	"A lost reply to an update is harmless: setting fields is retried like a read. There is no list resource " +
	"(`terraform query`): a provider configuration has one account; import it by its `auth_id`."

// accountSettingField is one settable field of the account: optional (left
// out, the account keeps its value, which the state then follows) and
// updated in place.
func accountSettingField(desc string, vs ...validator.String) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: desc + " Updates in place. Left out, the account keeps its value and the state follows it; " +
			"removing it from the configuration later changes nothing in the account.",
		Optional: true, Computed: true, Validators: vs,
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

func accountSettingsSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "The settings of the account the provider authenticates as: its name, postal address and time zone. " +
			accountSettingsLifecycle + " Its type, billing mode and balance are read-only: `data.cpaas_account` reads them (the " +
			"balance changes with every billed call, so no resource keeps it).",
		Attributes: map[string]schema.Attribute{
			"id":      kit.ComputedKeptString("The account's `auth_id`: the provider's own."),
			"name":    accountSettingField("Name of the account; `\"\"` empties it."),
			"address": accountSettingField("Postal address; `\"\"` empties it."),
			"city":    accountSettingField("City; `\"\"` empties it."),
			"state":   accountSettingField("State or region; `\"\"` empties it."),
			"timezone": accountSettingField("Time zone of the account, "+accountrules.TimezoneRule+" (checked at plan time against the "+
				"IANA database the provider carries).", timezoneRule),
		},
	}
}

// applyAccountSettings copies the account's record into m: the API
// returns every field ("" when empty), so each is read as it is.
func applyAccountSettings(m *accountSettingsModel, a *client.Account) {
	m.ID = types.StringValue(a.AuthID)
	m.Name = types.StringValue(a.Name)
	m.Address = types.StringValue(a.Address)
	m.City = types.StringValue(a.City)
	m.State = types.StringValue(a.State)
	m.Timezone = types.StringValue(a.Timezone)
}

// readOwnAccount reads the account, which must be the one the state names.
func readOwnAccount(ctx context.Context, c *client.Client, id string) (*client.Account, error) {
	if id != "" && id != c.AuthID() {
		return nil, fmt.Errorf("cpaas_account_settings manages the account the provider authenticates as, %s; this one names %s. "+
			"Configure the provider with that account's credentials, or import %s", c.AuthID(), id, c.AuthID())
	}
	return c.GetAccount(ctx)
}

func refreshAccountSettings(ctx context.Context, c *client.Client, id string, m *accountSettingsModel, _ resource.ReadRequest, _ *diag.Diagnostics) error {
	a, err := readOwnAccount(ctx, c, id)
	if err == nil {
		applyAccountSettings(m, a)
	}
	return err
}

// configured is what an update sends for v: nil when it is null or unknown
// (not configured: the account keeps its value).
func configured(v types.String) *string {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	s := v.ValueString()
	return &s
}

// createAccountSettings adopts the account: it sets what the
// configuration says, then reads the whole record.
func createAccountSettings(ctx context.Context, c *client.Client, plan *accountSettingsModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	in := client.AccountUpdate{Name: configured(plan.Name), Address: configured(plan.Address), City: configured(plan.City),
		State: configured(plan.State), Timezone: configured(plan.Timezone)}
	return sendAccountSettings(ctx, c, plan, in, "Error adopting the account", &resp.Diagnostics)
}

func updateAccountSettings(ctx context.Context, c *client.Client, plan, state *accountSettingsModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	in := client.AccountUpdate{Name: kit.ChangedString(plan.Name, state.Name), Address: kit.ChangedString(plan.Address, state.Address),
		City: kit.ChangedString(plan.City, state.City), State: kit.ChangedString(plan.State, state.State), Timezone: kit.ChangedString(plan.Timezone, state.Timezone)}
	return sendAccountSettings(ctx, c, plan, in, "Error updating the account", &resp.Diagnostics)
}

// sendAccountSettings sends in when it sets anything (the API's update
// needs a field) and reads the account into plan.
func sendAccountSettings(ctx context.Context, c *client.Client, plan *accountSettingsModel, in client.AccountUpdate, summary string, diags *diag.Diagnostics) bool {
	what := "account " + c.AuthID()
	if in != (client.AccountUpdate{}) {
		if err := c.UpdateAccount(ctx, in); err != nil {
			kit.AddAPIError(diags, summary, what, err)
			return false
		}
	}
	a, err := c.GetAccount(ctx)
	if err != nil {
		kit.AddAPIError(diags, "Error reading the account", what, err)
		return false
	}
	// What this apply set stays as planned, whatever the read says: a
	// write of someone else in between is drift for the next plan to show,
	// never an inconsistent result of this one.
	sent := *plan
	applyAccountSettings(plan, a)
	for _, f := range []struct{ got, want *types.String }{{&plan.Name, &sent.Name}, {&plan.Address, &sent.Address},
		{&plan.City, &sent.City}, {&plan.State, &sent.State}, {&plan.Timezone, &sent.Timezone}} {
		if kit.Known(f.want) {
			*f.got = *f.want
		}
	}
	return true
}

// forgetAccountSettings is the destroy: no API call, a warning.
func forgetAccountSettings(_ context.Context, _ *client.Client, state *accountSettingsModel, diags *diag.Diagnostics) {
	diags.AddWarning("The account was not changed",
		fmt.Sprintf("cpaas_account_settings only leaves the state: account %s keeps its name, address, city, state and timezone "+
			"as they are. The API cannot delete an account.", state.ID.ValueString()))
}
