package provider_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/endpoint/endpointtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/masking/maskingtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/message/messagetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tollfree/tollfreetest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// Every create below has its reply dropped after the emulator carried it
// out (RateDrop 1 on that route): the provider must adopt the object it
// made, so the emulator holds exactly one, the state names it, and the
// plan after apply is empty.

type adoptCase struct {
	name, method, route, hcl string
	// kind and addr: the emulator's object kind and the resource whose id
	// (or message_uuids for messages) must be the one object of the kind.
	kind, addr string
	want       int
}

func adoptCases() []adoptCase {
	return []adoptCase{
		{name: "endpoint", method: "POST", route: "Endpoint", hcl: endpointtest.RelEndpointHCL(1), kind: "endpoints", addr: "cpaas_endpoint.e1", want: 1},
		{name: "profile", method: "POST", route: "Profile", hcl: tendlctest.RelProfileHCL(1), kind: "10dlc_profiles", addr: "cpaas_10dlc_profile.p1", want: 1},
		{name: "brand", method: "POST", route: "10dlc/Brand", hcl: tendlctest.RelProfileHCL(1) + tendlctest.RelBrandHCL(1), kind: "10dlc_brands", addr: "cpaas_10dlc_brand.b1", want: 1},
		{name: "campaign", method: "POST", route: "10dlc/Campaign", hcl: tendlctest.RelProfileHCL(1) + tendlctest.RelBrandHCL(1) + tendlctest.RelCampaignHCL(1, "cpaas_10dlc_brand.b1"),
			kind: "10dlc_campaigns", addr: "cpaas_10dlc_campaign.c1", want: 1},
		{name: "campaign_number", method: "POST", route: "10dlc/Campaign/{id}/Number",
			hcl:  tendlctest.RelProfileHCL(1) + tendlctest.RelBrandHCL(1) + tendlctest.RelCampaignHCL(1, "cpaas_10dlc_brand.b1") + tendlctest.RelCampaignNumberHCL(1, "cpaas_10dlc_campaign.c1", `"14155550100"`),
			kind: "10dlc_campaign_numbers", addr: "cpaas_10dlc_campaign_number.l1", want: 1},
		{name: "phone_number", method: "POST", route: "PhoneNumber/{number}", hcl: numbertest.RelNumbersHCL(1) + numbertest.RelPhoneNumberHCL(0),
			kind: "numbers", addr: "cpaas_phone_number.n0", want: 1},
		{name: "own_carrier_number", method: "POST", route: "Number", hcl: numbertest.RelOwnCarrierNumberHCL(1),
			kind: "numbers", addr: "cpaas_own_carrier_number.oc1", want: 1},
		{name: "tollfree_verification", method: "POST", route: "TollfreeVerification",
			hcl: tendlctest.RelProfileHCL(1) + `
data "cpaas_phone_numbers" "rel_tollfree" {
  country_iso = "US"
  type        = "toll-free"
  max_results = 1
}
` + tollfreetest.RelTollfreeHCL(0), kind: "tollfree_verifications", addr: "cpaas_tollfree_verification.tf0", want: 1},
		{name: "masking_session", method: "POST", route: "Masking/Session", hcl: maskingtest.RelMaskingHCL(1),
			kind: "masking_sessions", addr: "cpaas_masking_session.m1", want: 1},
		{name: "message", method: "POST", route: "Message", hcl: messagetest.RelMessageHCL(1, "12125550191", "13125550192"),
			kind: "messages", addr: "cpaas_message.s1", want: 2},
	}
}

func TestAccAdopt_droppedCreateReply(t *testing.T) {
	for _, tc := range adoptCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			env := acctest.NewEnv(t, provtest.FastRegistry)
			env.Control(t, "injected faults").SetFaults(provtest.DropCreates(tc.method, tc.route))
			acctest.Test(t, resource.TestCase{
				Steps: []resource.TestStep{{
					Config: env.Config(tc.hcl),
					Check: resource.ComposeTestCheckFunc(
						func(s *terraform.State) error {
							if st := env.Control(t, "injected faults").FaultStats(); st.Dropped < 1 {
								return fmt.Errorf("no reply was dropped: %+v", st)
							}
							return nil
						},
						provtest.CheckExactlyStateObjects(t, env, tc.kind, tc.addr, tc.want),
					),
					ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				}},
			})
		})
	}
}

// When several existing objects match, the provider refuses to guess.
func TestAccAdopt_severalCandidatesIsAnError(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "injected faults") // up front: a skip midway leaves objects behind
	c := env.Client(t)
	// An endpoint made outside Terraform, identical to the configured one.
	if _, err := c.CreateEndpoint(context.Background(), client.EndpointCreate{Username: "rel_ep_1", Password: "rel-secret-1", Alias: "Reliability endpoint 1"}); err != nil {
		t.Fatal(err)
	}
	env.Control(t, "injected faults").SetFaults(provtest.DropCreates("POST", "Endpoint"))
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config:      env.Config(endpointtest.RelEndpointHCL(1)),
			ExpectError: acctest.ErrorPattern("2 existing endpoints match username rel_ep_1 \\+ 12 digits"),
		}, {
			// Nothing was adopted and nothing more created.
			PreConfig: func() {
				if n := len(env.Objects(t)["endpoints"]); n != 2 {
					t.Fatalf("emulator holds %d endpoints, want the 2 that matched", n)
				}
				env.Control(t, "injected faults").SetFaults(emulator.Faults{})
			},
			Config:   env.Config(endpointtest.RelEndpointHCL(1)),
			PlanOnly: true, ExpectNonEmptyPlan: true,
		}},
	})
}

// A send that fails with a 5xx before anything happened is looked for,
// not found, and not sent again within the apply; the error says so.
func TestAccAdopt_messageNotFoundIsNotResent(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, provtest.FastRegistry)
	env.Control(t, "injected faults").SetFaults(emulator.Faults{Seed: 1, Rules: []emulator.FaultRule{{Method: "POST", Path: "Message", Rate5xx: 1}}})
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config:      env.Config(messagetest.RelMessageHCL(1, "12125550191")),
			ExpectError: acctest.ErrorPattern("The send may not have happened: no matching message was found"),
		}, {
			PreConfig: func() {
				if st := env.Control(t, "injected faults").FaultStats(); st.Failed != 1 {
					t.Fatalf("the send was attempted %d times, want exactly once: %+v", st.Failed, st)
				}
				if n := len(env.Objects(t)["messages"]); n != 0 {
					t.Fatalf("emulator holds %d messages after a failed send", n)
				}
				env.Control(t, "injected faults").SetFaults(emulator.Faults{})
			},
			// The next apply sends it, once.
			Config: env.Config(messagetest.RelMessageHCL(1, "12125550191")),
			Check:  provtest.CheckExactlyStateObjects(t, env, "messages", "cpaas_message.s1", 1),
		}},
	})
}
