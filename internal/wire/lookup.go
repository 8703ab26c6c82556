package wire

// The number look-up lives on another host (lookup.<the service's domain>)
// and outside the account: GET /v1/Number/{E.164 number}?type=carrier,
// the number with its +. Every request is billed.

// Lookup is the look-up's reply.
type Lookup struct {
	APIID       string        `json:"api_id"`
	PhoneNumber string        `json:"phone_number"`
	Country     LookupCountry `json:"country"`
	Format      LookupFormat  `json:"format"`
	Carrier     LookupCarrier `json:"carrier"`
	ResourceURI string        `json:"resource_uri"`
}

// LookupCountry is the number's country.
type LookupCountry struct {
	ISO2 string `json:"iso2"`
	ISO3 string `json:"iso3"`
	Name string `json:"name"`
}

// LookupFormat is the number written four ways.
type LookupFormat struct {
	E164          string `json:"e164"`
	International string `json:"international"`
	National      string `json:"national"`
	RFC3966       string `json:"rfc3966"`
}

// LookupCarrier is the network that serves the number. MCC and MNC are
// digit strings, "" for a fixed line; Name is "" when unknown; Type is
// fixed, mobile, voip, toll-free or unknown; Ported is yes, no or unknown
// (known in the US and Canada only).
type LookupCarrier struct {
	MobileCountryCode string `json:"mobile_country_code"`
	MobileNetworkCode string `json:"mobile_network_code"`
	Name              string `json:"name"`
	Type              string `json:"type"`
	Ported            string `json:"ported"`
}

// LookupError is the look-up's own error reply, unlike the rest of the
// API's {api_id, error}: error_code is an integer (the HTTP status) and
// there is no error key.
type LookupError struct {
	APIID     string `json:"api_id"`
	ErrorCode int    `json:"error_code"`
	Message   string `json:"message"`
}

// LookupNotFound is the look-up's message for a number it cannot look up.
const LookupNotFound = "Phone number is invalid or does not exist."
