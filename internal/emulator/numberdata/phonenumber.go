package numberdata

import (
	"strconv"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Number types and sub-types (see the package doc for the mapping).
const (
	typeFixed    = "fixed"
	typeMobile   = "mobile"
	typeTollfree = "toll-free"

	subLocal    = "local"
	subNational = "national"
	subMobile   = "mobile"
	subTollfree = "toll-free"
)

// PhoneNumber is one search result item: the reply's shape (wire.PhoneNumber)
// and what the search filters on but the reply does not show. ResourceURI is
// empty in the inventory; the handler sets it with WithResourceURI because it
// depends on the account.
type PhoneNumber struct {
	wire.PhoneNumber

	// CountryISO is the ISO 3166 alpha-2 code of the number's country.
	CountryISO string `json:"-"`
	// ComplianceRequirement is "" when buying needs no documents, otherwise
	// "address_proof" or "identity_proof".
	ComplianceRequirement string `json:"-"`
}

// WithResourceURI returns a copy of n whose resource_uri names it under the account.
func (n PhoneNumber) WithResourceURI(authID string) PhoneNumber {
	n.ResourceURI = "/v1/Account/" + authID + "/PhoneNumber/" + n.Number + "/"
	return n
}

// clone returns a copy that shares no pointer with n, so callers cannot alter the
// shared inventory through Restriction or RestrictionText.
func (n PhoneNumber) clone() PhoneNumber {
	if n.Restriction != nil {
		r := *n.Restriction
		n.Restriction = &r
	}
	if n.RestrictionText != nil {
		t := *n.RestrictionText
		n.RestrictionText = &t
	}
	return n
}

// formatRate prints an amount in hundred-thousandths with exactly five fractional
// digits: 80000 -> "0.80000".
func formatRate(hundredThousandths int) string {
	s := strconv.Itoa(hundredThousandths)
	for len(s) < 6 {
		s = "0" + s
	}
	return s[:len(s)-5] + "." + s[len(s)-5:]
}
