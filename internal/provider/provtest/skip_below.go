package provtest

import (
	"encoding/json"
	"fmt"
	"os/exec"
)

// skipBelow skips unless the runner's CLI is Terraform major.minor or
// later, saying which it is.
func (r *TfRunner) SkipBelow(major, minor int) {
	r.T.Helper()
	cmd := exec.Command(r.Bin, "version", "-json")
	cmd.Env = r.Env
	out, err := cmd.Output()
	if err != nil {
		r.T.Fatalf("terraform version: %v", err)
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		r.T.Fatalf("terraform version -json: %v: %s", err, out)
	}
	var ma, mi int
	if _, err := fmt.Sscanf(v.Version, "%d.%d", &ma, &mi); err != nil {
		r.T.Fatalf("terraform version %q: %v", v.Version, err)
	}
	if ma < major || ma == major && mi < minor {
		r.T.Skipf("this test needs Terraform %d.%d or later, this is %s", major, minor, v.Version)
	}
}
