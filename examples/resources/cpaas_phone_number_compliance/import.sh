# A compliance application is imported by its compliance_id; the provider
# downloads each document once to learn its file's SHA-256.
terraform import cpaas_phone_number_compliance.india_local 4b6f8e2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b
