# A business profile is imported by its profile_uuid.
terraform import cpaas_10dlc_profile.acme 09322f43-fe16-4525-b8e4-4229c867795d
