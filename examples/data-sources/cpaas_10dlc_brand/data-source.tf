# A brand registered outside this configuration.
data "cpaas_10dlc_brand" "existing" {
  id = "BXK2M9Q"
}

output "existing_brand_registered" {
  value = data.cpaas_10dlc_brand.existing.registration_status == "COMPLETED"
}
