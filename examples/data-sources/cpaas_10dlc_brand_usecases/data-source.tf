# The use cases a registered brand may register campaigns for.
data "cpaas_10dlc_brand_usecases" "acme" {
  brand_id = "BXK2M9Q"
}

# Choose a campaign's use case from the brand's list, so a plan fails
# early when the brand cannot register it.
locals {
  usecase = contains(data.cpaas_10dlc_brand_usecases.acme.codes, "MIXED") ? "MIXED" : "STARTER"
}

output "acme_usecases" {
  value = { for u in data.cpaas_10dlc_brand_usecases.acme.use_cases : u.code => u.name }
}
