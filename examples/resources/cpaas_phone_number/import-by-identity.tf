# A number the account owns is imported by the number: digits with the
# country code, no "+".
import {
  to = cpaas_phone_number.support
  identity = {
    number = "14154009186"
  }
}
