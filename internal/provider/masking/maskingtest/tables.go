package maskingtest

import (
	"regexp"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/config"
)

// Tables adds the entries of the masking tests to the test tables.
func Tables(r *provtest.Tables) {
	// The refresh of maskingSessions from its listing (TestAccListingRefresh).
	r.ListingRefresh("maskingSessions", provtest.ListingRefresh{
		Typ: "cpaas_masking_session", Route: regexp.MustCompile(`^Masking/Session`), Hide: 1, Pages: 1, Kinds: []string{"masking_sessions"},
		Config: `
resource "cpaas_masking_session" "many" {
  count        = 12
  first_party  = format("1415666%04d", count.index)
  second_party = format("1212777%04d", count.index)
}
`,
	})

	// The objects of the docs example of cpaas_masking_session, made as a script would, and its
	// import identity (TestAccImport_docsExamples...).
	r.ImportDocs("cpaas_masking_session", provtest.Identity("session_uuid"),
		provtest.ImportDocsCase{Make: func(t *testing.T, _ *acctest.Env, c *client.Client) ([][2]string, config.Variables) {
			i64 := func(v int64) *int64 { return &v }
			yes := func() *bool { b := true; return &b }
			delivery, err := c.CreateMaskingSession(provtest.DocsCtx, client.MaskingSessionCreate{
				FirstParty: "14155551234", SecondParty: "14155555678", SessionExpiry: i64(7200), CallTimeLimit: i64(900), RingTimeout: i64(30),
				Record: yes(), RecordFileFormat: "mp3", RecordingCallbackURL: "https://hooks.example.com/masking/recordings",
				CallbackURL: "https://hooks.example.com/masking/events", CallbackMethod: "POST",
				FirstPartyPlayURL: "https://audio.example.com/connecting-to-customer.mp3",
			})
			if err != nil {
				t.Fatal(err)
			}
			support, err := c.CreateMaskingSession(provtest.DocsCtx, client.MaskingSessionCreate{
				FirstParty: "14155550111", SecondParty: "14155550222", IsPINAuthenticationRequired: yes(), GeneratePIN: yes(),
				GeneratePINLength: i64(6), PINRetry: i64(2), PINRetryWait: (*client.FlexInt)(i64(10)),
			})
			if err != nil {
				t.Fatal(err)
			}
			return [][2]string{{"cpaas_masking_session.delivery", delivery.SessionUUID}, {"cpaas_masking_session.support", support.SessionUUID}}, nil
		}},
	)

	r.ChaosPart("cpaas_masking_session", func() provtest.ChaosPart {
		return provtest.ChaosPart{HCL: provtest.RepeatHCL(8, RelMaskingHCL), Want: map[string]int{"masking_sessions": 8}}
	})
}
