# Adopting messages sent outside Terraform, or whose send reply was lost,
# with a plan that is empty after the import.
#
# A message's record holds its sender, its destinations (digits only, as the
# API stores them) and its type, but not the text, the media, a template or
# the callback: ignore_changes keeps the imported record as it is for those.
# Nothing is sent by the import, nor by a later change of an ignored
# argument; a change of src, dst or type plans a replacement, which sends.
# (Without ignore_changes the first plan records the configured text in
# place; that sends nothing either.)

# One UUID per destination, joined by commas in the order of dst.
import {
  to = cpaas_message.release_notice
  id = "3d6f2a5e-8c1b-4f0a-9e2d-7b4c1a0f5e93,9b1c0d2e-4f5a-4b6c-8d7e-0f1a2b3c4d5e"
}

resource "cpaas_message" "release_notice" {
  src  = "14155550100"
  dst  = ["12125550101", "447700900123"]
  text = "Release 2.4.0 is live."

  lifecycle {
    ignore_changes = [text]
  }
}

import {
  to = cpaas_message.floor_plan
  id = "5e0a7c3b-2d4f-4e6a-8b1c-9d0e1f2a3b4c"
}

resource "cpaas_message" "floor_plan" {
  src        = "14155550100"
  dst        = ["12125550101"]
  type       = "mms"
  text       = "Tonight's floor plan"
  media_urls = ["https://cdn.example.com/plan-1.jpg", "https://cdn.example.com/plan-2.jpg"]
  url        = "https://hooks.example.com/message-status"
  method     = "POST"

  lifecycle {
    ignore_changes = [text, media_urls, url, method]
  }
}
