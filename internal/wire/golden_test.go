package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire/wiretest"
)

// sharedGoldens are the service's example replies of the shapes every
// area shares or that came first, one file each in testdata.
// Field names, nesting and types are copied from the API's specification,
// in the section named; the values are illustrative except where the
// specification gives the example itself (the phone number search item).
// "published API" names the supplement to the specification that gives
// the real API's shapes where the specification says "not shown". An area
// added later declares its own beside its shapes' tests (goldens).
var sharedGoldens = []golden{
	{"error.json", "published API, Conventions that hold everywhere (errors)", func() any { return new(Error) }},
	{"endpoint_created.json", "published API, Endpoint (create)", func() any { return new(EndpointCreated) }},
	{"endpoint_get.json", "the service's recorded replies 6, Endpoint (the recorded GET of an unregistered endpoint: no password, no api_id)", func() any { return new(Endpoint) }},
	{"endpoint_get_registered.json", "the service's recorded replies 6, Endpoint (the recorded GET of a registered endpoint: sip_contact, sip_expires, sip_user_agent)", func() any { return new(Endpoint) }},
	{"endpoint_list.json", "published API, Conventions (lists); the service's recorded replies 6, Endpoint (list items, registered and not)", func() any { return new(EndpointList) }},
	{"endpoint_updated.json", "specification, 2. Update an endpoint (response)", func() any { return new(Reply) }},
	{"message_sent.json", "specification, 1. Send a message (response); published API, Message (send reply)", func() any { return new(MessageSent) }},
	{"message_get.json", "published API, Message (get)", func() any { return new(Message) }},
	{"message_list.json", "published API, Conventions (lists) and Message (list)", func() any { return new(MessageList) }},
	{"message_media.json", "published API, Message (media)", func() any { return new(MessageMediaList) }},
	{"brand_created.json", "published API, 10DLC (brand create)", func() any { return new(BrandCreated) }},
	{"brand_get.json", "recorded: Go brandGetResponse.json (no alias, empty address as five \"\", contact {})", func() any { return new(BrandReply) }},
	{"brand_get_profile.json", "recorded: Py brandGetResponse.json (no alias, the profile's data)", func() any { return new(BrandReply) }},
	{"brand_get_declined.json", "docs: Retrieve a specific brand (declined_reasons with a digits code, website; no alias)", func() any { return new(BrandReply) }},
	{"brand_list.json", "recorded: Go/Py brandListResponse.json (alias on every item, integer vetting_score, meta of three keys)", func() any { return new(BrandList) }},
	{"brand_usecases.json", "recorded: Go brandUsecaseResponse.json", func() any { return new(BrandUsecases) }},
	{"brand_deleted.json", "published API, 10DLC (brand delete)", func() any { return new(BrandDeleted) }},
	{"campaign_created.json", "published API, 10DLC (campaign create)", func() any { return new(CampaignCreated) }},
	{"campaign_get.json", "recorded: Go campaignGetResponse.json (no alias, vertical or description; seven flags; sub_usecase one string)", func() any { return new(CampaignReply) }},
	{"campaign_get_source.json", "recorded: Py campaignGetResponse.json (campaign_source; no samples, flags or created_at)", func() any { return new(CampaignReply) }},
	{"campaign_get_failed.json", "docs: The Campaign object (a rejected campaign: error fields, every text, the links)", func() any { return new(CampaignReply) }},
	{"campaign_updated.json", "recorded: Go/Py campaignUpdateResponse.json (description, eight flags; no alias, vertical, sub_usecase or campaign_source)", func() any { return new(CampaignReply) }},
	{"campaign_list.json", "recorded: Go/Py campaignListResponse.json (an item with no use case, samples or flags; meta of three keys)", func() any { return new(CampaignList) }},
	{"campaign_deleted.json", "published API, 10DLC (campaign delete)", func() any { return new(CampaignDeleted) }},
	{"campaign_numbers.json", "recorded: Go campaignNumbersGetResponse.json (summary and number_pool_limit as integers)", func() any { return new(CampaignNumbers) }},
	{"campaign_number.json", "recorded: Go campaignNumberGetResponse.json (one number, no summary)", func() any { return new(CampaignNumbers) }},
	{"campaign_number_linked.json", "published API, 10DLC (link numbers)", func() any { return new(Reply) }},
	{"campaign_number_unlinked.json", "published API, 10DLC (unlink)", func() any { return new(Reply) }},
	{"masking_session_created.json", "specification, Resources and their fields: Masking session; published API, Masking session (create)", func() any { return new(MaskingSessionCreated) }},
	{"masking_session_get.json", "specification, 6. Get a masking session; the service's recorded replies 7 (a session without PIN authentication, as recorded: no PIN options, time.String() times with microseconds)", func() any { return new(MaskingSessionReply) }},
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

// goldens are the shared ones and each area's, which its test file
// declares (accountGoldens, ...) and this list names; nothing registers
// itself at init.
var goldens = slices.Concat(
	sharedGoldens,
	accountGoldens,
	applicationsGoldens,
	complianceApplicationGoldens,
	complianceGoldens,
	lookupGoldens,
	mediaGoldens,
	numbersGoldens,
	powerpacksGoldens,
	pricingGoldens,
	profilesGoldens,
	subaccountsGoldens,
	tendlcGoldens,
	trunkingGoldens,
	verificationGoldens,
	verifiedCallerIdsGoldens,
)

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
	example := wiretest.Golden(t, "brand_deleted.json")
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
		"renamed": new(renamed), "missing": new(missing), "added": new(added), "wrong type": new(wrongType),
	} {
		if p := checkGolden(example, shape, nil); len(p) == 0 {
			t.Errorf("%s: the check found nothing wrong", name)
		}
	}
	// A field that may be left out is caught by the union of the examples.
	if p := unseenFields(t, []golden{{file: "brand_deleted.json", shape: func() any { return new(addedOmitEmpty) }}}); len(p) != 1 || !strings.HasSuffix(p[0], ".extra") {
		t.Errorf("added omitempty: unseenFields = %v, want the extra field", p)
	}
	if p := checkGolden(example, new(BrandDeleted), nil); len(p) != 0 {
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
		case !goldenKeys[p] && !ext && !omitted(reflect.TypeOf(shape).Elem(), p):
			problems = append(problems, fmt.Sprintf("the shape has %s, which the example lacks", p))
		}
	}
	return problems
}

// omitted is whether the field at path p of t may be left out of a reply
// (omitempty, or inside one that may): the service leaves empty fields
// out, so one example need not have it; TestEveryFieldIsInSomeGolden
// requires that some example does.
func omitted(t reflect.Type, p string) bool {
	for _, seg := range strings.Split(p, ".") {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		name := strings.TrimSuffix(seg, "[]")
		f, ok := fieldByJSONName(t, name)
		if !ok {
			return false
		}
		if _, opts, _ := strings.Cut(f.Tag.Get("json"), ","); strings.Contains(opts, "omitempty") {
			return true
		}
		t = f.Type
	}
	return false
}

// fieldByJSONName finds the field of struct t encoded as name, looking
// into embedded structs.
func fieldByJSONName(t reflect.Type, name string) (reflect.StructField, bool) {
	f, _, ok := fieldOwner(t, name)
	return f, ok
}

// fieldOwner is fieldByJSONName that also returns the struct that
// declares the field (t or one embedded in it).
func fieldOwner(t reflect.Type, name string) (reflect.StructField, reflect.Type, bool) {
	if t.Kind() != reflect.Struct {
		return reflect.StructField{}, nil, false
	}
	for i := range t.NumField() {
		f := t.Field(i)
		n, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && n == "" {
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if g, owner, ok := fieldOwner(ft, name); ok {
				return g, owner, true
			}
			continue
		}
		if n == "" {
			n = f.Name
		}
		if n == name {
			return f, t, true
		}
	}
	return reflect.StructField{}, nil, false
}

// fieldKey is one field of one wire struct.
type fieldKey struct {
	t    reflect.Type
	name string
}

// seenFields records the fields of t that the decoded JSON v holds.
func seenFields(t reflect.Type, v any, seen map[fieldKey]bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice:
		items, _ := v.([]any)
		for _, it := range items {
			seenFields(t.Elem(), it, seen)
		}
	case reflect.Map:
		obj, _ := v.(map[string]any)
		for _, it := range obj {
			seenFields(t.Elem(), it, seen)
		}
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return
		}
		for name, val := range obj {
			if f, owner, ok := fieldOwner(t, name); ok {
				seen[fieldKey{owner, name}] = true
				seenFields(f.Type, val, seen)
			}
		}
	}
}

// allFields lists every field of every struct reachable from t.
func allFields(t reflect.Type, out map[fieldKey]bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t == reflect.TypeFor[json.RawMessage]() {
		return
	}
	for i := range t.NumField() {
		f := t.Field(i)
		n, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if n == "-" || !f.IsExported() {
			continue
		}
		if f.Anonymous && n == "" {
			allFields(f.Type, out)
			continue
		}
		if n == "" {
			n = f.Name
		}
		k := fieldKey{t, n}
		if out[k] {
			continue
		}
		out[k] = true
		allFields(f.Type, out)
	}
}

// unseenFields are the fields of the shapes of gs that no example of gs
// holds (nor lists as an extension).
func unseenFields(t *testing.T, gs []golden) []string {
	all, seen := map[fieldKey]bool{}, map[fieldKey]bool{}
	for _, g := range gs {
		st := reflect.TypeOf(g.shape()).Elem()
		allFields(st, all)
		var v any
		if err := json.Unmarshal(wiretest.Golden(t, g.file), &v); err != nil {
			t.Fatalf("%s: %v", g.file, err)
		}
		seenFields(st, v, seen)
	}
	var out []string
	for k := range all {
		if !seen[k] && !extendedAnywhere(k.name) {
			out = append(out, k.t.String()+"."+k.name)
		}
	}
	sort.Strings(out)
	return out
}

// extendedAnywhere is whether a field of that name is an extension of
// some golden file (this API's addition, not the service's).
func extendedAnywhere(name string) bool {
	for _, ext := range wiretest.Extensions {
		for p := range ext {
			if p == name || strings.HasSuffix(p, "."+name) {
				return true
			}
		}
	}
	return false
}

// TestEveryFieldIsInSomeGolden: a wire shape's field that may be left out
// of a reply (omitempty) need not be in every example, but it must be in
// one, so no field is added to a shape unnoticed.
func TestEveryFieldIsInSomeGolden(t *testing.T) {
	for _, f := range unseenFields(t, goldens) {
		t.Errorf("%s is in no golden file: add a recorded (or documented) reply that has it", f)
	}
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
