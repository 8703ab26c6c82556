// Command docpages writes the tfplugindocs templates of every page from
// the provider's own declarations, so that a new kind needs no template:
// `make generate` runs it, then tfplugindocs on what it wrote.
//
// Each page's template is its hand-kept one (templates/<dir>/<name>.md.tmpl)
// when the page has one, else the shared one of its directory
// (templates/<dir>.md.tmpl). Either is first executed with [[ ]]
// delimiters on the page's provider.DocPage (.Subcategory, .Intro,
// .Refresh), which leaves tfplugindocs' own {{ }} actions for tfplugindocs.
// Every other file of templates/ (index.md.tmpl, guides/) is copied as is.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/template"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
)

func main() {
	src := flag.String("templates", "templates", "the hand-kept templates")
	out := flag.String("out", "", "where to write the templates tfplugindocs renders (created)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "docpages: -out is required")
		os.Exit(2)
	}
	if err := run(*src, *out); err != nil {
		fmt.Fprintln(os.Stderr, "docpages:", err)
		os.Exit(1)
	}
}

// shared are the directories whose pages the provider declares.
var shared = []string{"resources", "data-sources", "list-resources", "ephemeral-resources", "actions", "functions"}

func run(src, out string) error {
	pages, err := provider.DocPages(context.Background())
	if err != nil {
		return err
	}
	made := map[string]bool{} // what the pages use, relative to src
	for _, p := range pages {
		rel := filepath.Join(p.Dir, p.Name+".md.tmpl")
		from := rel
		if _, err := os.Stat(filepath.Join(src, rel)); err != nil {
			from = p.Dir + ".md.tmpl"
		}
		made[from] = true
		text, err := os.ReadFile(filepath.Join(src, from))
		if err != nil {
			return fmt.Errorf("%s/%s: no template of its own and no shared %s: %w", p.Dir, p.Name, from, err)
		}
		t, err := template.New(from).Delims("[[", "]]").Option("missingkey=error").Parse(string(text))
		if err != nil {
			return err
		}
		var b bytes.Buffer
		if err := t.Execute(&b, p); err != nil {
			return err
		}
		if err := write(filepath.Join(out, rel), b.Bytes()); err != nil {
			return err
		}
	}
	// Everything else is copied; a page template no page uses is an error
	// (a kind renamed or removed).
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		dir := filepath.Dir(rel)
		switch {
		case made[rel]:
			return nil
		case dir == "." && isShared(strings.TrimSuffix(rel, ".md.tmpl")):
			return nil // a shared template no page needs
		case isShared(dir):
			return fmt.Errorf("%s names no %s the provider serves", path, strings.TrimSuffix(dir, "s"))
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return write(filepath.Join(out, rel), b)
	})
}

func isShared(dir string) bool {
	for _, d := range shared {
		if d == dir {
			return true
		}
	}
	return false
}

func write(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
