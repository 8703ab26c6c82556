package compliance

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// The phone number's side of compliance: the application a number is
// rented against, at purchase and afterwards.

// numberActivationTimeout bounds the wait for a regulated number the
// service answered "pending".
const numberActivationTimeout = 30 * time.Minute

func ComplianceApplicationIDAttribute() schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: "Compliance application the number is rented against: the `id` of an accepted " +
			"application of the number's country and type: a `cpaas_phone_number_compliance` (India) or a " +
			"`cpaas_compliance_application` (the other regulated countries). A number of a " +
			"regulated country (India, Germany, France, Australia) cannot be bought without one: the API refuses the purchase. " +
			"A regulated number the service answers `pending` is waited for (up to 30 minutes). Changing it links the number to " +
			"another accepted application in place (the API's link, whose result is the number's own); removing it from the " +
			"configuration leaves the link as it is. " + kit.MissingRefNote("number"),
		Optional: true, Computed: true,
		Validators:    []validator.String{kit.ShapeRule(tendlcrules.UUIDPattern, tendlcrules.UUIDRule)},
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

// boughtPending reports whether a purchase reply says the number is
// pending (a regulated number being activated).
func BoughtPending(b *client.PhoneNumberBought) bool {
	if b == nil {
		return false
	}
	for _, n := range b.Numbers {
		if strings.EqualFold(n.Status, "pending") {
			return true
		}
	}
	return false
}

// waitNumberActivated waits until number's compliance status is no longer
// pending.
func WaitNumberActivated(ctx context.Context, c *client.Client, number string) (*client.AccountNumber, error) {
	find := func(ctx context.Context) (*client.AccountNumber, error) { return c.GetNumber(ctx, number) }
	return wait.For[*client.AccountNumber]{What: "phone number " + number + " activation", Pending: []string{"pending"},
		Status: wait.StatusOf(find, func(n *client.AccountNumber) string { return n.ComplianceStatus }), Timeout: numberActivationTimeout}.Wait(ctx)
}

// linkNumberToApplication links number to application id through the
// API's link and reports the number's own result: the link answers 200
// even when the number failed.
func LinkNumberToApplication(ctx context.Context, c *client.Client, number, id string, diags *diag.Diagnostics) bool {
	_, err := c.LinkComplianceNumbers(ctx, []client.ComplianceLinkEntry{{Number: "+" + number, ComplianceApplicationID: id}})
	var linkErr *client.LinkError
	switch {
	case errors.As(err, &linkErr):
		for _, f := range linkErr.Failed {
			diags.AddAttributeError(path.Root("compliance_application_id"), "Phone number not linked to the compliance application",
				fmt.Sprintf("The service did not link %s to compliance application %s: %s", f.Number, id, f.Remarks))
		}
		return false
	case err != nil:
		kit.AddAPIError(diags, "Error linking phone number to compliance application", "number "+number, err)
		return false
	}
	return true
}
