# A credentials list is imported by its credential_uuid.
import {
  to = cpaas_sip_credential_list.pbx
  identity = {
    credential_uuid = "f19c4773-4ae6-4b75-92ea-9cf3ea4227d6"
  }
}
