package application

import (
	"fmt"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// The bench's whole account (kit.BenchKind) holds count applications, each with
// its own name.
var benchKinds = []kit.BenchKind{{Name: "cpaas_application", Weight: 1, HCL: func(count int, _ []string) string {
	return fmt.Sprintf(`
resource "cpaas_application" "app" {
  count       = %d
  app_name    = "bench-app-${count.index}"
  answer_url  = "https://voice.bench.example/${count.index}/answer"
  message_url = "https://voice.bench.example/${count.index}/message"
}
`, count)
}}}
