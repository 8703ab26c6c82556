resource "cpaas_10dlc_brand" "acme" {
  brand_alias       = "Acme Corp"
  profile_uuid      = "1b2c3d4e-0000-4000-8000-123456789abc"
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
