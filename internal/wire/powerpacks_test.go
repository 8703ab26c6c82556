package wire

import (
	"encoding/json"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire/wiretest"
)

var powerpacksGoldens = []golden{
	{"powerpack_created.json", "recorded: Py powerpackCreatePowerpackResponse.json (flat record with api_id), with the docs' number_priority", func() any { return new(PowerpackReply) }},
	{"powerpack_get.json", "recorded: Go powerpack.json (string application_id, upper-case application_type), with the docs' number_priority", func() any { return new(PowerpackReply) }},
	{"powerpack_updated.json", "docs: Update a Powerpack (the record with api_id)", func() any { return new(PowerpackReply) }},
	{"powerpack_list.json", "recorded: Go powerpackList.json (null next and previous; items without api_id; empty application as \"\")", func() any { return new(PowerpackList) }},
	{"powerpack_deleted.json", "recorded: Go/Py powerpackDeleteResponse.json", func() any { return new(SuccessReply) }},
	{"pool_member_removed.json", "docs: Remove a toll-free number, Remove a short code (response success)", func() any { return new(SuccessReply) }},
	{"pool_number_added.json", "recorded: Go numberpoolSingleNoResponse.json (with the docs' number_pool_uuid key)", func() any { return new(PoolNumberReply) }},
	{"pool_number_get.json", "recorded: Go numberpoolSingleNoResponse.json (with the docs' number_pool_uuid key)", func() any { return new(PoolNumberReply) }},
	{"pool_numbers.json", "recorded: Go numberpoolNumberRespone.json (\"\" for an empty next and previous), service as the docs' list example", func() any { return new(PoolNumberList) }},
	{"pool_tollfree_added.json", "recorded: Go numberpoolSingleTollfreeResponse.json (type tollfree), with Py's tollfree key", func() any { return new(PoolNumberReply) }},
	{"pool_tollfree_list.json", "recorded: Go numberpoolTollfreeResponse.json, with Py's tollfree key", func() any { return new(PoolNumberList) }},
	{"pool_shortcodes.json", "recorded: Go numberpoolShortCodeResponse.json", func() any { return new(PoolShortcodeList) }},
	{"pool_shortcode_get.json", "recorded: Go numberpoolSingleShortcodeResponse.json (flat, no api_id)", func() any { return new(PoolShortcode) }},
	{"message_get_powerpack.json", "published API, Message (get), with the powerpack_id of a message sent through a powerpack (Go Message, Node messages.d.ts)", func() any { return new(Message) }},
	{"pool_tollfree_list_python.json", "recorded: Py powerpackListTollfreeResponse.json and powerpackFindTollfreeResponse.json (the number under tollfree only; no number, type, service or account_phone_number_resource)", func() any { return new(PoolNumberList) }},
}

// TestPoolTollfreeReadUnderEitherKey: a toll-free member the Python
// recording carries under "tollfree" only reads as its number and type
// tollfree, as one carried under "number" does (and a long code keeps its
// own type).
func TestPoolTollfreeReadUnderEitherKey(t *testing.T) {
	for file, want := range map[string][][2]string{
		"pool_tollfree_list_python.json": {{"18885550142", "tollfree"}, {"18445550177", "tollfree"}},
		"pool_tollfree_list.json":        {{"18005550199", "tollfree"}},
		"pool_numbers.json":              nil,
	} {
		var page PoolNumberList
		if err := json.Unmarshal(wiretest.Golden(t, file), &page); err != nil {
			t.Fatal(err)
		}
		for i := range page.Objects {
			n := &page.Objects[i]
			before := n.Type
			n.ReadEitherKey()
			if want == nil {
				if n.Number == "" || n.Type != before || n.Type == TollfreeMemberType {
					t.Errorf("%s: long code %+v changed or reads as toll-free", file, n)
				}
				continue
			}
			if got := [2]string{n.Number, n.Type}; got != want[i] {
				t.Errorf("%s: member %d reads as number and type %q, want %q", file, i, got, want[i])
			}
		}
		if want != nil && len(page.Objects) != len(want) {
			t.Errorf("%s: %d members, want %d", file, len(page.Objects), len(want))
		}
	}
	var one PoolNumberReply
	if err := json.Unmarshal([]byte(`{"api_id": "a", "added_on": "2025-04-02T09:15:31.204Z", "tollfree": "18885550142"}`), &one); err != nil {
		t.Fatal(err)
	}
	one.ReadEitherKey()
	if one.APIID != "a" || one.Number != "18885550142" || one.Type != "tollfree" {
		t.Errorf("a single toll-free reply under tollfree reads as %+v", one)
	}
}
