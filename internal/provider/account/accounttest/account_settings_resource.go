package accounttest

import (
	"context"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// The account is a singleton that always exists: its chaos part adopts it
// under faults (the update is retried like a read) and the chaos test
// finds it as the emulator's one "account" object, which destroy leaves.
func relAccountSettingsHCL(int) string {
	return `
resource "cpaas_account_settings" "this" {
  name     = "Chaos Co"
  city     = "Oakland"
  timezone = "America/Chicago"
}
`
}

// MakeDocsAccount sets the account to examples/resources/cpaas_account_settings.
func MakeDocsAccount(t *testing.T, c *client.Client) {
	t.Helper()
	if err := c.UpdateAccount(context.Background(), client.AccountUpdate{Name: new("Acme Dental"), Address: new("1 Market Street"),
		City: new("San Francisco"), State: new("CA"), Timezone: new("America/Los_Angeles")}); err != nil {
		t.Fatal(err)
	}
}
