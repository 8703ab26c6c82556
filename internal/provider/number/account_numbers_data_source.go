package number

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// accountNumbersData is data.cpaas_account_numbers: it lists the numbers the
// account owns.
var accountNumbersData = &kit.DataKind[accountNumbersModel]{
	TypeName: "_account_numbers", Schema: accountNumbersDataSchema, Read: listAccountNumbers,
	Subcategory:    kit.SubPhoneNumbers,
	ValidateConfig: checkAccountNumbersData,
}

type accountNumbersModel struct {
	NumberStartsWith types.String `tfsdk:"number_startswith"`
	Type             types.String `tfsdk:"type"`
	Services         types.Set    `tfsdk:"services"`
	Subaccount       types.String `tfsdk:"subaccount"`
	// The API's filters of the number record's 10DLC and toll-free fields.
	TendlcStatus     types.String         `tfsdk:"tendlc_registration_status"`
	TendlcCampaignID types.String         `tfsdk:"tendlc_campaign_id"`
	TollfreeStatus   types.String         `tfsdk:"toll_free_sms_verification"`
	Numbers          []accountNumberModel `tfsdk:"numbers"`
}

type accountNumberModel struct {
	Number types.String `tfsdk:"number"`
	AppID  types.String `tfsdk:"app_id"`
	Alias  types.String `tfsdk:"alias"`
	// numberRecordModel holds sub_account, the subaccount the number is
	// in, as the API reports it.
	numberRecordModel
}

func accountNumbersDataSchema(context.Context) schema.Schema {
	elem := map[string]schema.Attribute{
		"number": kit.ComputedString("The number, digits with the country code."),
		"app_id": kit.ComputedString("Id of the attached application, or null."),
		"alias":  kit.ComputedString("Friendly name of the number, or null when it has none (the API writes null or an empty string)."),
	}
	addRecordAttributes(elem, func(d string) schema.Attribute { return kit.ComputedString(d) },
		func(d string) schema.Attribute { return kit.ComputedInt64(d) }, func(d string) schema.Attribute { return kit.ComputedBool(d) })
	return schema.Schema{
		MarkdownDescription: "Lists the phone numbers the account owns — bought with `cpaas_phone_number`, elsewhere, or given " +
			"with the account — in ascending number order.",
		Attributes: map[string]schema.Attribute{
			"number_startswith": schema.StringAttribute{
				MarkdownDescription: "Keeps numbers starting with these digits (country code first, no `+`).",
				Optional:            true,
				Validators: []validator.String{
					kit.SpecRule("digits, country code first, without \"+\"", func(attr, v string) error {
						if !numberrules.AllDigits(v) {
							return fmt.Errorf("%s must be digits, country code first, without \"+\", got %q", attr, v)
						}
						return nil
					}),
				},
			},
			"type": schema.StringAttribute{
				MarkdownDescription: "Keeps numbers of this type or sub-type: `toll-free`, `local`, `mobile`, `national` or `fixed`.",
				Optional:            true,
			},
			"services": schema.SetAttribute{
				MarkdownDescription: "Keeps numbers offering every listed service: any of `voice` and `sms`.",
				ElementType:         types.StringType,
				Optional:            true,
				Validators:          []validator.Set{setvalidator.SizeAtLeast(1)},
			},
			"subaccount": schema.StringAttribute{
				MarkdownDescription: "Keeps the numbers of this subaccount (its `auth_id`; the API's own filter); the main account's own " +
					"`auth_id` keeps its own. Unset, every number the credentials reach: a main account's include its subaccounts'.",
				Optional:   true,
				Validators: []validator.String{stringvalidator.RegexMatches(kit.AuthIDPattern, "must be MA or SA followed by 18 upper-case letters or digits")},
			},
			"tendlc_registration_status": schema.StringAttribute{
				MarkdownDescription: "Keeps the numbers in this 10DLC registration state, as the API's filter names them: `unregistered`, " +
					"`in_progress` (a link pending) or `registered` (linked); the records say `UNREGISTERED`, `PROCESSING` and `COMPLETED`.",
				Optional: true,
				Validators: []validator.String{kit.SpecRule(numberrules.RuleTendlcFilter, func(attr, v string) error {
					if _, ok := numberrules.TendlcStatusOfFilter(v); !ok {
						return fmt.Errorf("%s %s, got %q", attr, numberrules.RuleTendlcFilter, v)
					}
					return nil
				})},
			},
			"tendlc_campaign_id": schema.StringAttribute{
				MarkdownDescription: "Keeps the numbers linked to (or with a link pending for) this 10DLC campaign, " + tendlcrules.CampaignIDRule + ".",
				Optional:            true,
				Validators:          []validator.String{kit.ShapeRule(tendlcrules.CampaignIDPattern, tendlcrules.CampaignIDRule)},
			},
			"toll_free_sms_verification": schema.StringAttribute{
				MarkdownDescription: "Keeps the toll-free numbers in this SMS verification state: `unverified`, `pending_verification` or `verified`.",
				Optional:            true,
				Validators: []validator.String{kit.SpecRule(numberrules.RuleTollfreeFilter, func(attr, v string) error {
					if _, ok := numberrules.TollfreeStatusOfFilter(v); !ok {
						return fmt.Errorf("%s %s, got %q", attr, numberrules.RuleTollfreeFilter, v)
					}
					return nil
				})},
			},
			"numbers": schema.ListNestedAttribute{
				MarkdownDescription: "The account's numbers that match, in ascending number order.",
				Computed:            true,
				NestedObject:        schema.NestedAttributeObject{Attributes: elem},
			},
		},
	}
}

// ValidateConfig checks type and services with the rules of the search.
func checkAccountNumbersData(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	m, ok := kit.Decode[accountNumbersModel](ctx, req.Config, &resp.Diagnostics)
	if !ok {
		return
	}
	if kit.Known(m.Type) {
		if _, ok := numberrules.NormalizeType(m.Type.ValueString()); !ok {
			resp.Diagnostics.AddAttributeError(path.Root("type"), "Invalid phone number filter",
				fmt.Sprintf("type = %q: %s.", m.Type.ValueString(), numberrules.RuleType))
		}
	}
	services, known, diags := kit.SetStrings(ctx, m.Services)
	resp.Diagnostics.Append(diags...)
	if joined := strings.Join(services, ","); known && joined != "" {
		if _, _, ok := numberrules.ParseServices(joined); !ok {
			resp.Diagnostics.AddAttributeError(path.Root("services"), "Invalid phone number filter",
				fmt.Sprintf("services = %q: %s.", joined, numberrules.RuleServices))
		}
	}
}

// listAccountNumbers reads the account's numbers the filters keep.
func listAccountNumbers(ctx context.Context, c *client.Client, m *accountNumbersModel, diags *diag.Diagnostics) {
	services, _, d := kit.SetStrings(ctx, m.Services)
	diags.Append(d...)
	list, err := c.ListAllNumbers(ctx, client.AccountNumberFilter{
		NumberStartsWith: m.NumberStartsWith.ValueString(),
		Type:             m.Type.ValueString(),
		Services:         strings.Join(services, ","),
		Subaccount:       m.Subaccount.ValueString(),

		TendlcRegistrationStatus: m.TendlcStatus.ValueString(),
		TendlcCampaignID:         m.TendlcCampaignID.ValueString(),
		TollfreeSMSVerification:  m.TollfreeStatus.ValueString(),
	})
	if err != nil {
		kit.AddAPIError(diags, "Error listing the account's phone numbers", "account numbers", err)
		return
	}
	m.Numbers = make([]accountNumberModel, len(list))
	for i := range list {
		n := &list[i]
		e := accountNumberModel{Number: types.StringValue(n.Number), AppID: types.StringNull(), Alias: types.StringNull()}
		if app := n.AppID(); app != "" {
			e.AppID = types.StringValue(app)
		}
		if a := n.AliasText(); a != "" {
			e.Alias = types.StringValue(a)
		}
		e.numberRecordModel = recordFrom(n)
		m.Numbers[i] = e
	}
}
