# Import an application by its app_id. Every attribute is read back, so the
# documented configuration plans no change after the import.
terraform import cpaas_application.support 20372631212782780
