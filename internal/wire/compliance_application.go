package wire

// The compliance application family (the general path for regulated countries the
// one-call API does not cover): EndUser, ComplianceDocumentType,
// ComplianceRequirement, ComplianceDocument and ComplianceApplication, each
// under its own route with a trailing slash. No recorded reply exists for
// this family: the shapes are the Go client's structs.

// EndUserData is the body of an end user's create or update (Py sends the
// three keys, null when unset).
type EndUserData struct {
	Name        string `json:"name,omitempty"`
	LastName    string `json:"last_name,omitempty"`
	EndUserType string `json:"end_user_type,omitempty"`
}

// EndUser is an end user as a get and a list return it.
type EndUser struct {
	EndUserID   string `json:"end_user_id"`
	Name        string `json:"name"`
	LastName    string `json:"last_name"`
	EndUserType string `json:"end_user_type"`
	CreatedAt   string `json:"created_at"`
}

// EndUserCreated is the reply of a create (Go CreateEndUserResponse).
type EndUserCreated struct {
	APIID   string `json:"api_id"`
	Message string `json:"message"`
	EndUser
}

// EndUserReply is the reply of a get.
type EndUserReply struct {
	APIID string `json:"api_id"`
	EndUser
}

// EndUserList is one page of end users.
type EndUserList struct {
	APIID   string    `json:"api_id"`
	Meta    ListMeta  `json:"meta"`
	Objects []EndUser `json:"objects"`
}

// ComplianceAppUpdated is the reply of an update of an end user, a document or an
// application: {api_id, message}.
type ComplianceAppUpdated struct {
	APIID   string `json:"api_id"`
	Message string `json:"message"`
}

// DocumentTypeField is one data field of a document type; enums is an
// array here (unlike the one-call API's comma-separated string).
type DocumentTypeField struct {
	FieldName    string   `json:"field_name"`
	FieldType    string   `json:"field_type"`
	FriendlyName string   `json:"friendly_name"`
	HelpText     string   `json:"help_text"`
	MaxLength    int      `json:"max_length"`
	MinLength    int      `json:"min_length"`
	Format       string   `json:"format"`
	Enums        []string `json:"enums"`
}

// DocumentType is a document type (GET ComplianceDocumentType/{id}/).
type DocumentType struct {
	DocumentTypeID string              `json:"document_type_id"`
	DocumentName   string              `json:"document_name"`
	Description    string              `json:"description"`
	Information    []DocumentTypeField `json:"information"`
	ProofRequired  bool                `json:"proof_required"`
	CreatedAt      string              `json:"created_at"`
}

// DocumentTypeReply is the reply of a get.
type DocumentTypeReply struct {
	APIID string `json:"api_id"`
	DocumentType
}

// DocumentTypeList is the list of document types.
type DocumentTypeList struct {
	APIID   string         `json:"api_id"`
	Meta    ListMeta       `json:"meta"`
	Objects []DocumentType `json:"objects"`
}

// AcceptableDocument is one document type that satisfies a requirement's
// entry.
type AcceptableDocument struct {
	DocumentTypeID   string `json:"document_type_id"`
	DocumentTypeName string `json:"document_type_name"`
}

// AcceptableDocumentType is one entry of a requirement: one of its
// acceptable documents is needed.
type AcceptableDocumentType struct {
	Name                string               `json:"name"`
	Scope               string               `json:"scope"`
	AcceptableDocuments []AcceptableDocument `json:"acceptable_documents"`
}

// ComplianceAppRequirement is a requirement (one object, also for the filtered
// GET ComplianceRequirement/?country_iso2&number_type&end_user_type).
type ComplianceAppRequirement struct {
	APIID                   string                   `json:"api_id"`
	ComplianceRequirementID string                   `json:"compliance_requirement_id"`
	CountryISO2             string                   `json:"country_iso2"`
	NumberType              string                   `json:"number_type"`
	EndUserType             string                   `json:"end_user_type"`
	AcceptableDocumentTypes []AcceptableDocumentType `json:"acceptable_document_types"`
}

// ComplianceDocumentFields are the form fields of a document's multipart
// create or update besides its data fields and the file part.
const (
	DocumentFieldEndUserID      = "end_user_id"
	DocumentFieldDocumentTypeID = "document_type_id"
	DocumentFieldAlias          = "alias"
	DocumentFilePart            = "file"
)

// ComplianceDocument is a document as a get returns it (the file itself never:
// only its name).
type ComplianceDocument struct {
	DocumentID      string            `json:"document_id"`
	EndUserID       string            `json:"end_user_id"`
	DocumentTypeID  string            `json:"document_type_id"`
	Alias           string            `json:"alias"`
	FileName        string            `json:"file_name"`
	MetaInformation map[string]string `json:"meta_information"`
	CreatedAt       string            `json:"created_at"`
}

// ComplianceDocumentReply is the reply of a get.
type ComplianceDocumentReply struct {
	APIID string `json:"api_id"`
	ComplianceDocument
}

// ComplianceDocumentCreated is the reply of a create: the record and message.
type ComplianceDocumentCreated struct {
	APIID   string `json:"api_id"`
	Message string `json:"message"`
	ComplianceDocument
}

// ComplianceDocumentItem is a list item: compliance_document_id and file where
// a get has document_id and file_name.
type ComplianceDocumentItem struct {
	ComplianceDocumentID string            `json:"compliance_document_id"`
	EndUserID            string            `json:"end_user_id"`
	DocumentTypeID       string            `json:"document_type_id"`
	Alias                string            `json:"alias"`
	File                 string            `json:"file"`
	MetaInformation      map[string]string `json:"meta_information"`
	CreatedAt            string            `json:"created_at"`
}

// ComplianceDocumentList is one page of documents.
type ComplianceDocumentList struct {
	APIID   string                   `json:"api_id"`
	Meta    ListMeta                 `json:"meta"`
	Objects []ComplianceDocumentItem `json:"objects"`
}

// ApplicationData is the JSON body of an application's create; an update
// takes document_ids only.
type ApplicationData struct {
	ComplianceRequirementID string   `json:"compliance_requirement_id,omitempty"`
	EndUserID               string   `json:"end_user_id,omitempty"`
	DocumentIDs             []string `json:"document_ids"`
	Alias                   string   `json:"alias,omitempty"`
	EndUserType             string   `json:"end_user_type,omitempty"`
	CountryISO2             string   `json:"country_iso2,omitempty"`
	NumberType              string   `json:"number_type,omitempty"`
}

// ApplicationDocument is one document of an application.
type ApplicationDocument struct {
	DocumentID       string `json:"document_id"`
	Name             string `json:"name"`
	DocumentName     string `json:"document_name"`
	DocumentTypeID   string `json:"document_type_id"`
	DocumentTypeName string `json:"document_type_name"`
	Scope            string `json:"scope"`
}

// ComplianceApplication is an application (create, get, submit and list
// items; Go ComplianceApplicationResponse).
type ComplianceApplication struct {
	APIID                   string                `json:"api_id,omitempty"`
	CreatedAt               string                `json:"created_at"`
	ComplianceApplicationID string                `json:"compliance_application_id"`
	Alias                   string                `json:"alias"`
	Status                  string                `json:"status"`
	EndUserType             string                `json:"end_user_type"`
	CountryISO2             string                `json:"country_iso2"`
	NumberType              string                `json:"number_type"`
	EndUserID               string                `json:"end_user_id"`
	ComplianceRequirementID string                `json:"compliance_requirement_id"`
	Documents               []ApplicationDocument `json:"documents"`
	RejectionReason         string                `json:"rejection_reason"`
}

// ComplianceApplicationList is one page of applications.
type ComplianceApplicationList struct {
	APIID   string                  `json:"api_id"`
	Meta    ListMeta                `json:"meta"`
	Objects []ComplianceApplication `json:"objects"`
}
