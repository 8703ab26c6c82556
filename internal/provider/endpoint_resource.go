package provider

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/endpointrules"
)

// privateKeyPasswordWO is the private-state key holding the fingerprint of
// the API's password digest after the last write of password_wo, as a JSON
// string. Key and value are short: Terraform rewrites the whole state file
// after each resource it applies, so every byte per resource counts N times.
const privateKeyPasswordWO = "pw"

// endpointKind is cpaas_endpoint, a SIP endpoint, read, deleted and
// imported by its endpoint_id. The password cannot be read back: an import
// with none configured keeps the endpoint's own; a configured one is set
// again by the first apply (the same value is harmless).
var endpointKind = &objectKind[endpointModel]{
	typeName: "_endpoint", what: "endpoint", identity: endpointIdentity,
	schema: endpointSchema, create: createEndpoint, update: updateEndpoint,
	refresh: refreshEndpoint,
	remove:  (*client.Client).DeleteEndpoint,
	// password and password_wo: the raw configuration's two root
	// attributes, not a path-expression validator (README, Performance).
	configValidators: []resource.ConfigValidator{rootConflicting{names: []string{"password", "password_wo"}}},
	modifyPlan:       requireEndpointPassword,
}

type endpointModel struct {
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
}

// passwordRule is the API's password rule (endpointrules) at plan time.
var passwordRule = specRule(fmt.Sprintf("at least %d characters", endpointrules.MinPasswordLength), func(attr, v string) error {
	return endpointrules.CheckPasswordOf(attr, v)
})

// usernameRule is the API's username rule (endpointrules) at plan time.
var usernameRule = specRuleWorded(stringvalidator.RegexMatches(endpointrules.UsernamePattern, "must be "+endpointrules.UsernameRule),
	func(_, v string) error { return endpointrules.CheckUsername(v) })

func endpointSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "A SIP endpoint that phones and softphones register with. Creating one needs exactly one of `password` and " +
			"`password_wo`. An endpoint adopted by an import (whose password is rarely known) may have neither: it keeps the password it " +
			"has, and Terraform never changes it until one is configured. A password changed outside Terraform is detected by comparing the MD5 digest " +
			"the API returns with the configured password, and the next plan shows an update that sets it back; the password " +
			"itself is never read back.\n\n" + adoptRuleEndpoint,
		Attributes: map[string]schema.Attribute{
			"id": computedKeptString("Endpoint id (`endpoint_id`)."),
			"username": requiredReplacingString("Requested username, "+endpointrules.UsernameRule+". The API appends 12 digits to form "+
				"the SIP username (`sip_username`). Changing it replaces the endpoint.",
				usernameRule),
			"password": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("Password, at least %d characters. Stored in the state (marked sensitive); prefer `password_wo`, which never is. Updates in place.", endpointrules.MinPasswordLength),
				Optional:            true,
				Sensitive:           true,
				Validators: []validator.String{
					passwordRule,
					stringvalidator.PreferWriteOnlyAttribute(path.MatchRoot("password_wo")),
				},
			},
			"password_wo": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("Write-only password, at least %d characters: sent to the API but never stored in the plan or state. ", endpointrules.MinPasswordLength) +
					"Requires Terraform 1.11 or later. Change `password_wo_version` to send a new value.",
				Optional:  true,
				Sensitive: true,
				WriteOnly: true,
				Validators: []validator.String{
					passwordRule,
					stringvalidator.AlsoRequires(path.MatchRoot("password_wo_version")),
				},
			},
			"password_wo_version": schema.Int64Attribute{
				MarkdownDescription: "Version of `password_wo`. Terraform cannot see a write-only value change, so change this number " +
					"(for example increment it) whenever `password_wo` changes; the update then sends the new password.",
				Optional: true,
				Validators: []validator.Int64{
					int64validator.AlsoRequires(path.MatchRoot("password_wo")),
				},
			},
			"alias": schema.StringAttribute{
				MarkdownDescription: "Friendly name of the endpoint. Updates in place.",
				Required:            true,
				Validators:          []validator.String{stringvalidator.UTF8LengthAtLeast(1)},
			},
			"app_id":         appIDAttribute("attached to the endpoint"),
			"sip_username":   computedKeptString("Full SIP username: `username` followed by the 12 digits the API appended."),
			"sip_uri":        computedKeptString("SIP URI of the endpoint, `sip:<sip_username>@<domain>`."),
			"sip_registered": computedKeptBool("Whether a SIP device is registered with the endpoint, as of the last refresh."),
		},
	}
}

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
	config := rawRootAttributes(req.Config.Raw)
	if rawConfigured(config, "password") || rawConfigured(config, "password_wo") {
		return
	}
	username, _ := rawString(req.Config.Raw, "username")
	resp.Diagnostics.AddAttributeError(path.Root("password"), "Missing endpoint password",
		fmt.Sprintf("Creating endpoint %q needs a password: set password_wo (with password_wo_version) or password, at least %d characters. "+
			"Only an endpoint that already exists, adopted by an import, may be configured without one; it keeps the password it has.",
			username, endpointrules.MinPasswordLength))
}

// adoptRuleEndpoint says what happens when the reply to a create is lost;
// createEndpointOrAdopt below carries it out. The description quotes it.
const adoptRuleEndpoint = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second endpoint: " +
	"it lists the endpoints and adopts the one whose SIP username is `username` followed by 12 digits and whose alias, " +
	"password digest and application equal the configured ones; when none matches the create is sent again, when " +
	"several match the apply stops with an error naming them."

// createEndpointOrAdopt is CreateEndpoint that never makes a duplicate.
func createEndpointOrAdopt(ctx context.Context, c *client.Client, in client.EndpointCreate) (*client.EndpointCreated, error) {
	digest := endpointrules.PasswordDigest(in.Password)
	return createOrAdopt(ctx, "endpoint", fmt.Sprintf("username %s + %d digits, alias %q, the same password and app_id %q",
		in.Username, endpointrules.UsernameSuffixDigits, in.Alias, in.AppID),
		func(ctx context.Context) (*client.EndpointCreated, error) { return c.CreateEndpoint(ctx, in) },
		adoptFrom(c.ListAllEndpoints, func(e *client.Endpoint) bool {
			return endpointrules.IsSIPUsernameOf(e.Username, in.Username) && e.Alias == in.Alias && e.Password == digest && e.AppID() == in.AppID
		}, func(e *client.Endpoint) *client.EndpointCreated {
			return &client.EndpointCreated{Username: e.Username, Alias: e.Alias, EndpointID: e.EndpointID, Message: "adopted"}
		}),
		func(e *client.EndpointCreated) string { return e.EndpointID })
}

func createEndpoint(ctx context.Context, c *client.Client, plan *endpointModel, req resource.CreateRequest, resp *resource.CreateResponse) bool {
	// password_wo is only in the configuration (never in the plan); it is
	// read from the raw configuration rather than by decoding all of it.
	password := plan.Password.ValueString()
	passwordWO, writeOnly := rawString(req.Config.Raw, "password_wo")
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
		addAPIError(&resp.Diagnostics, "Error creating endpoint", "username "+plan.Username.ValueString(), err)
		return false
	}
	// Record the id at once: if the read below fails, the endpoint is in the
	// state (tainted) rather than orphaned.
	plan.ID = types.StringValue(created.EndpointID)
	plan.SIPUsername = types.StringValue(created.Username)
	plan.PasswordWO = types.StringNull()

	// A new endpoint is never registered, and the API stores the MD5 of the
	// password we sent: with its SIP URI the create reply says everything.
	uri, err := c.NewEndpointSIPURI(ctx, created.EndpointID, created.Username)
	if err != nil {
		plan.SIPURI = types.StringNull()
		plan.SIPRegistered = types.BoolNull()
		addAPIError(&resp.Diagnostics, "Error reading endpoint after create", "endpoint "+created.EndpointID, err)
		return true
	}
	plan.SIPURI = types.StringValue(uri)
	plan.SIPRegistered = types.BoolValue(false)
	if writeOnly {
		rememberPasswordWO(ctx, c, resp.Private, created.EndpointID, endpointrules.PasswordDigest(password))
	}
	return true
}

// privateSetter is the part of the framework's private state both create
// and update responses offer.
type privateSetter interface {
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

// rememberPasswordWO keeps a keyed fingerprint of the API's password digest
// (the MD5 hex of the password) of endpoint id.
func rememberPasswordWO(ctx context.Context, c *client.Client, private privateSetter, id, passwordMD5 string) {
	data, _ := json.Marshal(c.Fingerprint(id + ":" + passwordMD5))
	private.SetKey(ctx, privateKeyPasswordWO, data)
}

// applyEndpoint copies what the API reports into m.
func applyEndpoint(m *endpointModel, ep *client.Endpoint) {
	m.ID = types.StringValue(ep.EndpointID)
	m.SIPUsername = types.StringValue(ep.Username)
	m.SIPURI = types.StringValue(ep.SIPURI)
	m.SIPRegistered = types.BoolValue(ep.IsSIPRegistered())
	m.Alias = types.StringValue(ep.Alias)
	m.AppID = stringOrNull(ep.AppID())
	if m.Username.IsNull() || m.Username.IsUnknown() {
		m.Username = types.StringValue(endpointrules.RequestedUsername(ep.Username))
	}
}

// refreshEndpoint reads endpoint id into m, and forgets a password (or the
// version of password_wo) changed outside Terraform, so the next plan sets
// it back. RefreshEndpoint answers from a one-off listing when many
// endpoints are refreshed at once (see internal/client/endpoint_cache.go).
func refreshEndpoint(ctx context.Context, c *client.Client, id string, m *endpointModel, req resource.ReadRequest, diags *diag.Diagnostics) error {
	ep, err := c.RefreshEndpoint(ctx, id)
	if err != nil {
		return err
	}
	applyEndpoint(m, ep)

	// Drift of the password: compare digests, never plain text.
	if !m.Password.IsNull() && endpointrules.PasswordDigest(m.Password.ValueString()) != ep.Password {
		tflog.Info(ctx, "endpoint password was changed outside Terraform; planning an update", map[string]any{"id": ep.EndpointID})
		m.Password = types.StringNull()
	}
	if !m.PasswordWOVersion.IsNull() {
		raw, d := req.Private.GetKey(ctx, privateKeyPasswordWO)
		diags.Append(d...)
		var fp string
		if raw != nil && json.Unmarshal(raw, &fp) == nil && fp != c.Fingerprint(ep.EndpointID+":"+ep.Password) {
			tflog.Info(ctx, "endpoint password was changed outside Terraform; planning an update of password_wo", map[string]any{"id": ep.EndpointID})
			m.PasswordWOVersion = types.Int64Null()
		}
	}
	m.PasswordWO = types.StringNull()
	return nil
}

func updateEndpoint(ctx context.Context, c *client.Client, plan, state *endpointModel, req resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	in := client.EndpointUpdate{Alias: changedString(plan.Alias, state.Alias), AppID: changedString(plan.AppID, state.AppID)}
	if !plan.Password.IsNull() {
		in.Password = changedString(plan.Password, state.Password)
	}
	passwordWO, hasWO := rawString(req.Config.Raw, "password_wo")
	sendWO := hasWO && !plan.PasswordWOVersion.Equal(state.PasswordWOVersion)
	if sendWO {
		in.Password = &passwordWO
	}
	if in != (client.EndpointUpdate{}) {
		if err := c.UpdateEndpoint(ctx, state.ID.ValueString(), in); err != nil {
			addAPIError(&resp.Diagnostics, "Error updating endpoint", "endpoint "+state.ID.ValueString(), err)
			return false
		}
	}
	if sendWO {
		// The digest recognises later drift; the API stores the MD5 of the
		// password we sent, so it needs no read-back.
		rememberPasswordWO(ctx, c, resp.Private, state.ID.ValueString(), endpointrules.PasswordDigest(passwordWO))
	}
	plan.PasswordWO = types.StringNull()
	return true
}
