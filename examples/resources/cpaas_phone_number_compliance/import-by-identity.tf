# A compliance application is imported by its compliance_id.
import {
  to = cpaas_phone_number_compliance.india_local
  identity = {
    compliance_id = "4b6f8e2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b"
  }
}
