# A verified caller ID is imported by its number, E.164 with its +.
import {
  to = cpaas_verified_caller_id.support
  identity = {
    phone_number = "+14155550142"
  }
}
