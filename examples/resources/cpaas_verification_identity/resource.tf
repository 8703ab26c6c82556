# The identity behind an account still on the oldest compliance
# generation (Verification/Identity). A scan of the ID may be uploaded with
# file = "passport.pdf" (JPG, JPEG, PNG or PDF).
resource "cpaas_verification_identity" "director" {
  alias          = "director"
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
  id_number      = "19AB12345"
  address_line1  = "12"
  address_line2  = "Rue de la Paix"
  city           = "Paris"
  region         = "Île-de-France"
  postal_code    = "75002"
}
