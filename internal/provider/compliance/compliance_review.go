package compliance

import (
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// reportComplianceReview reports how the review of compliance application
// what (of resource type typ) ended, for both compliance families: a wait
// that ran out of time or failed (err), or a rejection (status rejected,
// with the reviewer's reason). remade is what a tainted create's next
// apply would do; correct is the advice after a rejected update.
func reportComplianceReview(diags *diag.Diagnostics, create bool, typ, what, status, reason string, timeout time.Duration, err error,
	remade, correct string,
) {
	switch {
	case errors.Is(err, wait.ErrTimeout):
		diags.AddError("Timed out waiting for the compliance review", fmt.Sprintf("%s is still %s after %s. Reviews on the real service "+
			"take days. %s To wait longer, raise the value in the resource's timeouts block, or set wait_for_review = false.", what, status, timeout,
			kit.KeepAfterTimeout(create, typ, remade, "the decision")))
	case err != nil:
		kit.AddAPIError(diags, "Error waiting for the compliance review", what, err)
	case status == compliancerules.StatusRejected:
		how := correct
		if create {
			how = kit.UntaintFirst(typ, "(resubmits) the application", "replacing it") + "correct what the reason names and run terraform apply."
		}
		kit.AddDecisionError(diags, "Compliance application rejected", fmt.Sprintf("The reviewer rejected %s: %q\n\n%s", what, reason, how))
	}
}
