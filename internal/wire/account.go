package wire

// Account is the main account's record (GET /v1/Account/{auth_id}/). Empty
// text fields are "", never left out; cash_credits is a decimal string in
// USD that changes with every billed call.
type Account struct {
	AccountType  string `json:"account_type"`
	Address      string `json:"address"`
	AuthID       string `json:"auth_id"`
	AutoRecharge bool   `json:"auto_recharge"`
	BillingMode  string `json:"billing_mode"`
	CashCredits  string `json:"cash_credits"`
	City         string `json:"city"`
	Name         string `json:"name"`
	ResourceURI  string `json:"resource_uri"`
	State        string `json:"state"`
	Timezone     string `json:"timezone"`
}

// AccountReply is the reply of GET /v1/Account/{auth_id}/: the record,
// flat, with api_id.
type AccountReply struct {
	APIID string `json:"api_id"`
	Account
}

// AccountUpdate is the body of POST /v1/Account/{auth_id}/: only these
// five fields update; a field left out, or null (as the Python library
// sends the ones it was not given), is unchanged. The reply is a Reply
// with message "changed" (202).
type AccountUpdate struct {
	Name     *string `json:"name,omitempty"`
	Address  *string `json:"address,omitempty"`
	City     *string `json:"city,omitempty"`
	State    *string `json:"state,omitempty"`
	Timezone *string `json:"timezone,omitempty"`
}
