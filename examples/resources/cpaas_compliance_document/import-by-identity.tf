# A compliance document is imported by its document_id.
import {
  to = cpaas_compliance_document.registration
  identity = {
    document_id = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
  }
}
