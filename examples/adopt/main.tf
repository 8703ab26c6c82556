terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

# The account to adopt: base_url, auth_id and auth_token come from
# CPAAS_BASE_URL, CPAAS_AUTH_ID and CPAAS_AUTH_TOKEN.
provider "cpaas" {}
