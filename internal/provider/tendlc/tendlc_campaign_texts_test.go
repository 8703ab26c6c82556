package tendlc

import (
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// Every updatable campaign text says where an update sends it, and no two
// send to the same field.
func TestCampaignTextsEachHaveTheirUpdateField(t *testing.T) {
	var m campaignAttrs
	var in campaignUpdateProbe
	seen := map[**string]string{}
	for _, txt := range m.texts() {
		if txt.in == nil {
			t.Fatalf("%s has no update field", txt.name)
		}
		p := txt.in(&in.u)
		if other, dup := seen[p]; dup {
			t.Fatalf("%s and %s send to the same update field", txt.name, other)
		}
		seen[p] = txt.name
	}
	if len(seen) != 16 {
		t.Fatalf("%d texts, want the update's 16", len(seen))
	}
}

type campaignUpdateProbe struct{ u client.CampaignUpdate }
