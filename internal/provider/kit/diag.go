package kit

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
)

// addAPIError adds an error diagnostic: summary says what failed, the detail
// holds the object's id, the API's own message and what the user can do.
func AddAPIError(diags *diag.Diagnostics, summary, what string, err error) {
	detail := fmt.Sprintf("%s: %v", what, err)
	var apiErr *client.APIError
	switch {
	case client.IsUnauthorized(err) && subaccountOf(err) != "":
		detail = fmt.Sprintf("%[1]s: the API refused the credentials of subaccount %[2]s (HTTP 401). A disabled subaccount's "+
			"credentials are refused, so the subaccount may be disabled (enabled = false). To enable it again, set enabled = true "+
			"on its cpaas_subaccount and apply that resource first, since the objects managed through the subaccount cannot be "+
			"read while it is disabled:\n\n  terraform apply -target=cpaas_subaccount.NAME\n\nthen apply the rest. If the "+
			"subaccount is enabled, check the provider block's auth_id and auth_token (from cpaas_subaccount_credentials).", what, subaccountOf(err))
	case client.IsUnauthorized(err):
		detail = fmt.Sprintf("%s: authentication failed: the API refused the auth_id and auth_token (HTTP 401). "+
			"Check the provider's auth_id and auth_token (or CPAAS_AUTH_ID and CPAAS_AUTH_TOKEN).", what)
	case errors.As(err, new(*client.ConfigurationUnknownError)):
		detail = fmt.Sprintf("%s: %v. Nothing was changed. Terraform plans the creates of such a provider block's resources "+
			"and configures the provider when apply knows the values; what needs the API at plan time cannot be planned in "+
			"the same run: apply the object the provider block depends on first (terraform apply -target=...), then the rest.", what, err)
	case errors.Is(err, context.Canceled):
		detail += "\n\nThe run was interrupted (Ctrl-C, or a cancelled CI job) before this finished; nothing new was sent " +
			"after the interrupt, and a create already sent was carried to its reply. What the API did is in the state or is " +
			"read by the next plan: run terraform plan to see what is left, then apply again."
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

// subaccountOf is the subaccount (SA...) whose credentials a refused
// request used, "" for a main account: the path names the account.
func subaccountOf(err error) string {
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) {
		return ""
	}
	_, rest, ok := strings.Cut(apiErr.Path, "/v1/Account/")
	if id, _, _ := strings.Cut(rest, "/"); ok && strings.HasPrefix(id, "SA") {
		return id
	}
	return ""
}

// addMissingParentError reports a 404 of the object a child names (a
// pool member's powerpack, a link's campaign) on the attribute that names
// it, in the provider's words, instead of the API's raw 404: attr is the
// attribute, resourceType the parent's resource type, what its name in
// words, id the value.
// It returns false (and adds nothing) when err is not a 404.
func AddMissingParentError(diags *diag.Diagnostics, attr, resourceType, what, id string, err error) bool {
	if !errors.Is(err, client.ErrNotFound) {
		return false
	}
	diags.AddAttributeError(path.Root(attr), "Referenced object not found",
		fmt.Sprintf("%s %q names no %s of the account: the API found none with that id. Create it with a %s resource and "+
			"reference its id (%s = %s.NAME.id), or correct %s.", attr, id, what, resourceType, attr, resourceType, attr))
	return true
}

// attrPath is the attribute a rules error names: the one adapter from a
// rules package's fielderr.Path to the framework's path, used wherever a
// rules error becomes an attribute diagnostic.
func AttrPath(p fielderr.Path) path.Path {
	out := path.Empty()
	for _, s := range p {
		switch {
		case s.IsIndex():
			out = out.AtListIndex(s.Index)
		case s.IsKey():
			out = out.AtMapKey(s.Key)
		default:
			out = out.AtName(s.Name)
		}
	}
	return out
}
