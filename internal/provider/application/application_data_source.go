package application

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/applicationrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// applicationData is data.cpaas_application: it reads an application made
// elsewhere, by app_id or by app_name.
var applicationData = &kit.DataKind[applicationModel]{
	TypeName: "_application", Schema: applicationDataSchema, Read: readApplicationData,
	Subcategory:      kit.SubSIPEndpoints,
	ConfigValidators: applicationDataValidators,
}

// appIDRule is the form of an app_id at plan time.
var appIDRule = kit.SpecRule("must be "+applicationrules.AppIDRule, func(attr, v string) error {
	return applicationrules.CheckAppID(attr, v)
})

func applicationDataSchema(context.Context) schema.Schema {
	computed, flag := kit.ComputedString, kit.ComputedBool
	return schema.Schema{
		MarkdownDescription: "Reads an application made elsewhere, by `app_id` or by `app_name` (exactly one). A name must belong to " +
			"exactly one application of the account.",
		Attributes: map[string]schema.Attribute{
			"id": computed("Application id, the same as `app_id`."),
			"app_id": schema.StringAttribute{
				MarkdownDescription: "Application id (" + applicationrules.AppIDRule + "). Set it or `app_name`.",
				Optional:            true,
				Computed:            true,
				Validators:          []validator.String{appIDRule},
			},
			"app_name": schema.StringAttribute{
				MarkdownDescription: "Name of the application. Set it or `app_id`.",
				Optional:            true,
				Computed:            true,
				Validators:          []validator.String{appNameRule},
			},
			"answer_url":            computed("URL the service calls when a call arrives."),
			"answer_method":         computed("HTTP method of `answer_url`."),
			"hangup_url":            computed("URL the service calls when a call ends, or null."),
			"hangup_method":         computed("HTTP method of `hangup_url`."),
			"fallback_answer_url":   computed("URL the service calls when `answer_url` fails, or null."),
			"fallback_method":       computed("HTTP method of `fallback_answer_url`."),
			"message_url":           computed("URL the service calls when a message arrives, or null."),
			"message_method":        computed("HTTP method of `message_url`."),
			"default_number_app":    flag("Whether the account's new numbers use this application."),
			"default_endpoint_app":  flag("Whether the account's new endpoints use this application."),
			"log_incoming_messages": flag("Whether the content of incoming messages is logged."),
			"public_uri":            flag("Whether the application's SIP URI can be called from outside the account."),
			"sip_uri":               computed("SIP URI of the application."),
			"subaccount": schema.StringAttribute{
				MarkdownDescription: "`auth_id` of the subaccount the application is in, as the API reports it (null: the main account). " +
					"With `app_name`, only that subaccount's applications are searched (the API's `subaccount` filter; the main account's " +
					"own `auth_id` searches its own).",
				Optional:   true,
				Computed:   true,
				Validators: []validator.String{stringvalidator.RegexMatches(kit.AuthIDPattern, "must be MA or SA followed by 18 upper-case letters or digits")},
			},
		},
	}
}

var applicationDataValidators = []datasource.ConfigValidator{kit.ExactlyOneOf(path.MatchRoot("app_id"), path.MatchRoot("app_name"))}

// readApplicationByID reads the application app_id names.
var readApplicationByID = kit.ReadByID("application", func(m *applicationModel) string { return m.AppID.ValueString() },
	(*client.Client).GetApplication, applyApplicationData)

// applyApplicationData is applyApplication with the subaccount as the API
// reports it.
func applyApplicationData(m *applicationModel, a *client.Application) {
	applyApplication(m, a)
	m.Subaccount = types.StringPointerValue(a.SubAccount)
}

// readApplicationData reads the application app_id names, or else the one
// application of the account that app_name names.
func readApplicationData(ctx context.Context, c *client.Client, m *applicationModel, diags *diag.Diagnostics) {
	if m.AppID.ValueString() != "" {
		readApplicationByID(ctx, c, m, diags)
		return
	}
	name := m.AppName.ValueString()
	named, err := c.ListAllApplicationsIn(ctx, name, m.Subaccount.ValueString())
	if err != nil {
		kit.AddAPIError(diags, "Error reading application", "application named "+name, err)
		return
	}
	switch len(named) {
	case 0:
		diags.AddAttributeError(path.Root("app_name"), "Application not found",
			fmt.Sprintf("No application of the account is named %q.", name))
	case 1:
		applyApplicationData(m, &named[0])
	default:
		ids := make([]string, len(named))
		for i, a := range named {
			ids[i] = a.AppID
		}
		diags.AddAttributeError(path.Root("app_name"), "Several applications have this name",
			fmt.Sprintf("%d applications are named %q (app_id %s); name one by app_id instead.", len(named), name, strings.Join(ids, ", ")))
	}
}
