# An identity of the oldest compliance generation, and its review.
data "cpaas_verification_identity" "director" {
  id = "24860117204533"
}

output "director_identity_status" {
  value = data.cpaas_verification_identity.director.verification_status
}
