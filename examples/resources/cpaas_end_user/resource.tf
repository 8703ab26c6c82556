# Who will use the numbers of a compliance application of the older family
# (Germany, France, Australia). For India use cpaas_phone_number_compliance.
resource "cpaas_end_user" "acme" {
  name          = "Acme Handels GmbH"
  end_user_type = "business"
}
