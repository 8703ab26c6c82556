package wire

// The SIP trunking API (Zentrunk/): trunks, credentials lists, IP access
// control lists and origination URIs. No client library of the service
// implements it; the shapes follow its documentation ("SIP trunking API",
// "Trunks", "Credentials", "IP Access Control Lists", "Origination URIs").
// A single object's GET returns the record without an api_id, as the
// documentation's example objects show it.

// TrunkCreate is the body of POST Zentrunk/Trunk/. An outbound trunk
// names an IP access list and/or a credentials list; an inbound trunk a
// primary origination URI and, optionally, a fallback one. Keys tell the
// emulator a direction or status left out (missing; enabled) from one sent
// empty (refused).
type TrunkCreate struct {
	Name            string `json:"name,omitempty"`
	TrunkDirection  string `json:"trunk_direction"`
	TrunkStatus     string `json:"trunk_status,omitempty"`
	Secure          *bool  `json:"secure,omitempty"`
	IPACLUUID       string `json:"ipacl_uuid,omitempty"`
	CredentialUUID  string `json:"credential_uuid,omitempty"`
	PrimaryURIUUID  string `json:"primary_uri_uuid,omitempty"`
	FallbackURIUUID string `json:"fallback_uri_uuid,omitempty"`
	Keys            `json:"-"`
}

// UnmarshalJSON decodes the fields and notes the keys sent.
func (t *TrunkCreate) UnmarshalJSON(b []byte) error {
	type fields TrunkCreate
	return decodeKeyed[TrunkCreate](b, (*fields)(t), &t.Keys)
}

// TrunkCreated is the reply to a trunk's create (201) and update (202).
type TrunkCreated struct {
	APIID   string `json:"api_id"`
	Message string `json:"message"`
	TrunkID string `json:"trunk_id"`
}

// Trunk is a trunk as GET Zentrunk/Trunk/{trunk_id}/ and the list return
// it. trunk_id is a string of digits; the links a trunk does not use are
// null, not left out.
type Trunk struct {
	Name            string  `json:"name"`
	TrunkID         string  `json:"trunk_id"`
	TrunkDomain     string  `json:"trunk_domain"`
	TrunkStatus     string  `json:"trunk_status"`
	Secure          bool    `json:"secure"`
	TrunkDirection  string  `json:"trunk_direction"`
	IPACLUUID       *string `json:"ipacl_uuid"`
	CredentialUUID  *string `json:"credential_uuid"`
	PrimaryURIUUID  *string `json:"primary_uri_uuid"`
	FallbackURIUUID *string `json:"fallback_uri_uuid"`
}

// TrunkUpdate is the body of POST Zentrunk/Trunk/{trunk_id}/: nil fields
// are left unchanged; a link sent as "" is removed (the documentation is
// silent on removing one; our choice). The direction cannot change: the
// client never sends it, and the emulator refuses a different one.
type TrunkUpdate struct {
	Name            *string `json:"name,omitempty"`
	TrunkDirection  *string `json:"trunk_direction,omitempty"`
	TrunkStatus     *string `json:"trunk_status,omitempty"`
	Secure          *bool   `json:"secure,omitempty"`
	IPACLUUID       *string `json:"ipacl_uuid,omitempty"`
	CredentialUUID  *string `json:"credential_uuid,omitempty"`
	PrimaryURIUUID  *string `json:"primary_uri_uuid,omitempty"`
	FallbackURIUUID *string `json:"fallback_uri_uuid,omitempty"`
}

// TrunkList is one page of GET Zentrunk/Trunk/. Its meta's next has no
// leading slash ("v1/Account/{auth_id}/Zentrunk/Trunk/?limit=20&offset=20").
type TrunkList = Page[Trunk]

// CredentialCreate is the body of POST Zentrunk/Credential/. The
// documentation's examples send the password as "Password"; its tables
// and this client send "password" (the emulator takes both).
type CredentialCreate struct {
	Name     string `json:"name,omitempty"`
	Username string `json:"username"`
	Password string `json:"password"`
}

// CredentialCreated is the reply to a credentials list's create (201,
// "credential created successfully.") and update (202, "Credential
// updated successfully.").
type CredentialCreated struct {
	APIID          string `json:"api_id"`
	Message        string `json:"message"`
	CredentialUUID string `json:"credential_uuid"`
}

// Credential is a credentials list as its GET and the list return it: the
// password is never returned.
type Credential struct {
	CredentialUUID string `json:"credential_uuid"`
	Name           string `json:"name"`
	Username       string `json:"username"`
}

// CredentialUpdate is the body of POST Zentrunk/Credential/{uuid}/; nil
// fields are left unchanged.
type CredentialUpdate struct {
	Name     *string `json:"name,omitempty"`
	Username *string `json:"username,omitempty"`
	Password *string `json:"password,omitempty"`
}

// CredentialList is one page of GET Zentrunk/Credential/.
type CredentialList = Page[Credential]

// IPACLCreate is the body of POST Zentrunk/IPAccessControlList/.
// IPAddresses decodes as nil when the body left it out (or sent null), as
// an empty list when it sent [].
type IPACLCreate struct {
	Name        string   `json:"name,omitempty"`
	IPAddresses []string `json:"ip_addresses"`
}

// IPACLCreated is the reply to an IP access list's create (201) and update (202).
type IPACLCreated struct {
	APIID     string `json:"api_id"`
	Message   string `json:"message"`
	IPACLUUID string `json:"ipacl_uuid"`
}

// IPACL is an IP access control list as its GET and the list return it.
type IPACL struct {
	IPACLUUID   string   `json:"ipacl_uuid"`
	Name        string   `json:"name"`
	IPAddresses []string `json:"ip_addresses"`
}

// IPACLUpdate is the body of POST Zentrunk/IPAccessControlList/{uuid}/:
// nil fields are left unchanged; ip_addresses replaces the whole list (nil
// when left out, empty when sent as []).
type IPACLUpdate struct {
	Name        *string  `json:"name,omitempty"`
	IPAddresses []string `json:"ip_addresses,omitempty"`
}

// IPACLList is one page of GET Zentrunk/IPAccessControlList/.
type IPACLList = Page[IPACL]

// OriginationURICreate is the body of POST Zentrunk/URI/.
type OriginationURICreate struct {
	Name                 string `json:"name,omitempty"`
	URI                  string `json:"uri"`
	AuthenticationNeeded bool   `json:"authentication_needed"`
	Username             string `json:"username,omitempty"`
	Password             string `json:"password,omitempty"`
}

// OriginationURICreated is the reply to an origination URI's create (201) and update (202).
type OriginationURICreated struct {
	APIID   string `json:"api_id"`
	Message string `json:"message"`
	URIUUID string `json:"uri_uuid"`
}

// OriginationURI is an origination URI as its GET and the list return it:
// username is null while authentication is off; the password is never
// returned.
type OriginationURI struct {
	URIUUID              string  `json:"uri_uuid"`
	Name                 string  `json:"name"`
	URI                  string  `json:"uri"`
	AuthenticationNeeded bool    `json:"authentication_needed"`
	Username             *string `json:"username"`
}

// OriginationURIUpdate is the body of POST Zentrunk/URI/{uuid}/; nil
// fields are left unchanged. Turning authentication off forgets the
// username and password.
type OriginationURIUpdate struct {
	Name                 *string `json:"name,omitempty"`
	URI                  *string `json:"uri,omitempty"`
	AuthenticationNeeded *bool   `json:"authentication_needed,omitempty"`
	Username             *string `json:"username,omitempty"`
	Password             *string `json:"password,omitempty"`
}

// OriginationURIList is one page of GET Zentrunk/URI/.
type OriginationURIList = Page[OriginationURI]
