package provider

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

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
var aliasRule = specRule(fmt.Sprintf("1 to %d characters", tendlcrules.MaxAliasLength), func(attr, v string) error {
	return tendlcrules.CheckLength(attr, v, 1, tendlcrules.MaxAliasLength)
})
