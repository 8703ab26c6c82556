package tendlctest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// TendlcEnv is an emulator on a real clock with short 10DLC delays, so
// the provider's waiters finish in a fraction of a second.
func TendlcEnv(t *testing.T) *acctest.Env {
	return acctest.NewEnv(t, func(o *emulator.Options) {
		o.BrandRegistrationDelay = 150 * time.Millisecond
		o.CampaignRegistrationDelay = 150 * time.Millisecond
		o.NumberLinkDelay = 100 * time.Millisecond
	})
}

// BrandHCL is a STANDARD brand, cpaas_10dlc_brand.test, of a profile
// cpaas_10dlc_profile.test made in the same configuration. The registry
// judges the profile: an alias containing REJECT puts REJECT in the
// profile's company_name, which the emulator declines.
func BrandHCL(alias, extra string) string {
	company := "Acme Corp"
	if strings.Contains(alias, "REJECT") {
		company = "Acme REJECT Corp"
	}
	return ProfileHCL("test", company, "") + fmt.Sprintf(`
resource "cpaas_10dlc_brand" "test" {
  brand_alias  = %q
  profile_uuid = cpaas_10dlc_profile.test.id
  brand_type   = "STANDARD"
%s
}
`, alias, extra)
}

func StateID(s *terraform.State, addr string) (string, error) {
	rs, ok := s.RootModule().Resources[addr]
	if !ok {
		return "", fmt.Errorf("%s not in state", addr)
	}
	return rs.Primary.ID, nil
}
