package powerpack

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/powerpackrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// powerpackData is data.cpaas_powerpack: a powerpack made elsewhere, by
// its UUID or by its name (unique in the account).
var powerpackData = &kit.DataKind[powerpackDataModel]{
	TypeName: "_powerpack", Schema: powerpackDataSchema, Read: readPowerpackData,
	Subcategory:      kit.SubMessaging,
	ConfigValidators: []datasource.ConfigValidator{kit.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name"))},
}

type powerpackDataModel struct {
	ID              types.String          `tfsdk:"id"`
	Name            types.String          `tfsdk:"name"`
	StickySender    types.Bool            `tfsdk:"sticky_sender"`
	LocalConnect    types.Bool            `tfsdk:"local_connect"`
	ApplicationType types.String          `tfsdk:"application_type"`
	ApplicationID   types.String          `tfsdk:"application_id"`
	NumberPriority  []numberPriorityModel `tfsdk:"number_priority"`
	NumberPoolID    types.String          `tfsdk:"number_pool_id"`
	CreatedOn       types.String          `tfsdk:"created_on"`
}

func powerpackDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a powerpack made elsewhere, by `id` (its UUID) or by `name` (exactly one): for example to send " +
			"through it (`powerpack_uuid`) or to add numbers to its pool (`cpaas_powerpack_number`).",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "Powerpack UUID, " + powerpackrules.UUIDRule + ". Set it or `name`.",
				Optional:            true, Computed: true,
				Validators: []validator.String{stringvalidator.RegexMatches(powerpackrules.UUIDPattern, "must be "+powerpackrules.UUIDRule)},
			},
			"name": schema.StringAttribute{
				MarkdownDescription: "Name of the powerpack (unique in the account). Set it or `id`.",
				Optional:            true, Computed: true,
				Validators: []validator.String{powerpackNameRule},
			},
			"sticky_sender":    kit.ComputedBool("Whether a destination gets the number that sent to it before."),
			"local_connect":    kit.ComputedBool("Whether a long code of the destination's area code or region sends first."),
			"application_type": kit.ComputedString("`xml` or `phlo`; null when no application answers the pool's numbers."),
			"application_id":   kit.ComputedString("Id of the application that answers the pool's numbers, or null."),
			"number_priority": schema.ListNestedAttribute{
				MarkdownDescription: "The order of `shortcode`, `tollfree` and `longcode` per destination country and service, as the API " +
					"lists it (empty when the API lists none).",
				Computed: true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"country_iso":  kit.ComputedString("Destination country."),
					"service_type": kit.ComputedString("`SMS` or `MMS`."),
					"priority":     schema.ListAttribute{MarkdownDescription: "The three kinds, in order.", ElementType: types.StringType, Computed: true},
				}},
			},
			"number_pool_id": kit.ComputedString("UUID of the powerpack's number pool."),
			"created_on":     kit.ComputedString("When the powerpack was created, RFC 3339 in UTC."),
		},
	}
}

func applyPowerpackData(m *powerpackDataModel, p *client.Powerpack) {
	r := powerpackModel{NumberPriority: []numberPriorityModel{}}
	applyPowerpack(&r, p)
	m.ID, m.Name, m.StickySender, m.LocalConnect = r.ID, r.Name, r.StickySender, r.LocalConnect
	m.ApplicationType, m.ApplicationID, m.NumberPoolID, m.CreatedOn = r.ApplicationType, r.ApplicationID, r.NumberPoolID, r.CreatedOn
	// Every entry the API lists, the default order included.
	m.NumberPriority = []numberPriorityModel{}
	for _, np := range p.NumberPriority {
		m.NumberPriority = append(m.NumberPriority, numberPriorityModel{CountryISO: types.StringValue(np.CountryISO), ServiceType: types.StringValue(np.ServiceType),
			Priority: []types.String{types.StringValue(np.Priority.Priority1), types.StringValue(np.Priority.Priority2), types.StringValue(np.Priority.Priority3)}})
	}
}

// readPowerpackData reads the powerpack id names, or else the one named
// name.
func readPowerpackData(ctx context.Context, c *client.Client, m *powerpackDataModel, diags *diag.Diagnostics) {
	if m.ID.ValueString() != "" {
		kit.ReadByID("powerpack", func(m *powerpackDataModel) string { return m.ID.ValueString() }, (*client.Client).GetPowerpack, applyPowerpackData)(ctx, c, m, diags)
		return
	}
	name := m.Name.ValueString()
	all, err := c.ListAllPowerpacks(ctx)
	if err != nil {
		kit.AddAPIError(diags, "Error reading powerpack", "powerpack named "+name, err)
		return
	}
	for i := range all {
		if all[i].Name == name {
			applyPowerpackData(m, &all[i])
			return
		}
	}
	diags.AddAttributeError(path.Root("name"), "Powerpack not found", fmt.Sprintf("No powerpack of the account is named %q.", name))
}

// powerpackNumbersData is data.cpaas_powerpack_numbers: every member of a
// powerpack's pool, read-only: long codes and toll-free numbers (which
// cpaas_powerpack_number adds) and short codes (which only the console
// adds).
var powerpackNumbersData = &kit.DataKind[powerpackNumbersModel]{
	TypeName: "_powerpack_numbers", Schema: powerpackNumbersSchema, Read: readPowerpackNumbers,
	Subcategory: kit.SubMessaging,
}

type powerpackNumbersModel struct {
	PowerpackID  types.String      `tfsdk:"powerpack_id"`
	NumberPoolID types.String      `tfsdk:"number_pool_id"`
	Members      []poolMemberModel `tfsdk:"members"`
	Numbers      []types.String    `tfsdk:"numbers"`
	Tollfree     []types.String    `tfsdk:"tollfree"`
	Shortcodes   []types.String    `tfsdk:"shortcodes"`
}

type poolMemberModel struct {
	Number     types.String `tfsdk:"number"`
	Type       types.String `tfsdk:"type"`
	Service    types.String `tfsdk:"service"`
	CountryISO types.String `tfsdk:"country_iso"`
	AddedOn    types.String `tfsdk:"added_on"`
}

func powerpackNumbersSchema(context.Context) schema.Schema {
	list := func(desc string) schema.ListAttribute {
		return schema.ListAttribute{MarkdownDescription: desc, ElementType: types.StringType, Computed: true}
	}
	return schema.Schema{
		MarkdownDescription: "Lists every member of a powerpack's number pool: long codes, toll-free numbers and short codes, each with " +
			"its type, service and country. Short codes reach a pool only through the console or support (the API cannot add them), so " +
			"this is where a configuration reads them.",
		Attributes: map[string]schema.Attribute{
			"powerpack_id": kit.RequiredString("UUID of the powerpack (`cpaas_powerpack`'s `id`).",
				stringvalidator.RegexMatches(powerpackrules.UUIDPattern, "must be "+powerpackrules.UUIDRule)),
			"number_pool_id": kit.ComputedString("UUID of the powerpack's number pool."),
			"members": schema.ListNestedAttribute{
				MarkdownDescription: "Every member, long codes first, then toll-free numbers, then short codes, each in the order it joined.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"number":      kit.ComputedString("The number (digits with the country code) or the short code."),
					"type":        kit.ComputedString("`fixed`, `mobile`, `tollfree` or `shortcode`."),
					"service":     kit.ComputedString("`sms` or `mms`: what the number sends for the pool; null for a short code (the API records none)."),
					"country_iso": kit.ComputedString("Country of the number, ISO 3166-1 alpha-2."),
					"added_on":    kit.ComputedString("When it joined the pool, RFC 3339 in UTC."),
				}},
			},
			"numbers":    list("The long codes (`fixed` and `mobile`)."),
			"tollfree":   list("The toll-free numbers."),
			"shortcodes": list("The short codes."),
		},
	}
}

func readPowerpackNumbers(ctx context.Context, c *client.Client, m *powerpackNumbersModel, diags *diag.Diagnostics) {
	id := m.PowerpackID.ValueString()
	p, err := c.GetPowerpack(ctx, id)
	if err != nil {
		kit.AddAPIError(diags, "Error reading powerpack", "powerpack "+id, err)
		return
	}
	pool, err := client.PoolUUID(p)
	if err != nil {
		kit.AddAPIError(diags, "Error reading powerpack", "powerpack "+id, err)
		return
	}
	m.NumberPoolID = types.StringValue(pool)
	m.Members, m.Numbers, m.Tollfree, m.Shortcodes = []poolMemberModel{}, []types.String{}, []types.String{}, []types.String{}
	for _, tollfree := range []bool{false, true} {
		ns, err := c.ListAllPoolNumbers(ctx, pool, tollfree)
		if err != nil {
			kit.AddAPIError(diags, "Error listing the pool of powerpack", "powerpack "+id, err)
			return
		}
		for _, n := range ns {
			m.Members = append(m.Members, poolMemberModel{Number: types.StringValue(n.Number), Type: types.StringValue(n.Type),
				Service: kit.StringOrNull(n.Service), CountryISO: types.StringValue(n.CountryISO2), AddedOn: types.StringValue(n.AddedOn)})
			if tollfree {
				m.Tollfree = append(m.Tollfree, types.StringValue(n.Number))
			} else {
				m.Numbers = append(m.Numbers, types.StringValue(n.Number))
			}
		}
	}
	scs, err := c.ListAllPoolShortcodes(ctx, pool)
	if err != nil {
		kit.AddAPIError(diags, "Error listing the short codes of powerpack", "powerpack "+id, err)
		return
	}
	for _, sc := range scs {
		m.Members = append(m.Members, poolMemberModel{Number: types.StringValue(sc.Shortcode), Type: types.StringValue(powerpackrules.KindShortcode),
			Service: types.StringNull(), CountryISO: types.StringValue(sc.CountryISO2), AddedOn: types.StringValue(sc.AddedOn)})
		m.Shortcodes = append(m.Shortcodes, types.StringValue(sc.Shortcode))
	}
}
