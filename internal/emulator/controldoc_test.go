package emulator

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryControlRouteIsDocumented keeps the control API table of the
// cpaas-emulator page (templates/guides/cpaas-emulator.md.tmpl) in step
// with the route table.
func TestEveryControlRouteIsDocumented(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "templates", "guides", "cpaas-emulator.md.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{})
	defer s.Close()
	for _, rt := range s.control {
		path := "/_emulator/" + strings.Join(rt.pattern, "/")
		if len(rt.pattern) == 0 {
			path = "/_emulator/"
		}
		if !strings.Contains(string(page), "`"+rt.method+" "+path+"`") {
			t.Errorf("control route %s %s is not in templates/guides/cpaas-emulator.md.tmpl", rt.method, path)
		}
	}
}
