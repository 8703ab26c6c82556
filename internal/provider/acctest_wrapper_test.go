package provider_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTestsCallAcctestTest keeps the run's apply count whole: a test that
// called resource.Test or resource.UnitTest itself would apply configurations
// the count (acctest.Test, printed at the end of the run) never sees.
func TestTestsCallAcctestTest(t *testing.T) {
	direct := regexp.MustCompile(`\bresource\.(Test|UnitTest|ParallelTest)\(`)
	// This package's tests, each family's in its folder, and the test code
	// they share (provtest, testtables, each <family>test).
	var files []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files (%v)", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range direct.FindAllIndex(b, -1) {
			t.Errorf("%s: %s: call acctest.Test (or acctest.UnitTest), which counts the configurations it applies", f, b[m[0]:m[1]-1])
		}
	}
}
