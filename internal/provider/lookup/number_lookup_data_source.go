package lookup

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/accountrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// numberLookupFamily is what Terraform is served of the number look-up (provider.go's families).
var NumberLookupFamily = kit.Family{
	DataSources: []func() datasource.DataSource{numberLookupData.NewDataSource},
	RealKinds:   numberLookupRealKinds,
}

// numberLookupData is data.cpaas_number_lookup: what network serves a
// number, its type and whether it was ported. The service bills every
// look-up, and a data source is read at every plan and refresh, so the
// client reads a number once per run however many data sources name it
// (client.LookupNumber).
var numberLookupData = &kit.DataKind[numberLookupModel]{
	TypeName: "_number_lookup", Schema: numberLookupSchema, Read: readNumberLookup,
	Subcategory: kit.SubPhoneNumbers,
}

var lookupNumberRule = kit.SpecRule("must be "+accountrules.LookupNumberRule, accountrules.CheckLookupNumber)

// lookupBilling is quoted in the data source's description.
const lookupBilling = "**Every look-up is billed** by the service (USD " + accountrules.LookupPrice + " a request when this was written), " +
	"and a data source is read at every `terraform plan`, `apply` and `refresh`: each run costs one look-up per number. " +
	"The provider reads each number at most once per run, however many data sources name it; to stop paying for a " +
	"number's look-up, remove its data source (or gate it with `count`)."

type numberLookupModel struct {
	ID                  types.String `tfsdk:"id"`
	Number              types.String `tfsdk:"number"`
	CountryISO          types.String `tfsdk:"country_iso"`
	CountryISO3         types.String `tfsdk:"country_iso3"`
	CountryName         types.String `tfsdk:"country_name"`
	E164Format          types.String `tfsdk:"e164_format"`
	InternationalFormat types.String `tfsdk:"international_format"`
	NationalFormat      types.String `tfsdk:"national_format"`
	RFC3966Format       types.String `tfsdk:"rfc3966_format"`
	CarrierName         types.String `tfsdk:"carrier_name"`
	CarrierType         types.String `tfsdk:"carrier_type"`
	Ported              types.String `tfsdk:"ported"`
	MobileCountryCode   types.String `tfsdk:"mobile_country_code"`
	MobileNetworkCode   types.String `tfsdk:"mobile_network_code"`
}

func numberLookupSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Looks a phone number up: the network that serves it, whether it is a mobile, fixed, VoIP or toll-free " +
			"number, whether it was ported, and the number written four ways. " + lookupBilling + " The look-up is served on a host " +
			"of its own (the provider's `lookup_base_url`).",
		Attributes: map[string]schema.Attribute{
			"id": kit.ComputedString("The `number`."),
			"number": schema.StringAttribute{
				MarkdownDescription: "Number to look up, " + accountrules.LookupNumberRule + " (`+14155550100`).",
				Required:            true,
				Validators:          []validator.String{lookupNumberRule},
			},
			"country_iso":          kit.ComputedString("Country of the number, ISO 3166-1 alpha-2 (`US`)."),
			"country_iso3":         kit.ComputedString("Country of the number, ISO 3166-1 alpha-3 (`USA`)."),
			"country_name":         kit.ComputedString("Country name (`United States`)."),
			"e164_format":          kit.ComputedString("The number in E.164 (`+14155550100`)."),
			"international_format": kit.ComputedString("The number as written internationally (`+1 415-555-0100`)."),
			"national_format":      kit.ComputedString("The number as written within its country (`(415) 555-0100`)."),
			"rfc3966_format":       kit.ComputedString("The number as an RFC 3966 URI (`tel:+1-415-555-0100`)."),
			"carrier_name":         kit.ComputedString("Name of the network that serves the number, or null when the service does not know it."),
			"carrier_type":         kit.ComputedString("`mobile`, `fixed`, `voip`, `toll-free` or `unknown`."),
			"ported":               kit.ComputedString("`yes` or `no`: whether the number moved to another network; `unknown` outside the US and Canada."),
			"mobile_country_code":  kit.ComputedString("Mobile country code (MCC) of the network, digits as a string (`310`), or null for a fixed line."),
			"mobile_network_code":  kit.ComputedString("Mobile network code (MNC) of the network, digits as a string (`410`), or null for a fixed line."),
		},
	}
}

func readNumberLookup(ctx context.Context, c *client.Client, m *numberLookupModel, diags *diag.Diagnostics) {
	number := m.Number.ValueString()
	l, err := c.LookupNumber(ctx, number, accountrules.LookupType)
	if err != nil {
		if client.StatusCode(err) == 404 {
			diags.AddAttributeError(path.Root("number"), "Number look-up failed for "+number,
				fmt.Sprintf("The look-up service does not know number %s: it is invalid or does not exist. "+
					"Check the number (E.164, with its country code). %v", number, err))
			return
		}
		kit.AddAPIError(diags, "Error looking up number "+number, "number look-up of "+number+" at "+c.LookupBaseURL(), err)
		return
	}
	m.ID = types.StringValue(number)
	m.CountryISO = types.StringValue(l.Country.ISO2)
	m.CountryISO3 = types.StringValue(l.Country.ISO3)
	m.CountryName = types.StringValue(l.Country.Name)
	m.E164Format = types.StringValue(l.Format.E164)
	m.InternationalFormat = types.StringValue(l.Format.International)
	m.NationalFormat = types.StringValue(l.Format.National)
	m.RFC3966Format = types.StringValue(l.Format.RFC3966)
	m.CarrierName = kit.StringOrNull(l.Carrier.Name)
	m.CarrierType = types.StringValue(l.Carrier.Type)
	m.Ported = types.StringValue(l.Carrier.Ported)
	m.MobileCountryCode = kit.StringOrNull(l.Carrier.MobileCountryCode)
	m.MobileNetworkCode = kit.StringOrNull(l.Carrier.MobileNetworkCode)
}
