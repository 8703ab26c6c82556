package callerid

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/calleridrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/subaccount"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/subaccountrules"
)

// verifiedCallerIDsData is data.cpaas_verified_caller_ids: the account's
// verified caller IDs, filtered, so a plan can check that the caller ID an
// application uses is verified.
var verifiedCallerIDsData = &kit.DataKind[verifiedCallerIDsModel]{
	TypeName: "_verified_caller_ids", Schema: verifiedCallerIDsDataSchema, Read: listVerifiedCallerIDs,
	Subcategory: kit.SubPhoneNumbers,
}

type verifiedCallerIDsModel struct {
	PhoneNumber  types.String           `tfsdk:"phone_number"`
	Alias        types.String           `tfsdk:"alias"`
	Country      types.String           `tfsdk:"country"`
	Subaccount   types.String           `tfsdk:"subaccount"`
	PhoneNumbers []types.String         `tfsdk:"phone_numbers"`
	CallerIDs    []verifiedCallerIDData `tfsdk:"caller_ids"`
	TotalCount   types.Int64            `tfsdk:"total_count"`
}

type verifiedCallerIDData struct {
	PhoneNumber      types.String `tfsdk:"phone_number"`
	Alias            types.String `tfsdk:"alias"`
	Country          types.String `tfsdk:"country"`
	Subaccount       types.String `tfsdk:"subaccount"`
	VerificationUUID types.String `tfsdk:"verification_uuid"`
	CreatedAt        types.String `tfsdk:"created_at"`
	ModifiedAt       types.String `tfsdk:"modified_at"`
}

// callerIDNumberRule checks a phone number with the API's own rule.
var callerIDNumberRule = kit.SpecRule("must be "+calleridrules.NumberRule, calleridrules.CheckNumber)

// callerIDAliasRule checks an alias with the API's own rule (characters).
var callerIDAliasRule = kit.SpecRule("must be "+calleridrules.AliasRule, calleridrules.CheckAlias)

func verifiedCallerIDsDataSchema(context.Context) schema.Schema {
	filter := func(desc string, vs ...validator.String) schema.StringAttribute {
		return schema.StringAttribute{MarkdownDescription: desc, Optional: true, Validators: vs}
	}
	item := map[string]schema.Attribute{
		"phone_number":      kit.ComputedString("The verified number, E.164 with its `+`."),
		"alias":             kit.ComputedString("Its alias, `\"\"` when it has none."),
		"country":           kit.ComputedString("ISO 3166-1 alpha-2 country of the number, `\"\"` when the service does not know it."),
		"subaccount":        kit.ComputedString("`auth_id` of the subaccount it is assigned to, `\"\"` for the main account."),
		"verification_uuid": kit.ComputedString("UUID of the verification that verified it."),
		"created_at":        kit.ComputedString("When it was verified, RFC 3339 in UTC."),
		"modified_at":       kit.ComputedString("When it was last changed, RFC 3339 in UTC."),
	}
	return schema.Schema{
		MarkdownDescription: "Lists the account's verified caller IDs (numbers it proved it holds, which it may then use as " +
			"the caller ID of its calls), filtered. All pages are read. With `phone_number`, the list holds that number " +
			"when it is verified and is empty when it is not, so a check such as " +
			"`length(data.cpaas_verified_caller_ids.x.caller_ids) == 1` in a `precondition` stops a plan whose " +
			"application would call from an unverified number.",
		Attributes: map[string]schema.Attribute{
			"phone_number": filter("Keep only this number, "+calleridrules.NumberRule+".", callerIDNumberRule),
			"alias":        filter("Keep the numbers with exactly this alias ("+calleridrules.AliasRule+").", callerIDAliasRule),
			"country":      filter("Keep the numbers of this ISO 3166-1 alpha-2 country (`US`)."),
			"subaccount": filter("Keep the numbers assigned to this subaccount, "+subaccountrules.IDRule+".",
				subaccount.SubaccountIDRule),
			"phone_numbers": schema.ListAttribute{
				MarkdownDescription: "The matching numbers, E.164 with their `+`, newest first.",
				Computed:            true,
				ElementType:         types.StringType,
			},
			"caller_ids": schema.ListNestedAttribute{
				MarkdownDescription: "The matching verified caller IDs, newest first.",
				Computed:            true,
				NestedObject:        schema.NestedAttributeObject{Attributes: item},
			},
			"total_count": kit.ComputedInt64("Number of matching verified caller IDs."),
		},
	}
}

// listVerifiedCallerIDs reads the numbers the filters keep: a GET for one
// number (a 404 is an empty result, not an error), else the listing with
// the API's filters.
func listVerifiedCallerIDs(ctx context.Context, c *client.Client, m *verifiedCallerIDsModel, diags *diag.Diagnostics) {
	f := client.VerifiedCallerIDFilter{Alias: m.Alias.ValueString(), Country: m.Country.ValueString(), Subaccount: m.Subaccount.ValueString()}
	var all []client.VerifiedCallerID
	if n := m.PhoneNumber.ValueString(); n != "" {
		v, err := c.GetVerifiedCallerID(ctx, n)
		switch {
		case errors.Is(err, client.ErrNotFound):
		case err != nil:
			kit.AddAPIError(diags, "Error reading verified caller ID", "verified caller ID "+n, err)
			return
		case keepCallerID(v, f):
			all = append(all, *v)
		}
	} else {
		var err error
		if all, err = c.ListAllVerifiedCallerIDs(ctx, f); err != nil {
			kit.AddAPIError(diags, "Error listing verified caller IDs", "verified caller ID list", err)
			return
		}
	}
	m.CallerIDs = make([]verifiedCallerIDData, 0, len(all))
	m.PhoneNumbers = make([]types.String, 0, len(all))
	for _, v := range all {
		m.CallerIDs = append(m.CallerIDs, verifiedCallerIDData{
			PhoneNumber: types.StringValue(v.PhoneNumber), Alias: types.StringValue(v.Alias), Country: types.StringValue(v.Country),
			Subaccount: types.StringValue(v.Subaccount), VerificationUUID: types.StringValue(v.VerificationUUID),
			CreatedAt: types.StringValue(v.CreatedAt), ModifiedAt: types.StringValue(v.ModifiedAt),
		})
		m.PhoneNumbers = append(m.PhoneNumbers, types.StringValue(v.PhoneNumber))
	}
	m.TotalCount = types.Int64Value(int64(len(all)))
}

// keepCallerID applies the list's filters to one record read by number.
func keepCallerID(v *client.VerifiedCallerID, f client.VerifiedCallerIDFilter) bool {
	return (f.Alias == "" || f.Alias == v.Alias) && (f.Country == "" || f.Country == v.Country) &&
		(f.Subaccount == "" || f.Subaccount == v.Subaccount)
}
