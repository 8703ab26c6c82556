package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/applicationrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

var (
	_ datasource.DataSourceWithConfigure        = &ApplicationDataSource{}
	_ datasource.DataSourceWithConfigValidators = &ApplicationDataSource{}
)

// ApplicationDataSource reads an application made elsewhere, by app_id or
// by app_name.
type ApplicationDataSource struct {
	client *client.Client
}

// NewApplicationDataSource is the constructor the provider registers.
func NewApplicationDataSource() datasource.DataSource { return &ApplicationDataSource{} }

func (d *ApplicationDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_application"
}

// appIDRule is the form of an app_id at plan time.
var appIDRule = specRule("must be "+applicationrules.AppIDRule, func(attr, v string) error {
	return applicationrules.CheckAppID(attr, v)
})

func (d *ApplicationDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	computed := func(description string) schema.StringAttribute {
		return schema.StringAttribute{MarkdownDescription: description, Computed: true}
	}
	flag := func(description string) schema.BoolAttribute {
		return schema.BoolAttribute{MarkdownDescription: description, Computed: true}
	}
	resp.Schema = schema.Schema{
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
		},
	}
}

func (d *ApplicationDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{datasourcevalidator.ExactlyOneOf(path.MatchRoot("app_id"), path.MatchRoot("app_name"))}
}

func (d *ApplicationDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = configureDataSource(req, resp)
}

func (d *ApplicationDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m applicationModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var app *client.Application
	if id := m.AppID.ValueString(); id != "" {
		var err error
		if app, err = d.client.GetApplication(ctx, id); err != nil {
			addAPIError(&resp.Diagnostics, "Error reading application", "application "+id, err)
			return
		}
	} else {
		name := m.AppName.ValueString()
		named, err := d.client.ListAllApplications(ctx, name)
		if err != nil {
			addAPIError(&resp.Diagnostics, "Error reading application", "application named "+name, err)
			return
		}
		switch len(named) {
		case 0:
			resp.Diagnostics.AddAttributeError(path.Root("app_name"), "Application not found",
				fmt.Sprintf("No application of the account is named %q.", name))
			return
		case 1:
			app = &named[0]
		default:
			ids := make([]string, len(named))
			for i, a := range named {
				ids[i] = a.AppID
			}
			resp.Diagnostics.AddAttributeError(path.Root("app_name"), "Several applications have this name",
				fmt.Sprintf("%d applications are named %q (app_id %s); name one by app_id instead.", len(named), name, strings.Join(ids, ", ")))
			return
		}
	}
	applyApplication(&m, app)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
