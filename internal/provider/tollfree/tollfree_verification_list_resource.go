package tollfree

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tollfreerules"
)

// NewTollfreeVerificationListResource lists the account's toll-free
// verification requests (terraform query, Terraform 1.14+); listResource
// does the work.
func NewTollfreeVerificationListResource() list.ListResource {
	return &kit.ListResource{ListKind: tollfreeList}
}

// tollfreeListDays is the widest window of the API's list: it never lists
// a request made earlier (import those by uuid).
const tollfreeListDays = 30

var tollfreeList = kit.ListKind{
	Of: tollfreeKind, Objects: "toll-free verifications",
	Description: fmt.Sprintf("The account's toll-free verification requests made in the last %d days (the widest window the API lists; "+
		"import an older one by its uuid), named by `uuid`. The filters are the API's own.", tollfreeListDays),
	Filters: map[string]listschema.StringAttribute{
		"number": {
			MarkdownDescription: "Only the requests of this toll-free number.",
			Validators:          []validator.String{tollfreeNumberRule},
		},
		"status": {
			MarkdownDescription: "Only the requests in this status: " + kit.OneOfText(tollfreerules.Statuses) + ".",
			Validators:          []validator.String{stringvalidator.OneOf(tollfreerules.Statuses...)},
		},
		"profile_uuid": {
			MarkdownDescription: "Only the requests of this business profile.",
			Validators:          []validator.String{kit.IdFilterRule(tendlcrules.UUIDPattern, "must be a profile_uuid, ", tendlcrules.UUIDRule)},
		},
		"usecase": {
			MarkdownDescription: "Only the requests whose use cases are exactly this combination, as the API holds it: sorted, joined by " +
				"\", \" (`\"2FA, CUSTOMER_CARE\"`).",
			Validators: []validator.String{stringvalidator.UTF8LengthAtLeast(1)},
		},
	},
	Find: func(ctx context.Context, c *client.Client, f kit.ListFilters) ([]kit.ListedObject, error) {
		all, err := c.ListAllTollfreeVerifications(ctx, client.TollfreeFilter{
			Number: f["number"], Status: f["status"], ProfileUUID: f["profile_uuid"], Usecase: f["usecase"],
			CreatedGTE: time.Now().UTC().AddDate(0, 0, -tollfreeListDays).Format(time.DateOnly),
		})
		return kit.ByID(all, err, nil, func(v client.TollfreeVerification) (string, string) {
			return fmt.Sprintf("%s (%s, %s)", v.Number, v.UUID, v.Status), v.UUID
		})
	},
}
