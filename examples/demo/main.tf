# The demo configuration that `make demo` applies against the emulator.
# The provider reads CPAAS_BASE_URL, CPAAS_AUTH_ID and CPAAS_AUTH_TOKEN,
# which `make demo` sets.
terraform {
  required_providers {
    cpaas = {
      source = "cpaas-dev/cpaas"
    }
  }
}

provider "cpaas" {}
