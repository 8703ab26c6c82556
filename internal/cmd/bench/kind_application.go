package main

import (
	"fmt"
)

// This kind is count applications, each with its own name.
var _ = registerAccountKind(resourceKind{name: "cpaas_application", weight: 1, hcl: func(count int, _ facts) string {
	return fmt.Sprintf(`
resource "cpaas_application" "app" {
  count       = %d
  app_name    = "bench-app-${count.index}"
  answer_url  = "https://voice.bench.example/${count.index}/answer"
  message_url = "https://voice.bench.example/${count.index}/message"
}
`, count)
}})
