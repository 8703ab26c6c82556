# A subaccount made elsewhere, by its auth_id. No auth_token is read.
data "cpaas_subaccount" "payments" {
  auth_id = "SA2025RK4E639VJFZAMM"
}

output "payments_enabled" {
  value = data.cpaas_subaccount.payments.enabled
}
