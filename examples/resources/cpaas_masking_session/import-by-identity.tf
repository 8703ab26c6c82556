# A masking session is imported by its session_uuid.
import {
  to = cpaas_masking_session.delivery
  identity = {
    session_uuid = "6f1e6a5c-2f0e-4a8e-9a43-2d4a6d3f1c20"
  }
}
