package applicationtest

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// AppHCL is an application named name, for the tests of what app_id names.
func AppHCL(name string) string {
	return fmt.Sprintf(`
resource "cpaas_application" %[1]q {
  app_name   = %[1]q
  answer_url = "https://voice.example.com/%[1]s/answer"
}
`, name)
}

// AppIDOf reads the app_id of the application at addr from the state.
func AppIDOf(s *terraform.State, addr string) string {
	if rs, ok := s.RootModule().Resources[addr]; ok {
		return rs.Primary.ID
	}
	return "<" + addr + " not in state>"
}

func RelApplicationHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_application" "a%[1]d" {
  app_name    = "rel-app-%[1]d"
  answer_url  = "https://voice.example.com/answer/%[1]d"
  message_url = "https://voice.example.com/message/%[1]d"
}
`, i)
}
