package application

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/applicationrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/subaccount"
)

// applicationFamily is what Terraform is served of the application (provider.go's families).
var ApplicationFamily = kit.Family{
	Resources:   []func() resource.Resource{applicationKind.NewResource},
	DataSources: []func() datasource.DataSource{applicationData.NewDataSource},
	Lists:       []func() list.ListResource{NewApplicationListResource},
	Sweepers:    sweepers,
	RealKinds:   realKinds,
	Bench:       benchKinds,
}

// applicationIdentity names an application by its app_id (identity.go).
var applicationIdentity = kit.ResourceIdentity{{Name: "app_id", State: "id", Description: "Application id (`app_id`)."}}

// applicationKind is cpaas_application: the URLs the service calls for the
// voice calls and incoming messages of the endpoints and numbers whose
// app_id names it. It is read, deleted and imported by its app_id, and
// everything is read back. The delete never deletes the application's
// endpoints (applicationDeleteRule).
var applicationKind = &kit.ObjectKind[applicationModel]{
	TypeName: "_application", What: "application", Identity: applicationIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubSIPEndpoints, Listed: &kit.ListedDoc{
		Limit:   client.ApplicationListing.Limit,
		Objects: "applications",
		Object:  "application",
		From:    "the list of every application the credentials reach (the account's and its subaccounts')",
	}},
	Schema: applicationSchema, Create: createApplication, Update: updateApplication,
	// The subaccount it is placed in exists.
	PlanWith: kit.CheckReferences(kit.SubaccountRef("subaccount")),
	// Refresh: from the listing (client.ApplicationListing), whose items
	// carry all the GET does.
	Refresh: subaccount.ReadPlacedIn(client.ApplicationListing, applyApplication,
		func(m *applicationModel) *types.String { return &m.Subaccount }, func(a *client.Application) *string { return a.SubAccount }),
	Remove: func(c *client.Client, ctx context.Context, id string) error {
		return c.DeleteApplication(ctx, id, client.ApplicationDelete{Cascade: false})
	},
	ImportAs: func(id string) (map[string]string, string) {
		if err := applicationrules.CheckAppID("import id", id); err != nil {
			return nil, fmt.Sprintf("The %v; import an application by its app_id, for example 20372631212782780.", err)
		}
		return nil, ""
	},
}

type applicationModel struct {
	ID                  types.String `tfsdk:"id"`
	AppID               types.String `tfsdk:"app_id"`
	AppName             types.String `tfsdk:"app_name"`
	AnswerURL           types.String `tfsdk:"answer_url"`
	AnswerMethod        types.String `tfsdk:"answer_method"`
	HangupURL           types.String `tfsdk:"hangup_url"`
	HangupMethod        types.String `tfsdk:"hangup_method"`
	FallbackAnswerURL   types.String `tfsdk:"fallback_answer_url"`
	FallbackMethod      types.String `tfsdk:"fallback_method"`
	MessageURL          types.String `tfsdk:"message_url"`
	MessageMethod       types.String `tfsdk:"message_method"`
	DefaultNumberApp    types.Bool   `tfsdk:"default_number_app"`
	DefaultEndpointApp  types.Bool   `tfsdk:"default_endpoint_app"`
	LogIncomingMessages types.Bool   `tfsdk:"log_incoming_messages"`
	PublicURI           types.Bool   `tfsdk:"public_uri"`
	SIPURI              types.String `tfsdk:"sip_uri"`
	Subaccount          types.String `tfsdk:"subaccount"`
}

// The application rules (applicationrules) at plan time.
var (
	appNameRule = kit.SpecRule("must be "+applicationrules.AppNameRule, applicationrules.CheckAppName)
	appURLRule  = kit.SpecRule("must be "+applicationrules.URLRule, func(attr, v string) error {
		return applicationrules.CheckURL(attr, v)
	})
	appMethodRule = kit.SpecRule("GET or POST", func(attr, v string) error {
		return applicationrules.CheckMethod(attr, v)
	})
)

// applicationDeleteRule is what destroying an application does to what
// uses it; the description quotes it.
const applicationDeleteRule = "Destroying an application never deletes an endpoint: the API's delete would delete the application's " +
	"endpoints with it by default (`cascade`), so the provider always asks it not to (`cascade=false`). The endpoints and numbers " +
	"that use the application are detached from it (their `app_id` becomes empty) and keep working without one; an endpoint or " +
	"number managed elsewhere with `app_id` set to this application shows the detachment as a change of `app_id` on its next plan."

func applicationSchema(context.Context) schema.Schema {
	optionalURL := func(what string) schema.StringAttribute {
		return kit.OptionalString(what+", "+applicationrules.URLRule+". Updates in place; removing it removes the URL.", appURLRule)
	}
	method := func(of string) schema.StringAttribute {
		return schema.StringAttribute{
			MarkdownDescription: "HTTP method the service calls `" + of + "` with: `GET` or `POST` (default). Updates in place.",
			Optional:            true,
			Computed:            true,
			Default:             stringdefault.StaticString(applicationrules.DefaultMethod),
			Validators:          []validator.String{appMethodRule},
		}
	}
	flag := func(description string, def bool) schema.BoolAttribute {
		return schema.BoolAttribute{MarkdownDescription: description + " Updates in place.", Optional: true, Computed: true, Default: booldefault.StaticBool(def)}
	}
	return schema.Schema{
		MarkdownDescription: "An application: the URLs the service calls for the voice calls and incoming messages of the endpoints " +
			"and numbers whose `app_id` names it (`cpaas_endpoint`, `cpaas_phone_number`). Every attribute updates in place.\n\n" +
			applicationDeleteRule + "\n\n" + adoptRuleApplication,
		Attributes: map[string]schema.Attribute{
			"id":     kit.ComputedKeptString("Application id, the same as `app_id`."),
			"app_id": kit.ComputedKeptString("Application id (`app_id`): what an endpoint's or a number's `app_id` names."),
			"app_name": schema.StringAttribute{
				MarkdownDescription: "Name of the application, " + applicationrules.AppNameRule + ", when it is created or changed: a " +
					"name the service holds from before that rule (the service's own records hold names with a dot) is kept, and an import " +
					"of such an application plans no change. Updates in place.",
				Required:      true,
				PlanModifiers: []planmodifier.String{kit.LaterRule(appNameRule)},
			},
			"answer_url": schema.StringAttribute{
				MarkdownDescription: "URL the service calls when a call arrives, " + applicationrules.URLRule + ". Updates in place.",
				Required:            true,
				Validators:          []validator.String{appURLRule},
			},
			"answer_method":        method("answer_url"),
			"hangup_url":           optionalURL("URL the service calls when a call ends"),
			"hangup_method":        method("hangup_url"),
			"fallback_answer_url":  optionalURL("URL the service calls when `answer_url` fails"),
			"fallback_method":      method("fallback_answer_url"),
			"message_url":          optionalURL("URL the service calls when a message arrives"),
			"message_method":       method("message_url"),
			"default_number_app":   flag("Whether the account's new numbers use this application (the API reports it as `default_app`); default false.", false),
			"default_endpoint_app": flag("Whether the account's new endpoints use this application; default false.", false),
			"log_incoming_messages": flag("Whether the content of incoming messages is logged; default true.",
				applicationrules.DefaultLogIncomingMessages),
			"public_uri": flag("Whether the application's SIP URI (`sip_uri`) can be called from outside the account; default false.", false),
			"sip_uri":    kit.ComputedKeptString("SIP URI of the application."),
			"subaccount": subaccount.SubaccountAttribute("application", "Updates in place: setting, changing or removing it moves the "+
				"application between accounts (the API refuses while an endpoint or a number of its account uses it)."),
		},
	}
}

// settings is what a create or an update sends for m; an unset optional
// URL is sent as "" (removed) when removeUnset.
func (m *applicationModel) settings(removeUnset bool) client.ApplicationSettings {
	url := func(v types.String) *string {
		if v.IsNull() && removeUnset {
			return new(string)
		}
		return v.ValueStringPointer()
	}
	return client.ApplicationSettings{
		AnswerURL:           m.AnswerURL.ValueStringPointer(),
		AnswerMethod:        m.AnswerMethod.ValueStringPointer(),
		HangupURL:           url(m.HangupURL),
		HangupMethod:        m.HangupMethod.ValueStringPointer(),
		FallbackAnswerURL:   url(m.FallbackAnswerURL),
		FallbackMethod:      m.FallbackMethod.ValueStringPointer(),
		MessageURL:          url(m.MessageURL),
		MessageMethod:       m.MessageMethod.ValueStringPointer(),
		DefaultNumberApp:    m.DefaultNumberApp.ValueBoolPointer(),
		DefaultEndpointApp:  m.DefaultEndpointApp.ValueBoolPointer(),
		LogIncomingMessages: m.LogIncomingMessages.ValueBoolPointer(),
		PublicURI:           m.PublicURI.ValueBoolPointer(),
	}
}

// applyApplication copies what the API reports into m.
func applyApplication(m *applicationModel, a *client.Application) {
	m.ID = types.StringValue(a.AppID)
	m.AppID = types.StringValue(a.AppID)
	m.AppName = types.StringValue(a.AppName)
	m.AnswerURL = types.StringValue(a.AnswerURL)
	m.AnswerMethod = types.StringValue(a.AnswerMethod)
	m.HangupURL = kit.StringOrNull(a.HangupURL)
	m.HangupMethod = types.StringValue(a.HangupMethod)
	m.FallbackAnswerURL = kit.StringOrNull(a.FallbackAnswerURL)
	m.FallbackMethod = types.StringValue(a.FallbackMethod)
	m.MessageURL = kit.StringOrNull(a.MessageURL)
	m.MessageMethod = types.StringValue(a.MessageMethod)
	m.DefaultNumberApp = types.BoolValue(a.DefaultApp)
	m.DefaultEndpointApp = types.BoolValue(a.DefaultEndpointApp)
	m.LogIncomingMessages = types.BoolValue(a.LogIncomingMessages)
	m.PublicURI = types.BoolValue(a.PublicURI)
	m.SIPURI = types.StringValue(a.SIPURI)
}

// adoptRuleApplication says what happens when the reply to a create is
// lost; createApplicationOrAdopt below carries it out. The description
// quotes it.
const adoptRuleApplication = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second application: " +
	"it lists the applications named `app_name` and adopts the one whose `answer_url` is the configured one; when none matches " +
	"the create is sent again, when several match the apply stops with an error naming them."

// adoptedMessage marks a create reply made up for an adopted application.
const adoptedMessage = "adopted"

// createApplicationOrAdopt is CreateApplication that never makes a
// duplicate.
func createApplicationOrAdopt(ctx context.Context, c *client.Client, in client.ApplicationCreate) (*client.ApplicationCreated, error) {
	answer := *in.AnswerURL
	return kit.CreateOrAdopt(ctx, "application", fmt.Sprintf("app_name %q and answer_url %q", in.AppName, answer),
		func(ctx context.Context) (*client.ApplicationCreated, error) { return c.CreateApplication(ctx, in) },
		kit.AdoptFrom(func(ctx context.Context) ([]client.Application, error) { return c.ListAllApplications(ctx, in.AppName) },
			func(a *client.Application) bool { return a.AppName == in.AppName && a.AnswerURL == answer },
			func(a *client.Application) *client.ApplicationCreated {
				return &client.ApplicationCreated{AppID: a.AppID, Message: adoptedMessage}
			}),
		func(a *client.ApplicationCreated) string { return a.AppID })
}

func createApplication(ctx context.Context, c *client.Client, plan *applicationModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	settings := plan.settings(false)
	settings.Subaccount = plan.Subaccount.ValueStringPointer()
	created, err := createApplicationOrAdopt(ctx, c, client.ApplicationCreate{AppName: plan.AppName.ValueString(), ApplicationSettings: settings})
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating application", "application "+plan.AppName.ValueString(), err)
		return false
	}
	// Record the id at once: if the read below fails, the application is
	// in the state (tainted) rather than orphaned.
	plan.ID = types.StringValue(created.AppID)
	plan.AppID = types.StringValue(created.AppID)
	// The create reply has the id only; every other value is the plan's
	// (the API stores what the create sent; the defaults are the API's)
	// but sip_uri, which the client derives once it has read any
	// application of the account (client.NewApplication): only the first
	// creates of a process read theirs back.
	read := c.NewApplication
	if created.Message == adoptedMessage {
		// An adopted application may hold other settings than the plan's.
		read = func(ctx context.Context, id string) (*client.Application, error) {
			return kit.ReadAfterCreate(ctx, "application "+id, func(ctx context.Context) (*client.Application, error) { return c.GetApplication(ctx, id) })
		}
	}
	app, err := read(ctx, created.AppID)
	if err != nil {
		plan.SIPURI = types.StringNull()
		kit.AddAPIError(&resp.Diagnostics, "Error reading application after create", "application "+created.AppID, err)
		return true
	}
	if app == nil {
		uri, _ := c.ApplicationSIPURI(created.AppID)
		plan.SIPURI = types.StringValue(uri)
		return true
	}
	applyApplication(plan, app)
	plan.Subaccount = subaccount.PlacedIn(c, plan.Subaccount, app.SubAccount)
	return true
}

func updateApplication(ctx context.Context, c *client.Client, plan, state *applicationModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	id := state.ID.ValueString()
	// Every setting is sent: the update is idempotent, and a removed URL
	// is sent empty. The name is sent only when it changes: one the
	// service holds from before today's rule (a dot in it) is kept, and
	// the service judges a name it is sent.
	settings := plan.settings(true)
	settings.Subaccount = subaccount.PlacementChange(c, plan.Subaccount, state.Subaccount)
	var name *string
	if !plan.AppName.Equal(state.AppName) {
		name = plan.AppName.ValueStringPointer()
	}
	if err := c.UpdateApplication(ctx, id, client.ApplicationUpdate{AppName: name, ApplicationSettings: settings}); err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating application", "application "+id, err)
		return false
	}
	app, err := c.GetApplication(ctx, id)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error reading application after update", "application "+id, err)
		return false
	}
	applyApplication(plan, app)
	plan.Subaccount = subaccount.PlacedIn(c, plan.Subaccount, app.SubAccount)
	return true
}
