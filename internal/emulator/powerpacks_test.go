package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// buySMSNumber buys a number of the search query q that sends SMS.
func buySMSNumber(call func(method, path string, body any) map[string]any, q string) string {
	n := call("GET", "PhoneNumber/?services=sms&limit=1&"+q, nil)["objects"].([]any)[0].(map[string]any)["number"].(string)
	call("POST", "PhoneNumber/"+n+"/", map[string]any{})
	return n
}

// poolUUIDOf cuts the pool's UUID out of a powerpack record, as the
// client libraries do.
func poolUUIDOf(p map[string]any) string {
	return strings.Split(p["number_pool"].(string), "/")[5]
}

var powerpacksTestAreas = []testArea{
	{
		segment: "Powerpack",
		kind:    "powerpacks",
		get:     func(id string) string { return "Powerpack/" + id + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			return call("POST", "Powerpack/", map[string]any{"name": "sec-powerpack"})["uuid"].(string)
		},
		unknownID: "00000000-0000-4000-8000-000000000000",
		bodies: map[string][]bodyCase{
			"POST Powerpack": {{"", map[string]any{"name": "ext-powerpack", "sticky_sender": false, "local_connect": "false",
				"application_type": "xml", "application_id": "20372631212782780",
				"number_priority": []any{map[string]any{"country_iso": "US", "service_type": "SMS",
					"priority": map[string]any{"priority1": "longcode", "priority2": "tollfree", "priority3": "shortcode"}}}}}},
			"POST Powerpack/{id}":                  {{"", map[string]any{"name": "ext-powerpack-2", "local_connect": false, "application_id": "none"}}},
			"POST NumberPool/{id}/Number/{number}": {{"", map[string]any{"service": "mms"}}},
		},
		wrongType: map[string]any{"name": 5, "rent": 5},
		goldens: func(call goldenCall) {
			p := call(200, "POST", "Powerpack/", map[string]any{"name": "alerts-us", "sticky_sender": true, "local_connect": false,
				"application_type": "xml", "application_id": "20372631212782780",
				"number_priority": []any{map[string]any{"country_iso": "US", "service_type": "SMS",
					"priority": map[string]any{"priority1": "longcode", "priority2": "tollfree", "priority3": "shortcode"}}}},
				"powerpack_created.json")
			id, pool := p["uuid"].(string), poolUUIDOf(p)
			call(200, "GET", "Powerpack/"+id+"//", nil, "powerpack_get.json")
			call(200, "POST", "Powerpack/"+id+"/", map[string]any{"local_connect": true}, "powerpack_updated.json")
			call(200, "POST", "Powerpack/", map[string]any{"name": "alerts-ca", "number_priority": []any{map[string]any{"country_iso": "CA", "service_type": "MMS",
				"priority": map[string]any{"priority1": "shortcode", "priority2": "longcode", "priority3": "tollfree"}}}}, "powerpack_created.json")
			call(200, "GET", "Powerpack//", nil, "powerpack_list.json")
			call(200, "POST", "NumberPool/"+pool+"/Number/14155550100/", map[string]any{"service": "sms"}, "pool_number_added.json")
			call(200, "GET", "NumberPool/"+pool+"/Number/14155550100//?service=sms", nil, "pool_number_get.json")
			call(200, "GET", "NumberPool/"+pool+"/Number//?country_iso2=US", nil, "pool_numbers.json")
			tf := call(200, "GET", "PhoneNumber/?country_iso=US&type=toll-free&services=sms&limit=1", nil, "phone_number_search.json")["objects"].([]any)[0].(map[string]any)["number"].(string)
			call(201, "POST", "PhoneNumber/"+tf+"/", nil, "phone_number_bought.json")
			call(200, "POST", "NumberPool/"+pool+"/Tollfree/"+tf+"/", nil, "pool_tollfree_added.json")
			call(200, "GET", "NumberPool/"+pool+"/Tollfree/"+tf+"//", nil, "pool_tollfree_added.json")
			call(200, "GET", "NumberPool/"+pool+"/Tollfree/?limit=20&offset=0", nil, "pool_tollfree_list.json")
			// The Python recording's shape: the number under tollfree only.
			goldenServer.SetTollfreeMembersUnderTollfreeKey(true)
			call(200, "GET", "NumberPool/"+pool+"/Tollfree/?limit=20&offset=0", nil, "pool_tollfree_list_python.json")
			goldenServer.SetTollfreeMembersUnderTollfreeKey(false)
			call(200, "DELETE", "NumberPool/"+pool+"/Tollfree/"+tf+"/", map[string]any{"unrent": false}, "pool_member_removed.json")
			// Short codes reach a pool outside the API (the console).
			if err := goldenServer.AddPoolShortcode(tdID, id, "444444", "US"); err != nil {
				panic(err)
			}
			call(200, "GET", "NumberPool/"+pool+"/Shortcode/", nil, "pool_shortcodes.json")
			call(200, "GET", "NumberPool/"+pool+"/Shortcode/444444//", nil, "pool_shortcode_get.json")
			// A Canadian destination: the starter long code needs no 10DLC link.
			sent := call(202, "POST", "Message/", map[string]any{"powerpack_uuid": id, "dst": "16135550111", "text": "hello"}, "message_sent.json")
			call(200, "GET", "Message/"+sent["message_uuid"].([]any)[0].(string)+"/", nil, "message_get_powerpack.json")
			call(200, "DELETE", "Powerpack/"+id+"/", map[string]any{"unrent_numbers": false}, "powerpack_deleted.json")
		},
	},
	{
		segment: "NumberPool",
		kind:    "powerpack_numbers",
		// A member's id is "<powerpack>/<number>"; its pool's UUID is not in
		// it, so the snapshot reads the number it names (the inventory's ids
		// show the membership).
		get: func(id string) string { return "Number/" + id[strings.Index(id, "/")+1:] + "/" },
		populate: func(call func(method, path string, body any) map[string]any) string {
			p := call("POST", "Powerpack/", map[string]any{"name": "sec-pool"})
			n := buySMSNumber(call, "country_iso=US&type=local")
			pool := poolUUIDOf(p)
			call("POST", "NumberPool/"+pool+"/Number/"+n+"/", map[string]any{})
			return pool
		},
		unknownID: "00000000-0000-4000-8000-000000000000",
		goldens:   func(goldenCall) {},
	},
}

// goldenServer is the server of TestRepliesMatchGoldenKeys, for the
// console's part of the goldens (a short code joins a pool outside the API).
var goldenServer *Server

// ppEnv is a tdEnv with helpers for powerpacks.
type ppEnv struct{ *tdEnv }

func newPPEnv(t *testing.T) ppEnv { return ppEnv{newTDEnv(t)} }

func (e ppEnv) callFn() func(method, path string, body any) map[string]any {
	return func(method, path string, body any) map[string]any {
		e.t.Helper()
		code := http.StatusOK
		if method == "POST" && strings.HasPrefix(path, "PhoneNumber/") {
			code = http.StatusCreated
		}
		return e.must(code, method, path, body)
	}
}

// powerpack makes one and returns its UUID and its pool's.
func (e ppEnv) powerpack(body map[string]any) (id, pool string) {
	e.t.Helper()
	p := e.must(200, "POST", "Powerpack/", body)
	return p["uuid"].(string), poolUUIDOf(p)
}

func (e ppEnv) add(pool, route, number string, body any) {
	e.t.Helper()
	e.must(200, "POST", "NumberPool/"+pool+"/"+route+"/"+number+"/", body)
}

// send sends through the powerpack and returns each message's from_number.
func (e ppEnv) send(id, typ string, dsts ...string) []string {
	e.t.Helper()
	body := map[string]any{"powerpack_uuid": id, "dst": strings.Join(dsts, "<"), "text": "hello", "type": typ}
	if typ == "mms" {
		body["media_urls"] = []string{"https://media.invalid/a.png"}
	}
	uuids := e.must(202, "POST", "Message/", body)["message_uuid"].([]any)
	var from []string
	for _, u := range uuids {
		m := e.must(200, "GET", "Message/"+u.(string)+"/", nil)
		if m["powerpack_id"] != id {
			e.t.Errorf("message %s: powerpack_id %v, want %s", u, m["powerpack_id"], id)
		}
		from = append(from, m["from_number"].(string))
	}
	return from
}

// linkToCampaign links numbers to a new ACTIVE campaign.
func (e ppEnv) linkToCampaign(numbers ...string) {
	e.t.Helper()
	cp := e.registeredCampaign(e.registeredBrand("Pool Co "+numbers[0], "STANDARD"), "Pool alerts")
	e.must(200, "POST", "10dlc/Campaign/"+cp+"/Number/", map[string]any{"numbers": numbers})
	e.advance(DefaultNumberLinkDelay)
}

func TestPowerpackLifecycleAndLibraryForms(t *testing.T) {
	e := newPPEnv(t)
	// Python's create: "" and [] for what is not given, flags as booleans.
	p := e.must(200, "POST", "Powerpack/", map[string]any{"name": "py", "sticky_sender": true, "local_connect": true,
		"application_type": "", "application_id": "", "number_priority": []any{}})
	id := p["uuid"].(string)
	if p["application_id"] != "" || p["application_type"] != "" || p["sticky_sender"] != true || poolUUIDOf(p) == id ||
		len(p["number_priority"].([]any)) != 0 || p["api_id"] == nil {
		t.Fatalf("create: %v", p)
	}
	// Go: every path ends in "//", and the flags were once strings.
	got := e.must(200, "GET", "Powerpack/"+id+"//", nil)
	if got["name"] != "py" {
		t.Fatalf("get //: %v", got)
	}
	got = e.must(200, "POST", "Powerpack/"+id, map[string]any{"local_connect": "false", "sticky_sender": false,
		"application_type": "XML", "application_id": "123"})
	if got["local_connect"] != false || got["sticky_sender"] != false || got["application_type"] != "XML" || got["application_id"] != "123" {
		t.Fatalf("update to false: %v", got)
	}
	// "" and [] leave things as they are; "none" detaches the application.
	got = e.must(200, "POST", "Powerpack/"+id+"/", map[string]any{"name": "", "number_priority": []any{}, "application_id": ""})
	if got["name"] != "py" || got["application_id"] != "123" {
		t.Fatalf("unset fields changed: %v", got)
	}
	got = e.must(200, "POST", "Powerpack/"+id+"/", map[string]any{"application_id": "none"})
	if got["application_id"] != "" || got["application_type"] != "" {
		t.Fatalf("none: %v", got)
	}
	list := e.must(200, "GET", "Powerpack//?service=sms", nil)
	if list["meta"].(map[string]any)["total_count"].(float64) != 1 || list["objects"].([]any)[0].(map[string]any)["api_id"] != nil {
		t.Fatalf("list: %v", list)
	}
	e.must(200, "DELETE", "Powerpack/"+id+"/", map[string]any{})
	e.mustFail(404, "GET", "Powerpack/"+id+"/", nil, "not found")
	e.mustFail(404, "DELETE", "Powerpack/"+id+"/", nil, "not found")
}

func TestPowerpackValidation(t *testing.T) {
	e := newPPEnv(t)
	id, _ := e.powerpack(map[string]any{"name": "taken"})
	prio := func(a, b, c string) []any {
		return []any{map[string]any{"country_iso": "US", "service_type": "SMS", "priority": map[string]any{"priority1": a, "priority2": b, "priority3": c}}}
	}
	other, _ := e.powerpack(map[string]any{"name": "other"})
	for _, tc := range []struct {
		method, path string
		body         map[string]any
		want         string
	}{
		{"POST", "Powerpack/", map[string]any{}, "name must be present"},
		{"POST", "Powerpack/", map[string]any{"name": "   "}, `name "   " is invalid`},
		{"POST", "Powerpack/", map[string]any{"name": strings.Repeat("é", 256)}, "1 to 255 characters"},
		{"POST", "Powerpack/", map[string]any{"name": "taken"}, `name "taken" is invalid: powerpack ` + id + " already has it"},
		{"POST", "Powerpack/" + other + "/", map[string]any{"name": "taken"}, "already has it"},
		{"POST", "Powerpack/", map[string]any{"name": "x", "application_id": "123"}, "application_type is required"},
		{"POST", "Powerpack/", map[string]any{"name": "x", "application_type": "json", "application_id": "1"}, `application_type "json" is invalid`},
		{"POST", "Powerpack/", map[string]any{"name": "x", "number_priority": prio("longcode", "longcode", "tollfree")}, "in some order, each once"},
		{"POST", "Powerpack/", map[string]any{"name": "x", "sticky_sender": "maybe"}, `"sticky_sender"`},
	} {
		code, out := e.call(tc.method, tc.path, tc.body)
		if code != 400 || !strings.Contains(fmt.Sprint(out["error"]), tc.want) {
			t.Errorf("%s %s %v: %d %v, want 400 with %q", tc.method, tc.path, tc.body, code, out, tc.want)
		}
	}
}

func TestPowerpackPoolMembers(t *testing.T) {
	e := newPPEnv(t)
	call := e.callFn()
	id, pool := e.powerpack(map[string]any{"name": "pool"})
	_, otherPool := e.powerpack(map[string]any{"name": "other"})
	local := buySMSNumber(call, "country_iso=US&type=local")
	tf := buySMSNumber(call, "country_iso=US&type=toll-free")
	// Node sends rent "false" on a plain add; service defaults to sms.
	e.add(pool, "Number", local, map[string]any{"rent": "false"})
	e.add(pool, "Tollfree", tf, nil)
	n := e.must(200, "GET", "NumberPool/"+pool+"/Number/"+local+"//", nil)
	if n["service"] != "sms" || n["type"] != "fixed" || n["number_pool_uuid"] != pool || n["country_iso2"] != "US" {
		t.Fatalf("number member: %v", n)
	}
	// Node's find_tollfree: "&service=..." without "?".
	if m := e.must(200, "GET", "NumberPool/"+pool+"/Tollfree/"+tf+"&service=sms", nil); m["tollfree"] != tf || m["type"] != "tollfree" {
		t.Fatalf("toll-free member: %v", m)
	}
	for _, tc := range []struct {
		method, path string
		body         any
		code         int
		want         string
	}{
		{"POST", "NumberPool/" + pool + "/Number/12125550199/", nil, 400, "number 12125550199 is not a number of this account"},
		{"POST", "NumberPool/" + otherPool + "/Number/" + local + "/", nil, 400, "number " + local + " is already in the pool of powerpack " + id},
		{"POST", "NumberPool/" + pool + "/Number/" + tf + "/", nil, 400, "is a toll-free number: add it through NumberPool/" + pool + "/Tollfree/" + tf},
		{"POST", "NumberPool/" + pool + "/Tollfree/" + local + "/", nil, 400, "is not a toll-free number"},
		{"POST", "NumberPool/" + pool + "/Number/" + local + "/", map[string]any{"service": "voice"}, 400, `service "voice" is invalid`},
		{"GET", "NumberPool/" + pool + "/Number/?starts_with=415", nil, 400, "starts_with requires country_iso2"},
		{"GET", "NumberPool/" + pool + "/Number/?country_iso2=US&starts_with=1,2,3,4,5,6,7,8,9,10,11", nil, 400, "at most 10 prefixes"},
		{"GET", "NumberPool/" + id + "/Number/", nil, 404, "number pool"},
	} {
		code, out := e.call(tc.method, tc.path, tc.body)
		if code != tc.code || !strings.Contains(fmt.Sprint(out["error"]), tc.want) {
			t.Errorf("%s %s: %d %v, want %d with %q", tc.method, tc.path, code, out, tc.code, tc.want)
		}
	}
	// Filters.
	count := func(q string) float64 {
		return e.must(200, "GET", "NumberPool/"+pool+"/Number/?"+q, nil)["meta"].(map[string]any)["total_count"].(float64)
	}
	if count("") != 1 || count("country_iso2=US&starts_with="+local[1:4]) != 1 || count("country_iso2=US&starts_with=999") != 0 ||
		count("type=mobile") != 0 || count("service=mms") != 0 {
		t.Errorf("filters of the number list")
	}
	// rent "true" (a string) buys and adds.
	forSale := e.must(200, "GET", "PhoneNumber/?country_iso=US&type=local&services=sms&limit=1", nil)["objects"].([]any)[0].(map[string]any)["number"].(string)
	e.add(pool, "Number", forSale, map[string]any{"rent": "true", "service": "mms"})
	if _, owned := e.s.accounts[tdID].numbers()[forSale]; !owned {
		t.Fatal("rent did not buy the number")
	}
	// A refused rent buys nothing.
	tfForSale := e.must(200, "GET", "PhoneNumber/?country_iso=US&type=toll-free&services=sms&limit=1", nil)["objects"].([]any)[0].(map[string]any)["number"].(string)
	e.mustFail(400, "POST", "NumberPool/"+pool+"/Number/"+tfForSale+"/", map[string]any{"rent": true}, "is a toll-free number", "rent does not buy it")
	if _, owned := e.s.accounts[tdID].numbers()[tfForSale]; owned {
		t.Fatal("a refused rent bought the number")
	}
	// unrent as a string and as a boolean; false keeps the number.
	e.must(200, "DELETE", "NumberPool/"+pool+"/Number/"+local+"/", map[string]any{"unrent": "false"})
	e.must(200, "DELETE", "NumberPool/"+pool+"/Number/"+forSale+"/", map[string]any{"unrent": true})
	e.must(200, "GET", "Number/"+local+"/", nil)
	e.mustFail(404, "GET", "Number/"+forSale+"/", nil, "not found")
	e.mustFail(404, "GET", "NumberPool/"+pool+"/Number/"+local+"/", nil, "not found")
	// Short codes come from the console, one per country.
	if err := e.s.AddPoolShortcode(tdID, id, "444444", "US"); err != nil {
		t.Fatal(err)
	}
	if err := e.s.AddPoolShortcode(tdID, id, "555555", "US"); err == nil || !strings.Contains(err.Error(), "one per country") {
		t.Errorf("a second US short code: %v", err)
	}
	if sc := e.must(200, "GET", "NumberPool/"+pool+"/Shortcode/444444//", nil); sc["shortcode"] != "444444" || sc["api_id"] != nil {
		t.Errorf("short code: %v", sc)
	}
	e.must(200, "DELETE", "NumberPool/"+pool+"/Shortcode/444444/", nil)
	// Deleting the powerpack keeps its numbers unless unrent_numbers.
	e.must(200, "DELETE", "Powerpack/"+id+"/", map[string]any{"unrent_numbers": "false"})
	e.must(200, "GET", "Number/"+tf+"/", nil)
	id2, pool2 := e.powerpack(map[string]any{"name": "released"})
	e.add(pool2, "Tollfree", tf, nil)
	e.must(200, "DELETE", "Powerpack/"+id2+"/", map[string]any{"unrent_numbers": true})
	e.mustFail(404, "GET", "Number/"+tf+"/", nil, "not found")
}

func TestPowerpackPoolPaging(t *testing.T) {
	e := newPPEnv(t)
	_, pool := e.powerpack(map[string]any{"name": "big"})
	found := e.must(200, "GET", "PhoneNumber/?country_iso=US&type=local&services=sms&limit=20", nil)["objects"].([]any)
	var numbers []string
	for _, o := range found {
		numbers = append(numbers, o.(map[string]any)["number"].(string))
	}
	found = e.must(200, "GET", "PhoneNumber/?country_iso=US&type=local&services=sms&limit=5&offset=20", nil)["objects"].([]any)
	for _, o := range found {
		numbers = append(numbers, o.(map[string]any)["number"].(string))
	}
	for _, n := range numbers {
		e.add(pool, "Number", n, map[string]any{"rent": true})
	}
	first := e.must(200, "GET", "NumberPool/"+pool+"/Number/", nil)
	meta := first["meta"].(map[string]any)
	if meta["limit"].(float64) != 20 || meta["total_count"].(float64) != 25 || meta["previous"] != "" || meta["next"] == "" || len(first["objects"].([]any)) != 20 {
		t.Fatalf("first page: %v", meta)
	}
	last := e.must(200, "GET", "NumberPool/"+pool+"/Number/?limit=20&offset=20", nil)
	meta = last["meta"].(map[string]any)
	if meta["next"] != "" || meta["previous"] == "" || len(last["objects"].([]any)) != 5 {
		t.Fatalf("last page: %v", meta)
	}
	e.mustFail(400, "GET", "NumberPool/"+pool+"/Number/?limit=21", nil, "limit must be an integer from 1 to 20")
}

// The pool's rules, each choosing a number in a send.
func TestPowerpackSendingRules(t *testing.T) {
	e := newPPEnv(t)
	call := e.callFn()
	sf := buySMSNumber(call, "country_iso=US&type=local&city=San%20Francisco")
	ny := buySMSNumber(call, "country_iso=US&type=local&region=New%20York")
	la := buySMSNumber(call, "country_iso=US&type=local&city=Los%20Angeles")
	tf := buySMSNumber(call, "country_iso=US&type=toll-free")
	e.linkToCampaign(sf, ny, la)

	// Local connect (area code, then region), with long codes first for
	// US SMS.
	id, pool := e.powerpack(map[string]any{"name": "local", "sticky_sender": false, "number_priority": []any{map[string]any{
		"country_iso": "US", "service_type": "SMS", "priority": map[string]any{"priority1": "longcode", "priority2": "tollfree", "priority3": "shortcode"}}}})
	for _, n := range []string{sf, ny, la} {
		e.add(pool, "Number", n, nil)
	}
	e.add(pool, "Tollfree", tf, nil)
	toSF, toNY, toSanDiego := "1"+sf[1:4]+"5550111", "1"+ny[1:4]+"5550111", "16195550111"
	if got := e.send(id, "sms", toSF, toNY, toSanDiego); got[0] != sf || got[1] != ny || got[2] != minOf(sf, la) {
		t.Errorf("local connect: %v, want %s, %s and the lowest California number of %s, %s", got, sf, ny, sf, la)
	}
	// Without local connect: the lowest long code.
	e.must(200, "POST", "Powerpack/"+id+"/", map[string]any{"local_connect": false})
	if got := e.send(id, "sms", toSF); got[0] != minOf(sf, minOf(ny, la)) {
		t.Errorf("without local connect: %v", got)
	}
	// Number priority for US MMS is not given: the default puts the
	// toll-free number before long codes, but it is in the pool for sms
	// only, so an MMS takes the long code added for mms.
	e.add(pool, "Number", ny, map[string]any{"service": "mms"})
	if got := e.send(id, "mms", toSF); got[0] != ny {
		t.Errorf("mms: %v, want %s", got, ny)
	}
	// Toll-free first by the default order once it is verified for the
	// US; before that it cannot reach the US and a long code sends.
	e.must(200, "POST", "Powerpack/"+id+"/", map[string]any{"number_priority": []any{map[string]any{
		"country_iso": "US", "service_type": "SMS", "priority": map[string]any{"priority1": "tollfree", "priority2": "longcode", "priority3": "shortcode"}}}})
	if got := e.send(id, "sms", toSF); got[0] == tf {
		t.Errorf("an unverified toll-free number sent to the US: %v", got)
	}
	e.must(201, "POST", "TollfreeVerification/", tollfreeBody(tf, e.newProfile("Pool TF"), approvedSample))
	e.advance(DefaultTollfreeVerificationDelay)
	if got := e.send(id, "sms", toSF); got[0] != tf {
		t.Errorf("priority tollfree: %v, want %s", got, tf)
	}

	// Sticky sender: the same destination keeps its number. (A number is
	// in one pool at a time: the first powerpack goes, its numbers stay.)
	e.must(200, "DELETE", "Powerpack/"+id+"/", nil)
	sticky, spool := e.powerpack(map[string]any{"name": "sticky", "number_priority": []any{map[string]any{
		"country_iso": "US", "service_type": "SMS", "priority": map[string]any{"priority1": "longcode", "priority2": "tollfree", "priority3": "shortcode"}}}})
	e.add(spool, "Number", ny, nil)
	first := e.send(sticky, "sms", toSF)[0]
	e.add(spool, "Number", sf, nil) // a local number arrives
	if again := e.send(sticky, "sms", toSF)[0]; again != first || first != ny {
		t.Errorf("sticky: first %s, again %s, want %s both times", first, again, ny)
	}
	if other := e.send(sticky, "sms", "1"+sf[1:4]+"5550199")[0]; other != sf {
		t.Errorf("a new destination gets the local number: %s", other)
	}
	list := e.must(200, "GET", "Message/?powerpack_id="+sticky, nil)
	if list["meta"].(map[string]any)["total_count"].(float64) != 3 {
		t.Errorf("powerpack_id filter: %v", list["meta"])
	}
}

func TestPowerpackSendRefusals(t *testing.T) {
	e := newPPEnv(t)
	call := e.callFn()
	unlinked := buySMSNumber(call, "country_iso=US&type=local&city=San%20Francisco")
	id, pool := e.powerpack(map[string]any{"name": "refusing"})
	body := func(dst string) map[string]any { return map[string]any{"powerpack_uuid": id, "dst": dst, "text": "hi"} }
	e.mustFail(400, "POST", "Message/", body("14155550111"), "powerpack_uuid: no number of the pool can reach 14155550111: the pool has no numbers")
	e.add(pool, "Number", unlinked, nil)
	e.mustFail(400, "POST", "Message/", body("14155550111"), "powerpack_uuid:", "long code "+unlinked+" is a US long code not linked to an ACTIVE 10DLC campaign")
	e.mustFail(400, "POST", "Message/", body("14155550111<447700900123"), "(dst[0] \"14155550111\"")
	e.mustFail(400, "POST", "Message/", map[string]any{"powerpack_uuid": "00000000-0000-4000-8000-000000000000", "dst": "14155550111", "text": "hi"},
		`powerpack_uuid: powerpack "00000000-0000-4000-8000-000000000000" does not exist`)
	// A Canadian destination is reachable from a US long code: no 10DLC
	// rule there.
	e.must(202, "POST", "Message/", body("16135550111"))
	// A number released elsewhere leaves the pool.
	e.must(204, "DELETE", "Number/"+unlinked+"/", nil)
	e.mustFail(400, "POST", "Message/", body("16135550111"), "the pool has no numbers")
}

func minOf(a, b string) string {
	if a < b {
		return a
	}
	return b
}

func TestPowerpackControlShortcode(t *testing.T) {
	e := newPPEnv(t)
	control := func(path string, body any) (int, string) {
		data, _ := json.Marshal(body)
		code, out := direct(e.s, "POST", path, "", "", data)
		return code, string(out)
	}
	id, pool := e.powerpack(map[string]any{"name": "console"})
	code, out := control("/_emulator/accounts/"+tdID+"/powerpacks/"+id+"/shortcodes", map[string]any{"shortcode": "44444", "country_iso2": "CA"})
	if code != 200 {
		t.Fatalf("control: %d %s", code, out)
	}
	if sc := e.must(200, "GET", "NumberPool/"+pool+"/Shortcode/44444/", nil); sc["country_iso2"] != "CA" {
		t.Fatalf("short code: %v", sc)
	}
	if code, out := control("/_emulator/accounts/"+tdID+"/powerpacks/"+id+"/shortcodes", map[string]any{"shortcode": "4444", "country_iso2": "CA"}); code != 400 ||
		!strings.Contains(out, "5 or 6 digits") {
		t.Fatalf("a bad short code: %d %s", code, out)
	}
}

// TestPowerpackNodeServiceAfterTheSlash: the Node library's find_tollfree
// and find_shortcode put "&service=..." after the path's trailing slash
// ("Tollfree/{n}/&service=sms"); the member is found all the same.
func TestPowerpackNodeServiceAfterTheSlash(t *testing.T) {
	e := newPPEnv(t)
	call := e.callFn()
	id, pool := e.powerpack(map[string]any{"name": "node"})
	tf := buySMSNumber(call, "country_iso=US&type=toll-free")
	e.add(pool, "Tollfree", tf, nil)
	if err := e.s.AddPoolShortcode(tdID, id, "444444", "US"); err != nil {
		t.Fatal(err)
	}
	if m := e.must(200, "GET", "NumberPool/"+pool+"/Tollfree/"+tf+"/&service=sms", nil); m["tollfree"] != tf {
		t.Errorf("find_tollfree(n, 'sms'): %v", m)
	}
	if m := e.must(200, "GET", "NumberPool/"+pool+"/Shortcode/444444/&service=sms", nil); m["shortcode"] != "444444" {
		t.Errorf("find_shortcode(sc, 'sms'): %v", m)
	}
}
