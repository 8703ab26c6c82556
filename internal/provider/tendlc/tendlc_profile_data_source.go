package tendlc

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// profileData is data.cpaas_10dlc_profile: it reads a business profile
// made elsewhere, by its profile_uuid.
var profileData = &kit.DataKind[profileModel]{
	TypeName: "_10dlc_profile", Schema: profileDataSchema,
	Subcategory: kit.SubTenDLC,
	Read:        kit.ReadByID("business profile", func(m *profileModel) string { return m.ID.ValueString() }, (*client.Client).GetProfile, applyProfile),
}

func profileDataSchema(context.Context) schema.Schema {
	c := kit.ComputedString
	return schema.Schema{
		MarkdownDescription: "Reads a business profile by its `profile_uuid`, for profiles made outside this configuration (for example the " +
			"account's primary profile) that a brand or a toll-free verification names. A field the API leaves out (it omits empty fields) is null.",
		Attributes: map[string]schema.Attribute{
			"id":                     kit.RequiredString("Profile UUID (`profile_uuid`), "+tendlcrules.UUIDRule+".", kit.ShapeRule(tendlcrules.UUIDPattern, tendlcrules.UUIDRule)),
			"profile_alias":          c("Name of the profile in the account."),
			"customer_type":          c("`DIRECT` or `RESELLER`."),
			"entity_type":            c("Legal form: `PRIVATE`, `PUBLIC`, `NON_PROFIT`, `GOVERNMENT` or `INDIVIDUAL`."),
			"company_name":           c("Legal name of the company."),
			"ein":                    c("Tax id."),
			"ein_issuing_country":    c("Country that issued `ein`."),
			"vertical":               c("Industry."),
			"website":                c("Company website."),
			"stock_symbol":           c("Ticker symbol."),
			"stock_exchange":         c("Exchange of `stock_symbol`."),
			"alt_business_id":        c("Another business id."),
			"alt_business_id_type":   c("Kind of `alt_business_id`."),
			"business_contact_email": c("Email address for the registry's questions."),
			"doing_business_as":      c("Trade name."),
			"subaccount":             c("`auth_id` of the subaccount that owns the profile (the API's `service_subaccount`), or null."),
			"address": schema.SingleNestedAttribute{
				MarkdownDescription: "Registered address.",
				Computed:            true,
				Attributes: map[string]schema.Attribute{
					"street": c("Street."), "city": c("City."), "state": c("State code."), "postal_code": c("Postal code."), "country": c("Country."),
				},
			},
			"authorized_contact": schema.SingleNestedAttribute{
				MarkdownDescription: "The person who answers for the company.",
				Computed:            true,
				Attributes: map[string]schema.Attribute{
					"first_name": c("First name."), "last_name": c("Last name."), "phone": c("Phone."), "email": c("Email."),
					"title": c("Title."), "seniority": c("Position."),
				},
			},
			"profile_type": c("`PRIMARY` or `SECONDARY`."),
			"created_at":   c("When the profile was created, RFC 3339."),
		},
	}
}
