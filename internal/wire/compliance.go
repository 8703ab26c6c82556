package wire

// The one-call compliance API (PhoneNumber/Compliance/): a create and an
// update are multipart/form-data with one form field "data" holding a
// ComplianceData document and one file part per document, named
// ComplianceFilePart(i) after the index of its entry in Documents.

// ComplianceDataField is the name of the multipart field holding the JSON
// document of a create or an update.
const ComplianceDataField = "data"

// ComplianceFilePart is the name of the file part of documents[i].
func ComplianceFilePart(i int) string { return "documents[" + itoa(i) + "].file" }

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// ComplianceEndUser is the end user of a create or an update (an update
// leaves Type out: it cannot change).
type ComplianceEndUser struct {
	Type               string `json:"type,omitempty"`
	Name               string `json:"name,omitempty"`
	LastName           string `json:"last_name,omitempty"`
	Email              string `json:"email,omitempty"`
	AddressLine1       string `json:"address_line1,omitempty"`
	AddressLine2       string `json:"address_line2,omitempty"`
	City               string `json:"city,omitempty"`
	State              string `json:"state,omitempty"`
	PostalCode         string `json:"postal_code,omitempty"`
	Country            string `json:"country,omitempty"`
	RegistrationNumber string `json:"registration_number,omitempty"`
}

// ComplianceDocumentData is one document of a create or an update.
type ComplianceDocumentData struct {
	DocumentTypeID string            `json:"document_type_id"`
	DataFields     map[string]string `json:"data_fields,omitempty"`
}

// ComplianceData is the "data" document of a create (every field) or an
// update (alias, end_user without type, documents, callbacks; what is left
// out is unchanged).
type ComplianceData struct {
	CountryISO     string                   `json:"country_iso,omitempty"`
	NumberType     string                   `json:"number_type,omitempty"`
	Alias          string                   `json:"alias,omitempty"`
	EndUser        *ComplianceEndUser       `json:"end_user,omitempty"`
	Documents      []ComplianceDocumentData `json:"documents,omitempty"`
	CallbackURL    string                   `json:"callback_url,omitempty"`
	CallbackMethod string                   `json:"callback_method,omitempty"`
}

// ComplianceCreated is the reply to a create.
type ComplianceCreated struct {
	APIID        string `json:"api_id"`
	ComplianceID string `json:"compliance_id"`
	Message      string `json:"message"`
}

// ComplianceEndUserRecord is the end user of an expanded record.
type ComplianceEndUserRecord struct {
	EndUserID string `json:"end_user_id"`
	ComplianceEndUser
}

// ComplianceDocumentRecord is a document of an expanded record: the API
// never returns the file, only its name ("" when none was uploaded) and
// where to download it.
type ComplianceDocumentRecord struct {
	DocumentID      string            `json:"document_id"`
	DocumentTypeID  string            `json:"document_type_id"`
	DocumentName    string            `json:"document_name"`
	FileName        string            `json:"file_name"`
	MetaInformation map[string]string `json:"meta_information"`
	DownloadURL     string            `json:"download_url"`
	CreatedAt       string            `json:"created_at"`
}

// ComplianceLinkedNumber is a number linked to an application.
type ComplianceLinkedNumber struct {
	Number     string `json:"number"`
	NumberType string `json:"number_type"`
}

// Compliance is an application of the one-call API. Callbacks are left
// out when not set, rejection_reason unless rejected; EndUser, Documents
// and LinkedNumbers only come with expand=end_user,documents,linked_numbers.
type Compliance struct {
	ComplianceID    string                     `json:"compliance_id"`
	Alias           string                     `json:"alias"`
	Status          string                     `json:"status"`
	CountryISO      string                     `json:"country_iso"`
	NumberType      string                     `json:"number_type"`
	UserType        string                     `json:"user_type"`
	CallbackURL     string                     `json:"callback_url,omitempty"`
	CallbackMethod  string                     `json:"callback_method,omitempty"`
	RejectionReason string                     `json:"rejection_reason,omitempty"`
	CreatedAt       string                     `json:"created_at"`
	UpdatedAt       string                     `json:"updated_at"`
	EndUser         *ComplianceEndUserRecord   `json:"end_user,omitempty"`
	Documents       []ComplianceDocumentRecord `json:"documents,omitempty"`
	LinkedNumbers   []ComplianceLinkedNumber   `json:"linked_numbers,omitempty"`
}

// ComplianceExpand is the expand value that asks for everything.
const ComplianceExpand = "end_user,documents,linked_numbers"

// ComplianceReply is the reply of a get: the record wrapped in compliance.
type ComplianceReply struct {
	APIID      string     `json:"api_id"`
	Compliance Compliance `json:"compliance"`
}

// ComplianceUpdated is the reply of an update.
type ComplianceUpdated struct {
	APIID      string     `json:"api_id"`
	Message    string     `json:"message"`
	Compliance Compliance `json:"compliance"`
}

// ComplianceDeleted is the reply of a delete.
type ComplianceDeleted struct {
	APIID        string `json:"api_id"`
	ComplianceID string `json:"compliance_id"`
	Message      string `json:"message"`
}

// ComplianceList is one page of the list: the items under compliances.
type ComplianceList struct {
	APIID       string       `json:"api_id"`
	Meta        ListMeta     `json:"meta"`
	Compliances []Compliance `json:"compliances"`
}

// ComplianceLinkEntry is one number of a link request.
type ComplianceLinkEntry struct {
	Number                  string `json:"number"`
	ComplianceApplicationID string `json:"compliance_application_id"`
}

// ComplianceLink is the body of POST PhoneNumber/Compliance/Link/.
type ComplianceLink struct {
	Numbers []ComplianceLinkEntry `json:"numbers"`
}

// ComplianceLinkResult is one number's own result in a link reply.
type ComplianceLinkResult struct {
	Number  string `json:"number"`
	Status  string `json:"status"`
	Remarks string `json:"remarks"`
}

// ComplianceLinkReply is the reply of a link: a 200 that may hold
// failures, number by number.
type ComplianceLinkReply struct {
	APIID        string                 `json:"api_id"`
	TotalCount   int                    `json:"total_count"`
	UpdatedCount int                    `json:"updated_count"`
	Report       []ComplianceLinkResult `json:"report"`
}

// ComplianceRequirementField is one data field of a document type in a
// requirement; empty optional keys are left out, and enums is one
// comma-separated string.
type ComplianceRequirementField struct {
	FieldName    string `json:"field_name"`
	FriendlyName string `json:"friendly_name"`
	FieldType    string `json:"field_type"`
	Required     bool   `json:"required"`
	MinLength    int    `json:"min_length,omitempty"`
	MaxLength    int    `json:"max_length,omitempty"`
	HelpText     string `json:"help_text,omitempty"`
	Format       string `json:"format,omitempty"`
	Enums        string `json:"enums,omitempty"`
	Description  string `json:"description,omitempty"`
}

// ComplianceRequirementDocumentType is one document type of a requirement.
type ComplianceRequirementDocumentType struct {
	DocumentTypeID string                       `json:"document_type_id"`
	Name           string                       `json:"name"`
	Description    string                       `json:"description"`
	ProofRequired  bool                         `json:"proof_required"`
	RequiredFields []ComplianceRequirementField `json:"required_fields"`
}

// ComplianceRequirement is the reply of GET PhoneNumber/Compliance/Requirements/.
type ComplianceRequirement struct {
	APIID         string                              `json:"api_id"`
	RequirementID string                              `json:"requirement_id"`
	CountryISO    string                              `json:"country_iso"`
	NumberType    string                              `json:"number_type"`
	UserType      string                              `json:"user_type"`
	DocumentTypes []ComplianceRequirementDocumentType `json:"document_types"`
}
