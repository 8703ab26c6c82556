package wire

// VerifiedCallerIDInitiate is the body of POST VerifiedCallerId/: it sends
// a one-time code to phone_number by SMS (the default) or a call. The Go
// library also sends country, account_id, auth_id and auth_token, which
// the service ignores.
type VerifiedCallerIDInitiate struct {
	PhoneNumber string `json:"phone_number"`
	Alias       string `json:"alias,omitempty"`
	Channel     string `json:"channel,omitempty"`
	Subaccount  string `json:"subaccount,omitempty"`
}

// VerifiedCallerIDInitiated is the reply to an initiate.
type VerifiedCallerIDInitiated struct {
	APIID            string `json:"api_id"`
	Message          string `json:"message"`
	VerificationUUID string `json:"verification_uuid"`
}

// VerifiedCallerIDVerify is the body of POST
// VerifiedCallerId/Verification/{uuid}/: the one-time code.
type VerifiedCallerIDVerify struct {
	OTP string `json:"otp"`
}

// VerifiedCallerIDVerified is the reply to a verify: the record without
// modified_at or subaccount, with the channel the code went by.
type VerifiedCallerIDVerified struct {
	Alias            string `json:"alias"`
	APIID            string `json:"api_id"`
	Channel          string `json:"channel"`
	Country          string `json:"country"`
	CreatedAt        string `json:"created_at"`
	PhoneNumber      string `json:"phone_number"`
	VerificationUUID string `json:"verification_uuid"`
}

// VerifiedCallerID is a verified caller ID's record: phone_number with a
// +, country ISO alpha-2 or "" when unknown, subaccount "" for the main
// account. Times are RFC 3339 in UTC with a varying number of fraction
// digits. List items add resource_uri (the number's digits, no trailing
// slash); the GET and the update leave it out.
type VerifiedCallerID struct {
	Alias            string `json:"alias"`
	Country          string `json:"country"`
	CreatedAt        string `json:"created_at"`
	ModifiedAt       string `json:"modified_at"`
	PhoneNumber      string `json:"phone_number"`
	ResourceURI      string `json:"resource_uri,omitempty"`
	Subaccount       string `json:"subaccount"`
	VerificationUUID string `json:"verification_uuid"`
}

// VerifiedCallerIDReply is the reply of GET and POST
// VerifiedCallerId/{number}/: the record plus api_id.
type VerifiedCallerIDReply struct {
	APIID string `json:"api_id"`
	VerifiedCallerID
}

// VerifiedCallerIDUpdate is the body of POST VerifiedCallerId/{number}/;
// nil leaves a field unchanged.
type VerifiedCallerIDUpdate struct {
	Alias      *string `json:"alias,omitempty"`
	Subaccount *string `json:"subaccount,omitempty"`
}

// VerifiedCallerIDList is one page of GET VerifiedCallerId/.
type VerifiedCallerIDList = Page[VerifiedCallerID]
