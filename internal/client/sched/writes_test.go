package sched

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// recorder is a Listing for the routes' tests: it records what it is
// told to forget, "name parent/id".
type recorder struct {
	name string
	got  *[]string
}

func (r recorder) forget(_ *State, parent, id string) {
	*r.got = append(*r.got, r.name+" "+parent+"/"+id)
}

// What each route names: the objects dropped before the request, and
// after it, for a request, its body and its reply.
func TestWriteRoutesNameWhatTheyWrite(t *testing.T) {
	var got []string
	rt := &Routes{}
	add := func(name string, w Write) { rt.add(recorder{name, &got}, w) }
	post, del := http.MethodPost, http.MethodDelete
	add("endpoints", Write{Method: post, Path: "Endpoint/", ID: Reply("endpoint_id")})
	add("endpoints", Write{Method: post, Path: "Endpoint/{id}/"})
	add("endpoints", Write{Method: del, Path: "Endpoint/{id}/"})
	add("endpoints", Write{Method: del, Path: "Application/{app}/"})
	add("users", Write{Method: post, Path: "EndUser/{id}/", Norm: strings.ToLower})
	add("users", Write{Method: post, Path: "EndUser/", ID: Reply("end_user_id"), Norm: strings.ToLower})
	add("campaigns", Write{Method: post, Path: "10dlc/Campaign/{id}/"})
	add("campaigns", Write{Method: post, Path: "10dlc/Campaign/Import/", ID: Body("campaign_id")})
	add("links", Write{Method: post, Path: "10dlc/Campaign/{parent}/Number/"})
	add("links", Write{Method: del, Path: "10dlc/Campaign/{parent}/Number/{id}/"})
	add("numbers", Write{Method: post, Path: "10dlc/Campaign/{campaign}/Number/", ID: Body("numbers")})
	add("numbers", Write{Method: post, Path: "Number/", ID: BodyList("numbers", ",")})
	add("numbers", Write{Method: post, Path: "Number/{id}/"})
	add("members", Write{Method: del, Path: "NumberPool/{parent}/{parent}/{id}/"})
	add("addresses", Write{Method: post, Path: "Verification/Address/"})
	add("sessions", Write{Method: post, Path: "Masking/Session/{id}"})
	for _, tc := range []struct {
		name, method, path, body, reply string
		carriedOut                      bool
		before, after                   []string
	}{
		{name: "an update names its id", method: post, path: "Endpoint/E1/", carriedOut: true,
			before: []string{"endpoints /E1"}, after: []string{"endpoints /E1"}},
		{name: "a failed delete still drops its id after", method: del, path: "Endpoint/E1/",
			before: []string{"endpoints /E1"}, after: []string{"endpoints /E1"}},
		{name: "a create names its id in the reply, once carried out", method: post, path: "Endpoint/", reply: `{"api_id":"a","endpoint_id":"E9"}`,
			carriedOut: true, after: []string{"endpoints /E9"}},
		{name: "a failed create names nothing", method: post, path: "Endpoint/", reply: `{"endpoint_id":"E9"}`},
		{name: "a create whose reply lacks its id drops the whole listing", method: post, path: "Endpoint/", reply: `{"api_id":"a"}`,
			carriedOut: true, after: []string{"endpoints /"}},
		{name: "a delete that takes children drops them all", method: del, path: "Application/A1/", carriedOut: true,
			before: []string{"endpoints /"}, after: []string{"endpoints /"}},
		{name: "ids are unescaped", method: post, path: "Number/%2B15550001/", carriedOut: true,
			before: []string{"numbers /+15550001"}, after: []string{"numbers /+15550001"}},
		{name: "Norm turns a path's id into the listing's", method: post, path: "EndUser/AB-CD/", carriedOut: true,
			before: []string{"users /ab-cd"}, after: []string{"users /ab-cd"}},
		{name: "Norm turns a reply's id into the listing's", method: post, path: "EndUser/", reply: `{"end_user_id":"EF"}`, carriedOut: true,
			after: []string{"users /ef"}},
		{name: "the route with the most literal segments applies", method: post, path: "10dlc/Campaign/Import/", body: `{"campaign_id":"C7"}`,
			carriedOut: true, before: []string{"campaigns /C7"}, after: []string{"campaigns /C7"}},
		{name: "a body's list of ids, and a child's parent", method: post, path: "10dlc/Campaign/C1/Number/", body: `{"numbers":["+1","+2"],"url":"u"}`,
			carriedOut: true, before: []string{"links C1/", "numbers /+1", "numbers /+2"}, after: []string{"links C1/", "numbers /+1", "numbers /+2"}},
		{name: "a body's string of ids", method: post, path: "Number/", body: `{"numbers":"+1, +2"}`,
			before: []string{"numbers /+1", "numbers /+2"}, after: []string{"numbers /+1", "numbers /+2"}},
		{name: "a child's id", method: del, path: "10dlc/Campaign/C1/Number/+3/",
			before: []string{"links C1/+3"}, after: []string{"links C1/+3"}},
		{name: "a parent of several segments", method: del, path: "NumberPool/P1/Tollfree/+4/",
			before: []string{"members P1/Tollfree/+4"}, after: []string{"members P1/Tollfree/+4"}},
		{name: "a write that names no id drops the whole listing", method: post, path: "Verification/Address/",
			before: []string{"addresses /"}, after: []string{"addresses /"}},
		{name: "a path without its trailing slash", method: post, path: "Masking/Session/S1",
			before: []string{"sessions /S1"}, after: []string{"sessions /S1"}},
		{name: "a wildcard never matches an empty segment", method: post, path: "Masking/Session/"},
		{name: "another method matches nothing", method: http.MethodPatch, path: "Endpoint/E1/"},
		{name: "a GET matches nothing", method: http.MethodGet, path: "Endpoint/E1/"},
		{name: "a longer path matches nothing", method: post, path: "Endpoint/E1/Extra/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got = nil
			var body []byte
			if tc.body != "" {
				body = []byte(tc.body)
			}
			done := rt.Write(&State{}, tc.method, tc.path, body)
			before := got
			got = nil
			done([]byte(tc.reply), tc.carriedOut)
			slices.Sort(before)
			slices.Sort(got)
			if !slices.Equal(before, tc.before) || !slices.Equal(got, tc.after) {
				t.Fatalf("%s %s: dropped %q before and %q after; want %q and %q", tc.method, tc.path, before, got, tc.before, tc.after)
			}
		})
	}
}

// A route that cannot be read panics when it is declared.
func TestDeclarePanicsOnAnUnreadableRoute(t *testing.T) {
	for _, w := range []Write{
		{Path: "Endpoint/{id}/"},
		{Method: http.MethodGet, Path: "Endpoint/{id}/"},
		{Method: http.MethodPost, Path: "Pair/{id}/{id}/"},
		{Method: http.MethodPost, Path: "Endpoint/{id}/", ID: Reply("endpoint_id")},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%q %q was declared", w.Method, w.Path)
				}
			}()
			l := newFakeKind(nil).listing(20)
			l.Writes = []Write{w}
			Declare(&Routes{}, l)
		}()
	}
}

// Through a Listing's snapshots: a write drops its id from a snapshot
// taken before it (the drop before the request), from one that a listing
// running across the write installs, and from one that a listing started
// and ended while the request was under way installs (the drop after).
// A create's reply id is dropped once the create was carried out.
func TestWriteDropsFromSnapshotsBeforeAndAfter(t *testing.T) {
	k := newFakeKind(map[string]int{"": 6})
	l := k.listing(0)
	l.Writes = []Write{
		{Method: http.MethodPost, Path: "Fake/{id}/"},
		{Method: http.MethodPost, Path: "Fake/", ID: Reply("id")},
	}
	routes := &Routes{}
	Declare(routes, l)
	c := fakeClient(t, 0)
	ctx := context.Background()
	exists := func(id string) (listed bool) {
		gets := k.gets
		ok, err := l.Exists(ctx, c, "", id)
		if err != nil || !ok {
			t.Fatalf("exists %s: %v, %v", id, ok, err)
		}
		return k.gets == gets
	}
	write := func(path, reply string, carriedOut bool) {
		routes.Write(c.Scheduler(), http.MethodPost, path, nil)([]byte(reply), carriedOut)
	}

	// A snapshot taken before the write.
	if !exists("-0") || !exists("-1") {
		t.Fatal("the existence checks were not answered from the listing")
	}
	write("Fake/-1/", "", false)
	if !exists("-0") || exists("-1") {
		t.Fatal("an update did not drop its id alone from the snapshot taken before it")
	}

	// A listing running across the write.
	s := l.state(c)
	s.mu.Lock()
	s.armed, s.armedAt = true, time.Now()
	e := s.start("")
	s.mu.Unlock()
	done := routes.Write(c.Scheduler(), http.MethodPost, "Fake/-2/", nil)
	l.run(ctx, c, s, "", e)
	done(nil, true)
	if _, ok := l.fromSnapshot(ctx, c, "", "-2"); ok {
		t.Fatal("an id written while the listing ran was served from it")
	}

	// A listing started and ended while the request was under way.
	done = routes.Write(c.Scheduler(), http.MethodPost, "Fake/-3/", nil)
	s.mu.Lock()
	e = s.start("")
	s.mu.Unlock()
	l.run(ctx, c, s, "", e)
	done(nil, true)
	if _, ok := l.fromSnapshot(ctx, c, "", "-3"); ok {
		t.Fatal("an id written while a whole listing ran was served from it")
	}
	if _, ok := l.fromSnapshot(ctx, c, "", "-4"); !ok {
		t.Fatal("an untouched id was not served from the listing")
	}

	// A create: its reply's id, once carried out.
	write("Fake/", `{"id":"-5"}`, false)
	if !exists("-5") {
		t.Fatal("a create that failed dropped the id its reply named")
	}
	write("Fake/", `{"id":"-5"}`, true)
	if exists("-5") {
		t.Fatal("a create did not drop the id its reply named")
	}
}
