package subaccount

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/subaccountrules"
)

// Placement: the subaccount an object of a main account is in. The API
// takes it as subaccount (a subaccount's auth_id moves the object there,
// the main account's own auth_id moves it back) and reports it as
// sub_account. The attribute is read relative to the provider's account:
// null is the provider's own account, so an object that a provider block
// configured with a subaccount's credentials manages plans no change.

// subaccountAttribute is the subaccount argument of a resource; moves
// says what moving the object does.
func SubaccountAttribute(what, moves string) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: "`auth_id` of the subaccount the " + what + " is in (`cpaas_subaccount`), " + subaccountrules.IDRule +
			"; unset, it is in the provider's own account. Only a provider configured with the main account places objects " +
			"in its subaccounts. " + kit.MissingRefNote(what) + " " + moves,
		Optional:   true,
		Validators: []validator.String{SubaccountIDRule},
	}
}

// placedIn reads a reply's sub_account into the attribute: null for the
// provider's own account (or none), else the subaccount's auth_id. prior
// (the state or the plan) is kept when it names the provider's own
// account, so a configuration that says so plans no change.
func PlacedIn(c *client.Client, prior types.String, subAccount *string) types.String {
	switch {
	case subAccount == nil || *subAccount == "":
		return types.StringNull()
	case *subAccount == c.AuthID():
		if prior.ValueString() == c.AuthID() {
			return prior
		}
		return types.StringNull()
	}
	return types.StringValue(*subAccount)
}

// placementChange is what an update sends for the attribute: nil when it
// does not change, the subaccount's auth_id to move there, the provider's
// own auth_id to move the object back when the attribute is removed.
func PlacementChange(c *client.Client, plan, state types.String) *string {
	if plan.Equal(state) {
		return nil
	}
	v := plan.ValueString()
	if plan.IsNull() {
		v = c.AuthID()
	}
	return &v
}

// ReadPlacedIn is the refresh of a kind with a subaccount attribute (attr),
// which it reads from the reply's sub_account (PlacedIn), from a listing the
// subaccount filter narrows (client.Listing.Narrowed): each refresh asks
// for the listing of the account its object was in when last read (the
// state's subaccount; null, the provider's own), so a state that holds
// one subaccount's objects reads that subaccount's pages, not the whole
// account's, however many objects the other subaccounts hold. An object
// that moved meanwhile is missing there and is read with its GET.
func ReadPlacedIn[M, O any](l *client.Listing[O], apply func(*M, *O),
	attr func(*M) *types.String, subAccount func(*O) *string) kit.RefreshFunc[M] {
	return func(ctx context.Context, c *client.Client, id string, m *M, _ resource.ReadRequest, _ *diag.Diagnostics) error {
		a := attr(m)
		o, _, err := l.Refresh(ctx, c, ListedIn(c, *a), id)
		if err == nil {
			apply(m, o)
			*a = PlacedIn(c, *a, subAccount(o))
		}
		return err
	}
}

// ListedIn is the subaccount filter of a narrowed listing (ReadPlacedIn)
// that holds an object whose subaccount attribute is placement: the
// subaccount it names, else the provider's own account.
func ListedIn(c *client.Client, placement types.String) string {
	if v := placement.ValueString(); v != "" {
		return v
	}
	return c.AuthID()
}
