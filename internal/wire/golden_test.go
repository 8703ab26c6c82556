package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire/wiretest"
)

// goldens are the service's example replies, one file each in testdata.
// Field names, nesting and types are copied from the API's specification,
// in the section named; the values are illustrative except where the
// specification gives the example itself (the phone number search item).
// "published API" names the supplement to the specification that gives
// the real API's shapes where the specification says "not shown". An area
// added later registers its own beside its shapes' tests (registerGoldens).
var goldens = []golden{
	{"error.json", "published API, Conventions that hold everywhere (errors)", func() any { return new(Error) }},
	{"endpoint_created.json", "published API, Endpoint (create)", func() any { return new(EndpointCreated) }},
	{"endpoint_get.json", "real-api.md 6, Endpoint (the recorded GET of an unregistered endpoint: no password, no api_id)", func() any { return new(Endpoint) }},
	{"endpoint_get_registered.json", "real-api.md 6, Endpoint (the recorded GET of a registered endpoint: sip_contact, sip_expires, sip_user_agent)", func() any { return new(Endpoint) }},
	{"endpoint_list.json", "published API, Conventions (lists); real-api.md 6, Endpoint (list items, registered and not)", func() any { return new(EndpointList) }},
	{"endpoint_updated.json", "specification, 2. Update an endpoint (response)", func() any { return new(Reply) }},
	{"message_sent.json", "specification, 1. Send a message (response); published API, Message (send reply)", func() any { return new(MessageSent) }},
	{"message_get.json", "published API, Message (get)", func() any { return new(Message) }},
	{"message_list.json", "published API, Conventions (lists) and Message (list)", func() any { return new(MessageList) }},
	{"message_media.json", "published API, Message (media)", func() any { return new(MessageMediaList) }},
	{"brand_created.json", "published API, 10DLC (brand create)", func() any { return new(BrandCreated) }},
	{"brand_get.json", "published API, 10DLC (brand get)", func() any { return new(BrandReply) }},
	{"brand_list.json", "published API, 10DLC (brand list)", func() any { return new(BrandList) }},
	{"brand_deleted.json", "published API, 10DLC (brand delete)", func() any { return new(BrandDeleted) }},
	{"campaign_created.json", "published API, 10DLC (campaign create)", func() any { return new(CampaignCreated) }},
	{"campaign_get.json", "published API, 10DLC (campaign get, and the update reply)", func() any { return new(CampaignReply) }},
	{"campaign_list.json", "published API, 10DLC (campaign list)", func() any { return new(CampaignList) }},
	{"campaign_deleted.json", "published API, 10DLC (campaign delete)", func() any { return new(CampaignDeleted) }},
	{"campaign_numbers.json", "published API, 10DLC (numbers of a campaign)", func() any { return new(CampaignNumbers) }},
	{"campaign_number_linked.json", "published API, 10DLC (link numbers)", func() any { return new(Reply) }},
	{"campaign_number_unlinked.json", "published API, 10DLC (unlink)", func() any { return new(Reply) }},
	{"masking_session_created.json", "specification, Resources and their fields: Masking session; published API, Masking session (create)", func() any { return new(MaskingSessionCreated) }},
	{"masking_session_get.json", "specification, 6. Get a masking session; real-api.md 7 (a session without PIN authentication, as recorded: no PIN options, time.String() times with microseconds)", func() any { return new(MaskingSessionReply) }},
	{"masking_session_get_pin_auth.json", "specification, 6. Get a masking session (a session with PIN authentication, which carries the PIN options)", func() any { return new(MaskingSessionReply) }},
	{"masking_session_updated.json", "specification, 5. Update a masking session (response)", func() any { return new(MaskingSessionUpdated) }},
	{"masking_session_list.json", "published API, Masking session (list)", func() any { return new(MaskingSessionList) }},
	{"masking_session_deleted.json", "published API, Masking session (delete)", func() any { return new(Reply) }},
	{"phone_number_search.json", "specification, 7. Search phone numbers and Resources and their fields: PhoneNumber; published API, Phone numbers (search example object)", func() any { return new(PhoneNumberList) }},
	{"phone_number_bought.json", "published API, Phone numbers (buy)", func() any { return new(PhoneNumberBought) }},
}

// golden is one example reply: its file, where the specification gives
// it, and the shape it decodes into.
type golden struct {
	file    string
	section string
	shape   func() any
}

func registerGoldens(gs ...golden) bool {
	goldens = append(goldens, gs...)
	return true
}

// TestGoldenReplies decodes each example reply into its shape, refusing a
// key the shape lacks or names otherwise, re-encodes it and requires the
// very same document, and requires every key of the shape to be in the
// example (or is one of wiretest.Extensions), so no field is added unnoticed.
func TestGoldenReplies(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.file, func(t *testing.T) {
			for _, p := range checkGolden(wiretest.Golden(t, g.file), g.shape(), wiretest.Extensions[g.file]) {
				t.Errorf("%s (%s): %s", g.file, g.section, p)
			}
		})
	}
}

// TestEveryGoldenHasAShape keeps a golden file from sitting in testdata
// unchecked.
func TestEveryGoldenHasAShape(t *testing.T) {
	names, err := wiretest.GoldenFiles()
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, g := range goldens {
		listed[g.file] = true
	}
	for _, n := range names {
		if !listed[n] {
			t.Errorf("testdata/%s has no entry in goldens", n)
		}
	}
}

// TestGoldenCheckFailsOnWrongShapes shows the check catches what it is
// for: a renamed, a missing and an added field, and a wrong type.
func TestGoldenCheckFailsOnWrongShapes(t *testing.T) {
	golden := wiretest.Golden(t, "brand_deleted.json")
	type renamed struct {
		APIID   string `json:"api_id"`
		BrandID string `json:"brandId"`
		Message string `json:"message"`
	}
	type missing struct {
		APIID   string `json:"api_id"`
		Message string `json:"message"`
	}
	type added struct {
		BrandDeleted
		Extra string `json:"extra"`
	}
	type addedOmitEmpty struct {
		BrandDeleted
		Extra string `json:"extra,omitempty"`
	}
	type wrongType struct {
		APIID   string `json:"api_id"`
		BrandID int    `json:"brand_id"`
		Message string `json:"message"`
	}
	for name, shape := range map[string]any{
		"renamed": new(renamed), "missing": new(missing), "added": new(added),
		"added omitempty": new(addedOmitEmpty), "wrong type": new(wrongType),
	} {
		if p := checkGolden(golden, shape, nil); len(p) == 0 {
			t.Errorf("%s: the check found nothing wrong", name)
		}
	}
	if p := checkGolden(golden, new(BrandDeleted), nil); len(p) != 0 {
		t.Errorf("the right shape: %v", p)
	}
}

// checkGolden returns what is wrong with shape (a pointer) for the example
// reply golden.
func checkGolden(golden []byte, shape any, extensions map[string]string) []string {
	var problems []string
	dec := json.NewDecoder(bytes.NewReader(golden))
	dec.DisallowUnknownFields()
	if err := dec.Decode(shape); err != nil {
		return []string{"decode: " + err.Error()}
	}
	again, err := json.Marshal(shape)
	if err != nil {
		return []string{"encode: " + err.Error()}
	}
	var want, got any
	_ = json.Unmarshal(golden, &want)
	_ = json.Unmarshal(again, &got)
	for p := range extensions {
		dropPath(got, p)
	}
	if !reflect.DeepEqual(want, got) {
		wantKeys, _ := wiretest.KeyPaths(golden)
		gotKeys, _ := wiretest.KeyPaths(again)
		added, missing := wiretest.Diff(gotKeys, wantKeys)
		problems = append(problems, fmt.Sprintf("re-encoded reply differs (added %v, missing %v):\n%s", added, missing, again))
	}
	goldenKeys, _ := wiretest.KeyPaths(golden)
	for _, p := range shapePaths(reflect.TypeOf(shape).Elem(), "") {
		_, ext := extensions[p]
		switch {
		case goldenKeys[p] && ext:
			problems = append(problems, fmt.Sprintf("%s is listed as an extension but the example has it", p))
		case !goldenKeys[p] && !ext:
			problems = append(problems, fmt.Sprintf("the shape has %s, which the example lacks", p))
		}
	}
	return problems
}

// shapePaths lists the key paths t encodes to, as wiretest.KeyPaths names
// them.
func shapePaths(t reflect.Type, prefix string) []string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice && t != reflect.TypeFor[json.RawMessage]() {
		if t.Kind() == reflect.Slice {
			prefix += "[]"
		}
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if f.Anonymous && name == "" {
			out = append(out, shapePaths(f.Type, prefix)...)
			continue
		}
		if name == "" {
			name = f.Name
		}
		p := name
		if prefix != "" {
			p = prefix + "." + name
		}
		out = append(out, p)
		out = append(out, shapePaths(f.Type, p)...)
	}
	return out
}

// dropPath deletes the key at path (as wiretest.KeyPaths names it) from a
// decoded JSON document.
func dropPath(v any, path string) {
	head, rest, nested := strings.Cut(path, ".")
	key, each := strings.CutSuffix(head, "[]")
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	if !nested && !each {
		delete(obj, key)
		return
	}
	if !each {
		dropPath(obj[key], rest)
		return
	}
	items, _ := obj[key].([]any)
	for _, it := range items {
		if nested {
			dropPath(it, rest)
		}
	}
}
