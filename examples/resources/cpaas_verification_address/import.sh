# An address is imported by its 14-digit id. The API never returns
# address_proof_type, phone_number_country and number_type: the first plan
# records the configured values, calling no API.
terraform import cpaas_verification_address.office 20260512093015
