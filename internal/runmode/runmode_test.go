package runmode

import (
	"os"
	"testing"
)

func TestOf(t *testing.T) {
	for _, c := range []struct {
		argv []string
		want Mode
	}{
		{[]string{"terraform", "plan"}, Plan},
		{[]string{"/usr/local/bin/terraform", "apply", "-auto-approve"}, Plan},
		{[]string{"terraform", "-chdir=infra", "apply", "-input=false"}, Plan},
		{[]string{"tofu", "test"}, Plan},
		{[]string{"terraform", "destroy", "-auto-approve"}, Destroy},
		{[]string{"terraform", "apply", "-destroy"}, Destroy},
		{[]string{"terraform", "plan", "--destroy"}, Destroy},
		{[]string{"terraform", "plan", "-destroy=true"}, Destroy},
		{[]string{"terraform", "plan", "-destroy=false"}, Plan},
		{[]string{"C:\\bin\\terraform.exe", "destroy"}, Destroy},
		{[]string{"terraform1.16", "-chdir=x", "destroy"}, Destroy},
		{[]string{"terraform", "plan", "-var=name=-destroy"}, Plan},
		{[]string{"terraform", "validate"}, Validate},
		{[]string{"tofu", "-chdir=x", "validate", "-json"}, Validate},
		{[]string{"terraform", "fmt"}, Unknown},
		{[]string{"terraform"}, Unknown},
		{[]string{"terraform", "-chdir=x"}, Unknown},
		{[]string{"go", "test", "./..."}, Unknown},
		{[]string{"provider.test", "-test.run", "x"}, Unknown},
	} {
		if got := Of(c.argv); got != c.want {
			t.Errorf("Of(%q) = %v, want %v", c.argv, got, c.want)
		}
	}
}

// This test's own parent is go test or a shell, no Terraform: Unknown.
func TestCurrentOfATestIsUnknown(t *testing.T) {
	if got := fromProc(os.Getppid()); got != Unknown {
		t.Fatalf("fromProc(parent) = %v, want Unknown", got)
	}
	if got := fromProc(-1); got != Unknown {
		t.Fatalf("fromProc(-1) = %v, want Unknown", got)
	}
}
