package numberdata

import "strconv"

// Number types and sub-types (see the package doc for the mapping).
const (
	typeFixed    = "fixed"
	typeMobile   = "mobile"
	typeTollFree = "toll-free"

	subLocal    = "local"
	subNational = "national"
	subMobile   = "mobile"
	subTollFree = "toll-free"
)

// PhoneNumber is one search result item, with the JSON fields of the spec's
// PhoneNumber table. ResourceURI is empty in the inventory; the handler sets it with
// WithResourceURI because it depends on the account.
type PhoneNumber struct {
	Number            string  `json:"number"`
	Prefix            string  `json:"prefix"`
	City              string  `json:"city"`
	Country           string  `json:"country"`
	Region            string  `json:"region"`
	RateCenter        string  `json:"rate_center"`
	LATA              int     `json:"lata"`
	Type              string  `json:"type"`
	SubType           string  `json:"sub_type"`
	SetupRate         string  `json:"setup_rate"`
	MonthlyRentalRate string  `json:"monthly_rental_rate"`
	SMSEnabled        bool    `json:"sms_enabled"`
	SMSRate           string  `json:"sms_rate"`
	VoiceEnabled      bool    `json:"voice_enabled"`
	VoiceRate         string  `json:"voice_rate"`
	Restriction       *string `json:"restriction"`
	RestrictionText   *string `json:"restriction_text"`
	ResourceURI       string  `json:"resource_uri"`

	// CountryISO is the ISO 3166 alpha-2 code of the number's country.
	CountryISO string `json:"-"`
	// ComplianceRequirement is "" when buying needs no documents, otherwise
	// "address_proof" or "identity_proof".
	ComplianceRequirement string `json:"-"`
}

// WithResourceURI returns a copy of n whose resource_uri names it under the account.
func (n PhoneNumber) WithResourceURI(authID string) PhoneNumber {
	n.ResourceURI = "/v1/Account/" + authID + "/PhoneNumber/" + n.Number + "/"
	return n
}

// clone returns a copy that shares no pointer with n, so callers cannot alter the
// shared inventory through Restriction or RestrictionText.
func (n PhoneNumber) clone() PhoneNumber {
	if n.Restriction != nil {
		r := *n.Restriction
		n.Restriction = &r
	}
	if n.RestrictionText != nil {
		t := *n.RestrictionText
		n.RestrictionText = &t
	}
	return n
}

// formatRate prints an amount in hundred-thousandths with exactly five fractional
// digits: 80000 -> "0.80000".
func formatRate(hundredThousandths int) string {
	s := strconv.Itoa(hundredThousandths)
	for len(s) < 6 {
		s = "0" + s
	}
	return s[:len(s)-5] + "." + s[len(s)-5:]
}
