package wire

// The oldest compliance generation (only the service's Python library
// calls it): Verification/Address/ and Verification/Identity/. A
// create or update is multipart: the fields below as form fields and an
// optional "file" part (Python sends it empty when there is none). The
// create's reply carries no id: {api_id, message}; an update's adds
// status. Records carry a 14-digit id, the account, subaccount (null), the
// record's full URL and document_details, a copy of the personal fields.

// VerificationFilePart is the multipart part that holds the file.
const VerificationFilePart = "file"

// VerificationAddressData is the form of an address's create or update
// (Py addresses.py): every field a string but auto_correct_address.
type VerificationAddressData struct {
	CountryISO               string   `json:"country_iso,omitempty"`
	Salutation               string   `json:"salutation,omitempty"`
	FirstName                string   `json:"first_name,omitempty"`
	LastName                 string   `json:"last_name,omitempty"`
	AddressLine1             string   `json:"address_line1,omitempty"`
	AddressLine2             string   `json:"address_line2,omitempty"`
	City                     string   `json:"city,omitempty"`
	Region                   string   `json:"region,omitempty"`
	PostalCode               string   `json:"postal_code,omitempty"`
	AddressProofType         string   `json:"address_proof_type,omitempty"`
	PhoneNumberCountry       string   `json:"phone_number_country,omitempty"`
	NumberType               string   `json:"number_type,omitempty"`
	Alias                    string   `json:"alias,omitempty"`
	FiscalIdentificationCode string   `json:"fiscal_identification_code,omitempty"`
	StreetCode               string   `json:"street_code,omitempty"`
	MunicipalCode            string   `json:"municipal_code,omitempty"`
	CallbackURL              string   `json:"callback_url,omitempty"`
	AutoCorrectAddress       FlexBool `json:"auto_correct_address,omitzero"`
}

// VerificationIdentityData is the form of an identity's create or update
// (Py identities.py).
type VerificationIdentityData struct {
	CountryISO               string   `json:"country_iso,omitempty"`
	Salutation               string   `json:"salutation,omitempty"`
	FirstName                string   `json:"first_name,omitempty"`
	LastName                 string   `json:"last_name,omitempty"`
	BirthPlace               string   `json:"birth_place,omitempty"`
	BirthDate                string   `json:"birth_date,omitempty"`
	Nationality              string   `json:"nationality,omitempty"`
	IDNationality            string   `json:"id_nationality,omitempty"`
	IDIssueDate              string   `json:"id_issue_date,omitempty"`
	IDType                   string   `json:"id_type,omitempty"`
	IDNumber                 string   `json:"id_number,omitempty"`
	AddressLine1             string   `json:"address_line1,omitempty"`
	AddressLine2             string   `json:"address_line2,omitempty"`
	City                     string   `json:"city,omitempty"`
	Region                   string   `json:"region,omitempty"`
	PostalCode               string   `json:"postal_code,omitempty"`
	Alias                    string   `json:"alias,omitempty"`
	BusinessName             string   `json:"business_name,omitempty"`
	FiscalIdentificationCode string   `json:"fiscal_identification_code,omitempty"`
	StreetCode               string   `json:"street_code,omitempty"`
	MunicipalCode            string   `json:"municipal_code,omitempty"`
	Subaccount               string   `json:"subaccount,omitempty"`
	CallbackURL              string   `json:"callback_url,omitempty"`
	AutoCorrectAddress       FlexBool `json:"auto_correct_address,omitzero"`
}

// VerificationAccepted is the reply of a create ({api_id, message}) and of
// an update (with status "success").
type VerificationAccepted struct {
	APIID   string `json:"api_id"`
	Message string `json:"message"`
	Status  string `json:"status,omitempty"`
}

// VerificationAddress is an address as a get and a list return it
// (py_addressGetResponse.json). Alias and subaccount are null when unset.
type VerificationAddress struct {
	Account            string            `json:"account"`
	AddressLine1       string            `json:"address_line1"`
	AddressLine2       string            `json:"address_line2"`
	Alias              *string           `json:"alias"`
	APIID              string            `json:"api_id,omitempty"`
	City               string            `json:"city"`
	CountryISO         string            `json:"country_iso"`
	DocumentDetails    map[string]string `json:"document_details"`
	FirstName          string            `json:"first_name"`
	ID                 string            `json:"id"`
	LastName           string            `json:"last_name"`
	PostalCode         string            `json:"postal_code"`
	Region             string            `json:"region"`
	Salutation         string            `json:"salutation"`
	Subaccount         *string           `json:"subaccount"`
	URL                string            `json:"url"`
	ValidationStatus   string            `json:"validation_status"`
	VerificationStatus string            `json:"verification_status"`
}

// VerificationAddressList is one page of addresses.
type VerificationAddressList struct {
	APIID   string                `json:"api_id"`
	Meta    ListMeta              `json:"meta"`
	Objects []VerificationAddress `json:"objects"`
}

// VerificationIdentity is an identity as a get and a list return it
// (py_identityGetResponse.json): the birth data, the ID's issue and the
// address it was sent with are not returned.
type VerificationIdentity struct {
	Account            string            `json:"account"`
	Alias              *string           `json:"alias"`
	APIID              string            `json:"api_id,omitempty"`
	CountryISO         string            `json:"country_iso"`
	DocumentDetails    map[string]string `json:"document_details"`
	FirstName          string            `json:"first_name"`
	ID                 string            `json:"id"`
	IDNumber           string            `json:"id_number"`
	IDType             string            `json:"id_type"`
	LastName           string            `json:"last_name"`
	Nationality        string            `json:"nationality"`
	Salutation         string            `json:"salutation"`
	Subaccount         *string           `json:"subaccount"`
	URL                string            `json:"url"`
	ValidationStatus   string            `json:"validation_status"`
	VerificationStatus string            `json:"verification_status"`
}

// VerificationIdentityList is one page of identities.
type VerificationIdentityList struct {
	APIID   string                 `json:"api_id"`
	Meta    ListMeta               `json:"meta"`
	Objects []VerificationIdentity `json:"objects"`
}
