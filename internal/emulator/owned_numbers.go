package emulator

import (
	"slices"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
)

// ownedNumber is a phone number that belongs to an account: one of the
// starter numbers every account has from the start, or one it bought. The
// other areas ask ownsNumber before using a number as a sender, a 10DLC
// link or a masking virtual number.
type ownedNumber struct {
	numberdata.PhoneNumber
	AppID   string
	Alias   *string // nil until one is set; "" once cleared (the service tells the two apart)
	AddedAt time.Time
	Starter bool // given at account creation, not bought
	// SubAccount (a bare SA id) and SubAccountName: the subaccount the
	// number belongs to; empty for the main account.
	SubAccount, SubAccountName string
	// ComplianceApplicationID is the compliance application the number is
	// rented against (compliance.go), ComplianceStatus "pending" while a
	// regulated number is activated, then "accepted"; both "" without one.
	ComplianceApplicationID, ComplianceStatus string
}

// seedStarterNumbers gives a new account the documented starter numbers
// (numberdata.StarterNumbers: 14155550100, 12125550101, 13125550102, SMS
// and voice), so links, senders and masking work before anything is bought.
func (s *Server) seedStarterNumbers(a *account) {
	for _, n := range numberdata.StarterNumbers() {
		a.numbers()[n.Number] = &ownedNumber{PhoneNumber: n, AddedAt: s.clock.Now(), Starter: true}
	}
}

// ownsNumber reports whether acct owns number (digits with country code).
// Callers hold s.mu.
func (s *Server) ownsNumber(acct *account, number string) (*ownedNumber, bool) {
	n, ok := acct.numbers()[number]
	return n, ok
}

// ownedNumbersSorted lists acct's numbers in ascending order. Callers hold
// s.mu.
func (s *Server) ownedNumbersSorted(acct *account) []*ownedNumber {
	out := make([]*ownedNumber, 0, len(acct.numbers()))
	for _, n := range acct.numbers() {
		out = append(out, n)
	}
	slices.SortFunc(out, func(a, b *ownedNumber) int {
		switch {
		case a.Number < b.Number:
			return -1
		case a.Number > b.Number:
			return 1
		}
		return 0
	})
	return out
}

// numberInventory is the numbers area's part of Objects: the numbers the
// account bought ("numbers", what the orphan checks count) and the ones
// it came with ("starter_numbers", owned but not made by anyone); each an
// empty list, never null, when there are none.
func numberInventory(a *account, _ time.Time) map[string][]string {
	bought, starters := []string{}, []string{}
	for n, o := range a.numbers() {
		if o.Starter {
			starters = append(starters, n)
		} else {
			bought = append(bought, n)
		}
	}
	return map[string][]string{"numbers": bought, "starter_numbers": starters}
}
