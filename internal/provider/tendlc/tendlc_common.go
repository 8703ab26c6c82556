package tendlc

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// tenDLCFamily is what Terraform is served of 10DLC registration: profiles, brands, campaigns (registered or imported) and their numbers, and a STARTER brand's OTP (provider.go's families).
var TenDLCFamily = kit.Family{
	Resources:   []func() resource.Resource{profileKind.NewResource, brandKind.NewResource, campaignKind.NewResource, campaignNumberKind.NewResource, campaignImportKind.NewResource},
	DataSources: []func() datasource.DataSource{profileData.NewDataSource, tenDLCBrandData.NewDataSource, tenDLCBrandUsecasesData.NewDataSource, tenDLCCampaignData.NewDataSource},
	Lists:       []func() list.ListResource{NewTenDLCProfileListResource, NewTenDLCBrandListResource, NewTenDLCCampaignListResource, NewTenDLCCampaignNumberListResource},
	Actions:     []func() action.Action{NewBrandOTPAction},
	Sweepers:    sweepers,
	RealKinds:   realKinds,
	Bench:       benchKinds,
}

// Default timeouts of the 10DLC waiters.
const (
	defaultRegistrationTimeout = 30 * time.Minute
	defaultLinkTimeout         = 20 * time.Minute
)

// registrationPending is the status a brand or campaign holds while the
// registry decides; any other ends the wait.
var registrationPending = []string{tendlcrules.StatusProcessing}

// declinedReasonType is the element type of declined_reasons.
var declinedReasonType = types.ObjectType{AttrTypes: map[string]attr.Type{"code": types.StringType, "message": types.StringType}}

func declinedReasonsValue(rs []client.DeclinedReason) types.List {
	elems := make([]attr.Value, 0, len(rs))
	for _, r := range rs {
		elems = append(elems, types.ObjectValueMust(declinedReasonType.AttrTypes, map[string]attr.Value{
			"code": types.StringValue(r.Code), "message": types.StringValue(r.Message),
		}))
	}
	return types.ListValueMust(declinedReasonType, elems)
}

// replaceWhenFailed plans a replacement of an object the registry
// rejected, so the next apply registers a new one even when the rejection
// was seen on a refresh rather than during create.
func replaceWhenFailed(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var status types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("registration_status"), &status)...)
	if status.ValueString() != tendlcrules.StatusFailed {
		return
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("registration_status"), types.StringUnknown())...)
	resp.RequiresReplace = append(resp.RequiresReplace, path.Root("registration_status"))
}

// warnCallbackChange warns when an existing registration's url or method
// changes: the API cannot change them, so only the state records the new
// value. A value first recorded after an import (null in the state) is not
// a change and gets no warning.
func warnCallbackChange(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, kind string) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	for _, name := range []string{"url", "method"} {
		var was, will types.String
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(name), &was)...)
		resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root(name), &will)...)
		if was.IsNull() || will.IsUnknown() || was.Equal(will) {
			continue
		}
		resp.Diagnostics.AddAttributeWarning(path.Root(name), "10DLC callback "+name+" changes in the state only",
			fmt.Sprintf("The API takes %s with the registration request and cannot change it afterwards: the %s keeps %q for the "+
				"callbacks still due, and this apply only records the new value in the state (the object is not replaced).", name, kind, was.ValueString()))
	}
}

// aliasRule is the API's rule for brand_alias and campaign_alias
// (tendlcrules) at plan time.
var aliasRule = kit.SpecRule(fmt.Sprintf("1 to %d characters", tendlcrules.MaxAliasLength), func(attr, v string) error {
	return tendlcrules.CheckLength(attr, v, 1, tendlcrules.MaxAliasLength)
})

// registration is a brand's or a campaign's create (model M, API object O,
// create reply C): send it, then once the API has given its id read it
// back, wait for the registry when asked, save it in every case (an object
// that exists must be in the state), and report a timeout, an error or the
// registry's rejection.
type registration[M, O, C any] struct {
	what   string          // "10DLC brand"
	id     func(*C) string // the id in the create's reply
	find   func(c *client.Client, id string) func(context.Context) (*O, error)
	wait   func(ctx context.Context, c *client.Client, id string, timeout time.Duration) (*O, error)
	status func(*O) string
	apply  func(*M, *O, *diag.Diagnostics)
	// unread makes m the state of object id when it could not be read
	// back: still processing, nothing else known.
	unread func(m *M, id string)
	// rejected reports the registry's rejection of o, named what.
	rejected func(diags *diag.Diagnostics, what string, o *O)
}

// finish ends the Create of object id planned as plan.
func (g registration[M, O, C]) finish(ctx context.Context, c *client.Client, id string, plan *M, waitFor bool, timeout time.Duration,
	diags *diag.Diagnostics,
) {
	what := g.what + " " + id
	o, err := kit.ReadAfterCreate(ctx, what, g.find(c, id))
	if err != nil {
		g.unread(plan, id)
		kit.AddAPIError(diags, "Error reading "+g.what+" after create", what, err)
		return
	}
	if waitFor {
		var got *O
		if got, err = g.wait(ctx, c, id, timeout); got != nil {
			o = got
		}
	}
	g.apply(plan, o, diags)
	switch {
	case errors.Is(err, wait.ErrTimeout):
		kit.AddTimeoutKept(diags, "Timed out waiting for "+g.what+" registration", what, timeout, g.status(o))
	case err != nil:
		kit.AddAPIError(diags, "Error waiting for "+g.what+" registration", what, err)
	case g.status(o) == tendlcrules.StatusFailed:
		g.rejected(diags, what, o)
	}
}

// registrationArgs are the arguments a brand and a campaign share that the
// API never reports: the callbacks' url and method (taken at registration
// only), whether apply waits for the registry, and for how long.
type registrationArgs struct {
	URL                 types.String   `tfsdk:"url"`
	Method              types.String   `tfsdk:"method"`
	WaitForRegistration types.Bool     `tfsdk:"wait_for_registration"`
	Timeouts            timeouts.Value `tfsdk:"timeouts"`
}

// defaultWait gives wait_for_registration its default where the state has
// none (after an import).
func (a *registrationArgs) defaultWait() {
	if a.WaitForRegistration.IsNull() || a.WaitForRegistration.IsUnknown() {
		a.WaitForRegistration = types.BoolValue(true)
	}
}

// createTimeout is how long a create waits for the registry.
func (a *registrationArgs) createTimeout(ctx context.Context, diags *diag.Diagnostics) time.Duration {
	timeout, d := a.Timeouts.Create(ctx, defaultRegistrationTimeout)
	diags.Append(d...)
	return timeout
}

// waitForRegistrationAttribute is wait_for_registration; more says what a
// rejection and the wait mean for this object.
func waitForRegistrationAttribute(more string) schema.BoolAttribute {
	return schema.BoolAttribute{
		MarkdownDescription: "Whether `terraform apply` waits, within `timeouts.create` (default 30 minutes), until the registry has decided. " +
			"Default `true`. " + more,
		Optional: true,
		Computed: true,
		Default:  booldefault.StaticBool(true),
	}
}

// registrationKind completes k, the kind of an object the registry
// registers asynchronously (a brand, a campaign): it is imported by its id
// of the form idPattern matches (idName, idRule say it), and unless k
// plans its own (modifyPlan), its plan replaces a rejected object and
// warns of a callback change. Its url and method cannot be read back: the
// configuration's values are recorded by the first apply, in place.
func registrationKind[M any](k *kit.ObjectKind[M], idPattern *regexp.Regexp, idName, idRule string) *kit.ObjectKind[M] {
	k.ImportAs = kit.ImportIDMatching(idPattern, idName, idRule)
	if k.ModifyPlan == nil {
		k.ModifyPlan = func(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
			replaceWhenFailed(ctx, req, resp)
			warnCallbackChange(ctx, req, resp, k.What)
		}
	}
	return k
}

// create is a registered object's create: register sends it (the
// create-or-adopt call); name names it in an error.
// Once sent, the object exists: it is saved whatever finish reports.
func (g registration[M, O, C]) create(ctx context.Context, c *client.Client, plan *M, args *registrationArgs, name string,
	register func(context.Context) (*C, error), diags *diag.Diagnostics,
) bool {
	timeout := args.createTimeout(ctx, diags)
	if diags.HasError() {
		return false
	}
	created, err := register(ctx)
	if err != nil {
		kit.AddAPIError(diags, "Error creating "+g.what, name, err)
		return false
	}
	g.finish(ctx, c, g.id(created), plan, args.WaitForRegistration.ValueBool(), timeout, diags)
	return true
}
