package numberdata

import (
	"strings"

	"github.com/nyaruka/phonenumbers"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// What the number look-up (GET /v1/Number/{number}?type=carrier) reports
// of an inventory number. The rules, deterministic from the number's
// digits so every run agrees:
//   - toll-free numbers: type toll-free, no carrier name, MCC or MNC;
//   - mobiles outside NANP: type mobile, one of the country's mobile
//     networks (its real MCC, an MNC and the network's name), chosen by
//     the number's last digit;
//   - other numbers outside NANP: type fixed, the country's incumbent
//     landline carrier, no MCC or MNC;
//   - US and Canadian local numbers, by the sum of their digits modulo 3:
//     mobile (a mobile network as above), fixed (the area's incumbent
//     landline carrier) or voip (the emulated service itself);
//   - ported is yes or no in the US and Canada (yes when the last digit is
//     odd; voip numbers never), unknown elsewhere, as the service says.

// network is a carrier of a country.
type network struct{ mcc, mnc, name string }

type countryCarriers struct {
	iso3     string
	fixed    string
	mobiles  []network
	trunk    string // national trunk prefix ("0"), "" for NANP
	nameCase string // the look-up's country name
}

var carriers = map[string]countryCarriers{
	"US": {iso3: "USA", fixed: "AT&T Local", nameCase: "United States", mobiles: []network{
		{"310", "410", "AT&T Wireless"}, {"311", "480", "Verizon Wireless"}, {"310", "260", "T-Mobile USA"}}},
	"CA": {iso3: "CAN", fixed: "Bell Canada", nameCase: "Canada", mobiles: []network{
		{"302", "610", "Bell Mobility"}, {"302", "720", "Rogers Wireless"}, {"302", "220", "Telus Mobility"}}},
	"GB": {iso3: "GBR", fixed: "BT", trunk: "0", nameCase: "United Kingdom", mobiles: []network{
		{"234", "15", "Vodafone UK"}, {"234", "30", "EE"}, {"234", "10", "O2 UK"}}},
	"DE": {iso3: "DEU", fixed: "Deutsche Telekom", trunk: "0", nameCase: "Germany", mobiles: []network{
		{"262", "01", "Telekom Deutschland"}, {"262", "02", "Vodafone Germany"}, {"262", "03", "Telefonica Germany"}}},
	"AU": {iso3: "AUS", fixed: "Telstra", trunk: "0", nameCase: "Australia", mobiles: []network{
		{"505", "01", "Telstra Mobile"}, {"505", "02", "Optus Mobile"}, {"505", "03", "Vodafone Australia"}}},
	"IN": {iso3: "IND", fixed: "BSNL", trunk: "0", nameCase: "India", mobiles: []network{
		{"404", "45", "Airtel"}, {"405", "857", "Reliance Jio"}, {"404", "20", "Vodafone Idea"}}},
	"FR": {iso3: "FRA", fixed: "Orange France", trunk: "0", nameCase: "France", mobiles: []network{
		{"208", "01", "Orange France Mobile"}, {"208", "10", "SFR"}, {"208", "20", "Bouygues Telecom"}}},
}

// VoIPCarrier is the carrier name of the emulated service's own numbers.
const VoIPCarrier = "CPaaS Emulator VoIP"

// Lookup is the look-up of number, written E.164 with its +. A number of
// the inventory (taken or not) is reported by the rules above; any other
// number the numbering plan of its calling code holds by lookupAny; ok is
// false for one it does not (an unassigned area code, a wrong length),
// which the look-up answers "invalid or does not exist". The reply's
// api_id is the caller's to set.
func Lookup(number string) (l wire.Lookup, ok bool) {
	digits, plus := strings.CutPrefix(number, "+")
	if !plus {
		return wire.Lookup{}, false
	}
	cat := shared()
	i, found := cat.byNumber[digits]
	if !found {
		return lookupAny(number, digits)
	}
	rec := cat.records[i]
	c := countryByISO(rec.CountryISO)
	cc := carriers[c.iso]
	national := rec.national
	last := int(digits[len(digits)-1] - '0')
	l = wire.Lookup{
		PhoneNumber: number,
		Country:     wire.LookupCountry{ISO2: c.iso, ISO3: cc.iso3, Name: cc.nameCase},
		Format:      format(c, cc, rec.Prefix, national),
		Carrier:     wire.LookupCarrier{Ported: "unknown"},
		ResourceURI: "/v1/Number/" + number + "?type=carrier",
	}
	mobile := func() {
		n := cc.mobiles[last%len(cc.mobiles)]
		l.Carrier.Type, l.Carrier.Name, l.Carrier.MobileCountryCode, l.Carrier.MobileNetworkCode = "mobile", n.name, n.mcc, n.mnc
	}
	switch {
	case rec.SubType == subTollfree:
		l.Carrier.Type = "toll-free"
	case rec.SubType == subMobile:
		mobile()
	case !c.nanp:
		l.Carrier.Type, l.Carrier.Name = "fixed", cc.fixed
	default:
		sum := 0
		for _, d := range digits {
			sum += int(d - '0')
		}
		switch sum % 3 {
		case 0:
			mobile()
		case 1:
			l.Carrier.Type, l.Carrier.Name = "fixed", cc.fixed
		default:
			l.Carrier.Type, l.Carrier.Name = "voip", VoIPCarrier
		}
	}
	if c.nanp {
		l.Carrier.Ported = "no"
		if l.Carrier.Type != "voip" && last%2 == 1 {
			l.Carrier.Ported = "yes"
		}
	}
	return l, true
}

// format writes a number as the look-up does: NANP as +1 415-430-5555 and
// (415) 430-5555; elsewhere the area code or block apart from the rest,
// after the country code or the trunk prefix.
func format(c country, cc countryCarriers, prefix, national string) wire.LookupFormat {
	e164 := "+" + c.code + national
	if c.nanp {
		area, exch, line := national[:3], national[3:6], national[6:]
		return wire.LookupFormat{
			E164: e164, International: "+1 " + area + "-" + exch + "-" + line,
			National: "(" + area + ") " + exch + "-" + line, RFC3966: "tel:+1-" + area + "-" + exch + "-" + line,
		}
	}
	rest := strings.TrimPrefix(national, prefix)
	if rest == national || rest == "" {
		prefix, rest = national[:min(3, len(national))], national[min(3, len(national)):]
	}
	return wire.LookupFormat{
		E164: e164, International: "+" + c.code + " " + prefix + " " + rest,
		National: cc.trunk + prefix + " " + rest, RFC3966: "tel:+" + c.code + "-" + prefix + "-" + rest,
	}
}

// lookupAny reports a number outside the inventory, from the numbering
// plans of github.com/nyaruka/phonenumbers (Google's libphonenumber data):
// the number must be valid there (a known calling code, an assigned range,
// the right length). Its country is the region of its calling code and
// range; its type is the plan's (fixed, mobile, toll-free, voip; a
// premium, shared-cost or personal number is unknown), and where the plan
// cannot tell fixed from mobile (the US, Canada and a few more) the sum
// of the digits decides as for the inventory's NANP numbers; its carrier
// is one of the country's networks as above, else the plan's carrier
// name for the range, else "" (unknown). Everything comes from the digits:
// the same number gets the same answer.
func lookupAny(number, digits string) (wire.Lookup, bool) {
	p, err := phonenumbers.Parse(number, "")
	if err != nil || !phonenumbers.IsValidNumber(p) || phonenumbers.Format(p, phonenumbers.E164) != number {
		return wire.Lookup{}, false
	}
	iso := phonenumbers.GetRegionCodeForNumber(p)
	region, err := language.ParseRegion(iso)
	if err != nil {
		return wire.Lookup{}, false
	}
	cc, known := carriers[iso]
	name := cc.nameCase
	if !known {
		name = display.English.Regions().Name(region)
	}
	nanp := p.GetCountryCode() == 1
	l := wire.Lookup{
		PhoneNumber: number,
		Country:     wire.LookupCountry{ISO2: iso, ISO3: region.ISO3(), Name: name},
		Format: wire.LookupFormat{
			E164:          number,
			International: phonenumbers.Format(p, phonenumbers.INTERNATIONAL),
			National:      phonenumbers.Format(p, phonenumbers.NATIONAL),
			RFC3966:       phonenumbers.Format(p, phonenumbers.RFC3966),
		},
		Carrier:     wire.LookupCarrier{Ported: "unknown"},
		ResourceURI: "/v1/Number/" + number + "?type=carrier",
	}
	sum := 0
	for _, d := range digits {
		sum += int(d - '0')
	}
	last := int(digits[len(digits)-1] - '0')
	typ := "unknown"
	switch phonenumbers.GetNumberType(p) {
	case phonenumbers.TOLL_FREE:
		typ = "toll-free"
	case phonenumbers.MOBILE:
		typ = "mobile"
	case phonenumbers.FIXED_LINE:
		typ = "fixed"
	case phonenumbers.VOIP:
		typ = "voip"
	case phonenumbers.FIXED_LINE_OR_MOBILE:
		typ = [...]string{"mobile", "fixed", "voip"}[sum%3]
		if !nanp {
			typ = [...]string{"mobile", "fixed"}[sum%2]
		}
	}
	l.Carrier.Type = typ
	switch {
	case typ == "mobile" && known:
		n := cc.mobiles[last%len(cc.mobiles)]
		l.Carrier.Name, l.Carrier.MobileCountryCode, l.Carrier.MobileNetworkCode = n.name, n.mcc, n.mnc
	case typ == "fixed" && known:
		l.Carrier.Name = cc.fixed
	case typ == "voip" && nanp:
		l.Carrier.Name = VoIPCarrier
	case typ == "mobile" || typ == "fixed" || typ == "voip":
		l.Carrier.Name, _ = phonenumbers.GetCarrierForNumber(p, "en")
	}
	if nanp {
		l.Carrier.Ported = "no"
		if typ != "voip" && typ != "toll-free" && last%2 == 1 {
			l.Carrier.Ported = "yes"
		}
	}
	return l, true
}
