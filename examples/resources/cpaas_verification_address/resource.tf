# The office address of an account still on the oldest compliance
# generation (Verification/Address). A proof may be uploaded with
# file = "proof-of-address.pdf" (JPG, JPEG, PNG or PDF).
resource "cpaas_verification_address" "office" {
  alias                = "paris-office"
  country_iso          = "FR"
  salutation           = "Ms"
  first_name           = "Camille"
  last_name            = "Durand"
  address_line1        = "12"
  address_line2        = "Rue de la Paix"
  city                 = "Paris"
  region               = "Île-de-France"
  postal_code          = "75002"
  address_proof_type   = "passport"
  phone_number_country = "FR"
  number_type          = "local"
}
