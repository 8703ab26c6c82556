package provider

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
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
