package provider

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// addAPIError adds an error diagnostic: summary says what failed, the detail
// holds the object's id, the API's own message and what the user can do.
func addAPIError(diags *diag.Diagnostics, summary, what string, err error) {
	detail := fmt.Sprintf("%s: %v", what, err)
	var apiErr *client.APIError
	switch {
	case client.IsUnauthorized(err):
		detail = fmt.Sprintf("%s: authentication failed: the API refused the auth_id and auth_token (HTTP 401). "+
			"Check the provider's auth_id and auth_token (or CPAAS_AUTH_ID and CPAAS_AUTH_TOKEN).", what)
	case client.IsOutcomeUnknown(err):
		detail += "\n\nThe request may have been carried out. Nothing was retried automatically; run terraform plan " +
			"to see whether the object exists before applying again."
	case errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusBadRequest:
		detail += "\n\nThe API refused the request; correct the configuration and apply again."
	case errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusTooManyRequests:
		detail += "\n\nThe API kept refusing with 429 after every retry; lower -parallelism or raise max_retries."
	}
	diags.AddError(summary, detail)
}

// clientFrom extracts the API client from ProviderData, adding a clear error
// when the provider handed over something else.
func clientFrom(data any, diags *diag.Diagnostics) *client.Client {
	if data == nil {
		return nil
	}
	c, ok := data.(*client.Client)
	if !ok {
		diags.AddError("Unexpected provider data",
			fmt.Sprintf("Expected *client.Client, got %T. This is a bug in the provider; please report it.", data))
		return nil
	}
	return c
}

// configureResource and configureDataSource are the Configure bodies every
// resource and data source share.
func configureResource(req resource.ConfigureRequest, resp *resource.ConfigureResponse) *client.Client {
	return clientFrom(req.ProviderData, &resp.Diagnostics)
}

func configureDataSource(req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) *client.Client {
	return clientFrom(req.ProviderData, &resp.Diagnostics)
}

// readAfterCreateTimeout bounds the retries of a 404 right after a create.
const readAfterCreateTimeout = 6 * time.Second

// readAfterCreate reads an object just created, retrying a 404 for a few
// seconds: some APIs serve a read from a replica that lags the write.
func readAfterCreate[T any](ctx context.Context, what string, read func(context.Context) (T, error)) (T, error) {
	return wait.Retry(ctx, "read after create of "+what, 0, readAfterCreateTimeout,
		func(err error) bool { return errors.Is(err, client.ErrNotFound) }, read)
}

// privateKeyImported is the private-state key marking an object imported
// since its last apply: values the API never returns (a message's text, a
// session's unknown_caller_play) are then adopted from the configuration
// instead of forcing a replacement.
const privateKeyImported = "imported"

// readOrForget settles the lookup error of a resource's Read: a 404 removes
// the resource from the state (the next plan creates it again), any other
// error becomes a diagnostic naming kind and id. It reports whether Read
// should go on.
func readOrForget(ctx context.Context, resp *resource.ReadResponse, err error, kind, id string) bool {
	if errors.Is(err, client.ErrNotFound) {
		tflog.Debug(ctx, kind+" no longer exists; removing it from the state", map[string]any{"id": id})
		resp.State.RemoveResource(ctx)
		return false
	}
	if err != nil {
		addAPIError(&resp.Diagnostics, "Error reading "+kind, kind+" "+id, err)
		return false
	}
	return true
}
