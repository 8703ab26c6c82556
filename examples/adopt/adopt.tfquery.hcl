# Everything of the account that Terraform can manage, with the data an
# import reads (include_resource), so `terraform query
# -generate-config-out=generated.tf` writes a resource block and an import
# block for each object.
list "cpaas_endpoint" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_10dlc_brand" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_10dlc_campaign" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_10dlc_campaign_number" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_phone_number" "all" {
  provider         = cpaas
  include_resource = true
}

list "cpaas_application" "all" {
  provider         = cpaas
  include_resource = true
}
