# A subaccount is imported by its auth_id.
import {
  to = cpaas_subaccount.payments
  identity = {
    auth_id = "SA2025RK4E639VJFZAMM"
  }
}
