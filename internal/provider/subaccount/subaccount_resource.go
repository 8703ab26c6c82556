package subaccount

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/subaccountrules"
)

// subaccountFamily is what Terraform is served of subaccounts and their credentials (provider.go's families).
var SubaccountFamily = kit.Family{
	Resources:   []func() resource.Resource{subaccountKind.NewResource},
	DataSources: []func() datasource.DataSource{subaccountData.NewDataSource},
	Lists:       []func() list.ListResource{NewSubaccountListResource},
	Ephemeral:   []func() ephemeral.EphemeralResource{subaccountCredentials.NewEphemeralResource},
	Sweepers:    sweepers,
	RealKinds:   realKinds,
	Bench:       benchKinds,
}

// subaccountIdentity names a subaccount by its auth_id (identity.go).
var subaccountIdentity = kit.ResourceIdentity{{Name: "auth_id", State: "id", Description: "Subaccount auth_id (`SA` and 18 characters)."}}

// subaccountKind is cpaas_subaccount: a subaccount of the main account the
// provider is configured with. Its auth_token is never read into the state
// (cpaas_subaccount_credentials reads it at each run); destroying it never
// deletes its objects unless cascade_on_destroy says so.
var subaccountKind = &kit.ObjectKind[subaccountModel]{
	TypeName: "_subaccount", What: "subaccount", Identity: subaccountIdentity,
	Docs: kit.PageDocs{Intro: kit.StopManaging("cpaas_subaccount", "a subaccount"), Subcategory: kit.SubAccounts, Listed: &kit.ListedDoc{
		Limit:   client.SubaccountListing.Limit,
		Objects: "subaccounts",
		Object:  "subaccount",
		From:    "the account's subaccount list",
	}},
	Schema: subaccountSchema, Create: createSubaccount, Update: updateSubaccount,
	// Refresh: from the listing (client.SubaccountListing), whose items
	// carry all the GET does.
	Refresh: kit.ReadListed(client.SubaccountListing, applySubaccount, nil),
	Delete:  deleteSubaccount,
	ImportAs: func(id string) (map[string]string, string) {
		if !subaccountrules.IsID(id) {
			return nil, fmt.Sprintf("import id %q must be a subaccount's auth_id, %s, for example SA2025RK4E639VJFZAMM.", id, subaccountrules.IDRule)
		}
		return nil, ""
	},
	// An import reads no cascade_on_destroy: it takes its default, so the
	// documented configuration plans no change.
	AfterImport: func(ctx context.Context, resp *resource.ImportStateResponse) {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("cascade_on_destroy"), false)...)
	},
}

// subaccountModel holds no auth_token, nor anything derived from it.
type subaccountModel struct {
	ID               types.String `tfsdk:"id"`
	AuthID           types.String `tfsdk:"auth_id"`
	Name             types.String `tfsdk:"name"`
	Enabled          types.Bool   `tfsdk:"enabled"`
	Created          types.String `tfsdk:"created"`
	CascadeOnDestroy types.Bool   `tfsdk:"cascade_on_destroy"`
}

// subaccountNameRule is subaccountrules.CheckName at plan time.
var subaccountNameRule = kit.SpecRule("must be "+subaccountrules.NameRule, subaccountrules.CheckName)

// subaccountIDRule is the form of a subaccount's auth_id at plan time.
var SubaccountIDRule = kit.SpecRule("must be "+subaccountrules.IDRule, func(attr, v string) error {
	return subaccountrules.CheckID(attr, v)
})

// subaccountDestroyRule is what destroying a subaccount does to its
// objects; the descriptions quote it.
const subaccountDestroyRule = "Destroying the subaccount deletes it and its credentials. With `cascade_on_destroy = false` (the default) " +
	"the provider sends `cascade = false`: the subaccount's applications, endpoints and phone numbers are re-homed to the main " +
	"account, unchanged and still working (a resource that manages one of them through the subaccount's credentials then no " +
	"longer finds it). With `cascade_on_destroy = true` it sends `cascade = true`: the API deletes every application and " +
	"endpoint of the subaccount and releases every phone number of it, which cannot be undone. Its other objects (masking " +
	"sessions, messages, 10DLC registrations) go with it either way."

// subaccountTokenRule says where the subaccount's auth_token is.
const subaccountTokenRule = "The subaccount's `auth_token` is never stored: not in the state, not in the plan, not as a hash. " +
	"Read it at each run with the ephemeral resource `cpaas_subaccount_credentials` (Terraform 1.10 or later), which can " +
	"configure an aliased provider that manages the subaccount's own objects."

func subaccountSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "A subaccount of the main account the provider is configured with: its own credentials, numbers, " +
			"endpoints and applications, and a switch to disable it. The provider must be configured with the main account " +
			"(`auth_id` starting `MA`).\n\n" + subaccountTokenRule + "\n\n" + subaccountDestroyRule + "\n\n" + adoptRuleSubaccount,
		Attributes: map[string]schema.Attribute{
			"id":      kit.ComputedKeptString("Subaccount `auth_id`, the same as `auth_id`."),
			"auth_id": kit.ComputedKeptString("Subaccount `auth_id`: `SA` and 18 upper-case letters or digits, set by the API."),
			"name": schema.StringAttribute{
				MarkdownDescription: "Name of the subaccount, " + subaccountrules.NameRule + ". Updates in place.",
				Required:            true,
				Validators:          []validator.String{subaccountNameRule},
			},
			"enabled": schema.BoolAttribute{
				MarkdownDescription: "Whether the subaccount's credentials work; default true (the provider always sends it; the API's own " +
					"default is false). A disabled subaccount's requests are refused with 401 (authentication failed), its objects " +
					"are kept. Updates in place.",
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(true),
			},
			"created": kit.ComputedKeptString("Date the subaccount was created, `YYYY-MM-DD`, as the API reports it."),
			"cascade_on_destroy": schema.BoolAttribute{
				MarkdownDescription: "What destroying the subaccount does to its applications, endpoints and phone numbers: `false` " +
					"(default) re-homes them to the main account, `true` deletes them (numbers are released). Read only at destroy; " +
					"changing it calls no API. " + subaccountDestroyRule,
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(false),
			},
		},
	}
}

// applySubaccount copies what the API reports into m: never its token.
func applySubaccount(m *subaccountModel, s *client.Subaccount) {
	m.ID = types.StringValue(s.AuthID)
	m.AuthID = types.StringValue(s.AuthID)
	m.Name = kit.ReportedString(m.Name, s.Name)
	m.Enabled = types.BoolValue(s.Enabled)
	m.Created = kit.ReportedString(m.Created, s.Created)
}

// adoptRuleSubaccount says what happens when the reply to a create is
// lost; createSubaccountOrAdopt carries it out.
const adoptRuleSubaccount = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second subaccount: " +
	"it lists the subaccounts and adopts the one named `name`; when none matches the create " +
	"is sent again, when several match the apply stops with an error naming them."

// createSubaccountOrAdopt is CreateSubaccount that never makes a
// duplicate. The token of the reply is dropped by the caller.
func createSubaccountOrAdopt(ctx context.Context, c *client.Client, in client.SubaccountCreate) (*client.SubaccountCreated, error) {
	return kit.CreateOrAdopt(ctx, "subaccount", fmt.Sprintf("name %q", in.Name),
		func(ctx context.Context) (*client.SubaccountCreated, error) { return c.CreateSubaccount(ctx, in) },
		kit.AdoptFrom(c.ListAllSubaccounts,
			func(s *client.Subaccount) bool { return s.Name == in.Name },
			func(s *client.Subaccount) *client.SubaccountCreated {
				return &client.SubaccountCreated{AuthID: s.AuthID, Message: "adopted"}
			}),
		func(s *client.SubaccountCreated) string { return s.AuthID })
}

func createSubaccount(ctx context.Context, c *client.Client, plan *subaccountModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	// The read after create below: the reads of the subaccounts created
	// beside this one wait for it, to share its round.
	expected := client.SubaccountListing.Expect(c, "")
	defer expected.Done()
	created, err := createSubaccountOrAdopt(ctx, c, client.SubaccountCreate{Name: plan.Name.ValueString(), Enabled: client.FlagOf(plan.Enabled.ValueBoolPointer())})
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating subaccount", "subaccount "+plan.Name.ValueString(), err)
		return false
	}
	id := created.AuthID
	created.AuthToken = "" // never kept
	plan.ID = types.StringValue(id)
	plan.AuthID = types.StringValue(id)
	// The create's reply lacks the record (created): read it, through the
	// listing shared with the apply's other creates of subaccounts.
	sub, err := kit.ReadAfterCreate(ctx, "subaccount "+id, func(ctx context.Context) (*client.Subaccount, error) {
		return expected.AfterCreate(ctx, id)
	})
	if err != nil {
		plan.Created = types.StringNull()
		kit.AddAPIError(&resp.Diagnostics, "Error reading subaccount after create", "subaccount "+id, err)
		return true
	}
	applySubaccount(plan, sub)
	if !plan.Enabled.Equal(types.BoolValue(sub.Enabled)) {
		// An adopted subaccount keeps its own setting until told.
		if err := c.UpdateSubaccount(ctx, id, client.SubaccountUpdate{Enabled: client.FlagOf(plan.Enabled.ValueBoolPointer())}); err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error enabling subaccount after create", "subaccount "+id, err)
		}
	}
	return true
}

func updateSubaccount(ctx context.Context, c *client.Client, plan, state *subaccountModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	id := state.ID.ValueString()
	if !plan.Name.Equal(state.Name) || !plan.Enabled.Equal(state.Enabled) {
		// Both are sent: an update without enabled would leave it, but a
		// client that always sends it (the Python SDK) must not be echoed.
		in := client.SubaccountUpdate{Name: plan.Name.ValueStringPointer(), Enabled: client.FlagOf(plan.Enabled.ValueBoolPointer())}
		if err := c.UpdateSubaccount(ctx, id, in); err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error updating subaccount", "subaccount "+id, err)
			return false
		}
	}
	sub, err := c.GetSubaccount(ctx, id)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error reading subaccount after update", "subaccount "+id, err)
		return false
	}
	applySubaccount(plan, sub)
	return true
}

// deleteSubaccount sends cascade as cascade_on_destroy says, false unless
// it is set: the API's delete is never left to its default.
func deleteSubaccount(ctx context.Context, c *client.Client, state *subaccountModel, diags *diag.Diagnostics) {
	id := state.ID.ValueString()
	if err := c.DeleteSubaccount(ctx, id, state.CascadeOnDestroy.ValueBool()); err != nil && !errors.Is(err, client.ErrNotFound) {
		kit.AddAPIError(diags, "Error deleting subaccount", "subaccount "+id, err)
	}
}
