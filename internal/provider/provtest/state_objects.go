package provtest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// CheckExactlyStateObjects checks that the emulator holds exactly want
// objects of kind and that they are the ones the state of addr names.
func CheckExactlyStateObjects(t *testing.T, env *acctest.Env, kind, addr string, want int) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		got := env.Objects(t)[kind]
		if len(got) != want {
			return fmt.Errorf("emulator holds %d %s, want %d (a duplicate or a lost create): %v", len(got), kind, want, got)
		}
		rs, ok := s.RootModule().Resources[addr]
		if !ok {
			return fmt.Errorf("%s not in the state", addr)
		}
		var ids []string
		if kind == "messages" {
			for i := 0; i < want; i++ {
				ids = append(ids, rs.Primary.Attributes[fmt.Sprintf("message_uuids.%d", i)])
			}
		} else {
			ids = []string{rs.Primary.ID}
		}
		for _, id := range ids {
			if !slices.Contains(got, id) {
				return fmt.Errorf("state of %s names %s, the emulator holds %v", addr, id, got)
			}
		}
		return nil
	}
}
