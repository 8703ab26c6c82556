package provider_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestTestsCallAcctestTest keeps the run's apply count whole: a test that
// called resource.Test or resource.UnitTest itself would apply configurations
// the count (acctest.Test, printed at the end of the run) never sees.
func TestTestsCallAcctestTest(t *testing.T) {
	direct := regexp.MustCompile(`\bresource\.(Test|UnitTest|ParallelTest)\(`)
	files, err := filepath.Glob("*_test.go")
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
