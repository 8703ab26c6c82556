package powerpack

import (
	"fmt"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// The bench's whole account (kit.BenchKind) puts count of the numbers the
// cpaas_phone_number kind buys in the number pool of one powerpack (the numbers
// linked to 10DLC campaigns first, as the number pool guide does). Its weight
// is at most the cpaas_phone_number kind's.
var benchKinds = []kit.BenchKind{{Name: "cpaas_powerpack_number", Weight: 1, After: "cpaas_phone_number",
	Support: func(int) string { return "one powerpack" },
	HCL: func(count int, _ []string) string {
		return fmt.Sprintf(`
resource "cpaas_powerpack" "bench" {
  name = "bench-pool"
}

resource "cpaas_powerpack_number" "member" {
  count        = %d
  powerpack_id = cpaas_powerpack.bench.id
  number       = cpaas_phone_number.num[count.index].number
}
`, count)
	}}}
