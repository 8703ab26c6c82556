package tendlctest

import (
	"fmt"
)

func relCampaignImportHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_10dlc_campaign_import" "ci%[1]d" {
  campaign_id    = "CIMP%03[1]d"
  campaign_alias = "Reliability import %[1]d"
}
`, i)
}
