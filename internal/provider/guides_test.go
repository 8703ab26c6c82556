package provider_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/examples/guides/10dlc/callbackcheck"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/message/messagetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tollfree/tollfreetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// newGuideRunnerTF114 is newGuideRunner for a configuration that needs
// Terraform 1.14+ (actions): it skips below that version.
func newGuideRunnerTF114(t *testing.T, env *acctest.Env, guide string) *provtest.TfRunner {
	return provtest.NewGuideRunnerCLI(t, env, guide, true)
}

// newGuideRunnerFromMirror is newGuideRunner the README's way: Terraform
// installs the provider that `make install-local` put in the implied local
// mirror of a fresh home, and runs that binary (no reattach).
func newGuideRunnerFromMirror(t *testing.T, env *acctest.Env, guide string) *provtest.TfRunner {
	t.Helper()
	acctest.PreCheck(t)
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	m := installLocal(t)
	r := newMirrorRunner(t, m)
	provtest.SetUpGuide(t, r, env, guide)
	r.InitFromMirror(m)
	r.Run("validate")
	return r
}

func TestAccGuide_gettingStarted(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	// The README's path: the provider comes from make install-local.
	r := newGuideRunnerFromMirror(t, env, "getting-started")
	pw := "-var=desk_password=Desk-phone-2024"
	r.Run("apply", "-input=false", "-auto-approve", pw)
	ids := env.Objects(t)["endpoints"]
	if len(ids) != 1 {
		t.Fatalf("endpoints after apply: %v", ids)
	}
	ep, err := env.Client(t).GetEndpoint(context.Background(), ids[0])
	if err != nil {
		t.Fatal(err)
	}
	var uri string
	r.Output("sip_uri", &uri)
	if ep.Alias != "Front desk phone" || !strings.HasPrefix(ep.Username, "frontdesk") || !strings.Contains(uri, ep.Username) {
		t.Fatalf("endpoint %+v, sip_uri %q", ep, uri)
	}
	if st, _ := os.ReadFile(filepath.Join(r.Dir, "terraform.tfstate")); strings.Contains(string(st), "Desk-phone-2024") {
		t.Fatal("the write-only password reached the state")
	}
	r.ExpectPlan(0, pw)
	r.Run("destroy", "-input=false", "-auto-approve", pw)
	if ids := env.Objects(t)["endpoints"]; len(ids) != 0 {
		t.Fatalf("endpoints after destroy: %v", ids)
	}
}

func TestAccGuide_10dlc(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "time travel") // up front: a skip midway leaves objects behind
	// The guide's receiver: every callback must carry both valid signatures.
	var good, bad atomic.Int32
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		url := "http://" + req.Host + req.URL.Path
		if callbackcheck.Verify(req.Header, "X-Service-Signature-V2", url, acctest.AuthToken) &&
			callbackcheck.Verify(req.Header, "X-Service-Signature-Ma-V2", url, acctest.AuthToken) {
			good.Add(1)
			w.WriteHeader(http.StatusOK)
			return
		}
		bad.Add(1)
		w.WriteHeader(http.StatusUnauthorized)
	}))
	t.Cleanup(receiver.Close)
	r := provtest.NewGuideRunner(t, env, "10dlc")
	cb := "-var=callback_url=" + receiver.URL + "/10dlc"

	r.Run("apply", "-input=false", "-auto-approve", cb)
	objs := env.Objects(t)
	if len(objs["10dlc_brands"]) != 2 || len(objs["10dlc_campaigns"]) != 1 || len(objs["10dlc_campaign_numbers"]) != 2 {
		t.Fatalf("after apply: %v", objs)
	}
	var background string
	r.Output("background_brand_status", &background)
	if background != "PROCESSING" {
		t.Fatalf("the brand that does not wait is %q at the end of the apply, want PROCESSING", background)
	}
	// The registry decides in the background; a refresh records it.
	acctest.Eventually(t, 10*time.Second, func() bool {
		for _, id := range env.Objects(t)["10dlc_brands"] {
			if b, err := env.Client(t).GetBrand(context.Background(), id); err != nil || b.RegistrationStatus == "PROCESSING" {
				return false
			}
		}
		return true
	})
	r.Run("apply", "-input=false", "-auto-approve", "-refresh-only", cb)
	r.Output("background_brand_status", &background)
	if background != "COMPLETED" {
		t.Fatalf("the background brand is %q after a refresh, want COMPLETED", background)
	}
	r.ExpectPlan(0, cb)

	// A rejection: the apply fails with the registry's reasons, the brand
	// stays in the state as tainted.
	// The registry judges the profile: a company name it cannot verify,
	// and a new brand registered for it.
	out, err := r.Try("apply", "-input=false", "-auto-approve", cb, "-var=brand_alias=Acme Rebrand", "-var=company_name=Acme REJECT Corporation")
	if err == nil || !regexp.MustCompile(`(?s)rejected.*IDENTITY_MISMATCH`).MatchString(out) {
		t.Fatalf("apply of a rejected brand: %v\n%s", err, out)
	}
	if st := r.Run("state", "show", "cpaas_10dlc_brand.acme"); !strings.Contains(st, "tainted") {
		t.Fatalf("the rejected brand is not tainted:\n%s", st)
	}
	// The recovery: correct the cause and apply again.
	r.Run("apply", "-input=false", "-auto-approve", cb)
	r.ExpectPlan(0, cb)
	if n := len(env.Objects(t)["10dlc_campaign_numbers"]); n != 2 {
		t.Fatalf("links after recovery: %d", n)
	}

	env.Control(t, "time travel").Settle()
	if good.Load() == 0 || bad.Load() != 0 {
		t.Fatalf("callbacks: %d verified, %d refused", good.Load(), bad.Load())
	}
}

func TestAccGuide_gitopsEndpoints(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	r := provtest.NewGuideRunner(t, env, "gitops-endpoints")
	pw := `-var=endpoint_passwords={reception="Reception-pw-1", support1="Support-pw-1", sales1="Sales-pw-1"}`
	r.Run("apply", "-input=false", "-auto-approve", pw)
	var uris map[string]string
	r.Output("sip_uris", &uris)
	if len(uris) != 3 || len(env.Objects(t)["endpoints"]) != 3 || len(env.Objects(t)["applications"]) != 2 {
		t.Fatalf("sip_uris %v, endpoints %v", uris, env.Objects(t)["endpoints"])
	}
	r.ExpectPlan(0, pw)

	// Drift: someone renames a phone in the console. CI's plan exits 2 and
	// shows the change to undo.
	support := findEndpoint(t, env, "support1")
	alias := "Renamed by hand"
	if err := env.Client(t).UpdateEndpoint(context.Background(), support.EndpointID, client.EndpointUpdate{Alias: &alias}); err != nil {
		t.Fatal(err)
	}
	out := r.ExpectPlan(2, pw)
	if !strings.Contains(out, `module.endpoints.cpaas_endpoint.this["support1"] will be updated in-place`) ||
		!strings.Contains(out, `"Renamed by hand" -> "Support desk 1"`) {
		t.Fatalf("drift plan:\n%s", out)
	}
	r.Run("apply", "-input=false", "-auto-approve", pw)
	if ep := findEndpoint(t, env, "support1"); ep.Alias != "Support desk 1" {
		t.Fatalf("alias after apply: %q", ep.Alias)
	}

	// Moving an endpoint to another application: one changed line, an
	// update in place (same endpoint, same SIP username).
	r.Edit("main.tf", `alias = "Support desk 1", app_id = local.support_app`, `alias = "Support desk 1", app_id = local.sales_app`)
	out = r.ExpectPlan(2, pw)
	if !strings.Contains(out, "1 to change, 0 to destroy") || strings.Contains(out, "must be replaced") {
		t.Fatalf("moving an endpoint between applications:\n%s", out)
	}
	r.Run("apply", "-input=false", "-auto-approve", pw)
	sales, err := env.Client(t).ListAllApplications(context.Background(), "sales")
	if err != nil || len(sales) != 1 {
		t.Fatalf("the sales application: %v %v", sales, err)
	}
	if ep := findEndpoint(t, env, "support1"); ep.AppID() != sales[0].AppID || ep.EndpointID != support.EndpointID {
		t.Fatalf("after the move: %+v (was %s)", ep, support.EndpointID)
	}
	r.ExpectPlan(0, pw)
}

// findEndpoint returns the endpoint whose username starts with prefix.
func findEndpoint(t *testing.T, env *acctest.Env, prefix string) *client.Endpoint {
	t.Helper()
	for _, id := range env.Objects(t)["endpoints"] {
		ep, err := env.Client(t).GetEndpoint(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(ep.Username, prefix) {
			return ep
		}
	}
	t.Fatalf("no endpoint %s...", prefix)
	return nil
}

func TestAccGuide_buyingNumbers(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	r := provtest.NewGuideRunner(t, env, "buying-numbers")
	var want []string
	if !acctest.Real() {
		want, _ = numbertest.ExpectedSearch(t, 4, "country_iso", "US", "type", "local", "city", "San Francisco", "services", "voice,sms")
	} else {
		// The guide buys the search's first results still on sale: on a
		// real account those the API offers now. The test holds
		// acctest.SerialNumberSearch from its setup on, so no other test
		// buys them meanwhile.
		found, _, err := env.Client(t).SearchAllPhoneNumbers(context.Background(),
			client.PhoneNumberSearch{CountryISO: "US", Type: "local", City: "San Francisco", Services: "voice,sms"}, 2)
		if err != nil || len(found) < 2 {
			t.Fatalf("real mode: the guide's search offers %v (%v), want 2 numbers", found, err)
		}
		want = []string{found[0].Number, found[1].Number}
	}
	r.Run("apply", "-input=false", "-auto-approve")
	var numbers map[string]string
	r.Output("numbers", &numbers)
	bought := []string{numbers["support"], numbers["sales"]}
	slices.Sort(bought)
	if first := slices.Sorted(slices.Values(want[:2])); !slices.Equal(bought, first) {
		t.Fatalf("bought %v, want the search's first two results %v", numbers, first)
	}
	// The search now offers other numbers first; the resources keep their
	// own and the plan is empty.
	r.ExpectPlan(0)
	owned := func() {
		t.Helper()
		got := slices.Sorted(slices.Values(env.Objects(t)["numbers"]))
		if !slices.Equal(got, bought) {
			t.Fatalf("numbers owned: %v, want only %v", got, bought)
		}
	}

	// New criteria: an in-place update with a warning; the numbers are kept.
	r.Edit("main.tf", `city        = "San Francisco"`, `city        = "Los Angeles"`)
	out := numbertest.Flat(r.ExpectPlan(2))
	if strings.Contains(out, "must be replaced") || !strings.Contains(out, "Phone number "+bought[0]+" is kept") ||
		!strings.Contains(out, "Phone number "+bought[1]+" is kept") || !strings.Contains(out, "2 to change, 0 to destroy") {
		t.Fatalf("plan with new criteria:\n%s", out)
	}
	r.Run("apply", "-input=false", "-auto-approve")
	owned()
	r.ExpectPlan(0)

	// The form that releases numbers: keys from the search's results. The
	// protected numbers make the plan an error naming each of them.
	r.Edit("main.tf", `  for_each = toset(["support", "sales"])

  search = {
    country_iso = "US"
    type        = "local"
    city        = "Los Angeles"
    services    = ["voice", "sms"]
  }
  alias = "${each.key} line"`, `  for_each = toset(data.cpaas_phone_numbers.sf.numbers[*].number)
  number   = each.value`)
	r.Edit("main.tf", `provider "cpaas" {}`, `provider "cpaas" {}

data "cpaas_phone_numbers" "sf" {
  country_iso = "US"
  type        = "local"
  city        = "San Francisco"
  services    = ["voice", "sms"]
  max_results = 2
}`)
	out, err := r.Try("plan", "-input=false")
	for _, n := range bought {
		if err == nil || !numbertest.ReleaseRefused(out, n) {
			t.Fatalf("plan keyed by the search's results: %v\n%s", err, out)
		}
	}
	owned()
	// terraform destroy of the guide's protected numbers is refused,
	// naming each.
	guide := acctest.RepoFile(t, "examples/guides/buying-numbers/main.tf")
	r.Write(guide)
	out, err = r.Try("destroy", "-input=false", "-auto-approve")
	for _, n := range bought {
		if err == nil || !numbertest.ReleaseRefused(out, n) {
			t.Fatalf("destroy of protected numbers: %v\n%s", err, out)
		}
	}
	owned()

	// Releasing on purpose, as the guide says: release_protection = false,
	// apply, then destroy; the destroy warns, naming each number.
	r.Write(strings.Replace(guide, "release_protection = true", "release_protection = false", 1))
	r.Run("apply", "-input=false", "-auto-approve")
	owned()
	out = numbertest.Flat(r.Run("destroy", "-input=false", "-auto-approve"))
	for _, n := range bought {
		if !numbertest.ReleaseWarned(out, n) {
			t.Fatalf("destroy does not warn that %s is released:\n%s", n, out)
		}
	}
	if got := env.Objects(t)["numbers"]; len(got) != 0 {
		t.Fatalf("numbers after destroy: %v", got)
	}
}

func TestAccGuide_messagingPipeline(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	r := provtest.NewGuideRunner(t, env, "messaging-pipeline")
	if acctest.Real() {
		// The guide sends from the emulator's starter number; a real
		// account sends from a number of its own, here one the test buys.
		src := numbertest.AccountNumbers(t, env, client.PhoneNumberSearch{CountryISO: "US", Type: "local", Services: "sms"}, "")[0].Number
		r.Edit("main.tf", `src  = "14155550100"`, `src  = "`+src+`"`)
	}
	r.Run("apply", "-input=false", "-auto-approve", "-var=release=v1.0.0")
	if n := len(env.Objects(t)["messages"]); n != 2 {
		t.Fatalf("messages after the first release: %d, want 2", n)
	}
	var units int
	r.Output("sms_units", &units)
	if units != 1 {
		t.Fatalf("sms_units = %d", units)
	}
	// Re-running the pipeline for the same release sends nothing.
	r.ExpectPlan(0, "-var=release=v1.0.0")
	r.Run("apply", "-input=false", "-auto-approve", "-var=release=v1.0.0")
	if n := len(env.Objects(t)["messages"]); n != 2 {
		t.Fatalf("messages after re-running the same release: %d, want 2", n)
	}
	// A new release replaces the resource: the notice goes out again.
	out := r.ExpectPlan(2, "-var=release=v1.1.0")
	if !strings.Contains(out, "must be replaced") {
		t.Fatalf("new release plan:\n%s", out)
	}
	r.Run("apply", "-input=false", "-auto-approve", "-var=release=v1.1.0")
	if n := len(env.Objects(t)["messages"]); n != 4 {
		t.Fatalf("messages after the second release: %d, want 4", n)
	}
	// The precondition stops a notice that would cost more than 2 units
	// at plan time, before anything is sent.
	long := "-var=release=" + strings.Repeat("v", 400)
	if out, err := r.Try("plan", "-input=false", long); err == nil || !strings.Contains(out, "keep it to 2") {
		t.Fatalf("plan of a long notice: %v\n%s", err, out)
	}
}

// The guide's MMS: a file of the repository sent with the release notice,
// uploaded once for the send; the same release plans nothing, and a new
// banner image is a new message.
func TestAccGuide_messagingPipelineMMS(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "the messages the emulator sent") // up front: a skip midway leaves objects behind
	r := provtest.NewGuideRunner(t, env, "messaging-pipeline/mms")
	banner, err := os.ReadFile(filepath.Join(r.Dir, "release-banner.png"))
	if err != nil {
		t.Fatal(err)
	}
	r.Run("apply", "-input=false", "-auto-approve", "-var=release=v1.0.0")
	msgs := env.Control(t, "the messages the emulator sent").SentMessages(acctest.AuthID)
	if len(msgs) != 1 || msgs[0].Type != "mms" {
		t.Fatalf("sent after the first release: %+v", msgs)
	}
	media, err := env.Client(t).ListMessageMedia(context.Background(), msgs[0].UUID)
	if err != nil || len(media.Objects) != 1 || media.Objects[0].Size != int64(len(banner)) || media.Objects[0].ContentType != "image/png" {
		t.Fatalf("the MMS's media: %+v %v", media, err)
	}
	if n := len(env.Objects(t)["media"]); n != 1 {
		t.Fatalf("uploads: %d, want 1", n)
	}
	sum := sha256.Sum256(banner)
	var got string
	r.Output("banner_sha256", &got)
	if got != hex.EncodeToString(sum[:]) {
		t.Fatalf("banner_sha256 = %q, want the file's", got)
	}
	r.ExpectPlan(0, "-var=release=v1.0.0")
	// A new banner is a new message, for the same release too.
	if err := os.WriteFile(filepath.Join(r.Dir, "release-banner.png"), append(banner, 0), 0o600); err != nil {
		t.Fatal(err)
	}
	if out := r.ExpectPlan(2, "-var=release=v1.0.0"); !strings.Contains(out, "must be replaced") {
		t.Fatalf("plan after a new banner:\n%s", out)
	}
}

// The guide's other way: the cpaas_send_message action (Terraform 1.14+)
// sends each time the pipeline invokes it and never otherwise, and waits for
// delivery.
func TestAccGuide_messagingPipelineAction_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	env.Control(t, "the messages the emulator sent") // up front: a skip midway leaves objects behind
	r := newGuideRunnerTF114(t, env, "messaging-pipeline/action")
	const invoke = "-invoke=action.cpaas_send_message.deploy_done"
	notice := func(release string) []string {
		text := "Deploy of " + release + " finished. Reply STOP to opt out."
		return []string{"sms 14155550100->12125550101 " + text, "sms 14155550100->447700900123 " + text}
	}
	// Without -invoke: nothing to do, nothing sent.
	r.ExpectPlan(0, "-var=release=v1.0.0")
	r.Run("apply", "-input=false", "-auto-approve", "-var=release=v1.0.0")
	messagetest.ExpectSent(t, env)

	out := r.Run("apply", "-input=false", "-auto-approve", invoke, "-var=release=v1.0.0")
	messagetest.ExpectSent(t, env, notice("v1.0.0")...)
	for _, m := range env.Control(t, "the messages the emulator sent").SentMessages(acctest.AuthID) {
		if m.State != emulator.MessageDelivered {
			t.Errorf("message to %s is %s when the apply ended, want delivered", m.To, m.State)
		}
	}
	if !strings.Contains(out, "Apply complete!") {
		t.Fatalf("apply -invoke:\n%s", out)
	}
	// Unlike cpaas_message, each invocation sends again, for the same release too.
	r.Run("apply", "-input=false", "-auto-approve", invoke, "-var=release=v1.0.0")
	messagetest.ExpectSent(t, env, append(notice("v1.0.0"), notice("v1.0.0")...)...)
	// A number that is not one fails the plan, before anything is sent.
	if out, err := r.Try("plan", "-input=false", invoke, "-var=release=v1.1.0", `-var=on_call=["+1 (212) 555-0101", "call me"]`); err == nil ||
		!strings.Contains(out, "sanitize_number") {
		t.Fatalf("plan with an invalid number: %v\n%s", err, out)
	}
	messagetest.ExpectSent(t, env, append(notice("v1.0.0"), notice("v1.0.0")...)...)
}

// The toll-free verification guide, as its text rehearses it: a create
// answered UPDATE_REQUIRED fails saying to untaint (and the number cannot
// send to the US meanwhile: error 470); after the untaint the default
// sample updates the same request in place, it is approved, the number is
// verified and the message is sent; the plan is then empty.
func TestAccGuide_tollfreeVerification(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, func(o *emulator.Options) { o.TollfreeVerificationDelay = 100 * time.Millisecond })
	ctx := context.Background()
	c := env.Client(t)
	r := provtest.NewGuideRunner(t, env, "tollfree-verification")
	out, err := r.Try("apply", "-input=false", "-auto-approve", "-var=message_sample=Acme: your code is 123456.")
	if err == nil || !strings.Contains(out, "Toll-free verification needs an update") ||
		!strings.Contains(out, "terraform untaint cpaas_tollfree_verification.<name>") {
		t.Fatalf("apply without opt-out language: %v\n%s", err, out)
	}
	ids := env.Objects(t)["tollfree_verifications"]
	if len(ids) != 1 || len(env.Objects(t)["messages"]) != 0 {
		t.Fatalf("after the first apply: %v", env.Objects(t))
	}
	v, err := c.GetTollfreeVerification(ctx, ids[0])
	if err != nil || v.Status != "UPDATE_REQUIRED" {
		t.Fatalf("request %+v (%v), want UPDATE_REQUIRED", v, err)
	}
	// Not verified yet: a message to the US fails with 470.
	sent, err := c.SendMessage(ctx, messagerules.Message{Src: v.Number, Dst: "13125550199", Text: "too early"})
	if err != nil {
		t.Fatal(err)
	}
	provtest.WaitUntil(t, "the unverified send to fail", func() bool {
		m, err := c.GetMessage(ctx, sent.MessageUUID[0])
		return err == nil && m.MessageState == "failed" && m.Code() == messagerules.CodeTollfreeUnverified
	})

	r.Run("untaint", "cpaas_tollfree_verification.support")
	if plan := r.ExpectPlan(2); !strings.Contains(plan, "cpaas_tollfree_verification.support will be updated in-place") {
		t.Fatalf("after the untaint:\n%s", plan)
	}
	r.Run("apply", "-input=false", "-auto-approve")
	var status, number string
	r.Output("verification_status", &status)
	r.Output("toll_free_number", &number)
	if got := env.Objects(t)["tollfree_verifications"]; status != "APPROVED" || len(got) != 1 || got[0] != ids[0] || number != v.Number {
		t.Fatalf("status %q, requests %v (was %s), number %s", status, got, ids[0], number)
	}
	if err := tollfreetest.CheckNumberFollowsID(env, t, ids[0], "verified", "APPROVED"); err != nil {
		t.Fatal(err)
	}
	msgs, err := c.ListAllMessages(ctx, client.MessageFilter{Direction: "outbound"})
	if err != nil {
		t.Fatal(err)
	}
	welcome := 0
	for _, m := range msgs {
		if m.ToNumber == "12125550101" {
			welcome++
			// A delivered message carries the code 000 (no error).
			if c := m.Code(); c != "" && c != messagerules.CodeDelivered {
				t.Fatalf("the welcome message failed: %+v", m)
			}
		}
	}
	if welcome != 1 {
		t.Fatalf("%d welcome messages, want 1", welcome)
	}
	r.ExpectPlan(0)
	r.Run("destroy", "-input=false", "-auto-approve")
	if got := env.Objects(t)["tollfree_verifications"]; len(got) != 0 {
		t.Fatalf("requests after destroy: %v", got)
	}
}

// 10DLC from the root: the profile -> brand -> campaign -> bought numbers ->
// links -> message chain is created in one apply, each object naming the
// one before, a plan after it is empty, and destroy removes it all (the
// emulator refuses any other order than the reverse one).
func TestAccGuide_10dlcFromTheRoot(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	ctx := context.Background()
	c := env.Client(t)
	r := provtest.NewGuideRunner(t, env, "10dlc-from-the-root")
	r.Run("apply", "-input=false", "-auto-approve")
	objs := env.Objects(t)
	if len(objs["10dlc_profiles"]) != 1 || len(objs["10dlc_brands"]) != 1 || len(objs["10dlc_campaigns"]) != 1 ||
		len(objs["10dlc_campaign_numbers"]) != 2 || len(objs["numbers"]) != 2 || len(objs["messages"]) != 1 {
		t.Fatalf("after apply: %v", objs)
	}
	b, err := c.GetBrand(ctx, objs["10dlc_brands"][0])
	if err != nil || b.ProfileUUID != objs["10dlc_profiles"][0] || b.RegistrationStatus != "COMPLETED" {
		t.Fatalf("brand %+v (%v), profile %v", b, err, objs["10dlc_profiles"])
	}
	var campaign string
	var numbers []string
	r.Output("campaign_id", &campaign)
	r.Output("numbers", &numbers)
	k, err := c.GetCampaign(ctx, campaign)
	if err != nil || k.BrandID != b.BrandID {
		t.Fatalf("campaign %+v (%v), brand %s", k, err, b.BrandID)
	}
	for _, n := range numbers {
		rec, err := c.GetNumber(ctx, n)
		if err != nil || wire.Deref(rec.TendlcCampaignID) != campaign {
			t.Fatalf("number %s: %+v (%v), want linked to %s", n, rec, err, campaign)
		}
	}
	r.ExpectPlan(0)
	r.Run("destroy", "-input=false", "-auto-approve")
	objs = env.Objects(t)
	for _, kind := range []string{"10dlc_profiles", "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "numbers"} {
		if len(objs[kind]) != 0 {
			t.Fatalf("%s left after destroy: %v", kind, objs[kind])
		}
	}
}
