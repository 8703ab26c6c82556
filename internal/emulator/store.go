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

// account holds one account's objects. Each API area keeps its own maps
// here, so Reset and account isolation come for free: a handler only ever
// looks inside c.acct, and another account's id is simply not found.
type account struct {
	Account
	endpoints map[string]*endpoint
	numbers   map[string]*ownedNumber // owned_numbers.go
	// maskingSessions never shrinks: an ended session stays readable as
	// expired (masking.go).
	maskingSessions map[string]*maskingSession
	messaging       messagingState          // messages.go
	brands          map[string]*brand       // tendlc_brands.go
	campaigns       map[string]*campaign    // tendlc_campaigns.go
	applications    map[string]*application // applications.go
	profiles        map[string]*profile     // profiles.go
	tollfree        map[string]*tollfree    // tollfree.go
	powerpacks      map[string]*powerpack   // powerpacks.go
	trunking        trunkingState           // trunking.go
	compliances     map[string]*compliance  // compliance.go
	older           *olderCompliance        // compliance_older.go
	media           map[string]*mediaFile   // media.go
	// subaccounts are a main account's subaccounts (subaccounts.go); sub
	// is a subaccount's record.
	subaccounts map[string]*account
	sub         subaccountRecord
	record      accountRecord // account.go: the account's own record
}

// newAccount is an account of the control API or the options: with the
// starter numbers.
func (s *Server) newAccount(a Account) *account {
	acct := &account{Account: a}
	s.initAccount(acct)
	s.seedStarterNumbers(acct)
	return acct
}

// initAccount gives acct its empty maps; a subaccount made through the
// Subaccount API starts with nothing else.
func (s *Server) initAccount(acct *account) {
	acct.endpoints = map[string]*endpoint{}
	acct.numbers = map[string]*ownedNumber{}
	acct.maskingSessions = map[string]*maskingSession{}
	acct.messaging = newMessagingState()
	acct.brands = map[string]*brand{}
	acct.campaigns = map[string]*campaign{}
	acct.applications = map[string]*application{}
	acct.subaccounts = map[string]*account{}
	acct.profiles = map[string]*profile{}
	acct.tollfree = map[string]*tollfree{}
	acct.powerpacks = map[string]*powerpack{}
	acct.trunking = newTrunkingState()
	acct.compliances = map[string]*compliance{}
	acct.record = newAccountRecord()
	acct.older = newOlderCompliance()
	acct.media = map[string]*mediaFile{}
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
