package emulator

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/subaccountrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Subaccounts (the real service's recorded shapes): accounts of their own, with their
// own credentials and objects, under a main account. A subaccount is an
// account of the server (Server.accounts, so its credentials work on every
// route, and its objects are its own, out of its siblings' reach) whose
// MainID names its main account; the main account keeps it in
// subaccounts. What the main account sees of a subaccount's objects is
// said in BEHAVIOUR.md ("Subaccounts").

// subaccountRecord is what the Subaccount API records about a subaccount
// besides its credentials. The zero value is an enabled subaccount with
// no name: what the control API's accounts with a main_id are.
type subaccountRecord struct {
	Seq      uint64    `json:"seq"`
	Name     string    `json:"name"`
	Disabled bool      `json:"disabled,omitempty"`
	Created  time.Time `json:"created"`
	Modified time.Time `json:"modified,omitzero"`
}

// subaccountState is the area's share of an account: a main account's
// subaccounts (not saved: linkSubaccountsLocked makes them from the
// accounts' MainID), and a subaccount's record.
type subaccountState struct {
	subaccounts map[string]*account
	sub         subaccountRecord
}

// subaccountAccounts is the area's state.
var subaccountAccounts = &accountState[subaccountState]{
	fresh: func() *subaccountState { return &subaccountState{subaccounts: map[string]*account{}} },
	saved: func(a *account, st *subaccountState) []savedField {
		if a.MainID == "" {
			return nil
		}
		return []savedField{{key: "subaccount", ptr: &st.sub}}
	},
}

func (a *account) subaccounts() map[string]*account { return stateOf[subaccountState](a).subaccounts }
func (a *account) sub() *subaccountRecord           { return &stateOf[subaccountState](a).sub }

func (s *Server) subaccountRoutes() []route {
	return []route{
		r(http.MethodPost, "Subaccount", s.createSubaccount),
		r(http.MethodGet, "Subaccount", s.listSubaccounts),
		r(http.MethodGet, "Subaccount/{id}", s.getSubaccount),
		r(http.MethodPost, "Subaccount/{id}", s.updateSubaccount),
		r(http.MethodDelete, "Subaccount/{id}", s.deleteSubaccount),
	}
}

// subaccountInventory is the subaccounts area's part of Objects: the
// account's subaccounts.
func subaccountInventory(a *account, _ time.Time) map[string][]string {
	return map[string][]string{"subaccounts": keys(a.subaccounts())}
}

// linkSubaccountsLocked rebuilds every main account's subaccounts from the
// accounts' MainID. Callers hold s.mu.
func (s *Server) linkSubaccountsLocked() {
	for _, a := range s.accounts {
		stateOf[subaccountState](a).subaccounts = map[string]*account{}
	}
	for _, a := range s.accounts {
		if m, ok := s.accounts[a.MainID]; ok && a.MainID != "" && m.MainID == "" {
			m.subaccounts()[a.ID] = a
		}
	}
}

// family is acct and, for a main account, its subaccounts, in creation
// order: the accounts whose applications and numbers acct reaches.
// Callers hold s.mu.
func family(acct *account) []*account {
	out := []*account{acct}
	subs := make([]*account, 0, len(acct.subaccounts()))
	for _, sub := range acct.subaccounts() {
		subs = append(subs, sub)
	}
	slices.SortFunc(subs, func(a, b *account) int {
		if a.sub().Seq != b.sub().Seq {
			return int(a.sub().Seq) - int(b.sub().Seq)
		}
		return compareStrings(a.ID, b.ID)
	})
	return append(out, subs...)
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// subaccountOf is the value of sub_account on the records of acct's
// objects: its auth_id for a subaccount, null for a main account.
func subaccountOf(acct *account) *string {
	if acct.MainID == "" {
		return nil
	}
	id := acct.ID
	return &id
}

// placement resolves the subaccount argument of a create or an update by
// acct: "" (or absent) is no change, acct's own auth_id is acct itself
// (the main account: an object moves out of its subaccount), a subaccount
// of acct is that subaccount. It returns nil and the 400's text for
// anything else. Callers hold s.mu.
func placement(acct *account, v *string) (*account, error) {
	switch {
	case v == nil || *v == "":
		return nil, nil
	case *v == acct.ID:
		return acct, nil
	}
	if sub, ok := acct.subaccounts()[*v]; ok {
		return sub, nil
	}
	if acct.MainID != "" {
		return nil, fmt.Errorf("subaccount %q: a subaccount cannot place objects in another account", *v)
	}
	return nil, fmt.Errorf("subaccount %q is not a subaccount of this account (the main account's own auth_id moves an object back to it)", *v)
}

// newSubaccountID is "SA" and 18 upper-case letters and digits, as the
// service's ids are. Callers hold s.mu.
func (s *Server) newSubaccountID() string {
	for {
		if id := "SA" + s.randID(18); s.accounts[id] == nil {
			return id
		}
	}
}

// newSubaccountToken is 40 characters: base64 of 30 hex digits, the form
// of the service's recorded tokens. Callers hold s.mu.
func (s *Server) newSubaccountToken() string {
	raw := make([]byte, 15)
	for i := range raw {
		raw[i] = byte(s.rng.IntN(256))
	}
	return base64.StdEncoding.EncodeToString([]byte(hex.EncodeToString(raw)))
}

// mainOnly refuses a subaccount's credentials on the Subaccount routes:
// only a main account has subaccounts.
func (c *call) mainOnly() bool {
	if c.acct.MainID == "" {
		return true
	}
	c.fail(http.StatusUnauthorized, "a subaccount cannot manage subaccounts; use the main account's credentials")
	return false
}

func (s *Server) createSubaccount(c *call) {
	if !c.mainOnly() {
		return
	}
	// enabled as the service's libraries send it: the Node library sends
	// the string "true" or "false" (wire.FlexBool).
	var in wire.SubaccountCreate
	if !c.decode(&in) {
		return
	}
	if in.Name == "" {
		c.badRequest("Mandatory parameter missing. name must be present.")
		return
	}
	if err := subaccountrules.CheckName("name", in.Name); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	sub := &account{Account: Account{ID: s.newSubaccountID(), Token: s.newSubaccountToken(), MainID: c.acct.ID}}
	s.initAccount(sub)
	*sub.sub() = subaccountRecord{Seq: s.nextSeq(), Name: in.Name, Disabled: !in.Enabled.Value, Created: s.clock.Now()}
	s.accounts[sub.ID] = sub
	c.acct.subaccounts()[sub.ID] = sub
	s.mu.Unlock()
	c.reply(http.StatusCreated, wire.SubaccountCreated{APIID: newAPIID(), AuthID: sub.ID, AuthToken: sub.Token, Message: "created"})
}

func viewSubaccount(main, sub *account) wire.Subaccount {
	v := wire.Subaccount{
		Account: resourceURI(main), AuthID: sub.ID, AuthToken: sub.Token, Name: sub.sub().Name, Enabled: !sub.sub().Disabled,
		Created: sub.sub().Created.UTC().Format(time.DateOnly), ResourceURI: resourceURI(main, "Subaccount", sub.ID),
	}
	if !sub.sub().Modified.IsZero() {
		m := sub.sub().Modified.UTC().Format(time.DateOnly)
		v.Modified = &m
	}
	return v
}

func (s *Server) getSubaccount(c *call) {
	if !c.mainOnly() {
		return
	}
	v, ok := viewOf(c, c.acct.subaccounts(), "subaccount", c.param("id"), func(sub *account) wire.Subaccount { return viewSubaccount(c.acct, sub) })
	if ok {
		c.reply(http.StatusOK, wire.SubaccountReply{APIID: newAPIID(), Subaccount: v})
	}
}

// listSubaccounts lists newest first, as the service does.
func (s *Server) listSubaccounts(c *call) {
	if !c.mainOnly() {
		return
	}
	meta, objects, ok := pageOf(c, subaccountrules.ListMaxLimit, c.acct.subaccounts(), func(sub *account) uint64 { return ^sub.sub().Seq }, nil,
		func(sub *account) wire.Subaccount { return viewSubaccount(c.acct, sub) })
	if ok {
		c.reply(http.StatusOK, wire.SubaccountList{APIID: newAPIID(), Meta: meta, Objects: objects})
	}
}

// updateSubaccount changes what is given: an empty or absent name and an
// absent enabled are left as they are (clients send "" for unset fields).
func (s *Server) updateSubaccount(c *call) {
	if !c.mainOnly() {
		return
	}
	var in wire.SubaccountUpdate // the Node library sends enabled as a string
	if !c.decode(&in) {
		return
	}
	if in.Name != nil && *in.Name != "" {
		if err := subaccountrules.CheckName("name", *in.Name); err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	updateOf(c, c.acct.subaccounts(), "subaccount", c.param("id"), nil, func(sub *account) {
		if in.Name != nil && *in.Name != "" {
			sub.sub().Name = *in.Name
		}
		if in.Enabled.Set {
			sub.sub().Disabled = !in.Enabled.Value
		}
		sub.sub().Modified = s.clock.Now()
	})
}

// deleteSubaccount deletes a subaccount and its credentials. cascade (in
// the JSON body, default false) decides its applications, endpoints and
// numbers: false moves them to the main account, unchanged (ids, settings,
// links between them); true deletes them, a number going back on sale.
// Its other objects (masking sessions, messages, 10DLC brands and
// campaigns) go with it either way.
func (s *Server) deleteSubaccount(c *call) {
	if !c.mainOnly() {
		return
	}
	var body wire.SubaccountDelete // the Node library sends cascade as a string
	if !c.decode(&body) {
		return
	}
	in := struct{ Cascade bool }{body.Cascade.Value}
	id := c.param("id")
	s.mu.Lock()
	sub, ok := c.acct.subaccounts()[id]
	if ok {
		main := c.acct
		for aid, a := range sub.applications() {
			if !in.Cascade {
				main.applications()[aid] = a
			}
		}
		for eid, e := range sub.endpoints() {
			if !in.Cascade {
				main.endpoints()[eid] = e
			}
		}
		for n, o := range sub.numbers() {
			if in.Cascade {
				// Released as DELETE Number/ releases: back on sale, a
				// starter number too.
				s.inventory.Return(n)
				continue
			}
			main.numbers()[n] = o
		}
		delete(main.subaccounts(), id)
		delete(s.accounts, id)
	}
	s.mu.Unlock()
	if !ok {
		c.notFound("subaccount", id)
		return
	}
	c.noContent()
}
