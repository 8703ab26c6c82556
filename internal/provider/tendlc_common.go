package provider

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// Poll intervals of the 10DLC waiters: brisk at first (the emulator answers
// within a second or two), then backing off so a registration that takes
// hours costs few requests.
var (
	pollInitial = 100 * time.Millisecond
	pollMax     = 15 * time.Second
	pollFactor  = 1.5
)

// Default timeouts of the 10DLC waiters.
const (
	defaultRegistrationTimeout = 30 * time.Minute
	defaultLinkTimeout         = 20 * time.Minute
)

// errWaitTimeout is returned by pollUntil when the deadline passes first.
var errWaitTimeout = errors.New("timed out")

// pollUntil calls check until it reports done or fails, waiting between
// calls with exponential backoff, for at most timeout.
func pollUntil(ctx context.Context, timeout time.Duration, check func(context.Context) (bool, error)) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	wait := pollInitial
	for {
		done, err := check(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return errWaitTimeout
			}
			return err
		}
		if done {
			return nil
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return errWaitTimeout
		case <-t.C:
		}
		wait = min(time.Duration(float64(wait)*pollFactor), pollMax)
	}
}

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

// stringOrNull maps the API's "" (unset) to null, so optional attributes
// left out of the configuration plan no change.
func stringOrNull(s string) types.String {
	if s == "" {
		return types.StringNull()
	}
	return types.StringValue(s)
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

// addTimeoutError reports a waiter that ran out of time.
func addTimeoutError(diags *diag.Diagnostics, summary, what string, timeout time.Duration, status string) {
	diags.AddError(summary, fmt.Sprintf("%s is still %s after %s. It is saved in the state as tainted, so the next apply replaces it; "+
		"if it completes meanwhile, keep it with terraform untaint. To wait longer, raise the value in the resource's timeouts block.", what, status, timeout))
}
