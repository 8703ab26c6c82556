package provider_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
)

// The adoption guide's walk-through, run as written: an account full of
// objects made outside Terraform (40 endpoints, 10 of them attached to one
// of 2 applications, 2 brands, 3 campaigns with linked numbers, bought
// numbers), the files of examples/adopt, and the
// terraform commands of the guide's walk-through block, run with the
// Terraform 1.14+ CLI against the provider served in-process. The query
// writes configuration for every object; the plan only imports; the apply
// changes nothing in the account; the next plan is empty.

const walkthroughMarker = "<!-- adopt-walkthrough: the commands TestAccWalkthrough_adoptAccount_TF114 runs -->"

// readmeWalkthrough returns the commands of the adoption guide's
// walk-through (docs/guides/adopting-an-account.md, which the README
// links) and checks that it quotes every file of examples/adopt as it is.
func readmeWalkthrough(t *testing.T, files map[string]string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(acctest.RepoRoot(t), "docs", "guides", "adopting-an-account.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	for name, content := range files {
		if !strings.Contains(readme, content) {
			t.Errorf("docs/guides/adopting-an-account.md does not quote examples/adopt/%s as it is", name)
		}
	}
	_, after, ok := strings.Cut(readme, walkthroughMarker)
	if !ok {
		t.Fatalf("docs/guides/adopting-an-account.md has no %q", walkthroughMarker)
	}
	block := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatch(after)
	if block == nil {
		t.Fatal("no ```sh block after the walk-through marker")
	}
	var cmds []string
	for _, line := range strings.Split(block[1], "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "terraform ") {
			line, _, _ = strings.Cut(line, "#") // a comment after the command
			cmds = append(cmds, strings.TrimSpace(line))
		}
	}
	return cmds
}

func TestAccWalkthrough_adoptAccount_TF114(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test does)")
	}
	acctest.PreCheck(t)
	t.Parallel()
	tf := provtest.NewTFRunner(t)
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal([]byte(tf.Run("version", "-json")), &v); err != nil {
		t.Fatal(err)
	}
	var major, minor int
	if _, err := fmt.Sscanf(v.Version, "%d.%d", &major, &minor); err != nil || major == 1 && minor < 14 {
		t.Skipf("terraform query needs Terraform 1.14+, this is %s (make test runs this test with one)", v.Version)
	}

	// The account, made through the API.
	env := acctest.NewEnv(t, provtest.FastRegistry)
	env.Control(t, "a password the API never returns") // up front: a skip midway leaves objects behind
	c := env.Client(t)
	ctx := context.Background()
	passwords := map[string]string{}
	var apps []string
	for _, name := range []string{"reception", "sales"} {
		answer := "https://voice.example.com/" + name + "/answer"
		a, err := c.CreateApplication(ctx, client.ApplicationCreate{AppName: name, ApplicationSettings: client.ApplicationSettings{AnswerURL: &answer}})
		if err != nil {
			t.Fatal(err)
		}
		apps = append(apps, a.AppID)
	}
	for i := 1; i <= 40; i++ {
		pw := fmt.Sprintf("long-forgotten-%02d", i)
		app := ""
		if i <= 10 {
			app = apps[i%2]
		}
		e, err := c.CreateEndpoint(ctx, client.EndpointCreate{Username: fmt.Sprintf("phone%02d", i), Password: pw, Alias: fmt.Sprintf("Desk phone %02d", i), AppID: app})
		if err != nil {
			t.Fatal(err)
		}
		passwords[e.EndpointID] = pw
	}
	brandA := tendlctest.MakeRegisteredBrand(t, c, tendlctest.DocsBrand(tendlctest.MakeDocsProfile(t, c)))
	b := tendlctest.DocsBrand(tendlctest.MakeDocsProfile(t, c))
	b.BrandAlias, b.URL, b.Method = "Beta Corp", "", ""
	brandB := tendlctest.MakeRegisteredBrand(t, c, b)
	var campaigns []string
	for i, brand := range []string{brandA, brandA, brandB} {
		k := tendlctest.DocsCampaign(brand)
		k.CampaignAlias = fmt.Sprintf("Alerts %d", i)
		campaigns = append(campaigns, tendlctest.MakeActiveCampaign(t, c, k))
	}
	found, _, err := c.SearchAllPhoneNumbers(ctx, client.PhoneNumberSearch{CountryISO: "US", Services: "voice,sms"}, 3)
	if err != nil || len(found) != 3 {
		t.Fatalf("search: %v %v", found, err)
	}
	var bought []string
	for _, n := range found {
		if _, err := c.BuyPhoneNumber(ctx, n.Number, client.PhoneNumberBuy{}); err != nil {
			t.Fatal(err)
		}
		bought = append(bought, n.Number)
	}
	links := map[string][]string{campaigns[0]: {"14155550100", bought[0]}, campaigns[1]: {"12125550101"}, campaigns[2]: {"13125550102", bought[1]}}
	for campaign, numbers := range links {
		for _, n := range numbers {
			if err := c.LinkNumbers(ctx, campaign, client.NumberLink{Numbers: []string{n}, URL: "https://hooks.example.com/10dlc/number"}); err != nil {
				t.Fatal(err)
			}
			provtest.WaitUntil(t, "number link", func() bool {
				got, err := c.GetCampaignNumber(ctx, campaign, n)
				return err == nil && got.Status == "COMPLETED"
			})
		}
	}
	owned, err := c.ListAllNumbers(ctx, client.AccountNumberFilter{})
	if err != nil {
		t.Fatal(err)
	}
	before := env.Objects(t)
	// Every object the walk-through adopts.
	objects := len(before["endpoints"]) + len(before["10dlc_brands"]) + len(before["10dlc_campaigns"]) +
		len(before["10dlc_campaign_numbers"]) + len(owned) + len(before["applications"])
	if len(before["endpoints"]) != 40 || len(before["10dlc_brands"]) != 2 || len(before["10dlc_campaigns"]) != 3 ||
		len(before["10dlc_campaign_numbers"]) != 5 || len(before["applications"]) != 2 {
		t.Fatalf("the account is not what the walk-through describes: %v", before)
	}

	// The files of examples/adopt, as the guide quotes them, and the
	// account's credentials in an override file (the guide sets them in
	// the environment; the provider here runs in the test's process).
	files := map[string]string{}
	paths, _ := filepath.Glob(filepath.Join(acctest.RepoRoot(t), "examples", "adopt", "*"))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = string(b)
		if err := os.WriteFile(filepath.Join(tf.Dir, filepath.Base(p)), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(tf.Dir, "credentials_override.tf"), []byte(env.ProviderConfig()), 0o600); err != nil {
		t.Fatal(err)
	}
	cmds := readmeWalkthrough(t, files)
	want := []string{"init", "query", "plan", "apply", "plan"}
	var verbs []string
	for _, cmd := range cmds {
		verbs = append(verbs, strings.Fields(cmd)[1])
	}
	if !slices.Equal(verbs, want) {
		t.Fatalf("the guide's walk-through runs %v, want terraform %v", cmds, want)
	}

	plans := 0
	for _, cmd := range cmds {
		args := strings.Fields(cmd)[1:]
		switch args[0] {
		case "init", "query":
			tf.Run(args...)
			if args[0] == "query" {
				gen, err := os.ReadFile(filepath.Join(tf.Dir, "generated.tf"))
				if err != nil {
					t.Fatalf("the query wrote no generated.tf: %v", err)
				}
				if n := strings.Count(string(gen), "\nimport {"); n != objects {
					t.Fatalf("generated.tf imports %d objects, the account holds %d:\n%s", n, objects, gen)
				}
			}
		case "plan":
			plans++
			code, out := tf.PlanExitCode()
			switch {
			case plans == 1 && !strings.Contains(out, fmt.Sprintf("Plan: %d to import, 0 to add, 0 to change, 0 to destroy.", objects)):
				t.Fatalf("the plan of the generated configuration does more than import %d objects:\n%s", objects, out)
			case plans == 2 && code != 0:
				t.Fatalf("the plan after the adoption is not empty (exit %d):\n%s", code, out)
			}
		case "apply":
			tf.Run(append(args, "-input=false", "-auto-approve")...)
			if after := env.Objects(t); !reflect.DeepEqual(before, after) {
				t.Fatalf("the adoption changed the account:\nbefore %v\nafter  %v", before, after)
			}
			st := tf.StateIDs(before)
			for _, kind := range []string{"endpoints", "10dlc_brands", "10dlc_campaigns", "10dlc_campaign_numbers", "numbers", "applications"} {
				for _, id := range before[kind] {
					if !slices.Contains(st[kind], id) {
						t.Errorf("%s %s is not in the state after the adoption", kind, id)
					}
				}
			}
		}
	}
	// An adopted endpoint with no password configured keeps its own.
	for id, pw := range passwords {
		if !env.Control(t, "a password the API never returns").EndpointPasswordIs(acctest.AuthID, id, pw) {
			t.Fatalf("endpoint %s lost its password in the adoption", id)
		}
	}
}
