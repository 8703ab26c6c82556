# An address is imported by its 14-digit id.
import {
  to = cpaas_verification_address.office
  identity = {
    id = "20260512093015"
  }
}
