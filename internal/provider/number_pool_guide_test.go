package provider_test

import (
	"context"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
)

// The guide "Sending at scale through a number pool", as its text
// rehearses it: numbers bought from a search, linked to a 10DLC campaign
// and pooled; a send through the powerpack to a Los Angeles customer is
// picked by local connect (the California number) and says so; a second
// send to the same customer keeps that number (sticky sender) and another
// customer in New York gets the New York number; destroying the pool
// leaves the numbers owned.
func TestAccGuide_numberPool_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, provtest.FastRegistry)
	env.Control(t, "the messages the emulator sent") // up front: a skip midway leaves objects behind
	ctx := context.Background()
	c := env.Client(t)
	r := newGuideRunnerTF114(t, env, "number-pool")
	r.Run("apply", "-input=false", "-auto-approve")
	objs := env.Objects(t)
	if len(objs["powerpacks"]) != 1 || len(objs["powerpack_numbers"]) != 2 || len(objs["10dlc_campaign_numbers"]) != 2 || len(objs["numbers"]) != 2 {
		t.Fatalf("after apply: %v", objs)
	}
	var powerpack string
	var numbers map[string]string
	r.Output("powerpack_id", &powerpack)
	r.Output("numbers", &numbers)
	r.ExpectPlan(0)

	const invoke = "-invoke=action.cpaas_send_message.pickup_ready"
	out := r.Run("apply", "-input=false", "-auto-approve", invoke)
	if !strings.Contains(out, "from "+numbers["sf"]+" (picked by powerpack "+powerpack+")") {
		t.Fatalf("the first send does not say it was picked from %s:\n%s", numbers["sf"], out)
	}
	r.Run("apply", "-input=false", "-auto-approve", invoke)
	nyCustomer := "1" + numbers["ny"][1:4] + "5550142"
	r.Run("apply", "-input=false", "-auto-approve", invoke, "-var=customer="+nyCustomer)
	sent := env.Control(t, "the messages the emulator sent").SentMessages(acctest.AuthID)
	if len(sent) != 3 {
		t.Fatalf("messages sent: %v", sent)
	}
	for i, want := range []struct{ from, to string }{{numbers["sf"], "12135550142"}, {numbers["sf"], "12135550142"}, {numbers["ny"], nyCustomer}} {
		if sent[i].From != want.from || sent[i].To != want.to {
			t.Errorf("message %d: from %s to %s, want from %s to %s", i, sent[i].From, sent[i].To, want.from, want.to)
		}
		m, err := c.GetMessage(ctx, sent[i].UUID)
		if err != nil || m.PowerpackID != powerpack {
			t.Errorf("message %d: powerpack_id %q (%v), want %s", i, m.PowerpackID, err, powerpack)
		}
	}

	// Destroying the pool alone (what the guide says to do with the
	// numbers: nothing) keeps them the account's.
	r.Run("destroy", "-input=false", "-auto-approve", "-target=cpaas_powerpack.pickup")
	objs = env.Objects(t)
	if len(objs["powerpacks"]) != 0 || len(objs["powerpack_numbers"]) != 0 || len(objs["numbers"]) != 2 || len(objs["10dlc_campaign_numbers"]) != 2 {
		t.Fatalf("after destroying the pool: %v", objs)
	}
	r.Run("destroy", "-input=false", "-auto-approve")
	if objs := env.Objects(t); len(objs["powerpacks"])+len(objs["numbers"])+len(objs["10dlc_campaigns"]) != 0 {
		t.Fatalf("after destroy: %v", objs)
	}
}
