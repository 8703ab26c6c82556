# The business profile the registry vets for the brand (one brand per
# profile); see cpaas_10dlc_profile.
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

resource "cpaas_10dlc_brand" "acme" {
  brand_alias       = "Acme Corp"
  profile_uuid      = cpaas_10dlc_profile.acme.id
  brand_type        = "STANDARD"
  secondary_vetting = false

  # Signed status callbacks: created, then registered or rejected.
  url    = "https://hooks.example.com/10dlc/brand"
  method = "POST"

  # Wait for the registry's decision (the default); a rejection fails the
  # apply with the registry's reasons.
  wait_for_registration = true

  timeouts {
    create = "45m"
  }
}

output "acme_brand_status" {
  value = cpaas_10dlc_brand.acme.registration_status
}
