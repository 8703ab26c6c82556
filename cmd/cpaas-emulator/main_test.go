package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestEveryFlagIsDocumented keeps the command's page (docs/guides, from
// templates/guides/cpaas-emulator.md.tmpl) in step with its flags.
func TestEveryFlagIsDocumented(t *testing.T) {
	var usage bytes.Buffer
	err := run(context.Background(), []string{"-help"}, &usage, func(string) string { return "" })
	if !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-help: %v", err)
	}
	page, err := os.ReadFile(filepath.Join("..", "..", "templates", "guides", "cpaas-emulator.md.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	names := regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`).FindAllStringSubmatch(usage.String(), -1)
	if len(names) < 10 {
		t.Fatalf("found only %d flags in the usage:\n%s", len(names), usage.String())
	}
	for _, m := range names {
		if !bytes.Contains(page, []byte("| `-"+m[1]+"` |")) {
			t.Errorf("flag -%s is not in the flags table of templates/guides/cpaas-emulator.md.tmpl", m[1])
		}
	}
}
