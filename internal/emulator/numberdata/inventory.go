package numberdata

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Errors of Take.
var (
	ErrUnknownNumber = errors.New("number is not in the inventory")
	ErrNumberTaken   = errors.New("number is already taken")
)

// Inventory is one emulator's view of the purchasable numbers: the shared generated
// catalog plus its own set of taken numbers. It is safe for concurrent use.
type Inventory struct {
	cat   *catalog
	mu    sync.RWMutex
	taken []bool // by index in cat.records
}

// New returns an inventory with every number available but the starter
// numbers, which every account owns from the start.
func New() *Inventory {
	cat := shared()
	inv := &Inventory{cat: cat, taken: make([]bool, len(cat.records))}
	for _, i := range cat.starters {
		inv.taken[i] = true
	}
	return inv
}

// Search returns the page of available numbers matching q, sorted by number
// ascending, and the total count of matches before paging.
func (inv *Inventory) Search(q Query) (items []PhoneNumber, total int) {
	q = normalized(q)
	m := newMatcher(inv.cat, q)
	items = make([]PhoneNumber, 0, q.Limit)
	if !m.possible {
		return items, 0
	}
	inv.mu.RLock()
	defer inv.mu.RUnlock()
	for _, i := range inv.cat.candidates(q.CountryISO, m.literalPrefix()) {
		if inv.taken[i] {
			continue
		}
		if !m.match(&inv.cat.keys[i]) {
			continue
		}
		if total >= q.Offset && len(items) < q.Limit {
			items = append(items, inv.cat.records[i].PhoneNumber.clone())
		}
		total++
	}
	return items, total
}

// Get returns the inventory record of number, taken or not.
func (inv *Inventory) Get(number string) (PhoneNumber, bool) {
	i, ok := inv.cat.byNumber[number]
	if !ok {
		return PhoneNumber{}, false
	}
	return inv.cat.records[i].PhoneNumber.clone(), true
}

// Available reports whether number is in the inventory and not taken.
func (inv *Inventory) Available(number string) bool {
	i, ok := inv.cat.byNumber[number]
	if !ok {
		return false
	}
	inv.mu.RLock()
	defer inv.mu.RUnlock()
	return !inv.taken[i]
}

// Take marks number as bought: it leaves the search results. The error wraps
// ErrUnknownNumber or ErrNumberTaken.
func (inv *Inventory) Take(number string) (PhoneNumber, error) {
	i, ok := inv.cat.byNumber[number]
	if !ok {
		return PhoneNumber{}, fmt.Errorf("%w: %s", ErrUnknownNumber, number)
	}
	inv.mu.Lock()
	defer inv.mu.Unlock()
	if inv.taken[i] {
		return PhoneNumber{}, fmt.Errorf("%w: %s", ErrNumberTaken, number)
	}
	inv.taken[i] = true
	return inv.cat.records[i].PhoneNumber.clone(), nil
}

// Return puts a released number back into the search results, starter numbers
// included. Numbers that are not in the inventory are ignored.
func (inv *Inventory) Return(number string) {
	i, ok := inv.cat.byNumber[number]
	if !ok {
		return
	}
	inv.mu.Lock()
	defer inv.mu.Unlock()
	inv.taken[i] = false
}

// Countries returns the ISO codes of the countries the inventory holds numbers in.
func Countries() []string {
	out := make([]string, len(countries))
	for i, c := range countries {
		out[i] = c.iso
	}
	return out
}

// candidates narrows a country's numbers to those whose national digits start with
// prefix: they are sorted, so that is one binary search away.
func (c *catalog) candidates(iso, prefix string) []int {
	idx := c.byCountry[iso]
	if prefix == "" {
		return idx
	}
	lo := sort.Search(len(idx), func(j int) bool { return c.keys[idx[j]].national >= prefix })
	hi := lo + sort.Search(len(idx)-lo, func(j int) bool {
		return !strings.HasPrefix(c.keys[idx[lo+j]].national, prefix)
	})
	return idx[lo:hi]
}

// literalPrefix is the longest run of digits every match must start with.
func (m *matcher) literalPrefix() string {
	head := m.head
	if i := strings.IndexByte(head, '?'); i >= 0 {
		head = head[:i]
	}
	if len(m.npanxx) > len(head) {
		return m.npanxx
	}
	return head
}

// matcher is a query prepared for matching keys: names resolved to ids, the pattern
// turned into digits and split at its stars.
type matcher struct {
	possible bool // false when no number can match
	kind     uint8
	sms      bool
	voice    bool
	// compliance is the index of the wanted requirement in complianceValues, or -1.
	compliance int
	npanxx     string
	region     uint16 // with lca: the region and rate center of the calling area
	city       uint16
	rateCenter uint16
	lata       uint16
	// head is the pattern part before the first star, which must match at the start;
	// tail the parts after stars, each matched at its earliest place after the last.
	head string
	tail []string
}

func newMatcher(cat *catalog, q Query) matcher {
	m := matcher{possible: true, sms: q.SMS, voice: q.Voice, compliance: -1, lata: uint16(q.LATA)}
	if q.LATA < 0 || q.LATA > 0xffff {
		m.possible = false
	}
	if q.Type != "" {
		m.kind = kindBit[q.Type]
		if m.kind == 0 {
			m.possible = false
		}
	}
	switch q.ComplianceRequirement {
	case "":
	case ComplianceNull:
		m.compliance = 0
	default:
		m.compliance = slices.Index(complianceValues, q.ComplianceRequirement)
		if m.compliance <= 0 {
			m.possible = false
		}
	}
	name := func(s string) uint16 {
		if s == "" {
			return 0
		}
		id, ok := cat.names[strings.ToLower(s)]
		if !ok {
			m.possible = false
		}
		return id
	}
	m.region, m.city, m.rateCenter = name(q.Region), name(q.City), name(q.RateCenter)
	if q.NPANXX != "" {
		m.npanxx = q.NPANXX
		m.kind |= kindBit[subLocal]
	}
	if q.NPANXX != "" && q.LocalCallingArea && len(q.NPANXX) == 6 {
		found := false
		nxx := int(q.NPANXX[3]-'0')*100 + int(q.NPANXX[4]-'0')*10 + int(q.NPANXX[5]-'0')
		for i := range nanpAreas {
			a := &nanpAreas[i]
			if a.iso == q.CountryISO && a.npa == q.NPANXX[:3] {
				ce := centerFor(a, nxx)
				lcaRegion, lcaCenter := cat.names[strings.ToLower(a.region)], cat.names[strings.ToLower(ce.rateCenter)]
				if (m.region != 0 && m.region != lcaRegion) || (m.rateCenter != 0 && m.rateCenter != lcaCenter) {
					break // the other filters exclude the whole calling area
				}
				m.region, m.rateCenter, m.npanxx, found = lcaRegion, lcaCenter, "", true
				break
			}
		}
		m.possible = m.possible && found
	}
	if q.Pattern != "" {
		b := make([]byte, len(q.Pattern))
		for i := 0; i < len(q.Pattern); i++ {
			b[i] = keypad[q.Pattern[i]]
			if b[i] == 0 {
				m.possible = false
			}
		}
		parts := strings.Split(string(b), "*")
		m.head, m.tail = parts[0], parts[1:]
	}
	return m
}

func (m *matcher) match(k *key) bool {
	if m.kind != 0 && k.kinds&m.kind != m.kind {
		return false
	}
	if (m.sms && !k.sms) || (m.voice && !k.voice) {
		return false
	}
	if m.compliance >= 0 && int(k.compliance) != m.compliance {
		return false
	}
	if (m.region != 0 && k.region != m.region) || (m.city != 0 && k.city != m.city) ||
		(m.rateCenter != 0 && k.rateCenter != m.rateCenter) || (m.lata != 0 && k.lata != m.lata) {
		return false
	}
	if m.npanxx != "" && !strings.HasPrefix(k.national, m.npanxx) {
		return false
	}
	if m.head != "" || m.tail != nil {
		return m.matchPattern(k.national)
	}
	return true
}

// matchPattern matches the compiled pattern against the start of digits. Taking the
// earliest place for each starred part is enough: a later place leaves less room for
// the parts after it.
func (m *matcher) matchPattern(digits string) bool {
	if !matchAt(m.head, digits) {
		return false
	}
	rest := digits[len(m.head):]
	for _, part := range m.tail {
		i := indexWild(rest, part)
		if i < 0 {
			return false
		}
		rest = rest[i+len(part):]
	}
	return true
}

// matchAt reports whether part (digits and ?) matches the start of s.
func matchAt(part, s string) bool {
	if len(part) > len(s) {
		return false
	}
	for i := 0; i < len(part); i++ {
		if part[i] != '?' && part[i] != s[i] {
			return false
		}
	}
	return true
}

// indexWild is strings.Index where ? in part matches any digit. Numbers are at most 15
// digits, where a plain loop beats strings.Index's setup.
func indexWild(s, part string) int {
	for i := 0; i+len(part) <= len(s); i++ {
		if matchAt(part, s[i:]) {
			return i
		}
	}
	return -1
}
