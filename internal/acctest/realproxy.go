package acctest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// In real mode each test reaches the API through a proxy of its own
// (Env.URL), which knows the objects the test created: the ids in the
// replies to its creates, and the path of a create that names its object
// (a number bought at PhoneNumber/{number}/). That is how a test's
// objects are told apart on a shared account, those without a name (a
// bought number) included: Env.Objects lists the account's objects of each
// kind and keeps the test's own; and the proxy refuses, failing the test,
// to change or delete any object the test did not create.
//
// The proxy also names every object the test creates with Prefix and the
// test's own tag: it adds "tfacc-<tag>-" to the name fields of each JSON
// body it forwards (and to a filter by name), and takes it off the
// replies, so the account holds "tfacc-3f9a2c1e-pbx" while the test,
// unchanged, sees "pbx"; and it leaves out of every listing the objects
// not named so, so a test never reads the account's own objects, nor
// another test's (tests run in parallel, and several runs may share an
// account, with the same fixed names). make sweep finds what a failed run
// left by the prefix: a number the test buys without naming it gets the
// bare prefix as its alias (nameBought), which the test reads as no alias. (One cost: a name near the service's length limit
// is over it once prefixed; such a test skips with acctest.SkipReal.)

// realProxy forwards one test's requests to the API.
type realProxy struct {
	t       testing.TB
	account string // "/v1/Account/<id>/"
	prefix  string // Prefix and the test's own tag: "tfacc-3f9a2c1e-"
	mu      sync.Mutex
	created map[string]bool // ids of the objects the test created
	// bareAlias holds, for each number the test bought, what its replies
	// show for an alias that is the bare prefix: null (never named, as the
	// API answers) or "" (the test cleared it).
	bareAlias map[string]*string
}

func startRealProxy(t testing.TB, tag string) (string, *realProxy) {
	target, err := url.Parse(realMode.baseURL)
	if err != nil {
		t.Fatalf("%s: %v", EnvBaseURL, err)
	}
	p := &realProxy{t: t, account: "/v1/Account/" + realMode.authID + "/", prefix: Prefix + tag + "-", created: map[string]bool{},
		bareAlias: map[string]*string{}}
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.ModifyResponse = p.record
	// Look-ups go to their own host (client.DefaultLookupBaseURL).
	lookupTarget, err := url.Parse(client.DefaultLookupBaseURL(realMode.baseURL))
	if err != nil {
		t.Fatalf("%s: the look-up host: %v", EnvBaseURL, err)
	}
	lookups := httputil.NewSingleHostReverseProxy(lookupTarget)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if why := p.refuse(r); why != "" {
			t.Errorf("real mode: %s %s refused: %s", r.Method, r.URL.Path, why)
			http.Error(w, `{"error":"refused by the acceptance tests' real-mode guard: `+why+`"}`, http.StatusForbidden)
			return
		}
		if err := p.prefixRequest(r); err != nil {
			t.Errorf("real mode: %s %s: %v", r.Method, r.URL.Path, err)
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/v1/Number/") {
			r.Host = lookupTarget.Host
			lookups.ServeHTTP(w, r)
			return
		}
		r.Host = target.Host
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	return hs.URL, p
}

// objectPath splits a path under the account into its segments: nil for
// a path elsewhere, empty for the account itself.
func (p *realProxy) objectPath(path string) ([]string, bool) {
	if path+"/" == p.account {
		return nil, true
	}
	rest, ok := strings.CutPrefix(path, p.account)
	if !ok {
		return nil, false
	}
	return strings.FieldsFunc(rest, func(r rune) bool { return r == '/' }), true
}

// creatingByPath are the collections whose create names the new object in
// its path: a number is bought by its digits.
var creatingByPath = []string{"PhoneNumber"}

// cost is one request that costs money.
type cost struct {
	method, path string
	category     SpendCategory
}

// spendRefused says which category r costs that CPAAS_ACC_SPEND does not
// allow, or "".
func (p *realProxy) spendRefused(r *http.Request) SpendCategory {
	if r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v1/Number/") {
		if !realMode.spend[SpendLookup] {
			return SpendLookup
		}
		return ""
	}
	segs, ok := p.objectPath(r.URL.Path)
	if !ok {
		return ""
	}
	path := collections(segs)
	var cat SpendCategory // the longest match decides: PhoneNumber/Compliance is not a purchase
	best := -1
	for _, c := range costs {
		if c.method == r.Method && (path == c.path || strings.HasPrefix(path, c.path+"/")) && len(c.path) > best {
			cat, best = c.category, len(c.path)
		}
	}
	if cat != "" && !realMode.spend[cat] {
		return cat
	}
	return ""
}

// refuse says why r would change an object the test did not create, or
// spend what CPAAS_ACC_SPEND does not allow, or "".
func (p *realProxy) refuse(r *http.Request) string {
	if c := p.spendRefused(r); c != "" {
		return fmt.Sprintf("it costs money (%s), which %s does not name", c, EnvSpend)
	}
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return ""
	}
	segs, ok := p.objectPath(r.URL.Path)
	if !ok {
		return ""
	}
	if len(segs) == 0 {
		return "it changes the account itself (a test that does needs an account of its own: acctest.SkipReal)"
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	var ids []string // the path's segments that could be ids (not the collection names)
	for _, s := range segs {
		if !isCollection(s) {
			ids = append(ids, s)
		}
	}
	if len(ids) == 0 {
		return "" // a create in a collection
	}
	for _, id := range ids {
		if p.created[id] {
			return "" // one of the test's objects, or something under it
		}
	}
	if r.Method == http.MethodPost {
		for i, s := range segs {
			if slices.Contains(creatingByPath, s) && i+1 < len(segs) {
				// A buy: the number becomes the test's once the API sells
				// it (record). A refused buy (the account owns it already,
				// another test bought it first) makes nothing the test's.
				*r = *r.WithContext(context.WithValue(r.Context(), ownCarrierKey{}, []string{segs[i+1]}))
				return ""
			}
		}
	}
	return "not an object this test created: " + strings.Join(ids, "/") + " (a test only changes or deletes its own objects)"
}

// collections are the collection segments of a path's segments, joined:
// "10dlc/Campaign/Number" for 10dlc/Campaign/<id>/Number/.
func collections(segs []string) string {
	var kinds []string
	for _, s := range segs {
		if isCollection(s) {
			kinds = append(kinds, s)
		}
	}
	return strings.Join(kinds, "/")
}

// isCollection is a path segment that names a kind (Endpoint, 10dlc,
// Zentrunk), not an object: it starts with a letter and has no digit
// after it, or it is the 10dlc family's.
func isCollection(s string) bool {
	if s == "10dlc" {
		return true
	}
	if s == "" || !(s[0] >= 'A' && s[0] <= 'Z' || s[0] >= 'a' && s[0] <= 'z') {
		return false
	}
	return !strings.ContainsAny(s, "0123456789")
}

// nameFields are the keys that name an object the API creates: an
// application's app_name, an endpoint's or number's alias, a trunk's,
// pool's or subaccount's name, the 10DLC aliases.
var nameFields = []string{"app_name", "alias", "name", "brand_alias", "campaign_alias", "profile_alias"}

// named reports whether path is under one of namedPaths (its collection
// segments, without ids). Elsewhere "name" is a person's or a catalogue
// entry's: PhoneNumber/ is the catalogue of numbers for sale, not the
// account's (but PhoneNumber/Compliance/ is the one-call compliance API,
// whose alias is inside the multipart "data" part); toll-free
// verifications have no name.
func (p *realProxy) named(path string) bool {
	segs, ok := p.objectPath(path)
	if !ok || len(segs) == 0 {
		return false
	}
	kinds := collections(segs)
	for _, n := range namedPaths {
		if kinds == n || strings.HasPrefix(kinds, n+"/") {
			return true
		}
	}
	return false
}

// ownedKinds are the first path segments of kinds without a name whose
// listings keep only the test's objects, told by the ids the test created:
// a toll-free verification is the test's when it created it, or its
// profile, or bought its number.
var ownedKinds = []string{"TollfreeVerification"}

// filtered reports whether the replies under path are the proxy's to
// filter: named kinds, and ownedKinds.
func (p *realProxy) filtered(path string) bool {
	if p.named(path) {
		return true
	}
	segs, ok := p.objectPath(path)
	return ok && len(segs) > 0 && slices.Contains(ownedKinds, segs[0])
}

// wrappers are the keys under which a reply holds one object (a profile's
// GET: {"profile": {...}}); listKeys those under which a listing holds
// its items.
var (
	wrappers = []string{"compliance", "profile", "brand", "campaign"}
	listKeys = []string{"objects", "compliances", "profiles", "brands", "campaigns"}
)

// decodeJSON decodes an object, its numbers kept as written.
func decodeJSON(b []byte) map[string]any {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var m map[string]any
	if d.Decode(&m) != nil {
		return nil
	}
	return m
}

// prefixRequest adds Prefix to the name fields at the top of a JSON body
// and to a filter by name.
func (p *realProxy) prefixRequest(r *http.Request) error {
	if !p.named(r.URL.Path) {
		return nil
	}
	q := r.URL.Query()
	changed := false
	for _, k := range nameFields {
		if v := q.Get(k); v != "" {
			q.Set(k, p.prefix+v)
			changed = true
		}
	}
	if changed {
		r.URL.RawQuery = q.Encode()
	}
	if r.Body == nil {
		return nil
	}
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "application/json" && mt != "multipart/form-data" {
		return nil
	}
	body, err := io.ReadAll(r.Body)
	r.Body.Close()
	if err != nil {
		return err
	}
	if mt == "multipart/form-data" {
		form, ct, err := p.prefixForm(body, params["boundary"])
		if err != nil {
			return fmt.Errorf("prefixing the multipart body: %w", err)
		}
		body = form
		r.Header.Set("Content-Type", ct)
	} else if m := decodeJSON(body); m != nil {
		if ns := p.ownCarrierNumbers(r, m); len(ns) > 0 {
			*r = *r.WithContext(context.WithValue(r.Context(), ownCarrierKey{}, ns))
		}
		p.prefixFields(m)
		// A trunking object's name and a verified caller id's alias are
		// optional: one created without it gets the bare prefix, which the
		// replies give back as "", so that make sweep finds it too.
		if segs, _ := p.objectPath(r.URL.Path); r.Method == http.MethodPost && len(segs) == 2 && segs[0] == "Zentrunk" && isCollection(segs[1]) {
			if v, _ := m["name"].(string); v == "" {
				m["name"] = p.prefix
			}
		}
		// A number's alias is the bare prefix from its purchase on
		// (record): a test that clears it gets the bare prefix back.
		if segs, _ := p.objectPath(r.URL.Path); r.Method == http.MethodPost && len(segs) == 2 && segs[0] == "Number" {
			if v, ok := m["alias"].(string); ok && v == "" {
				m["alias"] = p.prefix
				*r = *r.WithContext(context.WithValue(r.Context(), clearedAliasKey{}, segs[1]))
			}
		}
		if segs, _ := p.objectPath(r.URL.Path); r.Method == http.MethodPost && slices.Equal(segs, []string{"VerifiedCallerId"}) {
			if v, _ := m["alias"].(string); v == "" {
				m["alias"] = p.prefix
			}
		}
		if b, err := json.Marshal(m); err == nil {
			body = b
		}
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	r.Header.Set("Content-Length", strconv.Itoa(len(body)))
	return nil
}

// prefixForm adds the test's prefix to the alias part of a multipart form
// (a compliance document's: its other parts are the document type's data
// fields, whose names may be "name" and are not the document's) and to those of the JSON document in its
// "data" part (a one-call compliance application's alias); the other parts,
// files included, are copied byte for byte. It returns the form, written
// with a new boundary, and its Content-Type.
func (p *realProxy) prefixForm(body []byte, boundary string) ([]byte, string, error) {
	if boundary == "" {
		return nil, "", errors.New("no boundary in the Content-Type")
	}
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	var out bytes.Buffer
	w := multipart.NewWriter(&out)
	for {
		part, err := mr.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, "", err
		}
		content, err := io.ReadAll(part)
		if err != nil {
			return nil, "", err
		}
		if part.FileName() == "" {
			switch name := part.FormName(); {
			case name == wire.ComplianceDataField:
				if m := decodeJSON(content); m != nil {
					p.prefixFields(m)
					// The end user it creates is named by its name, as
					// one made at EndUser/ is: make sweep finds it so.
					if u, ok := m["end_user"].(map[string]any); ok {
						p.prefixField(u, "name")
					}
					if b, err := json.Marshal(m); err == nil {
						content = b
					}
				}
			case name == wire.DocumentFieldAlias && len(content) > 0:
				content = append([]byte(p.prefix), content...)
			}
		}
		pw, err := w.CreatePart(part.Header)
		if err != nil {
			return nil, "", err
		}
		if _, err := pw.Write(content); err != nil {
			return nil, "", err
		}
	}
	if err := w.Close(); err != nil {
		return nil, "", err
	}
	return out.Bytes(), w.FormDataContentType(), nil
}

// prefixFields adds the test's prefix to the name fields at the top of m.
func (p *realProxy) prefixFields(m map[string]any) {
	for _, k := range nameFields {
		p.prefixField(m, k)
	}
}

// prefixField adds the test's prefix to m[k], a non-empty string.
func (p *realProxy) prefixField(m map[string]any, k string) {
	if v, ok := m[k].(string); ok && v != "" {
		m[k] = p.prefix + v
	}
}

// unprefixEndUser takes the test's prefix off the name of the end user a
// one-call compliance application holds (its expanded GET).
func (p *realProxy) unprefixEndUser(m map[string]any) {
	if u, ok := m["end_user"].(map[string]any); ok {
		if v, ok := u["name"].(string); ok {
			u["name"] = strings.TrimPrefix(v, p.prefix)
		}
	}
}

// clearedAliasKey holds, in a request's context, the number whose alias
// the test clears: its replies then show "" for the bare prefix.
type clearedAliasKey struct{}

// nameBought gives a number the test just bought the bare prefix as its
// alias, so that make sweep finds it after a run that ended before
// releasing it; the replies show it as the API's null (unprefix). A later
// alias of the test's replaces it, prefixed as every name is.
func (p *realProxy) nameBought(ctx context.Context, number string) {
	c, err := realClient()
	if err == nil {
		err = c.UpdateNumber(ctx, number, client.NumberUpdate{Alias: &p.prefix})
	}
	if err != nil {
		p.t.Errorf("real mode: naming the bought number %s %q, so that make sweep finds it: %v (release it by hand if the run leaves it)", number, p.prefix, err)
		return
	}
	p.mu.Lock()
	p.bareAlias[number] = nil
	p.mu.Unlock()
}

// ownCarrierKey holds, in a request's context, the numbers it adds from
// the test's own carrier, or the number it buys: they become the test's
// when the API accepts the request.
type ownCarrierKey struct{}

// ownCarrierNumbers are the numbers r adds from the test's own carrier
// (POST Number/ with numbers="n1,n2"), whose reply names none: record
// makes them the test's once the API has accepted them. A refused add (a
// number the account already has) makes nothing the test's.
func (p *realProxy) ownCarrierNumbers(r *http.Request, body map[string]any) []string {
	segs, _ := p.objectPath(r.URL.Path)
	list, ok := body["numbers"].(string)
	if r.Method != http.MethodPost || !slices.Equal(segs, []string{"Number"}) || !ok {
		return nil
	}
	var out []string
	for _, n := range strings.Split(list, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// unprefix takes the test's prefix off the name fields of one object of
// a reply; it reports whether the object is the test's: every name it has
// carries the prefix, and when it has none (a number without an alias),
// the test created it.
func (p *realProxy) unprefix(m map[string]any) bool {
	named, prefixed := false, true
	for _, k := range nameFields {
		v, ok := m[k].(string)
		if !ok || v == "" {
			continue
		}
		named = true
		if rest, had := strings.CutPrefix(v, p.prefix); had {
			m[k] = rest
			if n, ok := m["number"].(string); ok && k == "alias" && rest == "" {
				p.mu.Lock()
				if shown, bought := p.bareAlias[n]; bought {
					m[k] = shown // a bought number's null, or "" once cleared
				}
				p.mu.Unlock()
			}
		} else {
			prefixed = false
		}
	}
	if named {
		return prefixed
	}
	ids := map[string]bool{}
	collectIDs(m, "", ids)
	p.mu.Lock()
	defer p.mu.Unlock()
	for id := range ids {
		if p.created[id] {
			return true
		}
	}
	return false
}

// record keeps the ids in the reply to a create, takes the prefix off the
// names in a reply, and leaves the account's own objects out of a listing.
func (p *realProxy) record(resp *http.Response) error {
	if _, ok := p.objectPath(resp.Request.URL.Path); !ok || resp.StatusCode/100 != 2 {
		return nil
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	if ns, ok := resp.Request.Context().Value(ownCarrierKey{}).([]string); ok {
		p.mu.Lock()
		for _, n := range ns {
			p.created[n] = true
		}
		p.mu.Unlock()
		// A bought number, and every number added from the test's own
		// carrier (whose add takes no alias), is named with the prefix.
		for _, n := range ns {
			p.nameBought(resp.Request.Context(), n)
		}
	}
	if n, ok := resp.Request.Context().Value(clearedAliasKey{}).(string); ok {
		p.mu.Lock()
		if _, bought := p.bareAlias[n]; bought {
			cleared := ""
			p.bareAlias[n] = &cleared
		}
		p.mu.Unlock()
	}
	if v := decodeJSON(body); v != nil {
		if resp.Request.Method == http.MethodPost {
			p.mu.Lock()
			collectIDs(v, "", p.created)
			p.mu.Unlock()
		}
		if !p.filtered(resp.Request.URL.Path) {
			resp.Body = io.NopCloser(bytes.NewReader(body))
			return nil
		}
		if p.unprefix(v) {
			p.own(v)
		}
		// Some kinds wrap a get ("compliance", "profile") and list under
		// their plural ("compliances", "profiles").
		for _, key := range wrappers {
			if m, ok := v[key].(map[string]any); ok {
				p.unprefix(m)
				p.unprefixEndUser(m)
			}
		}
		for _, key := range listKeys {
			if objs, ok := v[key].([]any); ok {
				kept := objs[:0]
				for _, o := range objs {
					if m, ok := o.(map[string]any); !ok || p.unprefix(m) {
						p.unprefixEndUser(m)
						kept = append(kept, o)
						if ok {
							p.own(m)
						}
					}
				}
				v[key] = kept
			}
		}
		if b, err := json.Marshal(v); err == nil {
			body = b
		}
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
	resp.Header.Set("Content-Length", strconv.Itoa(len(body)))
	return nil
}

// own keeps the id of m, an object of a reply that is the test's (its
// names carry the test's prefix): a kind whose create reply names no id
// (Verification/Address) becomes the test's when a listing or a read
// shows it.
func (p *realProxy) own(m map[string]any) {
	if id, ok := m["id"].(string); ok && id != "" {
		p.mu.Lock()
		p.created[id] = true
		p.mu.Unlock()
	}
}

// collectIDs adds every string under a key that names an id.
func collectIDs(v any, key string, into map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			collectIDs(e, k, into)
		}
	case []any:
		for _, e := range x {
			collectIDs(e, key, into)
		}
	case string:
		// A verified caller id is named by its number, + in the replies
		// and digits only in its path.
		if x != "" && key == "phone_number" {
			into[x], into[strings.TrimPrefix(x, "+")] = true, true
		}
		if x != "" && key != "api_id" && (key == "id" || strings.HasSuffix(key, "_id") || strings.HasSuffix(key, "uuid") ||
			key == "number" || key == "auth_id") {
			into[x] = true
		}
	}
}

// has reports whether the test created id.
func (p *realProxy) has(id string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.created[id]
}

// realObjects is Env.Objects in real mode: the account's objects of each
// kind the sweepers list, and its messages and campaign links, that this
// test created.
func (e *Env) realObjects(t testing.TB) map[string][]string {
	t.Helper()
	c, err := realClient()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	q := kit.SweepQuery{Since: e.started, Ours: Prefixed}
	for _, k := range inventories {
		objs, err := k.List(context.Background(), c, q)
		if err != nil {
			t.Fatalf("real mode: listing %s: %v", k.Kind, err)
		}
		mine := []string{}
		for _, o := range objs {
			owner := o.ID
			if k.Owner != nil {
				owner = k.Owner(o.ID)
			}
			if e.proxy.has(owner) {
				mine = append(mine, o.ID)
			}
		}
		slices.Sort(mine)
		out[k.Kind] = mine
	}
	return out
}

// deleteLeftovers deletes, when the test ends, the objects it created that
// still exist: those a test makes through the client for its setup and
// never deletes (the emulator's account ends with the test; a real one
// does not). Kinds go in the sweepers' order, users before what they use.
func (e *Env) deleteLeftovers(t testing.TB) {
	c, err := realClient()
	if err != nil {
		t.Errorf("real mode: deleting the test's leftovers: %v", err)
		return
	}
	ctx := context.Background()
	q := kit.SweepQuery{Since: e.started, Ours: Prefixed}
	for _, k := range inventories {
		if k.Delete == nil || (k.Spend != "" && !realMode.spend[k.Spend]) {
			continue
		}
		objs, err := k.List(ctx, c, q)
		if err != nil {
			t.Errorf("real mode: listing %s for the test's leftovers: %v", k.Kind, err)
			continue
		}
		for _, o := range objs {
			id := o.ID
			if !e.proxy.has(id) {
				continue
			}
			if err := k.Delete(c, ctx, id); err != nil && !errors.Is(err, client.ErrNotFound) {
				t.Errorf("real mode: deleting the test's leftover %s %s: %v (make sweep deletes it)", k.Kind, id, err)
				continue
			}
			t.Logf("real mode: deleted the test's leftover %s %s", k.Kind, id)
		}
	}
}
