package wire

// ProfileAddress is a profile's address. Every field is left out when
// empty, in a request and in a reply.
type ProfileAddress struct {
	Street     string `json:"street,omitempty"`
	City       string `json:"city,omitempty"`
	State      string `json:"state,omitempty"`
	PostalCode string `json:"postal_code,omitempty"`
	Country    string `json:"country,omitempty"`
}

// ProfileContact is a profile's authorized contact, likewise.
type ProfileContact struct {
	FirstName string `json:"first_name,omitempty"`
	LastName  string `json:"last_name,omitempty"`
	Phone     string `json:"phone,omitempty"`
	Email     string `json:"email,omitempty"`
	Title     string `json:"title,omitempty"`
	Seniority string `json:"seniority,omitempty"`
}

// ProfileFields are the fields a create (POST Profile/) and an update
// (POST Profile/{uuid}/) send, and the record holds. An empty field is
// left out: on a create it is not given, on an update it is unchanged (the
// service's own client sends "" and null for what it does not set).
type ProfileFields struct {
	ProfileAlias         string          `json:"profile_alias,omitempty"`
	CustomerType         string          `json:"customer_type,omitempty"`
	EntityType           string          `json:"entity_type,omitempty"`
	CompanyName          string          `json:"company_name,omitempty"`
	EIN                  string          `json:"ein,omitempty"`
	EINIssuingCountry    string          `json:"ein_issuing_country,omitempty"`
	Address              *ProfileAddress `json:"address,omitempty"`
	AuthorizedContact    *ProfileContact `json:"authorized_contact,omitempty"`
	StockSymbol          string          `json:"stock_symbol,omitempty"`
	StockExchange        string          `json:"stock_exchange,omitempty"`
	Vertical             string          `json:"vertical,omitempty"`
	Website              string          `json:"website,omitempty"`
	AltBusinessID        string          `json:"alt_business_id,omitempty"`
	AltBusinessIDType    string          `json:"alt_business_id_type,omitempty"`
	BusinessContactEmail string          `json:"business_contact_email,omitempty"`
	DoingBusinessAs      string          `json:"doing_business_as,omitempty"`
	// ServiceSubaccount is the auth_id of the subaccount that owns the
	// profile (SA...); empty for the main account.
	ServiceSubaccount string `json:"service_subaccount,omitempty"`
}

// ProfileCreated is the reply (200) to a create.
type ProfileCreated struct {
	APIID       string `json:"api_id"`
	Message     string `json:"message"`
	ProfileUUID string `json:"profile_uuid"`
}

// Profile is a stored business profile. Empty fields are left out.
// ProfileType is SECONDARY for every profile made through the API. The
// service's record also names the account's primary profile
// (primary_profile), which nothing here reads.
type Profile struct {
	ProfileUUID string `json:"profile_uuid"`
	ProfileType string `json:"profile_type,omitempty"`
	ProfileFields
	CreatedAt string `json:"created_at,omitempty"`
}

// ProfileReply is the reply of GET Profile/{uuid}/ and of an update (the
// whole record after the change).
type ProfileReply struct {
	APIID   string  `json:"api_id"`
	Profile Profile `json:"profile"`
}

// ProfileList is one page of GET Profile/: the list key is "profiles".
type ProfileList struct {
	APIID    string    `json:"api_id"`
	Meta     ListMeta  `json:"meta"`
	Profiles []Profile `json:"profiles"`
}
