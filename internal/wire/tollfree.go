package wire

// TollfreeVerificationFields are the fields of a toll-free verification
// request that a create and an update send. Usecase and OptinImageURL
// hold several values joined by ", " (the service's strings; its docs say
// "list", every recording a string). On an update an empty field is
// unchanged.
type TollfreeVerificationFields struct {
	ProfileUUID           string `json:"profile_uuid,omitempty"`
	Usecase               string `json:"usecase,omitempty"`
	UsecaseSummary        string `json:"usecase_summary,omitempty"`
	MessageSample         string `json:"message_sample,omitempty"`
	OptinImageURL         string `json:"optin_image_url,omitempty"`
	OptinType             string `json:"optin_type,omitempty"`
	Volume                string `json:"volume,omitempty"`
	AdditionalInformation string `json:"additional_information,omitempty"`
	ExtraData             string `json:"extra_data,omitempty"`
	CallbackURL           string `json:"callback_url,omitempty"`
	CallbackMethod        string `json:"callback_method,omitempty"`
}

// TollfreeVerificationCreate is the body of POST TollfreeVerification/:
// the number (digits, no "+") cannot change afterwards.
type TollfreeVerificationCreate struct {
	Number string `json:"number"`
	TollfreeVerificationFields
}

// TollfreeVerificationCreated is the reply (201) to a create; the message
// spells "succesfully" as the service does.
type TollfreeVerificationCreated struct {
	APIID   string `json:"api_id"`
	Message string `json:"message"`
	UUID    string `json:"uuid"`
}

// TollfreeVerification is a stored request. Unset optional fields are ""
// (not left out); Status is SUBMITTED, APPROVED, REJECTED or
// UPDATE_REQUIRED; ErrorMessage is "" or the carrier's words.
type TollfreeVerification struct {
	UUID                  string `json:"uuid"`
	ProfileUUID           string `json:"profile_uuid"`
	Number                string `json:"number"`
	Usecase               string `json:"usecase"`
	UsecaseSummary        string `json:"usecase_summary"`
	MessageSample         string `json:"message_sample"`
	OptinImageURL         string `json:"optin_image_url"`
	OptinType             string `json:"optin_type"`
	Volume                string `json:"volume"`
	AdditionalInformation string `json:"additional_information"`
	ExtraData             string `json:"extra_data"`
	CallbackURL           string `json:"callback_url"`
	CallbackMethod        string `json:"callback_method"`
	Status                string `json:"status"`
	ErrorMessage          string `json:"error_message"`
	Created               string `json:"created"`
	LastModified          string `json:"last_modified"`
}

// TollfreeVerificationReply is the reply of GET TollfreeVerification/{uuid}/:
// the record, flat, with the request's api_id.
type TollfreeVerificationReply struct {
	APIID string `json:"api_id"`
	TollfreeVerification
}

// TollfreeListMeta is the paging block of the toll-free verification
// list: the service's clients read count, its docs total_count; both are
// sent.
type TollfreeListMeta struct {
	Count      int     `json:"count"`
	Limit      int     `json:"limit"`
	Next       *string `json:"next"`
	Offset     int     `json:"offset"`
	Previous   *string `json:"previous"`
	TotalCount int     `json:"total_count"`
}

// TollfreeVerificationList is one page of GET TollfreeVerification/.
type TollfreeVerificationList struct {
	APIID   string                 `json:"api_id"`
	Meta    TollfreeListMeta       `json:"meta"`
	Objects []TollfreeVerification `json:"objects"`
}
