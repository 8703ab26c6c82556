# Every long code and toll-free number in every pool of the account.
list "cpaas_powerpack_number" "all" {
  provider         = cpaas
  include_resource = true
}

# The members of one powerpack's pool.
list "cpaas_powerpack_number" "alerts" {
  provider = cpaas
  config {
    powerpack_id = "3f1c2a7e-5b8d-4c19-a0e2-7d6b9f4e8c31"
  }
}
