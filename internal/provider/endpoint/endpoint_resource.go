package endpoint

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/timestamps"
)

// endpointFamily is what Terraform is served of SIP endpoints (provider.go's families).
var EndpointFamily = kit.Family{
	Resources:   []func() resource.Resource{EndpointKind.NewResource},
	DataSources: []func() datasource.DataSource{endpointData.NewDataSource},
	Lists:       []func() list.ListResource{NewEndpointListResource},
	Sweepers:    sweepers,
	RealKinds:   realKinds,
	Bench:       benchKinds,
}

// endpointKind is cpaas_endpoint, a SIP endpoint, read, deleted and
// imported by its endpoint_id. The password cannot be read back: an import
// with none configured keeps the endpoint's own; a configured one is set
// again by the first apply (the same value is harmless).
var EndpointKind = &kit.ObjectKind[EndpointModel]{
	TypeName: "_endpoint", What: "endpoint", Identity: kit.EndpointIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubSIPEndpoints, Listed: &kit.ListedDoc{
		Limit:   client.EndpointListing.Limit,
		Objects: "endpoints",
		Object:  "endpoint",
		From:    "the account's endpoint list",
	}},
	Schema: endpointSchema, Create: createEndpoint, Update: updateEndpoint,
	Refresh: refreshEndpoint,
	Remove:  (*client.Client).DeleteEndpoint,
	// password and password_wo: the raw configuration's two root
	// attributes, not a path-expression validator (internal/cmd/bench/README.md).
	ConfigValidators: []resource.ConfigValidator{kit.RootConflicting{Names: []string{"password", "password_wo"}}},
	ModifyPlan:       requireEndpointPassword,
	PlanWith:         kit.CheckReferences(kit.ApplicationRef("app_id")),
}

type EndpointModel struct {
	ID                types.String `tfsdk:"id"`
	Username          types.String `tfsdk:"username"`
	Password          types.String `tfsdk:"password"`
	PasswordWO        types.String `tfsdk:"password_wo"`
	PasswordWOVersion types.Int64  `tfsdk:"password_wo_version"`
	Alias             types.String `tfsdk:"alias"`
	AppID             types.String `tfsdk:"app_id"`
	SIPUsername       types.String `tfsdk:"sip_username"`
	SIPURI            types.String `tfsdk:"sip_uri"`
	SIPRegistered     types.Bool   `tfsdk:"sip_registered"`
	SIPContact        types.String `tfsdk:"sip_contact"`
	SIPExpires        types.String `tfsdk:"sip_expires"`
	SIPUserAgent      types.String `tfsdk:"sip_user_agent"`
}

// passwordRule is the API's password rule (endpointrules) at plan time.
var passwordRule = kit.SpecRule(fmt.Sprintf("at least %d characters", endpointrules.MinPasswordLength), endpointrules.CheckPassword)

// usernameRule is the API's username rule (endpointrules) at plan time.
var usernameRule = kit.SpecRuleWorded(stringvalidator.RegexMatches(endpointrules.UsernamePattern, "must be "+endpointrules.UsernameRule),
	endpointrules.CheckUsername)

func endpointSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "A SIP endpoint that phones and softphones register with. Creating one needs exactly one of `password` and " +
			"`password_wo`. An endpoint adopted by an import (whose password is rarely known) may have neither: it keeps the password it " +
			"has, and Terraform never changes it until one is configured.\n\n" + passwordNotReadNote + "\n\n" + adoptRuleEndpoint,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedKeptString("Endpoint id (`endpoint_id`)."),
			"username": kit.RequiredReplacingString("Requested username, "+endpointrules.UsernameRule+". The API appends 12 digits to form "+
				"the SIP username (`sip_username`). Changing it replaces the endpoint.",
				usernameRule),
			"password": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("Password, at least %d characters. Stored in the state (marked sensitive); prefer `password_wo`, which never is. Updates in place. "+
					endpointPasswordOptional, endpointrules.MinPasswordLength),
				Optional:  true,
				Sensitive: true,
				Validators: []validator.String{
					passwordRule,
					stringvalidator.PreferWriteOnlyAttribute(path.MatchRoot("password_wo")),
				},
			},
			"password_wo": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("Write-only password, at least %d characters: sent to the API but never stored in the plan or state. ", endpointrules.MinPasswordLength) +
					"Requires Terraform 1.11 or later. Change `password_wo_version` to send a new value. " + endpointPasswordOptional,
				Optional:  true,
				Sensitive: true,
				WriteOnly: true,
				Validators: []validator.String{
					passwordRule,
					kit.AlsoRequires(path.MatchRoot("password_wo_version")),
				},
			},
			"password_wo_version": schema.Int64Attribute{
				MarkdownDescription: "Version of `password_wo`. Terraform cannot see a write-only value change, so change this number " +
					"(for example increment it) whenever `password_wo` changes; the update then sends the new password.",
				Optional: true,
				Validators: []validator.Int64{
					kit.AlsoRequires(path.MatchRoot("password_wo")),
				},
			},
			"alias": schema.StringAttribute{
				MarkdownDescription: "Friendly name of the endpoint. Updates in place.",
				Required:            true,
				Validators:          []validator.String{stringvalidator.UTF8LengthAtLeast(1)},
			},
			"app_id":         kit.AppIDAttribute("endpoint", "attached to the endpoint"),
			"sip_username":   kit.ComputedKeptString("Full SIP username: `username` followed by the 12 digits the API appended."),
			"sip_uri":        kit.ComputedKeptString("SIP URI of the endpoint, `sip:<sip_username>@<domain>`."),
			"sip_registered": kit.ComputedKeptBool("Whether a SIP device is registered with the endpoint, as of the last refresh."),
			"sip_contact":    kit.ComputedKeptString(sipContactDescription),
			"sip_expires":    kit.ComputedKeptString(sipExpiresDescription),
			"sip_user_agent": kit.ComputedKeptString(sipUserAgentDescription),
		},
	}
}

// passwordNotReadNote says what the provider cannot know about a password.
const passwordNotReadNote = "**The password is never read back.** The API returns neither the password nor any digest of it, so a " +
	"password changed outside Terraform (in the console, by another tool) is not detected: the plan shows no change, and the " +
	"endpoint keeps the password it was given last. To set it again, change `password`, or bump `password_wo_version`."

// The registration attributes of the resource and the data source.
const (
	sipContactDescription = "SIP contact of the registered device (`sip:<user>@<ip>:<port>;ob`), as of the last refresh; null " +
		"while no device is registered (the API then leaves it out)."
	sipExpiresDescription = "When the device's registration expires, RFC 3339 in UTC (`2014-07-21T19:26:08Z`; the API writes " +
		"`YYYY-MM-DD HH:MM:SS`, in UTC), as of the last refresh; null while no device is registered."
	sipUserAgentDescription = "User agent of the registered device (`Telephone 1.1.4`), as of the last refresh; null while no " +
		"device is registered."
)

// sipRegistration reads the registration fields of ep: null while no
// device is registered (the API leaves them out); while one is, a field a
// reply leaves out keeps its prior value. sip_expires is read in any form
// the API writes and kept as RFC 3339, so Terraform's timecmp and
// timeadd take it; a value that is no time is kept as it came.
func sipRegistration(ep *client.Endpoint, contact, expires, userAgent types.String) (types.String, types.String, types.String) {
	if !ep.IsSIPRegistered() {
		return types.StringNull(), types.StringNull(), types.StringNull()
	}
	exp := ep.SIPExpires
	if t, err := timestamps.Parse(exp); exp != "" && err == nil {
		exp = t.UTC().Format(time.RFC3339)
	}
	return kit.ReportedString(contact, ep.SIPContact), kit.ReportedString(expires, exp), kit.ReportedString(userAgent, ep.SIPUserAgent)
}

// endpointPasswordOptional says why neither password attribute is
// Required though a create needs one.
const endpointPasswordOptional = "Creating an endpoint needs `password` or `password_wo` (refused at plan time without either); both are " +
	"optional because an endpoint adopted by an import keeps the password it has, which the API never returns."

// requireEndpointPassword requires a password to create an endpoint. An endpoint that
// exists (imported, perhaps from a generated configuration) keeps its
// password when none is configured: it cannot be read back, and a team
// adopting old phones seldom knows it.
func requireEndpointPassword(_ context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if !req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	// The raw configuration: decoding the whole model costs more than the
	// rest of this check (raw_config.go).
	config := kit.RawRootAttributes(req.Config.Raw)
	if kit.RawConfigured(config, "password") || kit.RawConfigured(config, "password_wo") {
		return
	}
	username, _ := kit.RawString(req.Config.Raw, "username")
	resp.Diagnostics.AddAttributeError(path.Root("password"), "Missing endpoint password",
		fmt.Sprintf("Creating endpoint %q needs a password: set password_wo (with password_wo_version) or password, at least %d characters. "+
			"Only an endpoint that already exists, adopted by an import, may be configured without one; it keeps the password it has.",
			username, endpointrules.MinPasswordLength))
}

// adoptRuleEndpoint says what happens when the reply to a create is lost;
// createEndpointOrAdopt below carries it out. The description quotes it.
const adoptRuleEndpoint = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second endpoint: " +
	"it lists the endpoints and adopts the one whose SIP username is `username` followed by 12 digits and whose alias and " +
	"application equal the configured ones (the API returns no password to compare); when none matches the create is " +
	"sent again, when several match the apply stops with an error naming them. The adopted endpoint is then given the " +
	"configured password, so it ends with the password the configuration holds."

// createEndpointOrAdopt is CreateEndpoint that never makes a duplicate.
func createEndpointOrAdopt(ctx context.Context, c *client.Client, in client.EndpointCreate) (*client.EndpointCreated, error) {
	created, err := kit.CreateOrAdopt(ctx, "endpoint", fmt.Sprintf("username %s + %d digits, alias %q and app_id %q",
		in.Username, endpointrules.UsernameSuffixDigits, in.Alias, in.AppID),
		func(ctx context.Context) (*client.EndpointCreated, error) { return c.CreateEndpoint(ctx, in) },
		kit.AdoptFrom(c.ListAllEndpoints, func(e *client.Endpoint) bool {
			return endpointrules.IsSIPUsernameOf(e.Username, in.Username) && e.Alias == in.Alias && e.AppID() == in.AppID
		}, func(e *client.Endpoint) *client.EndpointCreated {
			return &client.EndpointCreated{Username: e.Username, Alias: e.Alias, EndpointID: e.EndpointID, Message: endpointAdopted}
		}),
		func(e *client.EndpointCreated) string { return e.EndpointID })
	if err != nil || created.Message != endpointAdopted {
		return created, err
	}
	// The match could not compare passwords: give the adopted endpoint
	// the configured one.
	if err := c.UpdateEndpoint(ctx, created.EndpointID, client.EndpointUpdate{Password: &in.Password}); err != nil {
		// The endpoint exists: the caller records it with the error.
		return created, fmt.Errorf("adopted endpoint %s, but setting its password failed: %w", created.EndpointID, err)
	}
	return created, nil
}

// endpointAdopted marks a create reply made up from an adopted endpoint.
const endpointAdopted = "adopted"

func createEndpoint(ctx context.Context, c *client.Client, plan *EndpointModel, req resource.CreateRequest, resp *resource.CreateResponse) bool {
	// password_wo is only in the configuration (never in the plan); it is
	// read from the raw configuration rather than by decoding all of it.
	password := plan.Password.ValueString()
	passwordWO, writeOnly := kit.RawString(req.Config.Raw, "password_wo")
	if writeOnly {
		password = passwordWO
	}
	created, err := createEndpointOrAdopt(ctx, c, client.EndpointCreate{
		Username: plan.Username.ValueString(),
		Password: password,
		Alias:    plan.Alias.ValueString(),
		AppID:    plan.AppID.ValueString(),
	})
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating endpoint", "username "+plan.Username.ValueString(), err)
		if created == nil {
			return false
		}
	}
	// Record the id at once: if the read below fails, the endpoint is in the
	// state (tainted) rather than orphaned.
	plan.ID = types.StringValue(created.EndpointID)
	plan.SIPUsername = types.StringValue(created.Username)
	plan.PasswordWO = types.StringNull()
	if err != nil {
		return true // adopted; its password could not be set
	}

	// A new endpoint is never registered (no device, so no sip_contact,
	// sip_expires or sip_user_agent): with its SIP URI the create reply
	// says everything.
	plan.SIPContact, plan.SIPExpires, plan.SIPUserAgent = types.StringNull(), types.StringNull(), types.StringNull()
	uri, err := c.NewEndpointSIPURI(ctx, created.EndpointID, created.Username)
	if err != nil {
		plan.SIPURI = types.StringNull()
		plan.SIPRegistered = types.BoolNull()
		kit.AddAPIError(&resp.Diagnostics, "Error reading endpoint after create", "endpoint "+created.EndpointID, err)
		return true
	}
	plan.SIPURI = types.StringValue(uri)
	plan.SIPRegistered = types.BoolValue(false)
	return true
}

// applyEndpoint copies what the API reports into m.
func applyEndpoint(m *EndpointModel, ep *client.Endpoint) {
	m.ID = types.StringValue(ep.EndpointID)
	m.SIPUsername = types.StringValue(ep.Username)
	m.SIPURI = types.StringValue(ep.SIPURI)
	m.SIPRegistered = types.BoolValue(ep.IsSIPRegistered())
	m.SIPContact, m.SIPExpires, m.SIPUserAgent = sipRegistration(ep, m.SIPContact, m.SIPExpires, m.SIPUserAgent)
	m.Alias = types.StringValue(ep.Alias)
	m.AppID = kit.StringOrNull(ep.AppID())
	if m.Username.IsNull() || m.Username.IsUnknown() {
		m.Username = types.StringValue(endpointrules.RequestedUsername(ep.Username))
	}
}

// refreshEndpoint reads endpoint id into m. The password is not read: the
// API returns neither it nor a digest of it, so password and
// password_wo_version keep what the state holds. RefreshEndpoint answers
// from a one-off listing when many endpoints are refreshed at once (see
// internal/client/sched/listing.go).
func refreshEndpoint(ctx context.Context, c *client.Client, id string, m *EndpointModel, _ resource.ReadRequest, _ *diag.Diagnostics) error {
	ep, err := c.RefreshEndpoint(ctx, id)
	if err != nil {
		return err
	}
	applyEndpoint(m, ep)
	m.PasswordWO = types.StringNull()
	return nil
}

func updateEndpoint(ctx context.Context, c *client.Client, plan, state *EndpointModel, req resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	in := client.EndpointUpdate{Alias: kit.ChangedString(plan.Alias, state.Alias), AppID: kit.ChangedString(plan.AppID, state.AppID)}
	if !plan.Password.IsNull() {
		in.Password = kit.ChangedString(plan.Password, state.Password)
	}
	passwordWO, hasWO := kit.RawString(req.Config.Raw, "password_wo")
	sendWO := hasWO && !plan.PasswordWOVersion.Equal(state.PasswordWOVersion)
	if sendWO {
		in.Password = &passwordWO
	}
	if in != (client.EndpointUpdate{}) {
		if err := c.UpdateEndpoint(ctx, state.ID.ValueString(), in); err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error updating endpoint", "endpoint "+state.ID.ValueString(), err)
			return false
		}
	}
	plan.PasswordWO = types.StringNull()
	return true
}
