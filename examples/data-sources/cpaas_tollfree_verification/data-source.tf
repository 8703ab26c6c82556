# Whether a toll-free number may send SMS to the US and Canada yet.
data "cpaas_tollfree_verification" "support" {
  id = "4bc1ea41-6bfa-4c0b-9a5b-7f4c2f0b2a11"
}

output "support_number_approved" {
  value = data.cpaas_tollfree_verification.support.status == "APPROVED"
}
