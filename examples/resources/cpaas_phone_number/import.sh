# Import a number the account already owns by the number itself: digits with
# the country code, no "+". Destroying the resource afterwards releases it.
terraform import cpaas_phone_number.support 14154009186
