# A brand is imported by its brand_id.
import {
  to = cpaas_10dlc_brand.acme
  identity = {
    brand_id = "BXK2M9Q"
  }
}
