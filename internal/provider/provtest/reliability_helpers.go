package provtest

import (
	"fmt"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// Shared by the adoption tests and the chaos test: configurations of every
// resource type, numbered so many can live in one configuration.

// FastRegistry makes the emulator's registry, operators and message
// lifecycle answer within tens of milliseconds on the real clock.
func FastRegistry(o *emulator.Options) {
	o.BrandRegistrationDelay = 30 * time.Millisecond
	o.CampaignRegistrationDelay = 30 * time.Millisecond
	o.NumberLinkDelay = 30 * time.Millisecond
	o.TollfreeVerificationDelay = 30 * time.Millisecond
	o.MessageSentDelay = 10 * time.Millisecond
	o.MessageDeliveredDelay = 10 * time.Millisecond
}

// RepeatHCL joins hcl(1) to hcl(n).
func RepeatHCL(n int, hcl func(int) string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(hcl(i))
	}
	return b.String()
}

// RelProvider is a provider block with many retries, as a user facing an
// unreliable network would set.
func RelProvider(url string, retries int) string {
	return fmt.Sprintf(`
provider "cpaas" {
  base_url    = %q
  auth_id     = "MATESTACCOUNT0000001"
  auth_token  = "test-auth-token-1234567890"
  max_retries = %d
}
`, url, retries)
}

// DropCreates makes every reply of method+path be lost after the request
// was carried out.
func DropCreates(method, path string) emulator.Faults {
	return emulator.Faults{Seed: 1, Rules: []emulator.FaultRule{{Method: method, Path: path, RateDrop: 1}}}
}
