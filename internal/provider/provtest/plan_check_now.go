package provtest

import (
	"context"

	"github.com/hashicorp/terraform-plugin-testing/plancheck"
)

// PlanCheckNow runs f when the plan is checked: what the emulator holds
// between two steps.
type PlanCheckNow func() error

func (f PlanCheckNow) CheckPlan(_ context.Context, _ plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	resp.Error = f()
}
