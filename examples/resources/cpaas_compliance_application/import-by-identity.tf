# A compliance application of the older family is imported by its
# compliance_application_id.
import {
  to = cpaas_compliance_application.germany_local
  identity = {
    compliance_application_id = "3e9f1c2a-7b4d-4e8a-9c1f-2a3b4c5d6e7f"
  }
}
