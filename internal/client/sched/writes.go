package sched

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Writes of the client. A write of this client is never hidden by a
// snapshot (listing.go): what a create, update or delete writes is
// dropped from the snapshots of the Listings it touches, refreshes' and
// existence checks' alike, before the request (a listing running across
// it may hold either state) and again once it ends. Which writes touch
// which Listing is declared once, on the Listing (Writes), not at each
// call: Declare adds a Listing's routes to the client's Routes, and the
// client's request path hands every request that is not a GET to
// Routes.Write.
//
// A route says where the objects it writes are named:
//   - the path's {id} segment: an update or a delete of one object;
//   - a field of the reply (Reply): a create, whose id is known once it
//     was carried out; only then is it dropped;
//   - a field of the request's JSON body (Body, BodyList): a write that
//     names its objects in its body (the numbers of a link);
//   - nowhere: the write drops its parent's whole snapshot (a create whose
//     reply names no id, a delete that takes its children with it);
//
// and, for a child kind, its parent is the path's {parent} segments. A
// Narrowed listing drops an id under every filter (Listing.Narrowed). An
// id as a write names it may differ from the Listing's ID of the object
// (upper-case, or without its +): the route's Norm turns one into the
// other.

// A Write is one write route that changes objects of a Listing.
type Write struct {
	// Method is the request's: POST, PATCH or DELETE.
	Method string
	// Path is the route below the account root, as the client sends it
	// ("Endpoint/{id}/"). A segment is literal, or {id}: the object's
	// id, or {parent}: the parent of a child kind (several make one,
	// joined with "/"), or any other {name}: any segment, naming
	// nothing. A wildcard never matches an empty segment. Of the routes a
	// request matches, those with the most literal segments apply
	// ("10dlc/Campaign/Import/" rather than "10dlc/Campaign/{id}/").
	Path string
	// ID is where the ids come from when Path has no {id}. Its zero
	// value, with no {id} either, drops the parent's whole snapshot.
	ID From
	// Norm turns an id as the write names it into the Listing's ID of
	// the object (strings.ToLower); nil keeps it.
	Norm func(string) string
}

// From is where a Write names its objects besides its path: Reply, Body
// or BodyList.
type From struct {
	reply, body, sep string
}

// Reply names the object in field of the reply: a create's id. A reply
// without it names no single object: the parent's whole snapshot is
// dropped.
func Reply(field string) From { return From{reply: field} }

// Body names the objects in field of the request's JSON body: a string
// (one id) or a list of strings.
func Body(field string) From { return From{body: field} }

// BodyList names the objects in field of the request's JSON body, one
// string of ids separated by sep (spaces around each are trimmed).
func BodyList(field, sep string) From { return From{body: field, sep: sep} }

// Routes is the write routes of one client's Listings (Declare), which
// its request path applies to every write (Write).
type Routes struct {
	routes []route
}

// route is one Write of one Listing, read.
type route struct {
	w        Write
	segments []string
	literals int // segments that are not wildcards
	l        forgetter
}

// forgetter is a Listing, whose snapshots drop what is written.
type forgetter interface {
	forget(s *State, parent, id string)
}

// Declare adds l's Writes to routes and returns l, for a Listing declared
// as a package variable: var XListing = sched.Declare(&routes, &Listing{...}).
// A route it cannot read is a programming error: it panics, when the
// package is initialised.
func Declare[C Host, T any](routes *Routes, l *Listing[C, T]) *Listing[C, T] {
	for _, w := range l.Writes {
		routes.add(l, w)
	}
	return l
}

func (r *Routes) add(l forgetter, w Write) {
	rt := route{w: w, segments: strings.Split(w.Path, "/"), l: l}
	ids := 0
	for _, s := range rt.segments {
		switch {
		case s == "{id}":
			ids++
		case !isWildcard(s):
			rt.literals++
		}
	}
	switch {
	case w.Method == "" || w.Method == http.MethodGet:
		panic(fmt.Sprintf("sched: write route %q %q: not a write", w.Method, w.Path))
	case ids > 1:
		panic(fmt.Sprintf("sched: write route %s %s: more than one {id}", w.Method, w.Path))
	case ids == 1 && w.ID != (From{}):
		panic(fmt.Sprintf("sched: write route %s %s: an {id} and another source of ids", w.Method, w.Path))
	}
	r.routes = append(r.routes, rt)
}

func isWildcard(segment string) bool {
	return len(segment) > 2 && segment[0] == '{' && segment[len(segment)-1] == '}'
}

// Write drops from s's snapshots what a request of method to path (below
// the account root, as sent, its segments escaped) writes, by the routes
// it matches; body is the request's JSON body (nil when it has none, or
// none in JSON). It returns what to call once the request has ended,
// with its reply and whether the write was carried out: it drops the same
// again, and, when carried out, the objects the reply names.
func (r *Routes) Write(s *State, method, path string, body []byte) (done func(reply []byte, carriedOut bool)) {
	hits := r.match(method, path)
	if len(hits) == 0 {
		return func([]byte, bool) {}
	}
	type drop struct {
		l          forgetter
		parent, id string
	}
	var drops []drop                      // the objects named before the request
	var replies []hit                     // the routes whose objects the reply names
	var fields map[string]json.RawMessage // body's, read once
	for _, h := range hits {
		switch {
		case h.hasID:
			drops = append(drops, drop{h.l, h.parent, h.norm(h.id)})
		case h.w.ID.reply != "":
			replies = append(replies, h)
		case h.w.ID.body != "":
			if fields == nil {
				fields = map[string]json.RawMessage{}
				_ = json.Unmarshal(body, &fields) // not JSON: it names nothing
			}
			for _, id := range bodyIDs(fields[h.w.ID.body], h.w.ID.sep) {
				drops = append(drops, drop{h.l, h.parent, h.norm(id)})
			}
		default:
			drops = append(drops, drop{l: h.l, parent: h.parent})
		}
	}
	for _, d := range drops {
		d.l.forget(s, d.parent, d.id)
	}
	return func(reply []byte, carriedOut bool) {
		for _, d := range drops {
			d.l.forget(s, d.parent, d.id)
		}
		if !carriedOut || len(replies) == 0 {
			return
		}
		var got map[string]json.RawMessage
		_ = json.Unmarshal(reply, &got) // not JSON: it names nothing
		for _, h := range replies {
			var id string
			_ = json.Unmarshal(got[h.w.ID.reply], &id) // absent, or not a string: ""
			h.l.forget(s, h.parent, h.norm(id))
		}
	}
}

// bodyIDs are the ids in a body's field: a string (split by sep when it
// is set) or a list of strings. A field that is absent, or neither, names
// no single object: "".
func bodyIDs(field json.RawMessage, sep string) []string {
	var list []string
	if len(field) > 0 && field[0] == '[' && json.Unmarshal(field, &list) == nil {
		return list
	}
	var one string
	_ = json.Unmarshal(field, &one)
	if sep == "" {
		return []string{one}
	}
	ids := strings.Split(one, sep)
	for i := range ids {
		ids[i] = strings.TrimSpace(ids[i])
	}
	return ids
}

// hit is a route a request matched, with what its path names.
type hit struct {
	*route
	parent, id string
	hasID      bool
}

func (h hit) norm(id string) string {
	if h.w.Norm == nil || id == "" {
		return id
	}
	return h.w.Norm(id)
}

// match returns the routes of method that path matches, those with the
// most literal segments.
func (r *Routes) match(method, path string) []hit {
	if method == http.MethodGet {
		return nil
	}
	segments := strings.Split(path, "/")
	for i, s := range segments {
		if u, err := url.PathUnescape(s); err == nil {
			segments[i] = u
		}
	}
	var out []hit
	most := 0
	for i := range r.routes {
		rt := &r.routes[i]
		if rt.w.Method != method || len(rt.segments) != len(segments) || rt.literals < most {
			continue
		}
		h, ok := rt.match(segments)
		if !ok {
			continue
		}
		if rt.literals > most {
			most, out = rt.literals, out[:0]
		}
		out = append(out, h)
	}
	return out
}

// match says whether segments (unescaped) match rt, and what they name.
func (rt *route) match(segments []string) (hit, bool) {
	h := hit{route: rt}
	var parents []string
	for i, p := range rt.segments {
		s := segments[i]
		switch {
		case !isWildcard(p):
			if s != p {
				return hit{}, false
			}
		case s == "":
			return hit{}, false
		case p == "{id}":
			h.id, h.hasID = s, true
		case p == "{parent}":
			parents = append(parents, s)
		}
	}
	h.parent = strings.Join(parents, "/")
	return h, true
}
