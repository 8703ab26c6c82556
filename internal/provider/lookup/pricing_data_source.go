package lookup

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/accountrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// pricingFamily is what Terraform is served of pricing (provider.go's families).
var PricingFamily = kit.Family{
	DataSources: []func() datasource.DataSource{pricingData.NewDataSource},
}

// pricingData is data.cpaas_pricing: a country's number, message and call
// rates, for cost checks in a plan. The rates stay the decimal strings the
// API writes (a float would round them), null where the API has none.
var pricingData = &kit.DataKind[pricingModel]{
	TypeName: "_pricing", Schema: pricingSchema, Read: readPricing,
	Subcategory: kit.SubPhoneNumbers,
}

var countryISORule = kit.SpecRule("must be "+accountrules.CountryISORule, accountrules.CheckCountryISO)

type pricingModel struct {
	ID                      types.String          `tfsdk:"id"`
	CountryISO              types.String          `tfsdk:"country_iso"`
	Country                 types.String          `tfsdk:"country"`
	CountryCode             types.Int64           `tfsdk:"country_code"`
	PhoneNumberLocalRate    types.String          `tfsdk:"phone_number_local_rate"`
	PhoneNumberTollfreeRate types.String          `tfsdk:"phone_number_tollfree_rate"`
	MessageInboundRate      types.String          `tfsdk:"message_inbound_rate"`
	MessageOutboundRate     types.String          `tfsdk:"message_outbound_rate"`
	MessageOutboundNetworks []pricingNetworkModel `tfsdk:"message_outbound_networks"`
	VoiceInboundIPRate      types.String          `tfsdk:"voice_inbound_ip_rate"`
	VoiceInboundLocalRate   types.String          `tfsdk:"voice_inbound_local_rate"`
	VoiceInboundTollfree    types.String          `tfsdk:"voice_inbound_tollfree_rate"`
	VoiceOutboundIPRate     types.String          `tfsdk:"voice_outbound_ip_rate"`
	VoiceOutboundLocalRate  types.String          `tfsdk:"voice_outbound_local_rate"`
	VoiceOutboundTollfree   types.String          `tfsdk:"voice_outbound_tollfree_rate"`
	VoiceOutboundRates      []pricingPrefixModel  `tfsdk:"voice_outbound_rates"`
}

type pricingNetworkModel struct {
	GroupName types.String `tfsdk:"group_name"`
	Rate      types.String `tfsdk:"rate"`
}

type pricingPrefixModel struct {
	Prefixes []types.String `tfsdk:"prefixes"`
	Rate     types.String   `tfsdk:"rate"`
}

// rateDoc is how every rate is described: what it is, then the shared
// wording of the value.
func rateDoc(what string) schema.StringAttribute {
	return kit.ComputedString(what + " in USD, a decimal string exactly as the API writes it (`\"0.00650\"`; the number of " +
		"decimals varies, so compare it as a number, `tonumber()`), or null where the API has no rate.")
}

func pricingSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Reads a country's rates: the monthly rental of its numbers, the price of a message and of a call " +
			"minute, for cost checks in a plan (a `precondition` or a `check` block). Each read is one API request; " +
			"the rates are the API's decimal strings, null where the API has no rate.",
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedString("The `country_iso`."),
			"country_iso": schema.StringAttribute{
				MarkdownDescription: "Country to price, " + accountrules.CountryISORule + ".",
				Required:            true,
				Validators:          []validator.String{countryISORule},
			},
			"country":                    kit.ComputedString("Country name (`United Kingdom`)."),
			"country_code":               kit.ComputedInt64("Calling code of the country (`44`)."),
			"phone_number_local_rate":    rateDoc("Monthly rental of a local number"),
			"phone_number_tollfree_rate": rateDoc("Monthly rental of a toll-free number"),
			"message_inbound_rate":       rateDoc("Price of a message received"),
			"message_outbound_rate":      rateDoc("Price of a message sent to the country"),
			"message_outbound_networks": schema.ListNestedAttribute{
				MarkdownDescription: "Price of a message sent to each group of networks of the country, in the API's order " +
					"(the API may repeat a group).",
				Computed: true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"group_name": kit.ComputedString("Name of the group of networks."),
					"rate":       rateDoc("Price of a message to the group"),
				}},
			},
			"voice_inbound_ip_rate":        rateDoc("Price of a call minute received over SIP"),
			"voice_inbound_local_rate":     rateDoc("Price of a call minute received on a local number"),
			"voice_inbound_tollfree_rate":  rateDoc("Price of a call minute received on a toll-free number"),
			"voice_outbound_ip_rate":       rateDoc("Price of a call minute to a SIP endpoint"),
			"voice_outbound_local_rate":    rateDoc("Price of a call minute to a local number of the country"),
			"voice_outbound_tollfree_rate": rateDoc("Price of a call minute to a toll-free number of the country"),
			"voice_outbound_rates": schema.ListNestedAttribute{
				MarkdownDescription: "Price of a call minute to the numbers that start with given prefixes, in the API's order.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"prefixes": schema.ListAttribute{
						MarkdownDescription: "Prefixes of the numbers the rate applies to: digits from the calling code on, without `+`.",
						Computed:            true, ElementType: types.StringType,
					},
					"rate": rateDoc("Price of a call minute to those numbers"),
				}},
			},
		},
	}
}

func readPricing(ctx context.Context, c *client.Client, m *pricingModel, diags *diag.Diagnostics) {
	iso := m.CountryISO.ValueString()
	p, err := c.GetPricing(ctx, iso)
	if err != nil {
		if client.StatusCode(err) == 404 {
			diags.AddError("No pricing for country "+iso, fmt.Sprintf("The API has no pricing for country_iso %q: it sells no numbers, "+
				"messages or calls there. %v", iso, err))
			return
		}
		kit.AddAPIError(diags, "Error reading pricing", "pricing of country "+iso, err)
		return
	}
	m.ID = types.StringValue(iso)
	m.Country = types.StringValue(p.Country)
	m.CountryCode = types.Int64Value(int64(p.CountryCode))
	m.PhoneNumberLocalRate = types.StringPointerValue(p.PhoneNumbers.Local.Rate)
	m.PhoneNumberTollfreeRate = types.StringPointerValue(p.PhoneNumbers.Tollfree.Rate)
	m.MessageInboundRate = types.StringPointerValue(p.Message.Inbound.Rate)
	m.MessageOutboundRate = types.StringPointerValue(p.Message.Outbound.Rate)
	m.MessageOutboundNetworks = make([]pricingNetworkModel, len(p.Message.OutboundNetworksList))
	for i, g := range p.Message.OutboundNetworksList {
		m.MessageOutboundNetworks[i] = pricingNetworkModel{GroupName: types.StringValue(g.GroupName), Rate: types.StringPointerValue(g.Rate)}
	}
	m.VoiceInboundIPRate = types.StringPointerValue(p.Voice.Inbound.IP.Rate)
	m.VoiceInboundLocalRate = types.StringPointerValue(p.Voice.Inbound.Local.Rate)
	m.VoiceInboundTollfree = types.StringPointerValue(p.Voice.Inbound.Tollfree.Rate)
	m.VoiceOutboundIPRate = types.StringPointerValue(p.Voice.Outbound.IP.Rate)
	m.VoiceOutboundLocalRate = types.StringPointerValue(p.Voice.Outbound.Local.Rate)
	m.VoiceOutboundTollfree = types.StringPointerValue(p.Voice.Outbound.Tollfree.Rate)
	m.VoiceOutboundRates = make([]pricingPrefixModel, len(p.Voice.Outbound.Rates))
	for i, r := range p.Voice.Outbound.Rates {
		prefixes := make([]types.String, len(r.Prefix))
		for j, x := range r.Prefix {
			prefixes[j] = types.StringValue(x)
		}
		m.VoiceOutboundRates[i] = pricingPrefixModel{Prefixes: prefixes, Rate: types.StringPointerValue(r.Rate)}
	}
}
