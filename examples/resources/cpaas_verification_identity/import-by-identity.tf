# An identity is imported by its 14-digit id.
import {
  to = cpaas_verification_identity.director
  identity = {
    id = "24860117204533"
  }
}
