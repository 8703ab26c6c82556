# An end user is imported by its end_user_id.
import {
  to = cpaas_end_user.acme
  identity = {
    end_user_id = "5d2c7a4e-8f1b-4c3d-9e6a-1b2c3d4e5f60"
  }
}
