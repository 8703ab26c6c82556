package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
)

// The templates written for the repository's templates/: one per page,
// every [[ ]] placeholder filled, the guides copied as they are.
func TestRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "templates")
	if err := run("../../../templates", out); err != nil {
		t.Fatal(err)
	}
	pages, err := provider.DocPages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		b, err := os.ReadFile(filepath.Join(out, p.Dir, p.Name+".md.tmpl"))
		if err != nil {
			t.Errorf("no template for %s/%s: %v", p.Dir, p.Name, err)
			continue
		}
		text := string(b)
		if strings.Contains(text, "[[") || strings.Contains(text, "]]") {
			t.Errorf("%s/%s: a placeholder is left", p.Dir, p.Name)
		}
		if !strings.Contains(text, "\nsubcategory: \""+p.Subcategory+"\"\n") {
			t.Errorf("%s/%s: subcategory is not %q", p.Dir, p.Name, p.Subcategory)
		}
		if p.Refresh != "" && !strings.Contains(text, "## Refresh\n\n"+p.Refresh+"\n") {
			t.Errorf("%s/%s: no Refresh section with the kind's note", p.Dir, p.Name)
		}
	}
	for _, shared := range []string{"resources.md.tmpl", "data-sources.md.tmpl"} {
		if _, err := os.Stat(filepath.Join(out, shared)); err == nil {
			t.Errorf("%s was copied: tfplugindocs would take it for every page without a template", shared)
		}
	}
	guide, err := os.ReadFile("../../../templates/guides/getting-started.md.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	copied, err := os.ReadFile(filepath.Join(out, "guides", "getting-started.md.tmpl"))
	if err != nil || string(copied) != string(guide) {
		t.Errorf("the guide is not copied as it is (%v)", err)
	}
}

// A page template that names nothing the provider serves (a kind renamed
// or removed) stops the generation, naming it.
func TestRunRefusesAStaleTemplate(t *testing.T) {
	src := t.TempDir()
	for _, f := range []string{"resources.md.tmpl", "data-sources.md.tmpl", "list-resources.md.tmpl", "functions.md.tmpl",
		"actions.md.tmpl", "ephemeral-resources/subaccount_credentials.md.tmpl"} {
		b, err := os.ReadFile(filepath.Join("../../../templates", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := write(filepath.Join(src, f), b); err != nil {
			t.Fatal(err)
		}
	}
	if err := write(filepath.Join(src, "data-sources", "gone.md.tmpl"), []byte("---\n")); err != nil {
		t.Fatal(err)
	}
	err := run(src, filepath.Join(t.TempDir(), "out"))
	if err == nil || !strings.Contains(err.Error(), "gone.md.tmpl names no data-source the provider serves") {
		t.Fatalf("got %v", err)
	}
}
