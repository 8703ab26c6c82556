# An address of the oldest compliance generation, and its review.
data "cpaas_verification_address" "office" {
  id = "20260512093015"
}

output "office_address_verified" {
  value = data.cpaas_verification_address.office.verification_status == "accepted"
}
