package trunking

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/trunkingrules"
)

// sipIPACLKind is cpaas_sip_ip_acl, an IP access control list an outbound
// trunk authenticates its PBX by: read, updated in place, deleted and
// imported by its ipacl_uuid; everything is read back.
var sipIPACLKind = &kit.ObjectKind[sipIPACLModel]{
	TypeName: "_sip_ip_acl", What: "IP access control list", Identity: sipIPACLIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubSIPTrunking, Listed: &kit.ListedDoc{
		Limit:   client.IPACLListing.Limit,
		Objects: "IP access control lists",
		Object:  "IP access control list",
		From:    "the account's IP access control lists",
	}},
	Schema: sipIPACLSchema, Create: createSIPIPACL, Update: updateSIPIPACL,
	Refresh: kit.ReadListed(client.IPACLListing, applySIPIPACL, nil),
	Remove:  (*client.Client).DeleteIPACL,
}

type sipIPACLModel struct {
	ID          types.String `tfsdk:"id"`
	Name        types.String `tfsdk:"name"`
	IPAddresses types.Set    `tfsdk:"ip_addresses"`
}

func sipIPACLSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "An IP access control list of the SIP trunking service: the addresses an outbound trunk " +
			"(`cpaas_sip_trunk`) accepts SIP INVITEs from. Everything is read back and updates in place.\n\n" + sipInUseNote + "\n\n" + adoptRuleSIPIPACL,
		Attributes: map[string]schema.Attribute{
			"id":   kit.ComputedKeptString("IP access control list UUID (`ipacl_uuid`)."),
			"name": sipName("IP access control list"),
			"ip_addresses": schema.SetAttribute{
				MarkdownDescription: fmt.Sprintf("The IPv4 addresses (`192.0.2.10`) and CIDR blocks (`198.51.100.0/28`, at most "+
					"a /%d; no host bits set) whose SIP traffic the trunk accepts; at least one. A set: the order never makes a "+
					"diff. Two entries naming the same addresses (`10.0.0.1` and `10.0.0.1/32`) are refused at plan time. Updates "+
					"in place (the whole list is sent).", trunkingrules.MinCIDRPrefix),
				Required:    true,
				ElementType: types.StringType,
				Validators: []validator.Set{
					setvalidator.SizeAtLeast(1),
					setvalidator.ValueStringsAre(ipAddressRule),
					noSameAddresses{},
				},
			},
		},
	}
}

func createSIPIPACL(ctx context.Context, c *client.Client, plan *sipIPACLModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	ips, _, diags := kit.SetStrings(ctx, plan.IPAddresses)
	resp.Diagnostics.Append(diags...)
	if diags.HasError() {
		return false
	}
	in := client.IPACLCreate{Name: plan.Name.ValueString(), IPAddresses: ips}
	created, err := createSIPOrAdopt(ctx, "IP access control list", fmt.Sprintf("name %q and ip_addresses %v", in.Name, ips),
		func(ctx context.Context) (string, error) {
			out, err := c.CreateIPACL(ctx, in)
			if err != nil {
				return "", err
			}
			return out.IPACLUUID, nil
		},
		c.ListAllIPACLs, func(x *client.IPACL) bool { return x.Name == in.Name && sameStrings(x.IPAddresses, ips) },
		func(x *client.IPACL) string { return x.IPACLUUID })
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating IP access control list", "IP access control list "+plan.Name.ValueString(), err)
		return false
	}
	plan.ID = types.StringValue(created.id)
	return true
}

// applySIPIPACL copies what the API reports into m.
func applySIPIPACL(m *sipIPACLModel, x *client.IPACL) {
	m.ID = types.StringValue(x.IPACLUUID)
	m.Name = kit.StringOrNull(x.Name)
	m.IPAddresses = stringSet(x.IPAddresses)
}

// stringSet is a set of strings.
func stringSet(vs []string) types.Set {
	elems := make([]attr.Value, 0, len(vs))
	for _, v := range vs {
		elems = append(elems, types.StringValue(v))
	}
	return types.SetValueMust(types.StringType, elems)
}

func updateSIPIPACL(ctx context.Context, c *client.Client, plan, state *sipIPACLModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	in := client.IPACLUpdate{Name: kit.ChangedString(plan.Name, state.Name)}
	if !plan.IPAddresses.Equal(state.IPAddresses) {
		ips, _, diags := kit.SetStrings(ctx, plan.IPAddresses)
		resp.Diagnostics.Append(diags...)
		if diags.HasError() {
			return false
		}
		in.IPAddresses = ips
	}
	if in.Name == nil && in.IPAddresses == nil {
		return true
	}
	if err := c.UpdateIPACL(ctx, state.ID.ValueString(), in); err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating IP access control list", "IP access control list "+state.ID.ValueString(), err)
		return false
	}
	return true
}
