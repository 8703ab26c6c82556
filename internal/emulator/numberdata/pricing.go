package numberdata

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// sipRate is the per-minute rate of a call to or from a SIP endpoint, the
// same in every country (hundred-thousandths).
const sipRate = 300

// Pricing is what GET Pricing/?country_iso=iso reports, built from the
// inventory's own rates (rateTable) so a number's search item and its
// country's pricing agree: a number's monthly rental is its type's
// phone_numbers rate, its voice rate the inbound call rate of its type,
// a message the SMS rate of the numbers that send it (local numbers in
// the US and Canada, mobiles elsewhere). Inbound messages are free. Calls
// to toll-free numbers are priced only in the US and Canada: elsewhere
// the rate is null, as the service writes a rate it does not have. The
// outbound rates per prefix are the country's calling code (its landlines)
// and each of its mobile blocks. ok is false for a country the inventory
// does not hold.
func Pricing(iso string) (p wire.Pricing, ok bool) {
	i := slices.IndexFunc(countries, func(c country) bool { return c.iso == iso })
	if i < 0 {
		return wire.Pricing{}, false
	}
	c := countries[i]
	local, tollfree := rateTable[iso+"/"+subLocal], rateTable[iso+"/"+subTollfree]
	texts := local
	if !c.nanp {
		texts = rateTable[iso+"/"+subMobile]
	}
	code, _ := strconv.Atoi(c.code)
	p = wire.Pricing{
		Country: titleCase(c.name), CountryCode: code, CountryISO: iso,
		Message: wire.PricingMessage{
			Inbound: rate(0), Outbound: rate(texts.sms),
			OutboundNetworksList: []wire.PricingNetworkGroup{{GroupName: iso, Rate: rate(texts.sms).Rate}},
		},
		PhoneNumbers: wire.PricingPhoneNumbers{Local: rate(local.monthly), Tollfree: rate(tollfree.monthly)},
		Voice: wire.PricingVoice{
			Inbound: wire.PricingVoiceInbound{IP: rate(sipRate), Local: rate(local.voice), Tollfree: rate(tollfree.voice)},
			Outbound: wire.PricingVoiceOutbound{
				IP: rate(sipRate), Local: rate(local.voice), Tollfree: wire.PricingRate{},
				Rates: []wire.PricingPrefixRate{{Prefix: []string{c.code}, Rate: rate(local.voice).Rate}},
			},
		},
	}
	if c.nanp {
		p.Voice.Outbound.Tollfree = rate(sipRate)
	}
	mobileRate := rateTable[iso+"/"+subMobile]
	for _, b := range blocks {
		if b.iso == iso && b.subType == subMobile {
			p.Voice.Outbound.Rates = append(p.Voice.Outbound.Rates, wire.PricingPrefixRate{Prefix: []string{c.code + b.prefix}, Rate: rate(mobileRate.voice).Rate})
		}
	}
	return p, true
}

func rate(hundredThousandths int) wire.PricingRate {
	s := formatRate(hundredThousandths)
	return wire.PricingRate{Rate: &s}
}

// titleCase turns the inventory's "UNITED STATES" into the pricing API's
// "United States".
func titleCase(s string) string {
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
