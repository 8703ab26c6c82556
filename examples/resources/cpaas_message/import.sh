# Import a message that was sent outside Terraform (or whose send reply was
# lost) by its message UUID; a message to several destinations has one UUID
# per destination, and each is imported as a single-destination resource.
# The record holds no text, so the first plan after the import shows an
# in-place update that takes the text (and other arguments the record lacks)
# from the configuration: it sends nothing.
terraform import cpaas_message.release_notice 3d6f2a5e-8c1b-4f0a-9e2d-7b4c1a0f5e93
