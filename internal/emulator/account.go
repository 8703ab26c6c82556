package emulator

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/accountrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The account itself (the real service's recorded shapes): GET and POST
// /v1/Account/{auth_id}/, the account's record and the update of its five
// settable fields. The account is never created or deleted through the
// API; the inventory reports it (kind "account", its auth_id) so the
// tests find the account a cpaas_account_settings resource stands for.

// Defaults of a new account's record.
const (
	DefaultAccountTimezone = "America/Los_Angeles"
	// DefaultCashCredits is a new main account's balance, USD in
	// hundred-thousandths (25.00000).
	DefaultCashCredits = 2_500_000
)

// lookupCost is what one look-up takes from the balance, in
// hundred-thousandths of USD (accountrules.LookupPrice).
var lookupCost = func() int64 {
	f, err := strconv.ParseFloat(accountrules.LookupPrice, 64)
	if err != nil {
		panic("emulator: accountrules.LookupPrice: " + err.Error())
	}
	return int64(math.Round(f * 1e5))
}()

// accountRecord is what the account API records of an account besides
// its credentials. A subaccount's name is its subaccount record's, and it
// spends its main account's credits.
type accountRecord struct {
	Name         string `json:"name"`
	Address      string `json:"address"`
	City         string `json:"city"`
	State        string `json:"state"`
	Timezone     string `json:"timezone"`
	AccountType  string `json:"account_type"`
	BillingMode  string `json:"billing_mode"`
	AutoRecharge bool   `json:"auto_recharge"`
	// CashCredits is the balance in hundred-thousandths of USD.
	CashCredits int64 `json:"cash_credits"`
}

func newAccountRecord() accountRecord {
	return accountRecord{Timezone: DefaultAccountTimezone, AccountType: "standard", BillingMode: "prepaid", CashCredits: DefaultCashCredits}
}

// accountAccounts is the area's state: each account's own record.
var accountAccounts = &accountState[accountRecord]{
	fresh: func() *accountRecord { r := newAccountRecord(); return &r },
	saved: func(_ *account, st *accountRecord) []savedField { return []savedField{{key: "account", ptr: st}} },
}

func (a *account) record() *accountRecord { return stateOf[accountRecord](a) }

func (s *Server) accountRoutes() []route {
	return []route{
		r(http.MethodGet, "", s.getAccount),
		r(http.MethodPost, "", s.updateAccount),
	}
}

// accountInventory is the account area's part of Objects: the account
// itself, which always exists.
func accountInventory(a *account, _ time.Time) map[string][]string {
	return map[string][]string{"account": {a.ID}}
}

// payer is the account whose credits acct spends: its main account for a
// subaccount. Callers hold s.mu.
func (s *Server) payer(acct *account) *account {
	if m, ok := s.accounts[acct.MainID]; ok && acct.MainID != "" {
		return m
	}
	return acct
}

// accountName is where acct's name lives. Callers hold s.mu.
func accountName(acct *account) *string {
	if acct.MainID != "" {
		return &acct.sub().Name
	}
	return &acct.record().Name
}

// accountView is acct's record as the API returns it. Callers hold s.mu.
func (s *Server) accountView(acct *account) wire.Account {
	r := acct.record()
	return wire.Account{
		AccountType: r.AccountType, Address: r.Address, AuthID: acct.ID, AutoRecharge: r.AutoRecharge,
		BillingMode: r.BillingMode, CashCredits: formatCredits(s.payer(acct).record().CashCredits), City: r.City,
		Name: *accountName(acct), ResourceURI: "/v1/Account/" + acct.ID + "/", State: r.State, Timezone: r.Timezone,
	}
}

// formatCredits writes hundred-thousandths of USD with five decimals.
func formatCredits(v int64) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	return sign + strconv.FormatInt(v/100_000, 10) + "." + leftPad(strconv.FormatInt(v%100_000, 10), 5)
}

func leftPad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return s
}

// charge takes cost from the balance acct spends. Callers hold s.mu.
func (s *Server) charge(acct *account, cost int64) {
	s.payer(acct).record().CashCredits -= cost
}

func (s *Server) getAccount(c *call) {
	s.mu.Lock()
	v := wire.AccountReply{APIID: newAPIID(), Account: s.accountView(c.acct)}
	s.mu.Unlock()
	c.reply(http.StatusOK, v)
}

// updateAccount sets the fields given; a field left out or null is
// unchanged, "" empties it (but the timezone, which must be an IANA zone).
func (s *Server) updateAccount(c *call) {
	var in wire.AccountUpdate
	if !c.decode(&in) {
		return
	}
	if in.Timezone != nil {
		if err := accountrules.CheckTimezone("timezone", *in.Timezone); err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	s.mu.Lock()
	r := c.acct.record()
	for dst, v := range map[*string]*string{accountName(c.acct): in.Name, &r.Address: in.Address, &r.City: in.City, &r.State: in.State, &r.Timezone: in.Timezone} {
		if v != nil {
			*dst = *v
		}
	}
	s.mu.Unlock()
	c.reply(http.StatusAccepted, wire.Reply{APIID: newAPIID(), Message: "changed"})
}
