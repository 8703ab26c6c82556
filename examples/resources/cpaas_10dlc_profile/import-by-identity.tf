# A business profile is imported by its profile_uuid.
import {
  to = cpaas_10dlc_profile.acme
  identity = {
    profile_uuid = "09322f43-fe16-4525-b8e4-4229c867795d"
  }
}
