package number

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// Bounds of max_results: the default is one page; the cap keeps a search
// from filling the state with thousands of numbers.
const (
	defaultMaxResults = numberrules.DefaultLimit
	maxMaxResults     = 1000
)

// phoneNumbersData is data.cpaas_phone_numbers: it searches the numbers
// available for purchase.
var phoneNumbersData = &kit.DataKind[phoneNumbersModel]{
	TypeName: "_phone_numbers", Schema: phoneNumbersDataSchema, Read: searchPhoneNumbers,
	Subcategory:    kit.SubPhoneNumbers,
	ValidateConfig: checkPhoneNumbersData,
}

type phoneNumbersModel struct {
	CountryISO            types.String       `tfsdk:"country_iso"`
	Type                  types.String       `tfsdk:"type"`
	Pattern               types.String       `tfsdk:"pattern"`
	NPANXX                types.String       `tfsdk:"npanxx"`
	LocalCallingArea      types.Bool         `tfsdk:"local_calling_area"`
	Region                types.String       `tfsdk:"region"`
	City                  types.String       `tfsdk:"city"`
	Services              types.Set          `tfsdk:"services"`
	LATA                  types.Int64        `tfsdk:"lata"`
	RateCenter            types.String       `tfsdk:"rate_center"`
	ComplianceRequirement types.String       `tfsdk:"compliance_requirement"`
	MaxResults            types.Int64        `tfsdk:"max_results"`
	TotalCount            types.Int64        `tfsdk:"total_count"`
	Numbers               []phoneNumberModel `tfsdk:"numbers"`
}

type phoneNumberModel struct {
	Number            types.String `tfsdk:"number"`
	Prefix            types.String `tfsdk:"prefix"`
	City              types.String `tfsdk:"city"`
	Country           types.String `tfsdk:"country"`
	Region            types.String `tfsdk:"region"`
	RateCenter        types.String `tfsdk:"rate_center"`
	LATA              types.Int64  `tfsdk:"lata"`
	Type              types.String `tfsdk:"type"`
	SubType           types.String `tfsdk:"sub_type"`
	SetupRate         types.String `tfsdk:"setup_rate"`
	MonthlyRentalRate types.String `tfsdk:"monthly_rental_rate"`
	SMSEnabled        types.Bool   `tfsdk:"sms_enabled"`
	SMSRate           types.String `tfsdk:"sms_rate"`
	VoiceEnabled      types.Bool   `tfsdk:"voice_enabled"`
	VoiceRate         types.String `tfsdk:"voice_rate"`
	Restriction       types.String `tfsdk:"restriction"`
	RestrictionText   types.String `tfsdk:"restriction_text"`
	ResourceURI       types.String `tfsdk:"resource_uri"`
}

func phoneNumbersDataSchema(context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "Searches the phone numbers available for purchase, in ascending number order. Every filter is " +
			"checked when Terraform plans, with the same rules the API applies. Buy a result with `cpaas_phone_number`: a " +
			"bought number leaves the search results, so the search returns different numbers on the next refresh — see " +
			"`cpaas_phone_number` for how to keep the purchase stable.",
		Attributes: map[string]schema.Attribute{
			"country_iso": schema.StringAttribute{
				MarkdownDescription: "ISO 3166 alpha-2 code of the country to search, two letters (`US`, `GB`). A valid code with no numbers gives an empty result.",
				Required:            true,
			},
			"type": schema.StringAttribute{
				MarkdownDescription: "Number type: `toll-free`, `local`, `mobile`, `national` or `fixed`. `local` and `national` are the " +
					"geographic and non-geographic kinds of `fixed`. When `region` is set and `type` is not, `fixed` is assumed.",
				Optional: true,
			},
			"pattern": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("Keeps numbers that start, after the numeric country code, with this pattern: up to %d "+
					"characters A-Z, 0-9, `*` (any run of digits) and `?` (one digit). Letters stand for their keypad digits, so "+
					"`415CALL` finds 415-225-5xxx. Lower-case letters are accepted and sent upper-cased (`415call` is `415CALL`).", numberrules.MaxPatternLength),
				Optional: true,
			},
			"npanxx": schema.StringAttribute{
				MarkdownDescription: "Six-digit NPA-NXX prefix (`415200`) of local US or CA numbers. Only with `country_iso` US or CA.",
				Optional:            true,
			},
			"local_calling_area": schema.BoolAttribute{
				MarkdownDescription: "When `true`, widens an `npanxx` search to the numbers in its local calling area, which may not " +
					"start with the NPA-NXX. Needs `npanxx`. Default `false`.",
				Optional: true,
			},
			"region": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("Exact region name (a US state such as `California`, a province), at least %d characters, "+
					"compared without regard to case. Applies to fixed numbers.", numberrules.MinRegionLength),
				Optional: true,
			},
			"city": schema.StringAttribute{
				MarkdownDescription: "Exact city name (`SAN FRANCISCO`), compared without regard to case. Applies to local numbers.",
				Optional:            true,
			},
			"services": schema.SetAttribute{
				MarkdownDescription: "Services every result must offer: any of `voice` and `sms`.",
				ElementType:         types.StringType,
				Optional:            true,
				Validators:          []validator.Set{setvalidator.SizeAtLeast(1)},
			},
			"lata": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("LATA number, 1 to %d. Only with `country_iso` US or CA.", numberrules.MaxLATA),
				Optional:            true,
			},
			"rate_center": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("Rate center name (`SNFC CNTRL`), at most %d characters. Only with `country_iso` US or CA.", numberrules.MaxRateCenterLength),
				Optional:            true,
			},
			"compliance_requirement": schema.StringAttribute{
				MarkdownDescription: "Regulatory requirement of buying the number: `{Null}` keeps numbers with none, `address_proof` " +
					"or `identity_proof` those needing exactly that.",
				Optional: true,
			},
			"max_results": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Most numbers to return, 1 to %d; default %d. The search pages through the results "+
					"%d at a time (the API's largest page) until it has this many or the results run out.",
					maxMaxResults, defaultMaxResults, numberrules.MaxLimit),
				Optional:   true,
				Validators: []validator.Int64{int64validator.Between(1, maxMaxResults)},
			},
			"total_count": schema.Int64Attribute{
				MarkdownDescription: "How many available numbers match the filters in all, which may be more than `numbers` holds.",
				Computed:            true,
			},
			"numbers": schema.ListNestedAttribute{
				MarkdownDescription: "The numbers found, at most `max_results`, in ascending number order.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"number":              kit.ComputedString("The number, digits with the country code (`14154009186`)."),
					"prefix":              kit.ComputedString("Area code, operator block or service code the number starts with after the country code."),
					"city":                kit.ComputedString("City of a local number; empty otherwise."),
					"country":             kit.ComputedString("Country name in capitals (`UNITED STATES`)."),
					"region":              kit.ComputedString("Region (state, province) of a local number; empty otherwise."),
					"rate_center":         kit.ComputedString("Rate center of a US or CA local number; empty otherwise."),
					"lata":                kit.ComputedInt64("LATA of a US or CA local number; 0 otherwise."),
					"type":                kit.ComputedString("`fixed`, `mobile` or `toll-free`."),
					"sub_type":            kit.ComputedString("`local`, `national`, `mobile` or `toll-free`."),
					"setup_rate":          kit.ComputedString("One-time price of buying the number, a decimal string with five fractional digits."),
					"monthly_rental_rate": kit.ComputedString("Monthly price of keeping the number, a decimal string with five fractional digits."),
					"sms_enabled":         kit.ComputedBool("Whether the number can send and receive SMS."),
					"sms_rate":            kit.ComputedString("Price per SMS, a decimal string with five fractional digits."),
					"voice_enabled":       kit.ComputedBool("Whether the number can make and take calls."),
					"voice_rate":          kit.ComputedString("Price per voice minute, a decimal string with five fractional digits."),
					"restriction":         kit.ComputedString("Purchase restriction (`city-address`, `country-address`), or null when there is none."),
					"restriction_text":    kit.ComputedString("Explanation of the restriction, or null."),
					"resource_uri":        kit.ComputedString("API path of the number in the search."),
				}},
			},
		},
	}
}

// searchValues encodes the known filters as the query parameters they send
// and lists the unknown ones. Attributes and parameters have the same
// names, so numberrules' problems name the attribute.
func (m *phoneNumbersModel) searchValues(ctx context.Context) (v url.Values, unknown []string, diags diag.Diagnostics) {
	v = url.Values{}
	str := func(name string, s types.String) {
		switch {
		case s.IsUnknown():
			unknown = append(unknown, name)
		case !s.IsNull():
			v.Set(name, s.ValueString())
		}
	}
	str("country_iso", m.CountryISO)
	str("type", m.Type)
	str("pattern", m.Pattern)
	str("npanxx", m.NPANXX)
	str("region", m.Region)
	str("city", m.City)
	str("rate_center", m.RateCenter)
	str("compliance_requirement", m.ComplianceRequirement)
	switch {
	case m.LocalCallingArea.IsUnknown():
		unknown = append(unknown, "local_calling_area")
	case !m.LocalCallingArea.IsNull():
		v.Set("local_calling_area", strconv.FormatBool(m.LocalCallingArea.ValueBool()))
	}
	switch {
	case m.LATA.IsUnknown():
		unknown = append(unknown, "lata")
	case !m.LATA.IsNull():
		v.Set("lata", strconv.FormatInt(m.LATA.ValueInt64(), 10))
	}
	services, known, d := kit.SetStrings(ctx, m.Services)
	diags.Append(d...)
	switch {
	case !known:
		unknown = append(unknown, "services")
	case len(services) > 0:
		v.Set("services", strings.Join(services, ","))
	}
	return v, unknown, diags
}

// ValidateConfig checks the filters at plan time with numberrules.Parse,
// the function the API's own check uses, on whatever is known already.
func checkPhoneNumbersData(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	m, ok := kit.Decode[phoneNumbersModel](ctx, req.Config, &resp.Diagnostics)
	if !ok {
		return
	}
	v, unknown, diags := m.searchValues(ctx)
	resp.Diagnostics.Append(diags...)
	addSearchProblems(&resp.Diagnostics, v, unknown)
}

// addSearchProblems adds one attribute error per problem numberrules finds.
func addSearchProblems(diags *diag.Diagnostics, v url.Values, unknown []string) {
	_, err := numberrules.Parse(v, unknown...)
	qe, ok := fielderr.AsList(err)
	if !ok {
		return
	}
	for _, p := range qe {
		diags.AddAttributeError(kit.AttrPath(p.Path), "Invalid phone number search filter",
			fmt.Sprintf("%s = %q: %s.", p.Path, p.Value, p.Rule))
	}
}

// searchPhoneNumbers reads up to max_results numbers the filters find.
func searchPhoneNumbers(ctx context.Context, c *client.Client, m *phoneNumbersModel, diags *diag.Diagnostics) {
	services, _, d := kit.SetStrings(ctx, m.Services)
	diags.Append(d...)
	search := client.PhoneNumberSearch{
		CountryISO:            m.CountryISO.ValueString(),
		Type:                  m.Type.ValueString(),
		Pattern:               m.Pattern.ValueString(),
		NPANXX:                m.NPANXX.ValueString(),
		LocalCallingArea:      m.LocalCallingArea.ValueBool(),
		Region:                m.Region.ValueString(),
		City:                  m.City.ValueString(),
		Services:              strings.Join(services, ","),
		LATA:                  m.LATA.ValueInt64(),
		RateCenter:            m.RateCenter.ValueString(),
		ComplianceRequirement: m.ComplianceRequirement.ValueString(),
	}
	maxResults := defaultMaxResults
	if !m.MaxResults.IsNull() {
		maxResults = int(m.MaxResults.ValueInt64())
	}
	found, total, err := c.SearchAllPhoneNumbers(ctx, search, maxResults)
	if err != nil {
		kit.AddAPIError(diags, "Error searching phone numbers", "search in "+search.CountryISO, err)
		return
	}
	m.TotalCount = types.Int64Value(int64(total))
	m.Numbers = make([]phoneNumberModel, len(found))
	for i, n := range found {
		m.Numbers[i] = phoneNumberModel{
			Number:            types.StringValue(n.Number),
			Prefix:            types.StringValue(n.Prefix),
			City:              types.StringValue(n.City),
			Country:           types.StringValue(n.Country),
			Region:            types.StringValue(n.Region),
			RateCenter:        types.StringValue(n.RateCenter),
			LATA:              types.Int64Value(n.LATA),
			Type:              types.StringValue(n.Type),
			SubType:           types.StringValue(n.SubType),
			SetupRate:         types.StringValue(n.SetupRate),
			MonthlyRentalRate: types.StringValue(n.MonthlyRentalRate),
			SMSEnabled:        types.BoolValue(n.SMSEnabled),
			SMSRate:           types.StringValue(n.SMSRate),
			VoiceEnabled:      types.BoolValue(n.VoiceEnabled),
			VoiceRate:         types.StringValue(n.VoiceRate),
			Restriction:       types.StringPointerValue(n.Restriction),
			RestrictionText:   types.StringPointerValue(n.RestrictionText),
			ResourceURI:       types.StringValue(n.ResourceURI),
		}
	}
}
