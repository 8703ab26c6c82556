package compliancerules

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
)

// The oldest compliance generation, Verification/Address and
// Verification/Identity (only the service's Python library calls it): an address or
// an identity of the account's end user, reviewed by a person. The rules
// are the Python library's validators; where it is silent (lengths,
// dates) this package chooses, and the emulator and the provider share the
// choice.

// Verification statuses (verification_status, validation_status).
const (
	VerificationPending  = "pending"
	VerificationAccepted = "accepted"
	VerificationRejected = "rejected"
)

// VerificationStatuses lists them.
var VerificationStatuses = []string{VerificationPending, VerificationAccepted, VerificationRejected}

// Salutations and AddressProofTypes are the Python library's values
// (is_in, case as written there).
var (
	Salutations       = []string{"Mr", "Ms"}
	AddressProofTypes = []string{"national_id", "passport", "business_id", "NIF", "NIE", "DNI", "others"}
)

// VerificationFileExtensions are the file types Python uploads.
var VerificationFileExtensions = []string{"jpg", "jpeg", "png", "pdf"}

const (
	// VerificationListMaxLimit is the largest page of the two lists
	// (Python: 0 < limit <= 20).
	VerificationListMaxLimit = 20
	// MaxVerificationText bounds each text field in characters: the
	// emulator's choice, the compliance families' MaxName.
	MaxVerificationText = 100
	// VerificationDateLayout is the form of birth_date and id_issue_date
	// (the emulator's choice: the compliance documents' yyyy-mm-dd).
	VerificationDateLayout = "2006-01-02"
)

// CheckSalutation checks salutation.
func CheckSalutation(field, v string) error { return oneOf(field, v, Salutations) }

// CheckAddressProofType checks address_proof_type.
func CheckAddressProofType(field, v string) error { return oneOf(field, v, AddressProofTypes) }

// CheckVerificationStatus checks a status filter.
func CheckVerificationStatus(field, v string) error { return oneOf(field, v, VerificationStatuses) }

// CheckVerificationText checks a text field: 1 to MaxVerificationText
// characters. Its message never quotes the value (personal data).
func CheckVerificationText(field, v string) error { return CheckLength(field, v, MaxVerificationText) }

// CheckVerificationDate checks a date as yyyy-mm-dd, naming the form only.
func CheckVerificationDate(field, v string) error {
	if _, err := time.Parse(VerificationDateLayout, v); err != nil {
		return fmt.Errorf("%s must be a date as yyyy-mm-dd (1984-02-29)", field)
	}
	return nil
}

// CheckVerificationFile checks an uploaded file's name: JPG, JPEG, PNG or
// PDF, by its extension, as Python does.
func CheckVerificationFile(field, name string) error {
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(strings.TrimSpace(name)), "."))
	if !slices.Contains(VerificationFileExtensions, ext) {
		return fmt.Errorf("%s %q must be a JPG, JPEG, PNG or PDF file (by its extension)", field, path.Base(name))
	}
	return nil
}

// CheckAddressCountryFields is Python's rule of the countries that need
// more: Spain a fiscal_identification_code, Denmark a street_code and a
// municipal_code. One error per missing field.
func CheckAddressCountryFields(country, fiscal, street, municipal string) fielderr.List {
	var errs fielderr.List
	need := func(field, v, country string) {
		if v == "" {
			errs = append(errs, broken(fielderr.Root(field), errors.New(field+" is required for an address in "+country+" (country_iso)")))
		}
	}
	switch strings.ToUpper(country) {
	case "ES":
		need("fiscal_identification_code", fiscal, "ES")
	case "DK":
		need("street_code", street, "DK")
		need("municipal_code", municipal, "DK")
	}
	return errs
}

// VerificationRejectReason is why the emulator's reviewer rejects an
// address or identity whose last name contains RejectMarker.
const VerificationRejectReason = "the reviewer rejects every address and identity whose last_name contains \"" + RejectMarker + "\""

// DecideVerification is the emulator's reviewer: rejected when the last
// name carries RejectMarker, accepted otherwise.
func DecideVerification(lastName string) string {
	if strings.Contains(lastName, RejectMarker) {
		return VerificationRejected
	}
	return VerificationAccepted
}

// VerificationIDPattern is an address's or identity's id: 14 digits.
var VerificationIDPattern = regexp.MustCompile(`^[0-9]{14}$`)

// VerificationIDRule words it.
const VerificationIDRule = "14 digits, as the API gives it (20220771838737)"
