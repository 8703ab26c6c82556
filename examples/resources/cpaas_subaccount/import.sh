# Import a subaccount by its auth_id. Name and enabled are read back;
# cascade_on_destroy takes its default (false), so the documented
# configuration plans no change after the import.
terraform import cpaas_subaccount.payments SA2025RK4E639VJFZAMM
