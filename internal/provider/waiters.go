package provider

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// The waits every resource may use, on internal/wait. Named waiters of one
// resource (waitBrandRegistered, ...) stand beside that resource.

// readAfterCreate reads an object just created, retrying a 404 while the
// read lags the create (wait.PropagationTimeout at most).
func readAfterCreate[T any](ctx context.Context, what string, read func(context.Context) (T, error)) (T, error) {
	return wait.UntilFound(ctx, what, func(err error) bool { return errors.Is(err, client.ErrNotFound) }, read)
}

// addTimeoutError reports a waiter that ran out of time.
func addTimeoutError(diags *diag.Diagnostics, summary, what string, timeout time.Duration, status string) {
	diags.AddError(summary, fmt.Sprintf("%s is still %s after %s. It is saved in the state as tainted, so the next apply replaces it; "+
		"if it completes meanwhile, keep it with terraform untaint. To wait longer, raise the value in the resource's timeouts block.", what, status, timeout))
}

// keepAfterTimeout says what becomes of an object of resource type typ
// whose review wait ran out of time: left as it is after an update; after
// a create, tainted, so the next apply would delete it and remade (make a
// new one) unless the user untaints it. decision is what a refresh then
// reads.
func keepAfterTimeout(create bool, typ, remade, decision string) string {
	if !create {
		return fmt.Sprintf("The next apply leaves it as it is; a refresh reads %s.", decision)
	}
	return fmt.Sprintf("It is saved in the state as tainted, so the next apply would delete it and %s: to keep it, run "+
		"terraform untaint %s.<name> (with the resource's full address); a refresh then reads %s.", remade, typ, decision)
}

// untaintFirst is the start of the advice after a create that was
// refused by a reviewer: untaint the resource of type typ, so that the
// next apply does update rather than instead; the caller ends the
// sentence ("then ...").
func untaintFirst(typ, update, instead string) string {
	return fmt.Sprintf("Terraform has marked the resource tainted because the create returned this error. So that the next apply updates "+
		"%s rather than %s, first run\n\n  terraform untaint %s.<name>\n\n(with the resource's full address), then ", update, instead, typ)
}

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
			keepAfterTimeout(create, typ, remade, "the decision")))
	case err != nil:
		addAPIError(diags, "Error waiting for the compliance review", what, err)
	case status == compliancerules.StatusRejected:
		how := correct
		if create {
			how = untaintFirst(typ, "(resubmits) the application", "replacing it") + "correct what the reason names and run terraform apply."
		}
		diags.AddError("Compliance application rejected", fmt.Sprintf("The reviewer rejected %s: %q\n\n%s", what, reason, how))
	}
}
