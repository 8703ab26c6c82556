package wire

// Pricing is the reply of GET Pricing/?country_iso=XX: a country's rates,
// every one a decimal string in USD as the service writes it ("0.00650";
// the number of decimals varies), null where the service has no rate.
type Pricing struct {
	APIID        string              `json:"api_id"`
	Country      string              `json:"country"`
	CountryCode  int                 `json:"country_code"`
	CountryISO   string              `json:"country_iso"`
	Message      PricingMessage      `json:"message"`
	PhoneNumbers PricingPhoneNumbers `json:"phone_numbers"`
	Voice        PricingVoice        `json:"voice"`
}

// PricingRate is one {"rate": ...}: a decimal string, or null.
type PricingRate struct {
	Rate *string `json:"rate"`
}

// PricingMessage are the message rates: per inbound and outbound message,
// and the outbound rate per network group.
type PricingMessage struct {
	Inbound              PricingRate           `json:"inbound"`
	Outbound             PricingRate           `json:"outbound"`
	OutboundNetworksList []PricingNetworkGroup `json:"outbound_networks_list"`
}

// PricingNetworkGroup is the outbound message rate to one group of
// networks (the service's recording repeats a group).
type PricingNetworkGroup struct {
	GroupName string  `json:"group_name"`
	Rate      *string `json:"rate"`
}

// PricingPhoneNumbers are the monthly rental rates of a local and a
// toll-free number.
type PricingPhoneNumbers struct {
	Local    PricingRate `json:"local"`
	Tollfree PricingRate `json:"tollfree"`
}

// PricingVoice are the per-minute call rates.
type PricingVoice struct {
	Inbound  PricingVoiceInbound  `json:"inbound"`
	Outbound PricingVoiceOutbound `json:"outbound"`
}

// PricingVoiceInbound are the rates of a call received over SIP (ip), on a
// local and on a toll-free number.
type PricingVoiceInbound struct {
	IP       PricingRate `json:"ip"`
	Local    PricingRate `json:"local"`
	Tollfree PricingRate `json:"tollfree"`
}

// PricingVoiceOutbound are the rates of a call made to a SIP endpoint
// (ip), to a local and to a toll-free number, and per destination prefix.
type PricingVoiceOutbound struct {
	IP       PricingRate         `json:"ip"`
	Local    PricingRate         `json:"local"`
	Rates    []PricingPrefixRate `json:"rates"`
	Tollfree PricingRate         `json:"tollfree"`
}

// PricingPrefixRate is the outbound call rate to the numbers that start
// with one of the prefixes (digits of the calling code and on, no +).
type PricingPrefixRate struct {
	Prefix []string `json:"prefix"`
	Rate   *string  `json:"rate"`
}
