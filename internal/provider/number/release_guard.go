package number

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// The release guard of cpaas_phone_number: every plan that would release a
// bought number (a destroy, a removal from the configuration, a changed
// for_each key or a smaller count, which Terraform all plans as a destroy
// with a null plan; a replacement) says so, naming the number and what it
// still serves; release_protection, read from the state as Google's
// deletion_protection is, makes such a plan an error.

// releaseProtectionDescription is release_protection's description.
const releaseProtectionDescription = "Set it to `true` to refuse, at plan time, every plan that would release the number: " +
	"`terraform destroy`, removing the resource from the configuration, a changed `for_each` key, a smaller `count` " +
	"or a replacement; the error names the number. Default `false` (every such plan then warns instead). It is read " +
	"from the state, because a destroy plan has no configuration: it protects once applied, not in the plan that " +
	"sets it. To release a protected number on purpose, set it to `false` (or remove it), apply, then run the plan " +
	"that releases it. The provider's own setting (no API call): it updates in place."

// releaseCause says why a plan releases state's number: plan is nil for a
// destroy, else the replacement's plan.
func releaseCause(plan *phoneNumberResourceModel) string {
	if plan == nil {
		return "the resource instance is destroyed: terraform destroy, its block removed from the configuration, a " +
			"for_each key that changed or a count that shrank"
	}
	next := "a number not known until apply"
	if !plan.Number.IsUnknown() {
		next = plan.Number.ValueString()
	}
	return "the resource is replaced: number changes to " + next
}

// releasing reports whether the plan (nil: a destroy) releases state's
// number.
func releasing(state, plan *phoneNumberResourceModel) bool {
	return plan == nil || !plan.Number.Equal(state.Number)
}

// refuseProtectedRelease adds the error of a plan that would release a
// number whose state has release_protection = true, and reports whether
// it did.
func refuseProtectedRelease(state, plan *phoneNumberResourceModel, diags *diag.Diagnostics) bool {
	if !state.ReleaseProtection.ValueBool() || !releasing(state, plan) {
		return false
	}
	number := state.Number.ValueString()
	summary := "Refusing to release protected phone number " + number
	detail := fmt.Sprintf("cpaas_phone_number %[1]s has release_protection = true, and this plan would release it (%[2]s): "+
		"it would go back on sale and may be bought by someone else, which cannot be undone. Nothing was changed.\n\n"+
		"To keep %[1]s, undo the change that releases it (a for_each over search results changes its keys: key numbers by "+
		"names of your own and buy them by search criteria).\n\n"+
		"To release %[1]s on purpose: set release_protection = false (or remove it) in its resource block, run terraform "+
		"apply, then run the plan that releases it. The protection is read from the state, so that apply comes first; "+
		"a resource already removed from the configuration goes back in with release_protection = false for it.",
		number, releaseCause(plan))
	if plan == nil {
		// A destroy, or a resource block removed from the configuration:
		// Terraform may show no address for it, so the alias names it
		// too, and forgetting the number is the other way out.
		if alias := state.Alias.ValueString(); alias != "" {
			summary += fmt.Sprintf(" (alias %q)", alias)
		}
		detail += "\n\nTo stop managing " + number + " without releasing it (for example, you removed its resource block), " +
			"put a removed block in its place: the number stays on the account and leaves the state:\n\n" +
			"  removed {\n    from = cpaas_phone_number.<name>\n    lifecycle {\n      destroy = false\n    }\n  }"
		diags.AddError(summary, detail)
	} else {
		diags.AddAttributeError(path.Root("number"), summary, detail)
	}
	return true
}

// warnPhoneNumberRelease warns of a plan that releases the number,
// naming it and what it still serves. It never fails the plan: what it
// cannot find out it says it could not tell.
//
// Cost: the application, the SIP trunk and the 10DLC campaign come from
// the state the plan's refresh just read (the number's own record, which
// client.NumberListing answers): no request. The pools come from
// client.PowerpacksHolding: the account's powerpack listing and each pool's
// member listing, once per plan for all the numbers it releases.
func warnPhoneNumberRelease(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() {
		return
	}
	var state phoneNumberResourceModel
	if diags := req.State.Get(ctx, &state); diags.HasError() {
		return
	}
	var plan *phoneNumberResourceModel
	if !req.Plan.Raw.IsNull() {
		plan = &phoneNumberResourceModel{}
		if diags := req.Plan.Get(ctx, plan); diags.HasError() {
			return
		}
	}
	if !releasing(&state, plan) {
		return
	}
	number := state.Number.ValueString()
	serves := numberServes(&state)
	var unknown string
	packs, err := c.PowerpacksHolding(ctx, number, isTollFreeNumber(&state))
	if err != nil {
		unknown = fmt.Sprintf(" Whether a powerpack's number pool holds it could not be told (%v); the plan goes on.", err)
	}
	for _, p := range packs {
		serves = append(serves, fmt.Sprintf("the number pool of powerpack %q", p))
	}
	what := "Nothing uses it, as far as the provider can tell."
	if len(serves) > 0 {
		what = "It still serves: " + strings.Join(serves, "; ") + "."
	}
	resp.Diagnostics.AddWarning("Phone number "+number+" will be released",
		fmt.Sprintf("This plan releases %[1]s (%[2]s): it goes back on sale and may be bought by someone else, which "+
			"cannot be undone. %[3]s%[4]s\n\n"+
			"To keep it, undo the change that releases it. Resources keyed or counted by a search's results "+
			"(for_each over data.cpaas_phone_numbers) change keys once bought, as bought numbers leave the results: key "+
			"numbers by names of your own and buy each by search criteria (the search argument). Set "+
			"release_protection = true (and apply) on numbers you cannot lose: such a plan is then an error.",
			number, releaseCause(plan), what, unknown))
}

// numberServes lists what the state says the number serves: its
// application or SIP trunk and its 10DLC campaign.
func numberServes(m *phoneNumberResourceModel) []string {
	var out []string
	if v := m.AppID.ValueString(); v != "" {
		out = append(out, "application "+v+" (answers its calls and messages)")
	}
	if v := m.SIPTrunkID.ValueString(); v != "" {
		out = append(out, "SIP trunk "+v+" (receives its calls)")
	}
	if v := m.TendlcCampaignID.ValueString(); v != "" {
		link := "linked"
		if m.TendlcRegistrationStatus.ValueString() == "PROCESSING" {
			link = "link pending"
		}
		out = append(out, "10DLC campaign "+v+" ("+link+")")
	}
	return out
}

// isTollFreeNumber reports whether the number is toll-free, whose pool
// route is Tollfree.
func isTollFreeNumber(m *phoneNumberResourceModel) bool {
	t := strings.ReplaceAll(m.Type.ValueString()+" "+m.SubType.ValueString(), "-", "")
	return strings.Contains(t, "tollfree")
}

// releasePhoneNumber releases the number, unless its state has
// release_protection = true: the plan refuses every release it can see,
// but not a tainted number's replacement, which Terraform plans without
// telling the provider.
func releasePhoneNumber(ctx context.Context, c *client.Client, state *phoneNumberResourceModel, diags *diag.Diagnostics) {
	number := state.Number.ValueString()
	if state.ReleaseProtection.ValueBool() {
		diags.AddError("Refusing to release protected phone number "+number,
			fmt.Sprintf("cpaas_phone_number %[1]s has release_protection = true; nothing was released. When Terraform "+
				"replaces it because it is tainted (a create that failed after the purchase), keep it with terraform "+
				"untaint ADDRESS (the address Terraform shows with this error). To release it on purpose, set "+
				"release_protection = false, apply, then run the plan that releases it.", number))
		return
	}
	tflog.Info(ctx, "releasing phone number", map[string]any{"number": number})
	if err := c.ReleaseNumber(ctx, number); err != nil && !errors.Is(err, client.ErrNotFound) {
		kit.AddAPIError(diags, "Error releasing phone number", "phone number "+number, err)
	}
}

// warnTaintedRelease is the release warning Terraform does not let the
// provider give by name: a tainted number (`terraform taint`, or a failed
// apply of a kind that taints) is replaced by a plan that the provider sees
// as a plain create, without the state that holds the number, and the
// apply releases that number before it buys another. So a create whose
// configuration names a number the account already owns (its number, or
// its alias) warns naming that number: either the resource is tainted and
// the apply releases it, or it is not this state's and another way to
// adopt it is better. One listing of the account's numbers per run
// answers every such plan (client.Listing.Find).
func warnTaintedRelease(ctx context.Context, c *client.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if !req.State.Raw.IsNull() || req.Plan.Raw.IsNull() || c.IsPending() {
		return
	}
	var plan phoneNumberResourceModel
	if diags := req.Plan.Get(ctx, &plan); diags.HasError() {
		return
	}
	var number, alias string
	if kit.Known(plan.Number) {
		number = plan.Number.ValueString()
	}
	if kit.Known(plan.Alias) {
		alias = plan.Alias.ValueString()
	}
	if number == "" && alias == "" {
		return
	}
	owned, err := client.NumberListing.Find(ctx, c, "", func(n *client.AccountNumber) bool {
		return n.Number == number || alias != "" && n.AliasText() == alias
	})
	if err != nil {
		return
	}
	for _, n := range owned {
		same := "the number this configuration names"
		if n.Number != number {
			same = fmt.Sprintf("the alias %q this configuration gives", alias)
		}
		resp.Diagnostics.AddWarning("Phone number "+n.Number+" may be released",
			fmt.Sprintf("This plan buys a phone number, and the account already owns %[1]s, with %[2]s. If this resource "+
				"instance is tainted (terraform taint, or an apply that failed), Terraform replaces it without showing the "+
				"provider the number it holds: the apply releases %[1]s, which goes back on sale and cannot be undone, and "+
				"then buys another. To keep %[1]s, run terraform untaint on this resource before you apply.\n\n"+
				"If %[1]s is not this resource's (another state manages it, or it was bought outside Terraform), adopt it "+
				"with an import block (id = %[3]q) or give this resource another alias.", n.Number, same, n.Number))
	}
}
