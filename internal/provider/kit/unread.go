package kit

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The real service leaves fields out of its replies when they are empty,
// and some it holds it never returns (a brand's alias in its GET, a
// campaign's vertical). What a reply does not say is never read as a
// change: the reading helpers below keep the prior value (the state on a
// refresh, the plan on a create), and the replacing plan modifiers below
// replace an object only when the state held a value that was read or
// applied, never when it is null because no reply ever carried it (after
// an import): then the configuration's value is recorded in place.

// reportedString is what a reply's string field makes of prior: the
// reply's value when it carries one, else prior unchanged (null when prior
// is unknown: a computed value no reply gave is known to be absent once
// the object exists).
func ReportedString(prior types.String, v string) types.String {
	switch {
	case v != "":
		return types.StringValue(v)
	case prior.IsUnknown():
		return types.StringNull()
	}
	return prior
}

// reportedBool is reportedString for a flag: nil (left out) keeps prior.
func ReportedBool(prior types.Bool, v *bool) types.Bool {
	if v == nil {
		if prior.IsUnknown() {
			return types.BoolNull()
		}
		return prior
	}
	return types.BoolValue(*v)
}

// reportedInt64 is reportedString for a number: nil (left out) keeps
// prior.
func ReportedInt64(prior types.Int64, v *int64) types.Int64 {
	if v == nil {
		if prior.IsUnknown() {
			return types.Int64Null()
		}
		return prior
	}
	return types.Int64Value(*v)
}

// orDefault is v, or def when v is null or unknown: an argument with a
// schema default that a reply left out and no state held (after an
// import), read as the default the configuration gets when it leaves the
// argument out.
func OrDefaultInt64(v types.Int64, def int64) types.Int64 {
	if v.IsNull() || v.IsUnknown() {
		return types.Int64Value(def)
	}
	return v
}

// stateWasRead is the condition of the replacing modifiers: the prior
// state holds a value (read from a reply or applied by Terraform), so a
// different planned value is a real change. A null state value of an
// existing object is one no reply carried (after an import): the planned
// value is recorded in place instead.
func stateWasRead(state interface{ IsNull() bool }, stateRaw interface{ IsNull() bool }) bool {
	return !stateRaw.IsNull() && !state.IsNull()
}

const unreadReplaceNote = "Replaces the object when a value read back changes; a value the API never returned (after an import) is recorded in place."

// replaceIfReadString is RequiresReplace, but for a null state value of
// an existing object (see stateWasRead).
func ReplaceIfReadString() planmodifier.String {
	return stringplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = stateWasRead(req.StateValue, req.State.Raw)
	}, unreadReplaceNote, unreadReplaceNote)
}

// replaceIfReadBool is replaceIfReadString for a flag.
func ReplaceIfReadBool() planmodifier.Bool {
	return boolplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.BoolRequest, resp *boolplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = stateWasRead(req.StateValue, req.State.Raw)
	}, unreadReplaceNote, unreadReplaceNote)
}

// replaceIfReadInt64 is replaceIfReadString for a number.
func ReplaceIfReadInt64() planmodifier.Int64 {
	return int64planmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.Int64Request, resp *int64planmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = stateWasRead(req.StateValue, req.State.Raw)
	}, unreadReplaceNote, unreadReplaceNote)
}

// replaceIfReadSet is replaceIfReadString for a set.
func ReplaceIfReadSet() planmodifier.Set {
	return setplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.SetRequest, resp *setplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = stateWasRead(req.StateValue, req.State.Raw)
	}, unreadReplaceNote, unreadReplaceNote)
}
