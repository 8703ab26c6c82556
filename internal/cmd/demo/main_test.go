package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
)

// With a CLI before 1.14, the demo applies examples/demo without what only
// 1.14 parses: its two actions and the campaign's action_trigger, and
// nothing else (every resource, data source and output stays).
func TestCopyTFWithoutActions(t *testing.T) {
	src := filepath.Join("..", "..", "..", "examples", "demo")
	dst := t.TempDir()
	dropped, err := copyTF(src, dst, true)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(dropped)
	want := []string{"action.cpaas_send_message.campaign_registered", "action.cpaas_send_message.demo_ready",
		"the action_trigger of cpaas_10dlc_campaign.demo"}
	if !slices.Equal(dropped, want) {
		t.Fatalf("dropped %q, want %q", dropped, want)
	}
	count := func(dir string) (blocks map[string]int, text string) {
		blocks = map[string]int{}
		files, _ := filepath.Glob(filepath.Join(dir, "*.tf"))
		if len(files) == 0 {
			t.Fatalf("no .tf files in %s", dir)
		}
		for _, p := range files {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			f, diags := hclwrite.ParseConfig(b, p, hcl.InitialPos)
			if diags.HasErrors() {
				t.Fatalf("%s: %v", p, diags)
			}
			for _, blk := range f.Body().Blocks() {
				blocks[blk.Type()]++
			}
			text += string(b)
		}
		return blocks, text
	}
	before, _ := count(src)
	after, text := count(dst)
	if before["action"] != 2 || after["action"] != 0 || strings.Contains(text, "action_trigger") {
		t.Fatalf("actions before %d, after %d; action_trigger left: %v", before["action"], after["action"], strings.Contains(text, "action_trigger"))
	}
	for _, typ := range []string{"resource", "data", "output", "terraform", "provider"} {
		if before[typ] != after[typ] {
			t.Errorf("%s blocks: %d in examples/demo, %d in the copy", typ, before[typ], after[typ])
		}
	}
	// Kept as they are with a 1.14 CLI.
	dropped, err = copyTF(src, t.TempDir(), false)
	if err != nil || len(dropped) != 0 {
		t.Fatalf("copy with actions dropped %q (%v)", dropped, err)
	}
}
