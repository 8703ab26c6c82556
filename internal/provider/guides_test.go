package provider_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
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
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/msgrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The guides under docs/guides quote their configurations from
// examples/guides/<name>. Each test here copies one, as it is, into a
// workspace, points its provider block at a fresh emulator with an override
// file (the guides take credentials from the environment), and runs the
// Terraform CLI through the guide's steps.

// newGuideRunner returns a runner in an initialised copy of the guide's
// configuration (guide: its directory under examples/guides).
func newGuideRunner(t *testing.T, env *acctest.Env, guide string) *tfRunner {
	return newGuideRunnerCLI(t, env, guide, false)
}

// newGuideRunnerTF114 is newGuideRunner for a configuration that needs
// Terraform 1.14+ (actions): it skips below that version.
func newGuideRunnerTF114(t *testing.T, env *acctest.Env, guide string) *tfRunner {
	return newGuideRunnerCLI(t, env, guide, true)
}

func newGuideRunnerCLI(t *testing.T, env *acctest.Env, guide string, tf114 bool) *tfRunner {
	t.Helper()
	acctest.PreCheck(t)
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	r := newTFRunner(t)
	if tf114 {
		r.skipBelowTF114()
	}
	setUpGuide(t, r, env, guide)
	r.run("init", "-input=false")
	r.run("validate")
	return r
}

// newGuideRunnerFromMirror is newGuideRunner the README's way: Terraform
// installs the provider that `make install-local` put in the implied local
// mirror of a fresh home, and runs that binary (no reattach).
func newGuideRunnerFromMirror(t *testing.T, env *acctest.Env, guide string) *tfRunner {
	t.Helper()
	acctest.PreCheck(t)
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	m := installLocal(t)
	r := newMirrorRunner(t, m)
	setUpGuide(t, r, env, guide)
	r.initFromMirror(m)
	r.run("validate")
	return r
}

// setUpGuide copies the guide's configuration into r's directory and
// points its default provider block at env. A folder of a guide made of
// several states (large-accounts/teams/payments: its guide's folder has no
// main.tf of its own) gets the guide's whole folder around it, as a clone
// has it, and r runs in that folder of the copy.
func setUpGuide(t *testing.T, r *tfRunner, env *acctest.Env, guide string) {
	t.Helper()
	guides := filepath.Join(acctest.RepoRoot(t), "examples", "guides")
	src, run := filepath.Join(guides, guide), r.dir
	if top, rest, several := strings.Cut(guide, "/"); several {
		if _, err := os.Stat(filepath.Join(guides, top, "main.tf")); err != nil {
			src, run = filepath.Join(guides, top), filepath.Join(r.dir, filepath.FromSlash(rest))
		}
	}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(r.dir, rel), 0o755)
		}
		// Every file, as a user's clone has them: the compliance guides'
		// sample scans (documents/) too.
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		acctest.SpendOn(t, string(b))
		return os.WriteFile(filepath.Join(r.dir, rel), b, 0o600)
	})
	if err != nil {
		t.Fatal(err)
	}
	r.dir = run
	pointAtEmulator(t, r.dir, env)
}

// pointAtEmulator writes an override file into dir that points the default
// provider block at env.
func pointAtEmulator(t *testing.T, dir string, env *acctest.Env) {
	t.Helper()
	override := fmt.Sprintf("provider \"cpaas\" {\n  base_url   = %q\n  auth_id    = %q\n  auth_token = %q\n}\n",
		env.URL, acctest.AuthID, acctest.AuthToken)
	if err := os.WriteFile(filepath.Join(dir, "emulator_override.tf"), []byte(override), 0o600); err != nil {
		t.Fatal(err)
	}
}

// edit rewrites a file of the guide's copy, failing when old is absent.
func (r *tfRunner) edit(file, old, replacement string) {
	r.t.Helper()
	p := filepath.Join(r.dir, file)
	b, err := os.ReadFile(p)
	if err != nil || !strings.Contains(string(b), old) {
		r.t.Fatalf("%s does not hold %q (%v)", file, old, err)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, replacement, 1)), 0o600); err != nil {
		r.t.Fatal(err)
	}
}

// output reads one root output as JSON into v.
func (r *tfRunner) output(name string, v any) {
	r.t.Helper()
	out := r.run("output", "-json", name)
	if err := json.Unmarshal([]byte(out), v); err != nil {
		r.t.Fatalf("output %s: %v\n%s", name, err, out)
	}
}

// expectPlan runs plan -detailed-exitcode and requires its exit code.
func (r *tfRunner) expectPlan(want int, args ...string) string {
	r.t.Helper()
	out, err := r.try(append([]string{"plan", "-input=false", "-detailed-exitcode"}, args...)...)
	code := 0
	if err != nil {
		code = 1
		var exit interface{ ExitCode() int }
		if ok := asExit(err, &exit); ok {
			code = exit.ExitCode()
		}
	}
	if code != want {
		r.t.Fatalf("plan %v: exit %d, want %d\n%s", args, code, want, out)
	}
	return out
}

func asExit(err error, target *interface{ ExitCode() int }) bool {
	e, ok := err.(interface{ ExitCode() int })
	if ok {
		*target = e
	}
	return ok
}

func TestAccGuide_gettingStarted(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	// The README's path: the provider comes from make install-local.
	r := newGuideRunnerFromMirror(t, env, "getting-started")
	pw := "-var=desk_password=Desk-phone-2024"
	r.run("apply", "-input=false", "-auto-approve", pw)
	ids := env.Objects(t)["endpoints"]
	if len(ids) != 1 {
		t.Fatalf("endpoints after apply: %v", ids)
	}
	ep, err := env.Client(t).GetEndpoint(context.Background(), ids[0])
	if err != nil {
		t.Fatal(err)
	}
	var uri string
	r.output("sip_uri", &uri)
	if ep.Alias != "Front desk phone" || !strings.HasPrefix(ep.Username, "frontdesk") || !strings.Contains(uri, ep.Username) {
		t.Fatalf("endpoint %+v, sip_uri %q", ep, uri)
	}
	if st, _ := os.ReadFile(filepath.Join(r.dir, "terraform.tfstate")); strings.Contains(string(st), "Desk-phone-2024") {
		t.Fatal("the write-only password reached the state")
	}
	r.expectPlan(0, pw)
	r.run("destroy", "-input=false", "-auto-approve", pw)
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
	r := newGuideRunner(t, env, "10dlc")
	cb := "-var=callback_url=" + receiver.URL + "/10dlc"

	r.run("apply", "-input=false", "-auto-approve", cb)
	objs := env.Objects(t)
	if len(objs["10dlc_brands"]) != 2 || len(objs["10dlc_campaigns"]) != 1 || len(objs["10dlc_campaign_numbers"]) != 2 {
		t.Fatalf("after apply: %v", objs)
	}
	var background string
	r.output("background_brand_status", &background)
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
	r.run("apply", "-input=false", "-auto-approve", "-refresh-only", cb)
	r.output("background_brand_status", &background)
	if background != "COMPLETED" {
		t.Fatalf("the background brand is %q after a refresh, want COMPLETED", background)
	}
	r.expectPlan(0, cb)

	// A rejection: the apply fails with the registry's reasons, the brand
	// stays in the state as tainted.
	// The registry judges the profile: a company name it cannot verify,
	// and a new brand registered for it.
	out, err := r.try("apply", "-input=false", "-auto-approve", cb, "-var=brand_alias=Acme Rebrand", "-var=company_name=Acme REJECT Corporation")
	if err == nil || !regexp.MustCompile(`(?s)rejected.*IDENTITY_MISMATCH`).MatchString(out) {
		t.Fatalf("apply of a rejected brand: %v\n%s", err, out)
	}
	if st := r.run("state", "show", "cpaas_10dlc_brand.acme"); !strings.Contains(st, "tainted") {
		t.Fatalf("the rejected brand is not tainted:\n%s", st)
	}
	// The recovery: correct the cause and apply again.
	r.run("apply", "-input=false", "-auto-approve", cb)
	r.expectPlan(0, cb)
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
	r := newGuideRunner(t, env, "gitops-endpoints")
	pw := `-var=endpoint_passwords={reception="Reception-pw-1", support1="Support-pw-1", sales1="Sales-pw-1"}`
	r.run("apply", "-input=false", "-auto-approve", pw)
	var uris map[string]string
	r.output("sip_uris", &uris)
	if len(uris) != 3 || len(env.Objects(t)["endpoints"]) != 3 || len(env.Objects(t)["applications"]) != 2 {
		t.Fatalf("sip_uris %v, endpoints %v", uris, env.Objects(t)["endpoints"])
	}
	r.expectPlan(0, pw)

	// Drift: someone renames a phone in the console. CI's plan exits 2 and
	// shows the change to undo.
	support := findEndpoint(t, env, "support1")
	alias := "Renamed by hand"
	if err := env.Client(t).UpdateEndpoint(context.Background(), support.EndpointID, client.EndpointUpdate{Alias: &alias}); err != nil {
		t.Fatal(err)
	}
	out := r.expectPlan(2, pw)
	if !strings.Contains(out, `module.endpoints.cpaas_endpoint.this["support1"] will be updated in-place`) ||
		!strings.Contains(out, `"Renamed by hand" -> "Support desk 1"`) {
		t.Fatalf("drift plan:\n%s", out)
	}
	r.run("apply", "-input=false", "-auto-approve", pw)
	if ep := findEndpoint(t, env, "support1"); ep.Alias != "Support desk 1" {
		t.Fatalf("alias after apply: %q", ep.Alias)
	}

	// Moving an endpoint to another application: one changed line, an
	// update in place (same endpoint, same SIP username).
	r.edit("main.tf", `alias = "Support desk 1", app_id = local.support_app`, `alias = "Support desk 1", app_id = local.sales_app`)
	out = r.expectPlan(2, pw)
	if !strings.Contains(out, "1 to change, 0 to destroy") || strings.Contains(out, "must be replaced") {
		t.Fatalf("moving an endpoint between applications:\n%s", out)
	}
	r.run("apply", "-input=false", "-auto-approve", pw)
	sales, err := env.Client(t).ListAllApplications(context.Background(), "sales")
	if err != nil || len(sales) != 1 {
		t.Fatalf("the sales application: %v %v", sales, err)
	}
	if ep := findEndpoint(t, env, "support1"); ep.AppID() != sales[0].AppID || ep.EndpointID != support.EndpointID {
		t.Fatalf("after the move: %+v (was %s)", ep, support.EndpointID)
	}
	r.expectPlan(0, pw)
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
	r := newGuideRunner(t, env, "buying-numbers")
	var want []string
	if !acctest.Real() {
		want, _ = expectedSearch(t, 4, "country_iso", "US", "type", "local", "city", "San Francisco", "services", "voice,sms")
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
	r.run("apply", "-input=false", "-auto-approve")
	var numbers map[string]string
	r.output("numbers", &numbers)
	bought := []string{numbers["support"], numbers["sales"]}
	slices.Sort(bought)
	if first := slices.Sorted(slices.Values(want[:2])); !slices.Equal(bought, first) {
		t.Fatalf("bought %v, want the search's first two results %v", numbers, first)
	}
	// The search now offers other numbers first; the resources keep their
	// own and the plan is empty.
	r.expectPlan(0)
	owned := func() {
		t.Helper()
		got := slices.Sorted(slices.Values(env.Objects(t)["numbers"]))
		if !slices.Equal(got, bought) {
			t.Fatalf("numbers owned: %v, want only %v", got, bought)
		}
	}

	// New criteria: an in-place update with a warning; the numbers are kept.
	r.edit("main.tf", `city        = "San Francisco"`, `city        = "Los Angeles"`)
	out := flat(r.expectPlan(2))
	if strings.Contains(out, "must be replaced") || !strings.Contains(out, "Phone number "+bought[0]+" is kept") ||
		!strings.Contains(out, "Phone number "+bought[1]+" is kept") || !strings.Contains(out, "2 to change, 0 to destroy") {
		t.Fatalf("plan with new criteria:\n%s", out)
	}
	r.run("apply", "-input=false", "-auto-approve")
	owned()
	r.expectPlan(0)

	// The form that releases numbers: keys from the search's results. The
	// protected numbers make the plan an error naming each of them.
	r.edit("main.tf", `  for_each = toset(["support", "sales"])

  search = {
    country_iso = "US"
    type        = "local"
    city        = "Los Angeles"
    services    = ["voice", "sms"]
  }
  alias = "${each.key} line"`, `  for_each = toset(data.cpaas_phone_numbers.sf.numbers[*].number)
  number   = each.value`)
	r.edit("main.tf", `provider "cpaas" {}`, `provider "cpaas" {}

data "cpaas_phone_numbers" "sf" {
  country_iso = "US"
  type        = "local"
  city        = "San Francisco"
  services    = ["voice", "sms"]
  max_results = 2
}`)
	out, err := r.try("plan", "-input=false")
	for _, n := range bought {
		if err == nil || !releaseRefused(out, n) {
			t.Fatalf("plan keyed by the search's results: %v\n%s", err, out)
		}
	}
	owned()
	// terraform destroy of the guide's protected numbers is refused,
	// naming each.
	guide := acctest.RepoFile(t, "examples/guides/buying-numbers/main.tf")
	r.write(guide)
	out, err = r.try("destroy", "-input=false", "-auto-approve")
	for _, n := range bought {
		if err == nil || !releaseRefused(out, n) {
			t.Fatalf("destroy of protected numbers: %v\n%s", err, out)
		}
	}
	owned()

	// Releasing on purpose, as the guide says: release_protection = false,
	// apply, then destroy; the destroy warns, naming each number.
	r.write(strings.Replace(guide, "release_protection = true", "release_protection = false", 1))
	r.run("apply", "-input=false", "-auto-approve")
	owned()
	out = flat(r.run("destroy", "-input=false", "-auto-approve"))
	for _, n := range bought {
		if !releaseWarned(out, n) {
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
	r := newGuideRunner(t, env, "messaging-pipeline")
	if acctest.Real() {
		// The guide sends from the emulator's starter number; a real
		// account sends from a number of its own, here one the test buys.
		src := accountNumbers(t, env, client.PhoneNumberSearch{CountryISO: "US", Type: "local", Services: "sms"}, "")[0].Number
		r.edit("main.tf", `src  = "14155550100"`, `src  = "`+src+`"`)
	}
	r.run("apply", "-input=false", "-auto-approve", "-var=release=v1.0.0")
	if n := len(env.Objects(t)["messages"]); n != 2 {
		t.Fatalf("messages after the first release: %d, want 2", n)
	}
	var units int
	r.output("sms_units", &units)
	if units != 1 {
		t.Fatalf("sms_units = %d", units)
	}
	// Re-running the pipeline for the same release sends nothing.
	r.expectPlan(0, "-var=release=v1.0.0")
	r.run("apply", "-input=false", "-auto-approve", "-var=release=v1.0.0")
	if n := len(env.Objects(t)["messages"]); n != 2 {
		t.Fatalf("messages after re-running the same release: %d, want 2", n)
	}
	// A new release replaces the resource: the notice goes out again.
	out := r.expectPlan(2, "-var=release=v1.1.0")
	if !strings.Contains(out, "must be replaced") {
		t.Fatalf("new release plan:\n%s", out)
	}
	r.run("apply", "-input=false", "-auto-approve", "-var=release=v1.1.0")
	if n := len(env.Objects(t)["messages"]); n != 4 {
		t.Fatalf("messages after the second release: %d, want 4", n)
	}
	// The precondition stops a notice that would cost more than 2 units
	// at plan time, before anything is sent.
	long := "-var=release=" + strings.Repeat("v", 400)
	if out, err := r.try("plan", "-input=false", long); err == nil || !strings.Contains(out, "keep it to 2") {
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
	r := newGuideRunner(t, env, "messaging-pipeline/mms")
	banner, err := os.ReadFile(filepath.Join(r.dir, "release-banner.png"))
	if err != nil {
		t.Fatal(err)
	}
	r.run("apply", "-input=false", "-auto-approve", "-var=release=v1.0.0")
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
	r.output("banner_sha256", &got)
	if got != hex.EncodeToString(sum[:]) {
		t.Fatalf("banner_sha256 = %q, want the file's", got)
	}
	r.expectPlan(0, "-var=release=v1.0.0")
	// A new banner is a new message, for the same release too.
	if err := os.WriteFile(filepath.Join(r.dir, "release-banner.png"), append(banner, 0), 0o600); err != nil {
		t.Fatal(err)
	}
	if out := r.expectPlan(2, "-var=release=v1.0.0"); !strings.Contains(out, "must be replaced") {
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
	r.expectPlan(0, "-var=release=v1.0.0")
	r.run("apply", "-input=false", "-auto-approve", "-var=release=v1.0.0")
	expectSent(t, env)

	out := r.run("apply", "-input=false", "-auto-approve", invoke, "-var=release=v1.0.0")
	expectSent(t, env, notice("v1.0.0")...)
	for _, m := range env.Control(t, "the messages the emulator sent").SentMessages(acctest.AuthID) {
		if m.State != emulator.MessageDelivered {
			t.Errorf("message to %s is %s when the apply ended, want delivered", m.To, m.State)
		}
	}
	if !strings.Contains(out, "Apply complete!") {
		t.Fatalf("apply -invoke:\n%s", out)
	}
	// Unlike cpaas_message, each invocation sends again, for the same release too.
	r.run("apply", "-input=false", "-auto-approve", invoke, "-var=release=v1.0.0")
	expectSent(t, env, append(notice("v1.0.0"), notice("v1.0.0")...)...)
	// A number that is not one fails the plan, before anything is sent.
	if out, err := r.try("plan", "-input=false", invoke, "-var=release=v1.1.0", `-var=on_call=["+1 (212) 555-0101", "call me"]`); err == nil ||
		!strings.Contains(out, "sanitize_number") {
		t.Fatalf("plan with an invalid number: %v\n%s", err, out)
	}
	expectSent(t, env, append(notice("v1.0.0"), notice("v1.0.0")...)...)
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
	r := newGuideRunner(t, env, "tollfree-verification")
	out, err := r.try("apply", "-input=false", "-auto-approve", "-var=message_sample=Acme: your code is 123456.")
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
	sent, err := c.SendMessage(ctx, msgrules.Message{Src: v.Number, Dst: "13125550199", Text: "too early"})
	if err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the unverified send to fail", func() bool {
		m, err := c.GetMessage(ctx, sent.MessageUUID[0])
		return err == nil && m.MessageState == "failed" && m.Code() == msgrules.CodeTollfreeUnverified
	})

	r.run("untaint", "cpaas_tollfree_verification.support")
	if plan := r.expectPlan(2); !strings.Contains(plan, "cpaas_tollfree_verification.support will be updated in-place") {
		t.Fatalf("after the untaint:\n%s", plan)
	}
	r.run("apply", "-input=false", "-auto-approve")
	var status, number string
	r.output("verification_status", &status)
	r.output("toll_free_number", &number)
	if got := env.Objects(t)["tollfree_verifications"]; status != "APPROVED" || len(got) != 1 || got[0] != ids[0] || number != v.Number {
		t.Fatalf("status %q, requests %v (was %s), number %s", status, got, ids[0], number)
	}
	if err := checkNumberFollowsID(env, t, ids[0], "verified", "APPROVED"); err != nil {
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
			if c := m.Code(); c != "" && c != msgrules.CodeDelivered {
				t.Fatalf("the welcome message failed: %+v", m)
			}
		}
	}
	if welcome != 1 {
		t.Fatalf("%d welcome messages, want 1", welcome)
	}
	r.expectPlan(0)
	r.run("destroy", "-input=false", "-auto-approve")
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
	r := newGuideRunner(t, env, "10dlc-from-the-root")
	r.run("apply", "-input=false", "-auto-approve")
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
	r.output("campaign_id", &campaign)
	r.output("numbers", &numbers)
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
	r.expectPlan(0)
	r.run("destroy", "-input=false", "-auto-approve")
	objs = env.Objects(t)
	for _, kind := range []string{"10dlc_profiles", "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "numbers"} {
		if len(objs[kind]) != 0 {
			t.Fatalf("%s left after destroy: %v", kind, objs[kind])
		}
	}
}
