package wire

import "strings"

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
	// ComplianceApplicationID rents a number of a regulated country
	// against an accepted compliance application of its country and type.
	ComplianceApplicationID string `json:"compliance_application_id,omitempty"`
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
// Alias is null for a number never given one and "" for one whose alias
// was cleared (the service's list holds both). SubAccount is the bare id
// of the subaccount the number belongs to (SubAccountName its name), null
// for the main account. TendlcCampaignID and TendlcRegistrationStatus
// (UNREGISTERED, PROCESSING, COMPLETED) are null unless the number is an
// SMS-enabled US local one; TollfreeSMSVerification (lower case:
// "unverified", "pending_verification", "verified") is null unless it is
// toll-free; the verification's id and order status are left out until a
// verification was requested.
type AccountNumber struct {
	APIID       string  `json:"api_id,omitempty"`
	AddedOn     string  `json:"added_on"`
	Alias       *string `json:"alias"`
	Application string  `json:"application"`
	// Carrier is the service's own name on a number it rents out, the
	// incoming carrier's name on a number the account brought from its own
	// carrier (never the carrier's id).
	Carrier           string `json:"carrier"`
	City              string `json:"city"`
	Country           string `json:"country"`
	CountryISO        string `json:"country_iso"`
	LATA              int64  `json:"lata"`
	MonthlyRentalRate string `json:"monthly_rental_rate"`
	Number            string `json:"number"`
	// NumberType is local, fixed, tollfree, mobile or national: the type
	// given when an own-carrier number was added, the number's own type
	// otherwise.
	NumberType     string  `json:"number_type"`
	Prefix         string  `json:"prefix"`
	RateCenter     string  `json:"rate_center"`
	Region         string  `json:"region"`
	ResourceURI    string  `json:"resource_uri"`
	SMSEnabled     bool    `json:"sms_enabled"`
	SMSRate        string  `json:"sms_rate"`
	SubAccount     *string `json:"sub_account"`
	SubAccountName *string `json:"sub_account_name"`
	SubType        string  `json:"sub_type"`
	Type           string  `json:"type"`
	VoiceEnabled   bool    `json:"voice_enabled"`
	VoiceRate      string  `json:"voice_rate"`

	TendlcCampaignID         *string `json:"tendlc_campaign_id"`
	TendlcRegistrationStatus *string `json:"tendlc_registration_status"`
	// TollfreeSMSVerification is "unverified", "pending_verification"
	// or "verified" on a toll-free number, null on any other; the id and
	// order status name its toll-free verification request, left out
	// when it has none.
	TollfreeSMSVerification            *string `json:"toll_free_sms_verification"`
	TollfreeSMSVerificationID          string  `json:"toll_free_sms_verification_id,omitempty"`
	TollfreeSMSVerificationOrderStatus string  `json:"toll_free_sms_verification_order_status,omitempty"`
	// ComplianceApplicationID is the compliance application a regulated
	// number is rented against; ComplianceStatus is "pending" while the
	// number is activated against it, then "accepted". Both are left out
	// of a number without one.
	ComplianceApplicationID string `json:"compliance_application_id,omitempty"`
	ComplianceStatus        string `json:"compliance_status,omitempty"`
}

// AppID extracts the application id from the Application resource path,
// or "" when none is attached.
func (n *AccountNumber) AppID() string {
	if n.TrunkID() != "" {
		return ""
	}
	return lastPathSegment(n.Application)
}

// TrunkID is the inbound SIP trunk that receives the number's calls, or
// "": the number's application path names it ("/v1/Account/X/Zentrunk/Trunk/<id>/")
// when the number's app_id is a trunk's id.
func (n *AccountNumber) TrunkID() string {
	if !strings.Contains(n.Application, "/Zentrunk/Trunk/") {
		return ""
	}
	return lastPathSegment(n.Application)
}

// AliasText is the alias, "" when the number has none (null or cleared).
func (n *AccountNumber) AliasText() string {
	if n.Alias == nil {
		return ""
	}
	return *n.Alias
}

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
	// ComplianceApplicationID links the number to an accepted compliance
	// application of its country and type (the docs call it compliance_id;
	// the wire name is this).
	ComplianceApplicationID *string `json:"compliance_application_id,omitempty"`
}

// OwnCarrierNumbers is the body of POST Number/: numbers the account
// brings from its own carrier. Numbers is a comma-separated list; Carrier
// is the id of one of the account's incoming carriers; Region is free
// text; NumberType defaults to local. The reply is 202 {message: "changed"}.
type OwnCarrierNumbers struct {
	Numbers    string  `json:"numbers"`
	Carrier    string  `json:"carrier"`
	Region     string  `json:"region"`
	NumberType string  `json:"number_type,omitempty"`
	AppID      *string `json:"app_id,omitempty"`
	Subaccount *string `json:"subaccount,omitempty"`
}
