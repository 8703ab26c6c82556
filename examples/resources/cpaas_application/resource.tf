# The URLs the service calls for the calls and messages of the endpoints and
# numbers whose app_id names the application. Destroying it never deletes
# those endpoints: the provider detaches them instead.
resource "cpaas_application" "support" {
  app_name      = "support-line"
  answer_url    = "https://voice.example.com/support/answer"
  answer_method = "GET"
  hangup_url    = "https://voice.example.com/support/hangup"
  message_url   = "https://voice.example.com/support/message"
}
