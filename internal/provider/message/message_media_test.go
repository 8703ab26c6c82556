package message_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/messagerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/message/messagetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// writeFile writes size bytes of fill to dir/name and returns its path.
func writeFile(t *testing.T, dir, name string, fill byte, size int) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(strings.Repeat(string(fill), size)), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func sha256Of(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

var (
	mediaUploads = regexp.MustCompile(`^Media/?$`)
	messageSends = regexp.MustCompile(`^Message/?$`)
)

// postsTo counts the logged POSTs whose path route matches.
func postsTo(log *provtest.RequestLog, route *regexp.Regexp) int {
	n := 0
	for _, line := range log.Matching(route) {
		if strings.HasPrefix(line, "POST ") {
			n++
		}
	}
	return n
}

func mediaMessagesHCL(a, b string) string {
	return fmt.Sprintf(`
resource "cpaas_message" "both" {
  src         = "14155550100"
  dst         = ["12125550199"]
  type        = "mms"
  text        = "Floor plan and logo"
  media_files = [%q, %q]
}

resource "cpaas_message" "logo_again" {
  src         = "14155550100"
  dst         = ["12125550198"]
  type        = "mms"
  media_files = [%q]
}
`, a, b, a)
}

// Two messages name three files of two contents: the contents are uploaded
// once each, the sends happen once each, the hashes are in the state, a
// plan after the apply is empty, and a changed file is a planned change
// that uploads only the new content.
func TestAccMessage_mediaFiles(t *testing.T) {
	t.Parallel()
	log := &provtest.RequestLog{}
	env := acctest.NewEnv(t, log.Option)
	dir := t.TempDir()
	logo := writeFile(t, dir, "logo.png", 'L', 1500)
	plan := writeFile(t, dir, "plan.pdf", 'P', 2500)
	config := env.Config(mediaMessagesHCL(logo, plan))
	var planHash string
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cpaas_message.both", tfjsonpath.New("media_files_sha256"),
					knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(sha256Of(t, logo)), knownvalue.StringExact(sha256Of(t, plan))})),
				statecheck.ExpectKnownValue("cpaas_message.logo_again", tfjsonpath.New("media_files_sha256"),
					knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(sha256Of(t, logo))})),
			},
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			Check: func(s *terraform.State) error {
				// The two creates run in parallel: whichever comes first
				// uploads the logo, the other reuses it.
				if n := postsTo(log, mediaUploads); n < 1 || n > 2 {
					return fmt.Errorf("%d upload requests, want 1 or 2: %v", n, log.Matching(mediaUploads))
				}
				if n := postsTo(log, messageSends); n != 2 {
					return fmt.Errorf("%d sends, want 2", n)
				}
				if got := len(env.Objects(t)["media"]); got != 2 {
					return fmt.Errorf("the emulator holds %d media, want 2 (each content uploaded once)", got)
				}
				c := env.Client(t)
				both, err := c.ListMessageMedia(context.Background(), s.RootModule().Resources["cpaas_message.both"].Primary.ID)
				if err != nil || len(both.Objects) != 2 || both.Objects[0].Size != 1500 || both.Objects[1].Size != 2500 {
					return fmt.Errorf("media of the first message: %+v %v", both, err)
				}
				again, err := c.ListMessageMedia(context.Background(), s.RootModule().Resources["cpaas_message.logo_again"].Primary.ID)
				if err != nil || len(again.Objects) != 1 || again.Objects[0].MediaURL != both.Objects[0].MediaURL {
					return fmt.Errorf("the second message does not send the same upload: %+v %v", again, err)
				}
				return nil
			},
		}, {
			// The same files: nothing to do.
			Config:             config,
			PlanOnly:           true,
			ExpectNonEmptyPlan: false,
		}, {
			// A changed file is a new message; only its new content is uploaded.
			PreConfig: func() {
				log.Reset()
				writeFile(t, dir, "plan.pdf", 'Q', 2600)
				planHash = sha256Of(t, plan)
			},
			Config: config,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("cpaas_message.both", plancheck.ResourceActionReplace),
				plancheck.ExpectResourceAction("cpaas_message.logo_again", plancheck.ResourceActionNoop),
			}},
			Check: func(s *terraform.State) error {
				if n := postsTo(log, mediaUploads); n != 1 {
					return fmt.Errorf("%d uploads after the change, want 1", n)
				}
				if got := len(env.Objects(t)["media"]); got != 3 {
					return fmt.Errorf("the emulator holds %d media, want 3 (the logo uploaded once)", got)
				}
				return resource.TestCheckResourceAttr("cpaas_message.both", "media_files_sha256.1", planHash)(s)
			},
		}},
	})
}

// A send whose reply is lost is adopted, not repeated, and its files were
// uploaded once; sending the message again (a replacement, its reply lost
// too) reuses the upload instead of uploading again.
func TestAccMessage_mediaFilesRetryUploadsNothingAgain(t *testing.T) {
	t.Parallel()
	log := &provtest.RequestLog{}
	env := acctest.NewEnv(t, log.Option)
	env.Control(t, "injected faults").SetFaults(provtest.DropCreates("POST", "Message"))
	photo := writeFile(t, t.TempDir(), "photo.jpg", 'J', 4000)
	// Each send goes to its own destination, so each adoption finds one message.
	hcl := func(dst string) string {
		return env.Config(fmt.Sprintf(`
resource "cpaas_message" "photo" {
  src         = "14155550100"
  dst         = [%q]
  type        = "mms"
  media_files = [%q]
}
`, dst, photo))
	}
	acctest.Test(t, resource.TestCase{
		Steps: []resource.TestStep{{
			Config: hcl("12125550197"),
			Check: func(*terraform.State) error {
				if st := env.Control(t, "injected faults").FaultStats(); st.Dropped != 1 {
					return fmt.Errorf("the send reply was not dropped once: %+v", st)
				}
				if n, sends := postsTo(log, mediaUploads), postsTo(log, messageSends); n != 1 || sends != 1 {
					return fmt.Errorf("%d uploads and %d sends, want 1 and 1", n, sends)
				}
				return nil
			},
		}, {
			Config: hcl("12125550196"),
			Check: func(*terraform.State) error {
				if n, sends := postsTo(log, mediaUploads), postsTo(log, messageSends); n != 1 || sends != 2 {
					return fmt.Errorf("after sending again: %d uploads and %d sends, want 1 and 2", n, sends)
				}
				if got := len(env.Objects(t)["media"]); got != 1 {
					return fmt.Errorf("the emulator holds %d media, want 1", got)
				}
				return nil
			},
		}},
	})
}

// Each file's plan-time mistake is one error naming media_files[i], the
// rule and the file.
func TestAccMessage_mediaFilesPlanTimeErrors(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t)
	dir := t.TempDir()
	ok := writeFile(t, dir, "ok.png", 'o', 10)
	big := writeFile(t, dir, "big.png", 'b', messagerules.MaxMediaFileBytes+1)
	exe := writeFile(t, dir, "setup.exe", 'e', 10)
	missing := filepath.Join(dir, "missing.png")
	urls := strings.TrimSuffix(strings.Repeat(`"https://m.example/a.png",`, 10), ",")
	cases := []struct{ body, want string }{
		{fmt.Sprintf(`type = "mms"
  media_files = [%q, %q]`, ok, missing), `media_files\[1\]: must be a readable file: no such file or directory \(got "` + regexp.QuoteMeta(missing) + `"\)`},
		{fmt.Sprintf(`type = "mms"
  media_files = [%q]`, big), `media_files\[0\]: must be at most 2000000 bytes \(2 MB\), is 2000001 bytes \(got "big.png"\)`},
		{fmt.Sprintf(`type = "mms"
  media_files = [%q]`, exe), `media_files\[0\]: must be a file of an allowed type, by its extension: 3gpp, .*xlsx \(got "setup.exe"\)`},
		{fmt.Sprintf(`type = "mms"
  media_urls = [%s]
  media_files = [%q]`, urls, ok), `media_files: together with media_urls must name at most 10 files for type mms, name 11`},
		{fmt.Sprintf(`text = "hi"
  media_files = [%q]`, ok), `media_files: is only for type mms`},
	}
	var steps []resource.TestStep
	for _, tc := range cases {
		steps = append(steps, resource.TestStep{
			Config:      env.Config("resource \"cpaas_message\" \"test\" {\n  src = \"14155550100\"\n  dst = [\"447700900123\"]\n  " + tc.body + "\n}\n"),
			PlanOnly:    true,
			ExpectError: acctest.OneErrorPattern(tc.want),
		})
	}
	acctest.Test(t, resource.TestCase{
		Steps: steps,
	})
}

// The action takes media_files as the resource does: the file is uploaded
// and the MMS sent with it.
func TestAccSendMessageAction_mediaFiles_TF114(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, messagetest.ManualClock)
	env.Control(t, "the messages the emulator sent") // up front: a skip midway leaves objects behind
	card := writeFile(t, t.TempDir(), "card.png", 'C', 777)
	acctest.Test(t, resource.TestCase{
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Config: env.Config(fmt.Sprintf(`
resource "cpaas_endpoint" "desk" {
  username = "alice"
  password = "s3cret-Passw0rd"
  alias    = "Alice"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.cpaas_send_message.card]
    }
  }
}

action "cpaas_send_message" "card" {
  config {
    src         = "14155550100"
    dst         = ["12125550199"]
    type        = "mms"
    media_files = [%q]
  }
}
`, card)),
			Check: func(*terraform.State) error {
				msgs := env.Control(t, "the messages the emulator sent").SentMessages(acctest.AuthID)
				if len(msgs) != 1 || msgs[0].Type != "mms" {
					return fmt.Errorf("sent: %+v", msgs)
				}
				media, err := env.Client(t).ListMessageMedia(context.Background(), msgs[0].UUID)
				if err != nil || len(media.Objects) != 1 || media.Objects[0].Size != 777 {
					return fmt.Errorf("the MMS's media: %+v %v", media, err)
				}
				return nil
			},
		}},
	})
}
