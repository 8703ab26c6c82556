package wire

// SubaccountCreate is the body of POST Subaccount/: name is required;
// enabled defaults to false at the API, so a client that means true
// sends it (the Node library as a string).
type SubaccountCreate struct {
	Name    string   `json:"name"`
	Enabled FlexBool `json:"enabled,omitzero"`
}

// SubaccountCreated is the reply to a create (201). It is the only reply
// besides a GET and a list that carries the subaccount's auth_token.
type SubaccountCreated struct {
	APIID     string `json:"api_id"`
	AuthID    string `json:"auth_id"`
	AuthToken string `json:"auth_token"`
	Message   string `json:"message"`
}

// SubaccountUpdate is the body of POST Subaccount/{auth_id}/; nil (or an
// empty name) and an unset flag leave a field unchanged.
type SubaccountUpdate struct {
	Name    *string  `json:"name,omitempty"`
	Enabled FlexBool `json:"enabled,omitzero"`
}

// SubaccountDelete is the JSON body of DELETE Subaccount/{auth_id}/.
// Cascade false (the API's default) re-homes the subaccount's
// applications, endpoints and numbers under the main account; true deletes
// them.
type SubaccountDelete struct {
	Cascade FlexBool `json:"cascade"`
}

// Subaccount is a subaccount's record. Created and Modified are dates
// (YYYY-MM-DD); Modified is null until the first update.
type Subaccount struct {
	Account     string  `json:"account"`
	AuthID      string  `json:"auth_id"`
	AuthToken   string  `json:"auth_token"`
	Created     string  `json:"created"`
	Enabled     bool    `json:"enabled"`
	Modified    *string `json:"modified"`
	Name        string  `json:"name"`
	ResourceURI string  `json:"resource_uri"`
}

// SubaccountReply is the reply of GET Subaccount/{auth_id}/.
type SubaccountReply struct {
	APIID string `json:"api_id"`
	Subaccount
}

// SubaccountList is one page of GET Subaccount/, newest first.
type SubaccountList = Page[Subaccount]
