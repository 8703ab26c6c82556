# An origination URI is imported by its uri_uuid.
import {
  to = cpaas_sip_origination_uri.primary
  identity = {
    uri_uuid = "a8c2f0d1-5b3e-4c2a-9f1d-2e7b6c4d8a90"
  }
}
