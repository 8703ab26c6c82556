// Package provider is everything Terraform sees of the CPaaS provider: the
// provider configuration, one file per resource, data source and function.
package provider

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/float64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/account"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/application"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/callerid"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/endpoint"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/lookup"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/masking"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/message"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/powerpack"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/subaccount"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tollfree"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/trunking"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/verification"
)

// Environment variables read when the configuration leaves a value unset.
const (
	EnvAuthID    = "CPAAS_AUTH_ID"
	EnvAuthToken = "CPAAS_AUTH_TOKEN"
	EnvBaseURL   = "CPAAS_BASE_URL"
	// EnvLookupBaseURL is the number look-up's host (lookup_base_url).
	EnvLookupBaseURL = "CPAAS_LOOKUP_BASE_URL"
)

var (
	_ provider.Provider                  = &CPaaSProvider{}
	_ provider.ProviderWithFunctions     = &CPaaSProvider{}
	_ provider.ProviderWithActions       = &CPaaSProvider{}
	_ provider.ProviderWithListResources = &CPaaSProvider{}

	_ provider.ProviderWithEphemeralResources = &CPaaSProvider{}
)

// CPaaSProvider is the provider implementation.
type CPaaSProvider struct {
	version string
}

type providerModel struct {
	AuthID         types.String  `tfsdk:"auth_id"`
	AuthToken      types.String  `tfsdk:"auth_token"`
	BaseURL        types.String  `tfsdk:"base_url"`
	MaxRetries     types.Int64   `tfsdk:"max_retries"`
	RequestTimeout types.String  `tfsdk:"request_timeout"`
	MaxRPS         types.Float64 `tfsdk:"max_requests_per_second"`
	LookupBaseURL  types.String  `tfsdk:"lookup_base_url"`
}

// plainRetries switches the client's rate-limit learning off (see
// client.Config.PlainRetries). Only main sets it, from the bench's
// environment variable, so tests never see it.
var plainRetries bool

// UsePlainRetriesForBench makes every client of this process retry 429s
// without learning the rate limit: the behaviour before the pacer, which
// the bench measures against it.
func UsePlainRetriesForBench() { plainRetries = true }

// RememberPacesIn makes the clients of this process remember the rate limit
// they learn in dir, and start from what an earlier provider process
// remembered there (client.RememberPacesIn). Only main calls it, so tests,
// which run the provider in-process, keep nothing between runs.
func RememberPacesIn(dir string) { client.RememberPacesIn(dir) }

// RememberCreatesIn keeps the journal of creates under way in dir: an
// object a killed run created and never handed to Terraform is adopted by
// the next run. Only main calls it, as RememberPacesIn.
func RememberCreatesIn(dir string) { kit.RememberCreatesIn(dir) }

// HandOverCreates tells the journal that Terraform ended the provider
// itself, after saving every object it created.
func HandOverCreates() { kit.HandOverCreates() }

// New returns a constructor of the provider at version.
func New(version string) func() provider.Provider {
	return func() provider.Provider { return &CPaaSProvider{version: version} }
}

func (p *CPaaSProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "cpaas"
	resp.Version = p.version
}

func (p *CPaaSProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Manages messaging and voice resources of a CPaaS account: SIP endpoints, US 10DLC registration, " +
			"call-masking sessions, phone numbers and messages.",
		Attributes: map[string]schema.Attribute{
			"auth_id": schema.StringAttribute{
				MarkdownDescription: "Account identifier: `MA` (main account) or `SA` (subaccount) followed by 18 upper-case letters or digits. " +
					"Falls back to the `CPAAS_AUTH_ID` environment variable.",
				Optional:   true,
				Validators: []validator.String{stringvalidator.RegexMatches(kit.AuthIDPattern, "must be MA or SA followed by 18 upper-case letters or digits")},
			},
			"auth_token": schema.StringAttribute{
				MarkdownDescription: "Account auth token, used as the Basic-auth password. Never logged. Falls back to the `CPAAS_AUTH_TOKEN` environment variable.",
				Optional:            true,
				Sensitive:           true,
			},
			"base_url": schema.StringAttribute{
				MarkdownDescription: "Base URL of the API, without `/v1/`. Must be `https://`, except plain `http://` to a loopback address " +
					"(`localhost`, `127.0.0.0/8`, `[::1]`), which the emulator uses. Falls back to the `CPAAS_BASE_URL` environment variable.",
				Optional:   true,
				Validators: []validator.String{baseURLValidator{}},
			},
			"lookup_base_url": schema.StringAttribute{
				MarkdownDescription: "Base URL of the number look-up (`data.cpaas_number_lookup`), which the service serves on a host of its own, " +
					"without `/v1/`. Unset, it is `base_url` with a leading `api.` in the host replaced by `lookup.` " +
					"(`https://api.example.com` -> `https://lookup.example.com`), or `base_url` itself for any other host, as the emulator " +
					"serves both. The same rules as `base_url` apply. Falls back to the `CPAAS_LOOKUP_BASE_URL` environment variable.",
				Optional:   true,
				Validators: []validator.String{baseURLValidator{}},
			},
			"max_retries": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Retries of a read, delete or update that failed with a 5xx or a network error, "+
					"0 to 20. Default %d. A create is retried only when it provably never reached the API. "+
					"A request refused with 429 (rate limit) was not carried out and is retried after its `Retry-After` "+
					"without counting against this (up to %d times), unless this is 0.", client.DefaultMaxRetries, client.MaxThrottleRetries),
				Optional:   true,
				Validators: []validator.Int64{int64validator.Between(0, 20)},
			},
			"request_timeout": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("Time limit of one HTTP request, as a Go duration such as `30s` or `2m`, 1s to 10m. Default `%s`.", client.DefaultRequestTimeout),
				Optional:            true,
				Validators:          []validator.String{durationValidator{min: time.Second, max: 10 * time.Minute}},
			},
			"max_requests_per_second": schema.Float64Attribute{
				MarkdownDescription: "Most API requests a second this provider sends for the account, from every resource of the run together, " +
					"0.1 to 1000. Unset, the provider starts unrestricted (or from the limit it learned for the account within the last hour) " +
					"and learns the account's rate limit from the API's 429 replies " +
					"and their `Retry-After`: it slows every request down together to the rate the API lets through, then probes back up " +
					"slowly. Set it to stay under a limit shared with other clients of the account; learning still lowers the pace below it " +
					"when the API refuses requests.",
				Optional:   true,
				Validators: []validator.Float64{float64validator.Between(0.1, 1000)},
			},
		},
	}
}

// Configure checks the merged configuration and environment; Terraform
// calls it before planning, so every problem here is a plan-time error,
// and again before applying.
func (p *CPaaSProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// A configuration not known at plan time (a provider block fed by
	// ephemeral.cpaas_subaccount_credentials of a subaccount this run
	// creates) plans what needs no API call: creates, with what they read
	// unknown. Anything that must call the API at plan time (a refresh, a
	// data source, an import, a plan-time check) fails naming what is
	// unknown. Terraform configures the provider again during apply, with
	// the values known by then.
	var unknown []string
	for _, a := range []struct {
		name string
		v    types.String
	}{{"auth_id", cfg.AuthID}, {"auth_token", cfg.AuthToken}, {"base_url", cfg.BaseURL}, {"lookup_base_url", cfg.LookupBaseURL}} {
		if a.v.IsUnknown() {
			unknown = append(unknown, a.name)
		}
	}
	if len(unknown) > 0 {
		tflog.Info(ctx, "CPaaS provider configuration not known until apply; planning without API calls", map[string]any{"unknown": unknown})
		c := client.Pending(unknown)
		resp.DataSourceData, resp.ActionData, resp.ListResourceData, resp.EphemeralResourceData = c, c, c, c
		resp.ResourceData = kit.NewResourceData(c)
		return
	}
	authID := valueOrEnv(cfg.AuthID, EnvAuthID)
	authToken := valueOrEnv(cfg.AuthToken, EnvAuthToken)
	baseURL := valueOrEnv(cfg.BaseURL, EnvBaseURL)

	if authID == "" {
		resp.Diagnostics.AddAttributeError(path.Root("auth_id"), "Missing CPaaS auth_id",
			"Set auth_id in the provider configuration or the CPAAS_AUTH_ID environment variable.")
	} else if !kit.AuthIDPattern.MatchString(authID) {
		resp.Diagnostics.AddAttributeError(path.Root("auth_id"), "Invalid CPaaS auth_id",
			fmt.Sprintf("auth_id %q (from %s) must be MA or SA followed by 18 upper-case letters or digits, 20 characters in all.", authID, sourceOf(cfg.AuthID, EnvAuthID)))
	}
	if authToken == "" {
		resp.Diagnostics.AddAttributeError(path.Root("auth_token"), "Missing CPaaS auth_token",
			"Set auth_token in the provider configuration or the CPAAS_AUTH_TOKEN environment variable.")
	}
	if baseURL == "" {
		resp.Diagnostics.AddAttributeError(path.Root("base_url"), "Missing CPaaS base_url",
			"Set base_url in the provider configuration or the CPAAS_BASE_URL environment variable.")
	} else if err := checkBaseURL(baseURL); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("base_url"), "Invalid CPaaS base_url",
			fmt.Sprintf("base_url %q (from %s): %v", baseURL, sourceOf(cfg.BaseURL, EnvBaseURL), err))
	}
	lookupBaseURL := valueOrEnv(cfg.LookupBaseURL, EnvLookupBaseURL)
	if lookupBaseURL != "" {
		if err := checkBaseURL(lookupBaseURL); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("lookup_base_url"), "Invalid CPaaS lookup_base_url",
				fmt.Sprintf("lookup_base_url %q (from %s): %v", lookupBaseURL, sourceOf(cfg.LookupBaseURL, EnvLookupBaseURL), err))
		}
	}
	timeout := client.DefaultRequestTimeout
	if kit.Known(cfg.RequestTimeout) {
		d, err := time.ParseDuration(cfg.RequestTimeout.ValueString())
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("request_timeout"), "Invalid request_timeout", err.Error())
		}
		timeout = d
	}
	if resp.Diagnostics.HasError() {
		return
	}
	retries := client.DefaultMaxRetries
	if kit.Known(cfg.MaxRetries) {
		retries = int(cfg.MaxRetries.ValueInt64())
		if retries == 0 {
			retries = -1 // client: negative means none
		}
	}
	var maxRPS float64
	if kit.Known(cfg.MaxRPS) {
		maxRPS = cfg.MaxRPS.ValueFloat64()
	}
	c, err := client.New(client.Config{
		MaxRequestsPerSecond: maxRPS,
		PlainRetries:         plainRetries,
		BaseURL:              baseURL,
		LookupBaseURL:        lookupBaseURL,
		AuthID:               authID,
		AuthToken:            authToken,
		Version:              p.version,
		MaxRetries:           retries,
		RequestTimeout:       timeout,
	})
	if err != nil {
		resp.Diagnostics.AddError("Unable to create CPaaS client", err.Error())
		return
	}
	tflog.Debug(ctx, "configured CPaaS client", map[string]any{"base_url": baseURL, "auth_id": authID, "max_retries": retries, "max_requests_per_second": maxRPS})
	resp.DataSourceData = c
	resp.ResourceData = kit.NewResourceData(c)
	resp.ActionData = c
	resp.ListResourceData = c
	resp.EphemeralResourceData = c
}

// families is what the provider serves: one line per family of types,
// each declared in its family's own file (`var xFamily = family{...}`).
// A table rather than registrations from init: the order Terraform is
// served in is this one, visible here, and a family left out is one
// missing line to see in review, not a file that forgot to call
// something. TestFamiliesServeUniqueTypes checks the names.
var families = []kit.Family{
	application.ApplicationFamily,
	endpoint.EndpointFamily,
	number.PhoneNumberFamily,
	masking.MaskingFamily,
	message.MessagingFamily,
	tendlc.TenDLCFamily,
	tollfree.TollfreeFamily,
	compliance.PhoneNumberComplianceFamily,
	compliance.ComplianceApplicationFamily,
	subaccount.SubaccountFamily,
	powerpack.PowerpackFamily,
	trunking.SipTrunkingFamily,
	account.AccountFamily,
	lookup.PricingFamily,
	lookup.NumberLookupFamily,
	callerid.VerifiedCallerIDFamily,
	verification.VerificationFamily,
}

// served gathers one field of every family, in the order of families.
func served[T any](of func(kit.Family) []T) []T {
	var all []T
	for _, f := range families {
		all = append(all, of(f)...)
	}
	return all
}

// Sweepers are every family's, for the acceptance harness (make sweep,
// real mode): how to find and delete what tests left on an account.
func Sweepers() []kit.Sweeper {
	return served(func(f kit.Family) []kit.Sweeper { return f.Sweepers })
}

// RealKinds are every family's, for the acceptance harness's real mode:
// which collections carry names and which requests and types cost money.
func RealKinds() []kit.RealKind {
	return served(func(f kit.Family) []kit.RealKind { return f.RealKinds })
}

// BenchKinds are every family's kinds of the bench's whole account
// (internal/cmd/bench).
func BenchKinds() []kit.BenchKind {
	return served(func(f kit.Family) []kit.BenchKind { return f.Bench })
}

// EphemeralResources are read at each run and never stored.
func (p *CPaaSProvider) EphemeralResources(_ context.Context) []func() ephemeral.EphemeralResource {
	return served(func(f kit.Family) []func() ephemeral.EphemeralResource { return f.Ephemeral })
}

func (p *CPaaSProvider) Resources(_ context.Context) []func() resource.Resource {
	return served(func(f kit.Family) []func() resource.Resource { return f.Resources })
}

// ListResources are what `terraform query` lists (Terraform 1.14+).
func (p *CPaaSProvider) ListResources(_ context.Context) []func() list.ListResource {
	return served(func(f kit.Family) []func() list.ListResource { return f.Lists })
}

func (p *CPaaSProvider) DataSources(_ context.Context) []func() datasource.DataSource {
	return served(func(f kit.Family) []func() datasource.DataSource { return f.DataSources })
}

// Actions need Terraform 1.14 or later; older versions and OpenTofu do not
// see them.
func (p *CPaaSProvider) Actions(_ context.Context) []func() action.Action {
	return served(func(f kit.Family) []func() action.Action { return f.Actions })
}

func (p *CPaaSProvider) Functions(_ context.Context) []func() function.Function {
	return served(func(f kit.Family) []func() function.Function { return f.Functions })
}

func valueOrEnv(v types.String, env string) string {
	if kit.Known(v) && v.ValueString() != "" {
		return v.ValueString()
	}
	return os.Getenv(env)
}

func sourceOf(v types.String, env string) string {
	if !v.IsNull() && v.ValueString() != "" {
		return "the provider configuration"
	}
	return "the " + env + " environment variable"
}

// checkBaseURL allows https anywhere and plain http only to loopback, so the
// auth token never crosses a network in the clear.
func checkBaseURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("not a URL: %v", err)
	}
	if u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return fmt.Errorf("must be an absolute https:// URL such as https://api.example.com")
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("must not carry a query string or fragment")
	}
	if u.User != nil {
		return fmt.Errorf("must not carry credentials; use auth_id and auth_token")
	}
	if u.Scheme == "http" && !isLoopback(u.Hostname()) {
		return fmt.Errorf("plain http is only allowed to a loopback address (localhost, 127.0.0.0/8, ::1), because the auth token would cross the network unencrypted; use https")
	}
	return nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

type baseURLValidator struct{}

func (baseURLValidator) Description(context.Context) string {
	return "an https URL, or http to a loopback address"
}
func (v baseURLValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }
func (baseURLValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkBaseURL(req.ConfigValue.ValueString()); err != nil {
		name := req.Path.String() // base_url or lookup_base_url
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid CPaaS "+name, fmt.Sprintf("%s %q: %v", name, req.ConfigValue.ValueString(), err))
	}
}

type durationValidator struct{ min, max time.Duration }

func (v durationValidator) Description(context.Context) string {
	return "a Go duration from " + v.min.String() + " to " + v.max.String()
}
func (v durationValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }
func (v durationValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	d, err := time.ParseDuration(req.ConfigValue.ValueString())
	if err != nil || d < v.min || d > v.max {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid duration",
			fmt.Sprintf("%q must be a duration such as 30s or 2m, from %s to %s.", req.ConfigValue.ValueString(), v.min, v.max))
	}
}
