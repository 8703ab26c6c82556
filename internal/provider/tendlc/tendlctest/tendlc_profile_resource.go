package tendlctest

import (
	"fmt"
)

// ProfileHCL is cpaas_10dlc_profile.<name>, a PRIVATE company with an EIN;
// extra adds or overrides top-level arguments (HCL takes the last
// definition only once: extra holds arguments the body lacks).
func ProfileHCL(name, company, extra string) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_profile" %[1]q {
  profile_alias       = "%[1]s-profile"
  customer_type       = "DIRECT"
  entity_type         = "PRIVATE"
  company_name        = %[2]q
  ein                 = "12-3456789"
  ein_issuing_country = "US"
  vertical            = "RETAIL"
%[3]s
  address = {
    street      = "1 Main St"
    city        = "Austin"
    state       = "TX"
    postal_code = "78701"
    country     = "US"
  }
  authorized_contact = {
    first_name = "Jane"
    last_name  = "Doe"
    phone      = "+14155550100"
    email      = "jane@example.com"
  }
}
`, name, company, extra)
}

// ProfileBodyHCL is a profile with every argument given by the caller.
func ProfileBodyHCL(args string) string {
	return `
resource "cpaas_10dlc_profile" "test" {
  profile_alias = "acme"
  customer_type = "DIRECT"
  company_name  = "Acme"
  vertical      = "RETAIL"
` + args + `
  address = {
    street      = "1 Main St"
    city        = "Austin"
    state       = "TX"
    postal_code = "78701"
    country     = "US"
  }
  authorized_contact = {
    first_name = "Jane"
    last_name  = "Doe"
    phone      = "+14155550100"
    email      = "jane@example.com"
  }
}
`
}
