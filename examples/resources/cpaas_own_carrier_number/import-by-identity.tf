# A number from the account's own carrier is imported by the number:
# digits with the country code, no "+".
import {
  to = cpaas_own_carrier_number.berlin
  identity = {
    number = "493012345678"
  }
}
