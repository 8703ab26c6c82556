# Import a powerpack by its UUID. Everything but unrent_numbers_on_destroy
# (false after an import) is read back, so the documented configuration
# plans no change after the import.
terraform import cpaas_powerpack.alerts 3f1c2a7e-5b8d-4c19-a0e2-7d6b9f4e8c31
