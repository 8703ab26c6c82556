# Import a session by its session_uuid. Everything but unknown_caller_play
# (which the API does not return) is read back; a configured
# unknown_caller_play is adopted by the first apply after the import,
# without replacing the session.
terraform import cpaas_masking_session.delivery 6f1e6a5c-2f0e-4a8e-9a43-2d4a6d3f1c20
