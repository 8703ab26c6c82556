package compliance

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// endUserIdentity names an end user by its id.
var endUserIdentity = kit.ResourceIdentity{{Name: "end_user_id", State: "id", Description: "End user id (`end_user_id`)."}}

// endUserKind is cpaas_end_user: who will use the numbers of an
// application of the compliance application family (EndUser/). The name and last
// name are personal data; the type replaces it.
var endUserKind = &kit.ObjectKind[endUserModel]{
	TypeName: "_end_user", What: "end user", Identity: endUserIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubPhoneNumbers,
		// What the page says besides the schema's descriptions.
		Intro: "**Which family.** India's numbers go through the one-call API (`cpaas_phone_number_compliance`), which holds its own end user; the other regulated countries (Germany, France, Australia) through this older family: `cpaas_end_user`, `cpaas_compliance_document`, `cpaas_compliance_application`. The guide \"Numbers outside the US\" shows both.",
		Listed: &kit.ListedDoc{
			Limit:   client.EndUserListing.Limit,
			Objects: "end users",
			Object:  "end user",
			From:    "the account's end user list",
		}},
	Schema: endUserSchema, Create: createEndUser, Update: updateEndUser,
	Refresh:        kit.ReadListed(client.EndUserListing, applyEndUser, nil), // the items carry all the GET does,
	Remove:         (*client.Client).DeleteEndUser,
	ImportAs:       kit.ImportIDMatching(tendlcrules.UUIDPattern, "an end user id", tendlcrules.UUIDRule),
	ValidateConfig: validateEndUser,
}

type endUserModel struct {
	ID          types.String `tfsdk:"id"`
	Name        types.String `tfsdk:"name"`
	LastName    types.String `tfsdk:"last_name"`
	EndUserType types.String `tfsdk:"end_user_type"`
	CreatedAt   types.String `tfsdk:"created_at"`
}

// replaceWhenRemovedFrom replaces the object (what) when an optional field is
// removed: the API's update reads an empty value as "unchanged".
func ReplaceWhenRemovedFrom(what string) planmodifier.String {
	why := "Removing it replaces the " + what + ": the API's update cannot clear a field."
	return stringplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = kit.Known(req.StateValue) && req.PlanValue.IsNull()
	}, why, why)
}

func endUserSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "An end user of the older compliance API (`EndUser`): the person or business that will use the numbers " +
			"of a compliance application (`cpaas_compliance_application`). This family serves the regulated countries the one-call API " +
			"(`cpaas_phone_number_compliance`, India) does not: " + strings.Join(compliancerules.ComplianceAppCountries(), ", ") + ". " +
			"`name` and `last_name` are personal data: sensitive, never in a log.\n\n" + adoptRuleEndUser,
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedKeptString("End user id (`end_user_id`)."),
			"name": schema.StringAttribute{MarkdownDescription: fmt.Sprintf("The business's name, or the person's first name: 1 to %d characters. "+
				"Sensitive. Updates in place.", compliancerules.MaxName), Required: true, Sensitive: true, Validators: []validator.String{complianceNameRule}},
			"last_name": schema.StringAttribute{MarkdownDescription: fmt.Sprintf("The person's last name (an `individual` only): 1 to %d characters. "+
				"Sensitive. Updates in place; removing it replaces the end user.", compliancerules.MaxName),
				Optional: true, Sensitive: true, Validators: []validator.String{complianceNameRule}, PlanModifiers: []planmodifier.String{ReplaceWhenRemovedFrom("end user")}},
			"end_user_type": kit.RequiredReplacingString("`individual` or `business`. Changing it replaces the end user.",
				kit.SpecRuleWorded(stringvalidator.OneOf(compliancerules.UserTypes...), compliancerules.CheckUserType)),
			"created_at": kit.ComputedKeptString("When the end user was made, RFC 3339 in UTC."),
		},
	}
}

func validateEndUser(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m endUserModel
	if resp.Diagnostics.Append(req.Config.Get(ctx, &m)...); resp.Diagnostics.HasError() {
		return
	}
	if kit.Known(m.LastName) && !m.EndUserType.IsUnknown() && m.EndUserType.ValueString() == compliancerules.UserBusiness {
		resp.Diagnostics.AddAttributeError(path.Root("last_name"), "last_name is for an individual end user",
			"last_name is set but end_user_type is \"business\": the API keeps a last name for an individual only. Remove last_name, "+
				"or make the end user an individual.")
	}
}

func applyEndUser(m *endUserModel, u *client.EndUser) {
	m.ID = types.StringValue(strings.ToLower(u.EndUserID))
	m.Name = kit.ReportedString(m.Name, u.Name)
	m.LastName = kit.ReportedString(m.LastName, u.LastName)
	m.EndUserType = kit.ReportedString(m.EndUserType, u.EndUserType)
	m.CreatedAt = kit.ReportedString(m.CreatedAt, u.CreatedAt)
}

const adoptRuleEndUser = "If the API's reply to the create is lost (or is a 5xx), the provider does not make a second end user: " +
	"it lists the account's end users (unfiltered: a name filter would put personal data in a URL) and adopts the one of the same " +
	"name, last name and type; when none matches the create is sent again, when several match the apply stops with an error naming them."

func createEndUserOrAdopt(ctx context.Context, c *client.Client, in client.EndUserData) (*client.EndUser, error) {
	var made *client.EndUser
	// The listing's record of each match: an adopted end user is taken
	// from it, with no call after the adoption (one that failed, or that an
	// interrupt stopped, would leave the end user the create made in no
	// state).
	listed := map[string]client.EndUser{}
	id, err := kit.CreateOrAdopt(ctx, "end user", "the same name and type",
		func(ctx context.Context) (string, error) {
			u, err := c.CreateEndUser(ctx, in)
			if err != nil {
				return "", err
			}
			made = u
			return u.EndUserID, nil
		},
		kit.AdoptFrom(c.ListAllEndUsers, func(u *client.EndUser) bool {
			match := u.Name == in.Name && u.LastName == in.LastName && u.EndUserType == in.EndUserType
			if match {
				listed[u.EndUserID] = *u
			}
			return match
		}, func(u *client.EndUser) string { return u.EndUserID }),
		func(id string) string { return id })
	if err != nil {
		return nil, err
	}
	if made != nil && made.EndUserID == id {
		return made, nil
	}
	if u, ok := listed[id]; ok {
		return &u, nil
	}
	return c.GetEndUser(ctx, id)
}

func createEndUser(ctx context.Context, c *client.Client, plan *endUserModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	u, err := createEndUserOrAdopt(ctx, c, client.EndUserData{Name: plan.Name.ValueString(), LastName: plan.LastName.ValueString(),
		EndUserType: plan.EndUserType.ValueString()})
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating end user", "end user", err)
		return false
	}
	applyEndUser(plan, u)
	return true
}

func updateEndUser(ctx context.Context, c *client.Client, plan, state *endUserModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	id := state.ID.ValueString()
	in := client.EndUserData{}
	if p := kit.ChangedString(plan.Name, state.Name); p != nil {
		in.Name = *p
	}
	if p := kit.ChangedString(plan.LastName, state.LastName); p != nil {
		in.LastName = *p
	}
	if in.Name == "" && in.LastName == "" {
		return true
	}
	if err := c.UpdateEndUser(ctx, id, in); err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating end user", "end user "+id, err)
		return false
	}
	u, err := c.GetEndUser(ctx, id)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error reading end user after update", "end user "+id, err)
		return false
	}
	applyEndUser(plan, u)
	return true
}
