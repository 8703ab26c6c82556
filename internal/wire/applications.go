package wire

// ApplicationSettings are the fields of an application that a create and
// an update both send; nil fields are left out (unchanged on an update, the
// API's default on a create). An empty URL on an update removes it.
type ApplicationSettings struct {
	AnswerURL           *string `json:"answer_url,omitempty"`
	AnswerMethod        *string `json:"answer_method,omitempty"`
	HangupURL           *string `json:"hangup_url,omitempty"`
	HangupMethod        *string `json:"hangup_method,omitempty"`
	FallbackAnswerURL   *string `json:"fallback_answer_url,omitempty"`
	FallbackMethod      *string `json:"fallback_method,omitempty"`
	MessageURL          *string `json:"message_url,omitempty"`
	MessageMethod       *string `json:"message_method,omitempty"`
	DefaultNumberApp    *bool   `json:"default_number_app,omitempty"`
	DefaultEndpointApp  *bool   `json:"default_endpoint_app,omitempty"`
	LogIncomingMessages *bool   `json:"log_incoming_messages,omitempty"`
	PublicURI           *bool   `json:"public_uri,omitempty"`
	Subaccount          *string `json:"subaccount,omitempty"`
}

// ApplicationCreate is the body of POST Application/: app_name and
// answer_url are required.
type ApplicationCreate struct {
	AppName string `json:"app_name"`
	ApplicationSettings
}

// ApplicationCreated is the reply to a create.
type ApplicationCreated struct {
	APIID   string `json:"api_id"`
	AppID   string `json:"app_id"`
	Message string `json:"message"`
}

// ApplicationUpdate is the body of POST Application/{app_id}/.
type ApplicationUpdate struct {
	AppName *string `json:"app_name,omitempty"`
	ApplicationSettings
}

// Application is a stored application, as a list reply holds it. Unset
// URLs are empty strings; DefaultApp is what a create calls
// default_number_app.
type Application struct {
	AnswerMethod        string  `json:"answer_method"`
	AnswerURL           string  `json:"answer_url"`
	AppID               string  `json:"app_id"`
	AppName             string  `json:"app_name"`
	DefaultApp          bool    `json:"default_app"`
	DefaultEndpointApp  bool    `json:"default_endpoint_app"`
	Enabled             bool    `json:"enabled"`
	FallbackAnswerURL   string  `json:"fallback_answer_url"`
	FallbackMethod      string  `json:"fallback_method"`
	HangupMethod        string  `json:"hangup_method"`
	HangupURL           string  `json:"hangup_url"`
	LogIncomingMessages bool    `json:"log_incoming_messages"`
	MessageMethod       string  `json:"message_method"`
	MessageURL          string  `json:"message_url"`
	PublicURI           bool    `json:"public_uri"`
	ResourceURI         string  `json:"resource_uri"`
	SIPURI              string  `json:"sip_uri"`
	SubAccount          *string `json:"sub_account"`
}

// ApplicationReply is the reply of GET Application/{app_id}/: the
// application and the request's api_id.
type ApplicationReply struct {
	APIID string `json:"api_id"`
	Application
}

// ApplicationList is one page of GET Application/.
type ApplicationList = Page[Application]

// ApplicationDelete is the JSON body the Python and Node libraries send
// with DELETE Application/{app_id}/ (others, this client among them, send
// the same as the query): cascade, true by default, deletes the
// application's endpoints; false detaches them, or moves them to
// new_endpoint_application.
type ApplicationDelete struct {
	Cascade                FlexBool `json:"cascade,omitzero"`
	NewEndpointApplication string   `json:"new_endpoint_application,omitempty"`
}
