package number

import (
	"fmt"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// The bench's whole account (kit.BenchKind) buys count numbers, written in the
// configuration as a team keeps the numbers it bought: the bench finds them on
// sale just before (a search data source would read its pages on every plan,
// which is not what a no-change plan of an account costs).
var benchKinds = []kit.BenchKind{{Name: "cpaas_phone_number", Weight: 2,
	Numbers: func(count int) int { return count },
	HCL: func(count int, numbers []string) string {
		quoted := make([]string, 0, count)
		for _, n := range numbers[:count] {
			quoted = append(quoted, fmt.Sprintf("%q", n))
		}
		return fmt.Sprintf(`
locals {
  bench_numbers = [%s]
}

resource "cpaas_phone_number" "num" {
  count  = %d
  number = local.bench_numbers[count.index]
  alias  = "bench number ${count.index}"
}
`, strings.Join(quoted, ", "), count)
	}}}
