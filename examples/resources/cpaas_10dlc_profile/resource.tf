# The business profile the registry vets: a brand (and a toll-free
# verification) names it by profile_uuid.
resource "cpaas_10dlc_profile" "acme" {
  profile_alias       = "acme-main"
  customer_type       = "DIRECT"
  entity_type         = "PRIVATE"
  company_name        = "Acme Corporation"
  ein                 = "12-3456789"
  ein_issuing_country = "US"
  vertical            = "RETAIL"
  website             = "https://acme.example"

  address = {
    street      = "123 Main Street"
    city        = "Austin"
    state       = "TX"
    postal_code = "78701"
    country     = "US"
  }

  authorized_contact = {
    first_name = "Jane"
    last_name  = "Doe"
    phone      = "+14155550100"
    email      = "jane.doe@acme.example"
    title      = "Ms"
    seniority  = "CFO"
  }
}
