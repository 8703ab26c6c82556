# A message is imported by its message UUIDs: one per destination, joined
# by commas in the order of dst. The import sends nothing.
import {
  to = cpaas_message.release_notice
  identity = {
    message_uuids = "3d6f2a5e-8c1b-4f0a-9e2d-7b4c1a0f5e93,9b1c0d2e-4f5a-4b6c-8d7e-0f1a2b3c4d5e"
  }
}
