package provtest

import (
	"encoding/json"

	tfjson "github.com/hashicorp/terraform-json"
)

// skipBelowTF114 skips the test when the runner's CLI is older than
// Terraform 1.14, as tfversion.SkipBelow does for resource.Test.
func (r *TfRunner) SkipBelowTF114() {
	r.T.Helper()
	r.SkipBelow(1, 14)
}

// plannedInvocations runs plan with args and returns the saved plan.
func (r *TfRunner) PlannedInvocations(args ...string) *tfjson.Plan {
	r.T.Helper()
	r.Run(append([]string{"plan", "-input=false", "-out=tfplan"}, args...)...)
	var plan tfjson.Plan
	if err := json.Unmarshal([]byte(r.Run("show", "-json", "tfplan")), &plan); err != nil {
		r.T.Fatal(err)
	}
	return &plan
}
