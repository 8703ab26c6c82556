# The account is imported by its auth_id, the one the provider is
# configured with.
import {
  to = cpaas_account_settings.this
  identity = {
    auth_id = "MAXXXXXXXXXXXXXXXXXX"
  }
}
