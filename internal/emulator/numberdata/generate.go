package numberdata

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// record is one inventory number with what the search precomputes for it.
type record struct {
	PhoneNumber
	national string // the digits after the country code
}

// key is the compact form of a record that Search scans: small enough that the scan
// over a country stays in cache, with names replaced by interned ids.
type key struct {
	national   string
	kinds      uint8 // kindBit of the type and of the sub_type
	sms, voice bool
	compliance uint8 // index in complianceValues
	lata       uint16
	region     uint16 // interned lower-case names; 0 is ""
	city       uint16
	rateCenter uint16
}

// complianceValues are the compliance requirements, indexed by key.compliance.
var complianceValues = []string{complianceNone, complianceAddress, complianceIdentity}

// kindBit gives the bit of a type or sub_type name.
var kindBit = map[string]uint8{
	typeFixed: 1 << 0, subLocal: 1 << 1, subNational: 1 << 2, typeMobile: 1 << 3, typeTollfree: 1 << 4,
}

// catalog is the generated, immutable inventory shared by every Inventory.
type catalog struct {
	records   []record          // sorted by number
	keys      []key             // parallel to records
	byNumber  map[string]int    // number -> index in records
	byCountry map[string][]int  // ISO -> indexes in records, ascending
	names     map[string]uint16 // lower-case region, city and rate center -> id
	starters  []int             // indexes of the starter numbers, taken in a new Inventory
}

// nameID interns a lower-cased name.
func (c *catalog) nameID(name string) uint16 {
	if name == "" {
		return 0
	}
	name = strings.ToLower(name)
	id, ok := c.names[name]
	if !ok {
		id = uint16(len(c.names) + 1)
		c.names[name] = id
	}
	return id
}

var (
	sharedOnce    sync.Once
	sharedCatalog *catalog
)

// shared returns the process-wide catalog, building it on first use.
func shared() *catalog {
	sharedOnce.Do(func() { sharedCatalog = build() })
	return sharedCatalog
}

// rng is splitmix64: a tiny fixed-algorithm generator, so the inventory does not
// depend on the standard library's generators staying the same across Go releases.
type rng struct{ state uint64 }

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, n).
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// digits returns n random decimal digits.
func (r *rng) digits(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + r.intn(10))
	}
	return string(b)
}

const seed = 0x5eed_c9aa_5000_0001

// reservedNXX are NXX codes the inventory never uses: N11 service codes, 555 (kept for
// StarterNumbers) and 950/958/959/976.
func reservedNXX(nxx int) bool {
	return nxx%100 == 11 || nxx == 555 || nxx == 950 || nxx == 958 || nxx == 959 || nxx == 976
}

// centerFor spreads the NXXs of an area over its rate centers. It is a pure function of
// the NPA-NXX so the local calling area of any NPA-NXX, even one the inventory holds no
// number in, is known.
func centerFor(a *nanpArea, nxx int) center {
	npa := int(a.npa[0]-'0')*100 + int(a.npa[1]-'0')*10 + int(a.npa[2]-'0')
	return a.centers[(nxx*7+npa)%len(a.centers)]
}

// countryByISO looks up the static country table; an unknown code is a
// programming error in the tables.
func countryByISO(iso string) country {
	for _, c := range countries {
		if c.iso == iso {
			return c
		}
	}
	panic("numberdata: no country " + iso)
}

// build generates the catalog. It is deterministic: same tables, same seed, same
// numbers.
func build() *catalog {
	r := &rng{state: seed}
	seen := make(map[string]bool, 32000)
	var recs []record

	add := func(p PhoneNumber, cc country) {
		p.Country = cc.name
		p.CountryISO = cc.iso
		recs = append(recs, record{PhoneNumber: p, national: p.Number[len(cc.code):]})
		seen[p.Number] = true
	}

	for i := range nanpAreas {
		a := &nanpAreas[i]
		cc := countryByISO(a.iso)
		perNXX := usNumbersPerNXX
		if a.iso == "CA" {
			perNXX = caNumbersPerNXX
		}
		var nxxs []int
		for len(nxxs) < nxxPerNPA {
			nxx := 200 + r.intn(800)
			if reservedNXX(nxx) || slices.Contains(nxxs, nxx) {
				continue
			}
			nxxs = append(nxxs, nxx)
		}
		for _, nxx := range nxxs {
			ce := centerFor(a, nxx)
			for made := 0; made < perNXX; {
				number := "1" + a.npa + fmt.Sprintf("%03d", nxx) + r.digits(4)
				if seen[number] {
					continue
				}
				made++
				sms, voice := true, true
				switch x := r.intn(100); {
				case x < 6:
					sms = false
				case x < 10:
					voice = false
				}
				p := PhoneNumber{PhoneNumber: wire.PhoneNumber{
					Number: number, Prefix: a.npa, City: ce.city, Region: a.region,
					RateCenter: ce.rateCenter, LATA: int64(a.lata), Type: typeFixed, SubType: subLocal,
					SMSEnabled: sms, VoiceEnabled: voice,
				}}
				add(p, cc)
			}
			// A vanity number in each NXX (last four digits 2255, "CALL" on the
			// keypad), as real inventories hold, so the documented pattern
			// "415*CALL" finds numbers. Fixed digits: the generator's sequence,
			// and so every other number, stays the same.
			if number := "1" + a.npa + fmt.Sprintf("%03d", nxx) + vanitySuffix; !seen[number] {
				add(PhoneNumber{PhoneNumber: wire.PhoneNumber{
					Number: number, Prefix: a.npa, City: ce.city, Region: a.region,
					RateCenter: ce.rateCenter, LATA: int64(a.lata), Type: typeFixed, SubType: subLocal,
					SMSEnabled: true, VoiceEnabled: true,
				}}, cc)
			}
		}
	}

	for _, iso := range []string{"US", "CA"} {
		cc := countryByISO(iso)
		per := usTollfreePerNPA
		if iso == "CA" {
			per = caTollfreePerNPA
		}
		for _, code := range nanpTollfree {
			for made := 0; made < per; {
				number := "1" + code + fmt.Sprintf("%d", 2+r.intn(8)) + r.digits(6)
				if seen[number] {
					continue
				}
				made++
				voiceOnly := r.intn(100) < 20
				p := PhoneNumber{PhoneNumber: wire.PhoneNumber{
					Number: number, Prefix: code, Type: typeTollfree, SubType: subTollfree,
					SMSEnabled: !voiceOnly, VoiceEnabled: true,
				}}
				add(p, cc)
			}
		}
	}

	for _, bl := range blocks {
		cc := countryByISO(bl.iso)
		for made := 0; made < bl.count; {
			nsn := bl.prefix
			if len(bl.leads) > 0 {
				nsn += bl.leads[r.intn(len(bl.leads))]
			}
			nsn += r.digits(bl.nsnLen - len(nsn))
			number := cc.code + nsn
			if seen[number] {
				continue
			}
			made++
			p := PhoneNumber{PhoneNumber: wire.PhoneNumber{
				Number: number, Prefix: bl.prefix, City: bl.city, Region: bl.region,
				Type: bl.typ, SubType: bl.subType,
				SMSEnabled: bl.typ == typeMobile, VoiceEnabled: true,
			}}
			add(p, cc)
		}
	}

	// The starter numbers are inventory records too, taken in every new
	// Inventory (each account owns them from the start): a released one
	// goes back on sale like any other number.
	starterSet := map[string]bool{}
	for _, p := range StarterNumbers() {
		add(p, countryByISO(p.CountryISO))
		starterSet[p.Number] = true
	}

	restrictions := map[string]*string{}
	texts := map[string]*string{}
	for k, t := range restrictionTexts {
		restrictions[k], texts[k] = &k, &t
	}
	for i := range recs {
		p := &recs[i].PhoneNumber
		rt, ok := rateTable[p.CountryISO+"/"+p.SubType]
		if !ok {
			panic("numberdata: no rates for " + p.CountryISO + "/" + p.SubType)
		}
		if !p.SMSEnabled {
			rt.sms = 0
		}
		if !p.VoiceEnabled {
			rt.voice = 0
		}
		p.SetupRate, p.MonthlyRentalRate = formatRate(rt.setup), formatRate(rt.monthly)
		p.SMSRate, p.VoiceRate = formatRate(rt.sms), formatRate(rt.voice)
		if k := restrictionFor(p.CountryISO, p.SubType); k != "" {
			p.Restriction, p.RestrictionText = restrictions[k], texts[k]
		}
		p.ComplianceRequirement = complianceFor(p.CountryISO, p.SubType)
	}

	slices.SortFunc(recs, func(a, b record) int { return strings.Compare(a.Number, b.Number) })
	cat := &catalog{
		records:   recs,
		byNumber:  make(map[string]int, len(recs)),
		byCountry: map[string][]int{},
		keys:      make([]key, len(recs)),
		names:     map[string]uint16{},
	}
	for i := range recs {
		p := &recs[i].PhoneNumber
		cat.byNumber[p.Number] = i
		if starterSet[p.Number] {
			cat.starters = append(cat.starters, i)
		}
		cat.byCountry[p.CountryISO] = append(cat.byCountry[p.CountryISO], i)
		cat.keys[i] = key{
			national:   recs[i].national,
			kinds:      kindBit[p.Type] | kindBit[p.SubType],
			sms:        p.SMSEnabled,
			voice:      p.VoiceEnabled,
			compliance: uint8(slices.Index(complianceValues, p.ComplianceRequirement)),
			lata:       uint16(p.LATA),
			region:     cat.nameID(p.Region),
			city:       cat.nameID(p.City),
			rateCenter: cat.nameID(p.RateCenter),
		}
	}
	return cat
}

// starterLines are the lines of NXX 555 (the block reserved for fiction) that
// StarterNumbers uses, one per area.
var starterAreas = []struct {
	npa  string
	line string
}{{"415", "0100"}, {"212", "0101"}, {"312", "0102"}}

// StarterNumbers returns the US local numbers (SMS and voice) every new emulator
// account owns from the start. A new Inventory holds them as taken; released,
// they go back on sale.
func StarterNumbers() []PhoneNumber {
	cc := countryByISO("US")
	out := make([]PhoneNumber, 0, len(starterAreas))
	for _, s := range starterAreas {
		for i := range nanpAreas {
			a := &nanpAreas[i]
			if a.iso != "US" || a.npa != s.npa {
				continue
			}
			ce := centerFor(a, 555)
			rt := rateTable["US/"+subLocal]
			out = append(out, PhoneNumber{
				PhoneNumber: wire.PhoneNumber{
					Number: "1" + a.npa + "555" + s.line, Prefix: a.npa, City: ce.city,
					Country: cc.name, Region: a.region, RateCenter: ce.rateCenter, LATA: int64(a.lata),
					Type: typeFixed, SubType: subLocal,
					SetupRate: formatRate(rt.setup), MonthlyRentalRate: formatRate(rt.monthly),
					SMSEnabled: true, SMSRate: formatRate(rt.sms),
					VoiceEnabled: true, VoiceRate: formatRate(rt.voice),
				},
				CountryISO: cc.iso,
			})
		}
	}
	return out
}
