# Import a session by its session_uuid. Every attribute but
# unknown_caller_play (which the API does not return) is read back.
terraform import cpaas_masking_session.delivery 6f1e6a5c-2f0e-4a8e-9a43-2d4a6d3f1c20
