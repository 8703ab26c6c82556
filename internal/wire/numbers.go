package wire

// PhoneNumber is one number available for purchase, as GET PhoneNumber/
// returns it.
type PhoneNumber struct {
	Number            string  `json:"number"`
	Prefix            string  `json:"prefix"`
	City              string  `json:"city"`
	Country           string  `json:"country"`
	Region            string  `json:"region"`
	RateCenter        string  `json:"rate_center"`
	LATA              int64   `json:"lata"`
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
}

// PhoneNumberList is one page of a number search.
type PhoneNumberList struct {
	APIID   string        `json:"api_id"`
	Error   string        `json:"error"`
	Meta    ListMeta      `json:"meta"`
	Objects []PhoneNumber `json:"objects"`
}

// PhoneNumberBuy is the body of POST PhoneNumber/{number}/.
type PhoneNumberBuy struct {
	AppID string `json:"app_id,omitempty"`
}

// BoughtNumber is one number of a purchase reply.
type BoughtNumber struct {
	Number string `json:"number"`
	Status string `json:"status"`
}

// PhoneNumberBought is the reply to a purchase.
type PhoneNumberBought struct {
	APIID   string         `json:"api_id"`
	Message string         `json:"message"`
	Numbers []BoughtNumber `json:"numbers"`
	Status  string         `json:"status"`
}

// AccountNumber is a number that belongs to the account (GET Number/).
// APIID is set on the reply of GET Number/{number}/, not on list items.
type AccountNumber struct {
	APIID             string  `json:"api_id,omitempty"`
	AddedOn           string  `json:"added_on"`
	Alias             string  `json:"alias"`
	Application       string  `json:"application"`
	City              string  `json:"city"`
	Country           string  `json:"country"`
	CountryISO        string  `json:"country_iso"`
	LATA              int64   `json:"lata"`
	MonthlyRentalRate string  `json:"monthly_rental_rate"`
	Number            string  `json:"number"`
	Prefix            string  `json:"prefix"`
	RateCenter        string  `json:"rate_center"`
	Region            string  `json:"region"`
	ResourceURI       string  `json:"resource_uri"`
	SMSEnabled        bool    `json:"sms_enabled"`
	SMSRate           string  `json:"sms_rate"`
	SubAccount        *string `json:"sub_account"`
	SubType           string  `json:"sub_type"`
	Type              string  `json:"type"`
	VoiceEnabled      bool    `json:"voice_enabled"`
	VoiceRate         string  `json:"voice_rate"`
}

// AppID extracts the application id from the Application resource path,
// or "" when none is attached.
func (n *AccountNumber) AppID() string { return lastPathSegment(n.Application) }

// AccountNumberList is one page of GET Number/.
type AccountNumberList = Page[AccountNumber]

// NumberUpdate is the body of POST Number/{number}/; nil fields are left
// unchanged. An empty AppID detaches the application, an empty Alias
// clears the alias.
type NumberUpdate struct {
	AppID *string `json:"app_id,omitempty"`
	Alias *string `json:"alias,omitempty"`
	// Subaccount moves the number: a subaccount's auth_id into that
	// subaccount, the main account's own auth_id back to it; "" or nil
	// leaves it where it is.
	Subaccount *string `json:"subaccount,omitempty"`
}
