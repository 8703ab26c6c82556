package main

import (
	"fmt"
)

// This kind puts count of the numbers phoneNumberKind buys in the
// number pool of one powerpack (the numbers linked to 10DLC campaigns
// first, as the number pool guide does). Its weight is at most
// phoneNumberKind's.
var _ = registerAccountKind(resourceKind{name: "cpaas_powerpack_number", weight: 1, after: "cpaas_phone_number",
	support: func(int) string { return "one powerpack" },
	hcl: func(count int, _ facts) string {
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
	}})
