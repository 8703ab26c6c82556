# Import a verified caller ID by its number, E.164 with its +. The alias and
# subaccount are read back, so the documented configuration plans no change.
terraform import cpaas_verified_caller_id.support +14155550142
