# Import a message that was sent outside Terraform (or whose send reply was
# lost) by its message UUID. A message to several destinations has one UUID
# per destination: import it by its UUIDs joined by commas, in the order of
# dst. The import sends nothing.
terraform import cpaas_message.release_notice 3d6f2a5e-8c1b-4f0a-9e2d-7b4c1a0f5e93,9b1c0d2e-4f5a-4b6c-8d7e-0f1a2b3c4d5e
