package profilerules

import (
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"strings"
	"testing"
)

func TestCheckField(t *testing.T) {
	for _, tc := range []struct {
		field, value, want string
	}{
		{"entity_type", "PRIVATE", ""},
		{"entity_type", "PUBLIC_PROFIT", `entity_type "PUBLIC_PROFIT" is not one of PRIVATE, PUBLIC, NON_PROFIT, GOVERNMENT, INDIVIDUAL`},
		{"customer_type", "direct", `customer_type "direct" is not one of DIRECT, RESELLER`},
		{"stock_exchange", "NYSE", ""},
		{"alt_business_id_type", "SSN", `alt_business_id_type "SSN" is not one of`},
		{"vertical", "RETAIL", ""},
		{"vertical", "SPACE", `vertical "SPACE" is not one of`},
		// Lengths count characters: 100 two-byte characters pass, 101 do not.
		{"company_name", strings.Repeat("é", 100), ""},
		{"company_name", strings.Repeat("é", 101), "is 101 characters long, more than the 100 allowed"},
		{"stock_symbol", "ÅÅÅÅÅÅÅÅÅÅ", ""},
		{"stock_symbol", "ÅÅÅÅÅÅÅÅÅÅÅ", `stock_symbol "ÅÅÅÅÅÅÅÅÅÅÅ" is 11 characters long, more than the 10 allowed`},
		{"address.state", strings.Repeat("日", 20), ""},
		{"address.state", strings.Repeat("日", 21), "address.state"},
		{"address.country", "USA", `address.country "USA" is 3 characters long, more than the 2 allowed`},
		{"authorized_contact.phone", "+1415555010012345", "more than the 16 allowed"},
		{"business_contact_email", "ops@example.com", ""},
		{"business_contact_email", "ops.example.com", `business_contact_email "ops.example.com" must be an email address`},
		{"authorized_contact.email", "a@b", "must be an email address"},
		{"profile_alias", strings.Repeat("x", 500), ""},
		{"ein", "", ""},
	} {
		err := CheckField(tc.field, tc.value)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("CheckField(%s, %q) = %v, want nil", tc.field, tc.value, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("CheckField(%s, %q) = %v, want an error containing %q", tc.field, tc.value, err, tc.want)
		}
	}
}

func TestCheckEntity(t *testing.T) {
	fields := func(errs fielderr.List) string {
		var out []string
		for _, e := range errs {
			out = append(out, e.Path.String())
		}
		return strings.Join(out, ",")
	}
	for _, tc := range []struct {
		e    Entity
		want string
	}{
		{Entity{EntityType: EntityIndividual}, ""},
		{Entity{EntityType: EntityPrivate, EIN: "12-3456789", EINIssuingCountry: "US"}, ""},
		{Entity{EntityType: EntityPrivate}, "ein,ein_issuing_country"},
		{Entity{EntityType: EntityPublic, EIN: "1", EINIssuingCountry: "US"}, "stock_symbol,stock_exchange"},
		{Entity{EntityType: EntityPublic, EIN: "1", EINIssuingCountry: "US", StockSymbol: "ACME", StockExchange: "NYSE"}, ""},
		{Entity{EntityType: "ALIEN"}, ""},
	} {
		if got := fields(CheckEntity(tc.e)); got != tc.want {
			t.Errorf("CheckEntity(%+v) names %q, want %q", tc.e, got, tc.want)
		}
	}
	errs := CheckEntity(Entity{EntityType: EntityPublic, EIN: "1", EINIssuingCountry: "US", StockExchange: "NYSE"})
	if len(errs) != 1 || errs[0].Error() != `stock_symbol is required when entity_type is "PUBLIC" (a public company gives its stock listing), got none` {
		t.Errorf("CheckEntity: %v", errs)
	}
}
