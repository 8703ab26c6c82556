package main

import (
	"fmt"
	"strings"
)

// This kind buys count numbers, written in the configuration as a
// team keeps the numbers it bought: the bench finds them on sale just
// before (a search data source would read its pages on every plan, which
// is not what a no-change plan of an account costs).
var _ = registerAccountKind(resourceKind{name: "cpaas_phone_number", weight: 2,
	numbers: func(count int) int { return count },
	hcl: func(count int, f facts) string {
		quoted := make([]string, 0, count)
		for _, n := range f.numbers[:count] {
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
	}})
