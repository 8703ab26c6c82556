# A business profile made outside this configuration, such as the one the
# account was opened with.
data "cpaas_10dlc_profile" "primary" {
  id = "09322f43-fe16-4525-b8e4-4229c867795d"
}

output "primary_company" {
  value = data.cpaas_10dlc_profile.primary.company_name
}
