package kit

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A reply that leaves a field out keeps the prior value; one that carries
// it (even empty, where the wire shape can tell) replaces it.
func TestReportedKeepsWhatTheReplyDidNotSay(t *testing.T) {
	prior := types.StringValue("kept")
	if got := ReportedString(prior, ""); !got.Equal(prior) {
		t.Errorf("reportedString(prior, \"\") = %s, want the prior %s", got, prior)
	}
	if got := ReportedString(prior, "new"); got.ValueString() != "new" {
		t.Errorf("reportedString(prior, \"new\") = %s", got)
	}
	if got := ReportedString(types.StringNull(), ""); !got.IsNull() {
		t.Errorf("reportedString(null, \"\") = %s, want null", got)
	}
	if got := ReportedString(types.StringUnknown(), ""); !got.IsNull() {
		t.Errorf("reportedString(unknown, \"\") = %s, want null (a computed value no reply gave)", got)
	}
	if got := ReportedBool(types.BoolUnknown(), nil); !got.IsNull() {
		t.Errorf("reportedBool(unknown, nil) = %s, want null", got)
	}
	f := false
	if got := ReportedBool(types.BoolValue(true), &f); got.ValueBool() {
		t.Errorf("reportedBool(true, &false) = %s", got)
	}
	if got := ReportedBool(types.BoolValue(true), nil); !got.ValueBool() {
		t.Errorf("reportedBool(true, nil) = %s, want the prior true", got)
	}
	n := int64(7)
	if got := ReportedInt64(types.Int64Value(4), nil); got.ValueInt64() != 4 {
		t.Errorf("reportedInt64(4, nil) = %s", got)
	}
	if got := ReportedInt64(types.Int64Value(4), &n); got.ValueInt64() != 7 {
		t.Errorf("reportedInt64(4, &7) = %s", got)
	}
	if got := OrDefaultInt64(types.Int64Null(), 5); got.ValueInt64() != 5 {
		t.Errorf("orDefaultInt64(null, 5) = %s", got)
	}
	if got := OrDefaultInt64(types.Int64Value(3), 5); got.ValueInt64() != 3 {
		t.Errorf("orDefaultInt64(3, 5) = %s", got)
	}
}
