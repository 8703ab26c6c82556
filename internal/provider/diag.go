package provider

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
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
