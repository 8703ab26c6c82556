# An identity is imported by its 14-digit id. The API never returns the
# birth data, the ID's issue or the address: the first plan records the
# configured values, calling no API.
terraform import cpaas_verification_identity.director 24860117204533
