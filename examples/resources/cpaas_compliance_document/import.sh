# A compliance document is imported by its document_id. The API serves no
# download of its file: the configured file of the same name is taken as
# the one uploaded (the plan warns).
terraform import cpaas_compliance_document.registration 7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d
