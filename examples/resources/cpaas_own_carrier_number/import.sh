# Import a number the account has from its own carrier by the number itself:
# digits with the country code, no "+". The number's record names the carrier
# but not its id: the configured carrier is recorded by the next apply,
# without replacing the number.
terraform import cpaas_own_carrier_number.berlin 493012345678
