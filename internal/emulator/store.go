package emulator

import (
	"cmp"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// account holds one account's objects. Each API area keeps its own state
// here, declared in the area's file (an accountState named in its line of
// areas), so Reset and account isolation come for free: a handler only
// ever looks inside c.acct, and another account's id is simply not found.
type account struct {
	Account
	// states holds each area's state T under stateKey[T]; it is filled
	// when the account is made and never changes after.
	states map[any]any
}

// accountState declares an area's state T of every account, in the area's
// file: how a new account's looks, what the state file holds of it
// (persist.go) and what to do once it is loaded. The area names it in its
// line of areas; nothing else lists it.
type accountState[T any] struct {
	// fresh is the state of a new account: empty maps, default settings.
	fresh func() *T
	// saved lists the keys of the account's object in the state file that
	// hold st, each with a pointer to what it holds. On load a key that is
	// missing or null keeps the fresh value.
	saved func(a *account, st *T) []savedField
	// restore, when set, runs once every account is loaded: it completes
	// what the file does not hold and plans again the work pending on the
	// area's objects (a decision due later, an expiry). Callers hold s.mu.
	restore func(s *Server, a *account, st *T)
}

// savedField is one key of an account's object in the state file.
type savedField struct {
	key string
	ptr any // a pointer to the value the key holds
	// empty, when set, reports that the value holds nothing: the key is
	// then left out of the file, so a key an area added later does not
	// change the file of an account that never used it (the emulator of
	// before reads it, TestStateFile_formatOfBeforeIsKept).
	empty func() bool
}

// stateKey[T] is the key of an area's state T in account.states: keyed by
// its type, an area's accessors do not name its accountState, which names
// them through restore (Go refuses that initialization cycle). Each area
// has a type of its own.
type stateKey[T any] struct{}

// stateOf is a's state T.
func stateOf[T any](a *account) *T {
	st, ok := a.states[stateKey[T]{}].(*T)
	if !ok {
		panic(fmt.Sprintf("emulator: no area keeps a state of type %T", *new(T)))
	}
	return st
}

// stateOfAreas is what the generic code (initAccount, persist.go) does
// with every area's accountState.
type stateOfAreas interface {
	attach(a *account)
	fields(a *account) []savedField
	restoreLocked(s *Server, a *account)
}

func (d *accountState[T]) attach(a *account) {
	if _, taken := a.states[stateKey[T]{}]; taken {
		panic(fmt.Sprintf("emulator: two areas keep a state of type %T", *new(T)))
	}
	a.states[stateKey[T]{}] = d.fresh()
}

func (d *accountState[T]) fields(a *account) []savedField {
	if d.saved == nil {
		return nil
	}
	return d.saved(a, stateOf[T](a))
}

func (d *accountState[T]) restoreLocked(s *Server, a *account) {
	if d.restore != nil {
		d.restore(s, a, stateOf[T](a))
	}
}

// newAccount is an account of the control API or the options: with the
// starter numbers.
func (s *Server) newAccount(a Account) *account {
	acct := &account{Account: a}
	s.initAccount(acct)
	s.seedStarterNumbers(acct)
	return acct
}

// initAccount gives acct every area's fresh state; a subaccount made
// through the Subaccount API starts with nothing else.
func (s *Server) initAccount(acct *account) {
	acct.states = map[any]any{}
	for _, st := range areaStates {
		st.attach(acct)
	}
}

// areaStates are the states of areas, in its order. It is filled by init
// because areas reaches initAccount through the routes.
var areaStates []stateOfAreas

func init() {
	for _, ar := range areas {
		if ar.state != nil {
			areaStates = append(areaStates, ar.state)
		}
	}
}

// mainToken is the token of the main account (for the Ma signature).
func (s *Server) mainToken(a *account) string {
	if a.MainID != "" {
		if m, ok := s.accounts[a.MainID]; ok {
			return m.Token
		}
	}
	return a.Token
}

// paging reads limit and offset from the query: limit 1..maxLimit
// (default maxLimit, the largest page, as the API does), offset >= 0
// (default 0). It writes a 400 naming the
// parameter and returns false when either is invalid.
func (c *call) paging(maxLimit int) (limit, offset int, ok bool) { //nolint:unparam // every area serves 20 today; the API sets it per area
	q := c.req.URL.Query()
	limit, offset = maxLimit, 0
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxLimit {
			c.badRequest("limit must be an integer from 1 to %d, got %q", maxLimit, v)
			return 0, 0, false
		}
		limit = n
	}
	if v := q.Get("offset"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			c.badRequest("offset must be a non-negative integer, got %q", v)
			return 0, 0, false
		}
		offset = n
	}
	return limit, offset, true
}

// meta builds the paging block; next and previous are the request's path
// and query with limit and offset set, or null at either end.
func (c *call) meta(total, limit, offset int) wire.ListMeta {
	m := wire.ListMeta{Limit: limit, Offset: offset, TotalCount: total}
	link := func(off int) *string {
		q := c.req.URL.Query()
		q.Set("limit", strconv.Itoa(limit))
		q.Set("offset", strconv.Itoa(off))
		u := url.URL{Path: c.req.URL.Path, RawQuery: q.Encode()}
		s := u.String()
		return &s
	}
	if offset+limit < total {
		m.Next = link(offset + limit)
	}
	if offset > 0 {
		m.Previous = link(max(offset-limit, 0))
	}
	return m
}

// pageBounds returns the slice bounds of one page of n items.
func pageBounds(n, limit, offset int) (int, int) {
	if offset >= n {
		return n, n
	}
	return offset, min(offset+limit, n)
}

// viewPage views the page at offset, of at most limit items, of items
// (already filtered and in list order).
func viewPage[T, V any](items []T, limit, offset int, view func(T) V) []V {
	lo, hi := pageBounds(len(items), limit, offset)
	out := make([]V, 0, hi-lo)
	for _, it := range items[lo:hi] {
		out = append(out, view(it))
	}
	return out
}

// pageOf reads the paging of a list call and views that page of objects:
// those keep accepts (all when keep is nil), in the order they were made
// (seq). On bad paging it writes the 400 and returns false.
func pageOf[T, V any](c *call, maxLimit int, objects map[string]T, seq func(T) uint64, keep func(T) bool, view func(T) V) (wire.ListMeta, []V, bool) {
	limit, offset, ok := c.paging(maxLimit)
	if !ok {
		return wire.ListMeta{}, nil, false
	}
	c.s.mu.Lock()
	all := make([]T, 0, len(objects))
	for _, o := range objects {
		if keep == nil || keep(o) {
			all = append(all, o)
		}
	}
	slices.SortFunc(all, func(a, b T) int { return cmp.Compare(seq(a), seq(b)) })
	out := viewPage(all, limit, offset, view)
	c.s.mu.Unlock()
	return c.meta(len(all), limit, offset), out, true
}

// resourceURI is the path of an object of acct.
func resourceURI(acct *account, segments ...string) string {
	p := "/v1/Account/" + acct.ID + "/"
	for _, s := range segments {
		p += url.PathEscape(s) + "/"
	}
	return p
}

// notFound writes the 404 for a missing object.
func (c *call) notFound(kind, id string) {
	c.fail(http.StatusNotFound, fmt.Sprintf("%s %q not found", kind, id))
}

// viewOf renders the object id of objects under s.mu, or writes the 404
// for kind and returns false. Every single-object GET starts with it.
func viewOf[T, V any](c *call, objects map[string]T, kind, id string, view func(T) V) (V, bool) {
	c.s.mu.Lock()
	obj, ok := objects[id]
	var v V
	if ok {
		v = view(obj)
	}
	c.s.mu.Unlock()
	if !ok {
		c.notFound(kind, id)
	}
	return v, ok
}

// updateOf changes the object id of objects under s.mu and replies 202
// "changed". check, when not nil, runs first under the same lock and may
// refuse the change (a 400 with its error, nothing changed); a missing
// object is a 404 for kind, whatever check would say. Every update of an
// object that replies "changed" goes through it.
func updateOf[T any](c *call, objects map[string]T, kind, id string, check func() error, apply func(T)) {
	c.s.mu.Lock()
	obj, ok := objects[id]
	var err error
	if ok && check != nil {
		err = check()
	}
	if ok && err == nil {
		apply(obj)
	}
	c.s.mu.Unlock()
	switch {
	case !ok:
		c.notFound(kind, id)
	case err != nil:
		c.badRequest("%v", err)
	default:
		c.reply(http.StatusAccepted, wire.Reply{APIID: newAPIID(), Message: "changed"})
	}
}

// objectsState declares an area's objects by id, kept in one map per
// account and saved under key.
func objectsState[V any](key string) *accountState[map[string]V] {
	return &accountState[map[string]V]{
		fresh: func() *map[string]V { return &map[string]V{} },
		saved: func(_ *account, st *map[string]V) []savedField { return []savedField{{key: key, ptr: st}} },
	}
}

// restoring sets d's restore and returns d.
func (d *accountState[T]) restoring(f func(s *Server, a *account, st *T)) *accountState[T] {
	d.restore = f
	return d
}
