// Package profilerules holds the rules of a business profile (what a 10DLC
// brand's and a toll-free verification's profile_uuid names) that both the
// provider (at plan time) and the emulator (on the wire) enforce, so the two
// cannot disagree: the allowed values, the lengths in characters, the email
// form, which fields an entity type requires, and which fields an update
// may change.
package profilerules

import (
	"fmt"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// Entity types. Only an INDIVIDUAL (a sole proprietor) may leave out the
// tax id and the stock listing; a PUBLIC company must give its listing.
const (
	EntityPrivate    = "PRIVATE"
	EntityPublic     = "PUBLIC"
	EntityNonProfit  = "NON_PROFIT"
	EntityGovernment = "GOVERNMENT"
	EntityIndividual = "INDIVIDUAL"
)

// The enumerations of the profile's fields.
var (
	CustomerTypes      = []string{"DIRECT", "RESELLER"}
	EntityTypes        = []string{EntityPrivate, EntityPublic, EntityNonProfit, EntityGovernment, EntityIndividual}
	Verticals          = tendlcrules.Verticals
	StockExchanges     = []string{"NASDAQ", "NYSE", "AMEX", "AMX", "ASX", "B3", "BME", "BSE", "FRA", "ICEX", "JPX", "JSE", "KRX", "LON", "NSE", "OMX", "SEHK", "SGX", "SSE", "STO", "SWX", "SZSE", "TSX", "TWSE", "VSE", "OTHER"}
	AltBusinessIDTypes = []string{"DUNS", "LEI", "GIIN", "NONE"}
	// Seniorities are the documented authorized_contact.seniority values;
	// the service also takes free text, so they are a suggestion, not a rule.
	Seniorities = []string{"DIRECTOR", "GM", "VP", "CEO", "CFO", "GENERAL_COUNSEL", "OTHER"}
)

// Enumerations maps each field with a fixed set of values to that set.
var Enumerations = map[string][]string{
	"customer_type":        CustomerTypes,
	"entity_type":          EntityTypes,
	"vertical":             Verticals,
	"stock_exchange":       StockExchanges,
	"alt_business_id_type": AltBusinessIDTypes,
}

// MaxLength is each field's limit in characters (Unicode code points), as
// the service's own client records it. Nested fields are named
// "address.street", "authorized_contact.phone".
var MaxLength = map[string]int{
	"company_name":             100,
	"ein":                      100,
	"ein_issuing_country":      2,
	"stock_symbol":             10,
	"alt_business_id":          50,
	"website":                  100,
	"business_contact_email":   255,
	"doing_business_as":        100,
	"service_subaccount":       20,
	"address.street":           100,
	"address.city":             100,
	"address.state":            20,
	"address.postal_code":      10,
	"address.country":          2,
	"authorized_contact.phone": 16,
	"authorized_contact.email": 100,
}

// LaterRules are the fields whose rules the service brought in after it
// had made records that break them: entity_type's list (the service's
// recorded profile holds PUBLIC_PROFIT, which today's list lacks). The
// provider applies them to what a plan creates or changes, never to a
// value an import or refresh brought in that the configuration keeps.
var LaterRules = []string{"entity_type"}

// EmailFields are the fields that hold an email address.
var EmailFields = []string{"business_contact_email", "authorized_contact.email"}

// EmailPattern is the form of an email address: something, one @, a
// domain with a dot.
var EmailPattern = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)

// EmailRule says EmailPattern in words.
const EmailRule = "an email address such as ops@example.com"

// Updatable are the fields an update (POST Profile/{uuid}/) changes in
// place; every other field (profile_alias, customer_type, stock_symbol,
// stock_exchange) is fixed at create. An empty value on an update means
// "unchanged", so an update can change a field but never clear one.
var Updatable = []string{
	"entity_type", "company_name", "vertical", "address", "authorized_contact", "website",
	"business_contact_email", "ein", "ein_issuing_country", "alt_business_id", "alt_business_id_type", "doing_business_as",
	"service_subaccount",
}

// IndividualMayOmit are the fields only an INDIVIDUAL profile may leave
// out (Docs "Create a profile"); every other entity type gives ein and
// ein_issuing_country, and PUBLIC gives stock_symbol and stock_exchange.
var IndividualMayOmit = []string{"ein", "ein_issuing_country", "stock_symbol", "stock_exchange", "alt_business_id", "alt_business_id_type"}

// ListMaxLimit is the largest page of GET Profile/.
const ListMaxLimit = 20

// CheckField applies the rules of one field (its allowed values, its
// length in characters, the email form) to a value given; "" (not given)
// always passes. The error names the field, the rule and the value.
func CheckField(field, value string) error {
	if value == "" {
		return nil
	}
	if values, ok := Enumerations[field]; ok && !slices.Contains(values, value) {
		return fmt.Errorf("%s %q is not one of %s", field, value, strings.Join(values, ", "))
	}
	if limit, ok := MaxLength[field]; ok {
		if n := utf8.RuneCountInString(value); n > limit {
			return fmt.Errorf("%s %q is %d characters long, more than the %d allowed", field, value, n, limit)
		}
	}
	if slices.Contains(EmailFields, field) && !EmailPattern.MatchString(value) {
		return fmt.Errorf("%s %q must be %s", field, value, EmailRule)
	}
	return nil
}

// Entity is what the entity rules read: the entity type and the fields it
// may require.
type Entity struct {
	EntityType, EIN, EINIssuingCountry, StockSymbol, StockExchange string
}

// CheckEntity applies the rules of the entity type: every type but
// INDIVIDUAL needs ein and ein_issuing_country, and PUBLIC also needs
// stock_symbol and stock_exchange. It returns one error per missing field,
// in that order; an unknown entity type is CheckField's to refuse.
func CheckEntity(e Entity) fielderr.List {
	var out fielderr.List
	need := func(field, value, why string) {
		if value == "" {
			out = append(out, fielderr.Error{Path: fielderr.Root(field), Layout: fielderr.Stated,
				Rule: fmt.Sprintf("%s is required when entity_type is %q (%s), got none", field, e.EntityType, why)})
		}
	}
	if e.EntityType != EntityIndividual && slices.Contains(EntityTypes, e.EntityType) {
		why := "only INDIVIDUAL may leave out the tax id"
		need("ein", e.EIN, why)
		need("ein_issuing_country", e.EINIssuingCountry, why)
	}
	if e.EntityType == EntityPublic {
		why := "a public company gives its stock listing"
		need("stock_symbol", e.StockSymbol, why)
		need("stock_exchange", e.StockExchange, why)
	}
	return out
}
