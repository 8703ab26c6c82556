package verificationtest

import (
	"fmt"
)

// VerificationAddressHCL is an address of alias alias; extra goes inside.
func VerificationAddressHCL(name, alias, city, extra string) string {
	return fmt.Sprintf(`
resource "cpaas_verification_address" %q {
  alias                = %q
  country_iso          = "FR"
  salutation           = "Ms"
  first_name           = "Camille"
  last_name            = "Durand"
  address_line1        = "12"
  address_line2        = "Rue de la Paix"
  city                 = %q
  region               = "Île-de-France"
  postal_code          = "75002"
  address_proof_type   = "passport"
  phone_number_country = "FR"
  number_type          = "local"
%s
}
`, name, alias, city, extra)
}

// VerificationIdentityHCL is an identity of alias alias; extra goes inside.
func VerificationIdentityHCL(name, alias, idNumber, extra string) string {
	return fmt.Sprintf(`
resource "cpaas_verification_identity" %q {
  alias          = %q
  country_iso    = "FR"
  salutation     = "Ms"
  first_name     = "Camille"
  last_name      = "Durand"
  birth_place    = "Lyon"
  birth_date     = "1984-02-29"
  nationality    = "FR"
  id_nationality = "FR"
  id_issue_date  = "2020-01-15"
  id_type        = "passport"
  id_number      = %q
  address_line1  = "12"
  address_line2  = "Rue de la Paix"
  city           = "Paris"
  region         = "Île-de-France"
  postal_code    = "75002"
%s
}
`, name, alias, idNumber, extra)
}

// relVerificationHCL is address and identity i of the chaos test.
func relVerificationHCL(i int) string {
	return VerificationAddressHCL(fmt.Sprintf("chaos_%d", i), fmt.Sprintf("chaos address %d", i), "Paris", "") +
		VerificationIdentityHCL(fmt.Sprintf("chaos_%d", i), fmt.Sprintf("chaos identity %d", i), "19AB12345", "")
}
