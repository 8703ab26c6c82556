package acctest

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// runSteps does what resource.Test does with the hooks record set: each
// step's PreConfig, then, for a step that succeeds, its PostApplyFunc.
func runSteps(a *applies, test string, c resource.TestCase) {
	done := a.record(test, &c)
	for _, s := range c.Steps {
		if s.PreConfig != nil {
			s.PreConfig()
		}
		if s.PostApplyFunc != nil && s.ExpectError == nil {
			s.PostApplyFunc()
		}
	}
	done()
}

func TestAppliesCountsASharedConfiguration(t *testing.T) {
	a := newApplies()
	body := `
resource "cpaas_endpoint" "e" {
  username = "alice"
}
`
	envA, envB := &Env{URL: "http://127.0.0.1:40001"}, &Env{URL: "http://127.0.0.1:40002"}
	ranPre := 0
	runSteps(a, "TestA", resource.TestCase{Steps: []resource.TestStep{
		{Config: envA.Config(body), PreConfig: func() { ranPre++ }},
		{Config: envA.Config(`resource "cpaas_endpoint" "e" { username = "bob" }`)},
		{Config: envA.Config(body), ExpectError: regexp.MustCompile("x")}, // not an apply
		{ResourceName: "cpaas_endpoint.e", ImportState: true},             // not an apply
	}})
	runSteps(a, "TestB", resource.TestCase{Steps: []resource.TestStep{
		// The same configuration, laid out differently, on another emulator.
		{Config: envB.Config(strings.ReplaceAll(body, "  ", "\t"))},
		{Config: envB.Config(body), PlanOnly: true}, // not an apply
	}})
	if ranPre != 1 {
		t.Errorf("the step's own PreConfig ran %d times, want 1", ranPre)
	}
	want := "acctest: 3 apply steps, 2 distinct configurations; 1 configurations applied by more than one test (2 applies, 0 s); shared this run: 0"
	if got := a.Summary(); got != want {
		t.Errorf("summary:\n got %s\nwant %s", got, want)
	}
	var b strings.Builder
	a.Report(&b)
	report := b.String()
	if !strings.Contains(report, "TestA, TestB") || !strings.Contains(report, `resource "cpaas_endpoint" "e" { username = "alice" }`) {
		t.Errorf("the report does not name the shared configuration's tests and text:\n%s", report)
	}
	if strings.Contains(report, "bob") || strings.Contains(report, "40001") {
		t.Errorf("the report lists a configuration one test applied, or an emulator's port:\n%s", report)
	}
}

func TestAppliesKeysVariablesButNeverShowsTheirValues(t *testing.T) {
	a := newApplies()
	step := func(pw string) resource.TestStep {
		return resource.TestStep{Config: `variable "pw" {}`, ConfigVariables: config.Variables{"pw": config.StringVariable(pw)}}
	}
	runSteps(a, "TestA", resource.TestCase{Steps: []resource.TestStep{step("secret-one")}})
	runSteps(a, "TestB", resource.TestCase{Steps: []resource.TestStep{step("secret-one"), step("secret-two")}})
	want := "acctest: 3 apply steps, 2 distinct configurations; 1 configurations applied by more than one test (2 applies, 0 s); shared this run: 0"
	if got := a.Summary(); got != want {
		t.Errorf("summary:\n got %s\nwant %s", got, want)
	}
	var b strings.Builder
	a.Report(&b)
	if strings.Contains(b.String(), "secret") || !strings.Contains(b.String(), "[variables: pw]") {
		t.Errorf("the report must name the variables, never their values:\n%s", b.String())
	}
}

func TestSharedCountsEachFormerTestOnce(t *testing.T) {
	a := newApplies()
	saved := runApplies
	runApplies = a
	t.Cleanup(func() { runApplies = saved })
	ranPre := false
	steps := []resource.TestStep{
		{Config: `resource "cpaas_endpoint" "e" {}`},
		Shared("TestAccFormer", resource.TestStep{Config: `resource "cpaas_endpoint" "e" {}`, PreConfig: func() { ranPre = true }}),
		Shared("TestAccFormer", resource.TestStep{ResourceName: "cpaas_endpoint.e", ImportState: true}),
		Shared("TestAccOther", resource.TestStep{ResourceName: "cpaas_endpoint.e", ImportState: true}),
	}
	runSteps(a, "TestAccMerged", resource.TestCase{Steps: steps})
	if !ranPre {
		t.Error("Shared dropped the step's own PreConfig")
	}
	want := "acctest: 2 apply steps, 1 distinct configurations; 0 configurations applied by more than one test (0 applies, 0 s); shared this run: 2"
	if got := a.Summary(); got != want {
		t.Errorf("summary:\n got %s\nwant %s", got, want)
	}
	var b strings.Builder
	a.Report(&b)
	if !strings.Contains(b.String(), "the checks of TestAccFormer, TestAccOther ran on another test's apply") {
		t.Errorf("the report does not name the merged tests:\n%s", b.String())
	}
}

func TestCountApplyCountsTheRunnersApplies(t *testing.T) {
	a := newApplies()
	saved := runApplies
	runApplies = a
	t.Cleanup(func() { runApplies = saved })
	cfg := func(port string) string {
		return `provider "cpaas" { base_url = "http://127.0.0.1:` + port + `" }` + "\nresource \"cpaas_endpoint\" \"e\" {}\n"
	}
	CountApply("TestGuideA", cfg("1"), []string{"apply", "-auto-approve"}, time.Second)
	CountApply("TestGuideB", cfg("2"), []string{"apply", "-auto-approve"}, 2*time.Second)
	CountApply("TestGuideB", cfg("2"), []string{"apply", "-var=pw=secret-x"}, time.Second)
	want := "acctest: 3 apply steps, 2 distinct configurations; 1 configurations applied by more than one test (2 applies, 3 s); shared this run: 0"
	if got := a.Summary(); got != want {
		t.Errorf("summary:\n got %s\nwant %s", got, want)
	}
	var b strings.Builder
	a.Report(&b)
	if strings.Contains(b.String(), "secret-x") {
		t.Errorf("the report shows a -var's value:\n%s", b.String())
	}
}
