# A toll-free verification request is imported by its uuid.
import {
  to = cpaas_tollfree_verification.support
  identity = {
    uuid = "4bc1ea41-6bfa-4c0b-9a5b-7f4c2f0b2a11"
  }
}
