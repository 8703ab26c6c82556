package kit

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// The waits every resource may use, on internal/wait, and the advice after
// a reviewer's wait ends (keepAfterTimeout, untaintFirst). Named waiters
// of one resource (waitBrandRegistered, ...) and how a family reports its
// review (reportComplianceReview) stand beside that family.

// readAfterCreate reads an object just created, retrying a 404 while the
// read lags the create (wait.PropagationTimeout at most).
func ReadAfterCreate[T any](ctx context.Context, what string, read func(context.Context) (T, error)) (T, error) {
	return wait.UntilFound(ctx, what, func(err error) bool { return errors.Is(err, client.ErrNotFound) }, read)
}

// addTimeoutError reports a waiter that ran out of time.
func AddTimeoutError(diags *diag.Diagnostics, summary, what string, timeout time.Duration, status string) {
	diags.AddError(summary, fmt.Sprintf("%s is still %s after %s. It is saved in the state as tainted, so the next apply replaces it; "+
		"if it completes meanwhile, keep it with terraform untaint. To wait longer, raise the value in the resource's timeouts block.", what, status, timeout))
}

// AddTimeoutKept reports a waiter of a kind that costs money (Paid) that
// ran out of time after its create: the object is kept, untainted (the
// create's error becomes a warning, keepCreated), and a refresh reads the
// decision later.
func AddTimeoutKept(diags *diag.Diagnostics, summary, what string, timeout time.Duration, status string) {
	diags.AddError(summary, fmt.Sprintf("%s is still %s after %s. It is saved in the state, not tainted: no apply replaces it for "+
		"this, and a later refresh reads the decision. To wait longer, raise the value in the resource's timeouts block.", what, status, timeout))
}

// keepAfterTimeout says what becomes of an object of resource type typ
// whose review wait ran out of time: left as it is, untainted after a
// create too (the kinds that wait for a review cost money: Paid), and a
// refresh reads decision later. typ and remade are kept for the callers'
// sake.
func KeepAfterTimeout(create bool, typ, remade, decision string) string {
	if !create {
		return fmt.Sprintf("The next apply leaves it as it is; a refresh reads %s.", decision)
	}
	return fmt.Sprintf("It is saved in the state, not tainted: no apply deletes it and %s for this (%s), and a refresh "+
		"reads %s.", remade, typ, decision)
}

// A decision is an error that is the service's verdict on an object that
// exists (a registry's rejection, a carrier's request for an update):
// unlike a failure after a create, it keeps the resource tainted even for
// a kind that costs money, since the next apply's replacement (or the
// untaint the error explains) is how it is answered.
type decision struct{ diag.Diagnostic }

type decisionWithPath struct{ diag.DiagnosticWithPath }

// AddDecisionError adds a decision without an attribute.
func AddDecisionError(diags *diag.Diagnostics, summary, detail string) {
	diags.Append(decision{diag.NewErrorDiagnostic(summary, detail)})
}

// AddDecisionAttributeError adds a decision on an attribute.
func AddDecisionAttributeError(diags *diag.Diagnostics, p path.Path, summary, detail string) {
	diags.Append(decisionWithPath{diag.NewAttributeErrorDiagnostic(p, summary, detail)})
}

func isDecision(d diag.Diagnostic) bool {
	switch d.(type) {
	case decision, decisionWithPath:
		return true
	}
	return false
}

// untaintFirst is the start of the advice after a create that was
// refused by a reviewer: untaint the resource of type typ, so that the
// next apply does update rather than instead; the caller ends the
// sentence ("then ...").
func UntaintFirst(typ, update, instead string) string {
	return fmt.Sprintf("Terraform has marked the resource tainted because the create returned this error. So that the next apply updates "+
		"%s rather than %s, first run\n\n  terraform untaint %s.<name>\n\n(with the resource's full address), then ", update, instead, typ)
}
