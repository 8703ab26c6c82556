package number

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/subaccount"
)

// phoneNumberFamily is what Terraform is served of the account's phone numbers, rented or from its own carriers, and the searches that find them (provider.go's families).
var PhoneNumberFamily = kit.Family{
	Resources:   []func() resource.Resource{phoneNumberKind.NewResource, ownCarrierNumberKind.NewResource},
	DataSources: []func() datasource.DataSource{phoneNumbersData.NewDataSource, accountNumbersData.NewDataSource},
	Lists:       []func() list.ListResource{NewPhoneNumberListResource, NewOwnCarrierNumberListResource},
	Functions:   []func() function.Function{NewSanitizeNumberFunction},
	Sweepers:    sweepers,
	RealKinds:   realKinds,
	Bench:       benchKinds,
}

// phoneNumberKind is cpaas_phone_number: it buys a phone number, and
// destroying it releases the number. It reads, releases and imports a
// number of the account by the number itself, digits with the country code.
var phoneNumberKind = &kit.ObjectKind[phoneNumberResourceModel]{
	TypeName: "_phone_number", What: "phone number", Identity: kit.PhoneNumberIdentity, Paid: true,
	Docs: kit.PageDocs{Subcategory: kit.SubPhoneNumbers, Listed: &kit.ListedDoc{
		Limit:   client.NumberListing.Limit,
		Objects: "numbers",
		Object:  "number",
		From:    "the account's number list (its own and its subaccounts' numbers)",
	}},
	Schema: phoneNumberSchema, Create: buyPhoneNumber, Update: updatePhoneNumber,
	ModifyPlan: planPhoneNumber, ValidateConfig: checkPhoneNumberSearch,
	// A release warns (what the number serves); before a number is bought,
	// what it is attached to exists.
	PlanWith: kit.PlanWithAll(warnPhoneNumberRelease, warnTaintedRelease, kit.CheckReferences(kit.ApplicationRef("app_id"),
		kit.IdRef("sip_trunk_id", "SIP trunk", "cpaas_sip_trunk", "id", client.TrunkListing),
		kit.ComplianceApplicationRef("compliance_application_id"), kit.SubaccountRef("subaccount"))),
	ConfigValidators: []resource.ConfigValidator{kit.ExactlyOneOf(path.MatchRoot("number"), path.MatchRoot("search"))},
	// Refresh: from the account's number listing (client.NumberListing),
	// whose items carry all the GET does.
	Refresh: subaccount.ReadPlacedIn(client.NumberListing, applyNumber,
		func(m *phoneNumberResourceModel) *types.String { return &m.Subaccount }, func(n *client.AccountNumber) *string { return n.SubAccount }),
	// delete: releasePhoneNumber (release_guard.go), which refuses a
	// protected number.
	Delete: releasePhoneNumber,
	ImportAs: func(id string) (map[string]string, string) {
		if err := numberrules.CheckNumber("number", id); err != nil {
			return nil, "Import a phone number by the number itself, digits with the country code and no \"+\" (14154009186): " + err.Error()
		}
		return nil, ""
	},
}

// numberRecordModel is what the API reports about a number of the account;
// the resource and cpaas_account_numbers share it.
type numberRecordModel struct {
	Country           types.String `tfsdk:"country"`
	CountryISO        types.String `tfsdk:"country_iso"`
	Region            types.String `tfsdk:"region"`
	City              types.String `tfsdk:"city"`
	Prefix            types.String `tfsdk:"prefix"`
	RateCenter        types.String `tfsdk:"rate_center"`
	LATA              types.Int64  `tfsdk:"lata"`
	Type              types.String `tfsdk:"type"`
	SubType           types.String `tfsdk:"sub_type"`
	MonthlyRentalRate types.String `tfsdk:"monthly_rental_rate"`
	SMSEnabled        types.Bool   `tfsdk:"sms_enabled"`
	SMSRate           types.String `tfsdk:"sms_rate"`
	VoiceEnabled      types.Bool   `tfsdk:"voice_enabled"`
	VoiceRate         types.String `tfsdk:"voice_rate"`
	AddedOn           types.String `tfsdk:"added_on"`
	ResourceURI       types.String `tfsdk:"resource_uri"`

	TendlcCampaignID         types.String `tfsdk:"tendlc_campaign_id"`
	TendlcRegistrationStatus types.String `tfsdk:"tendlc_registration_status"`
	TollfreeSMSVerification  types.String `tfsdk:"toll_free_sms_verification"`
	SubAccount               types.String `tfsdk:"sub_account"`
}

func recordFrom(n *client.AccountNumber) numberRecordModel {
	return numberRecordModel{
		Country:           types.StringValue(n.Country),
		CountryISO:        types.StringValue(n.CountryISO),
		Region:            types.StringValue(n.Region),
		City:              types.StringValue(n.City),
		Prefix:            types.StringValue(n.Prefix),
		RateCenter:        types.StringValue(n.RateCenter),
		LATA:              types.Int64Value(n.LATA),
		Type:              types.StringValue(n.Type),
		SubType:           types.StringValue(n.SubType),
		MonthlyRentalRate: types.StringValue(n.MonthlyRentalRate),
		SMSEnabled:        types.BoolValue(n.SMSEnabled),
		SMSRate:           types.StringValue(n.SMSRate),
		VoiceEnabled:      types.BoolValue(n.VoiceEnabled),
		VoiceRate:         types.StringValue(n.VoiceRate),
		AddedOn:           types.StringValue(n.AddedOn),
		ResourceURI:       types.StringValue(n.ResourceURI),

		// The service writes these as null where they do not apply.
		TendlcCampaignID:         types.StringPointerValue(n.TendlcCampaignID),
		TendlcRegistrationStatus: types.StringPointerValue(n.TendlcRegistrationStatus),
		TollfreeSMSVerification:  types.StringPointerValue(n.TollfreeSMSVerification),
		SubAccount:               types.StringPointerValue(n.SubAccount),
	}
}

// addRecordAttributes adds numberRecordModel's attributes to attrs, for a
// resource or a data source: lata is an integer, sms_enabled and
// voice_enabled are booleans, the rest strings, each made by the matching
// constructor from its description.
func addRecordAttributes[A any](attrs map[string]A, str, integer, boolean func(desc string) A) {
	for name, desc := range recordDescriptions {
		switch name {
		case "lata":
			attrs[name] = integer(desc)
		case "sms_enabled", "voice_enabled":
			attrs[name] = boolean(desc)
		default:
			attrs[name] = str(desc)
		}
	}
}

// recordDescriptions describe numberRecordModel's attributes.
var recordDescriptions = map[string]string{
	"country":             "Country name in capitals (`UNITED STATES`).",
	"country_iso":         "ISO 3166 alpha-2 code of the number's country.",
	"region":              "Region (state, province) of a local number; empty otherwise.",
	"city":                "City of a local number; empty otherwise.",
	"prefix":              "Area code, operator block or service code the number starts with after the country code.",
	"rate_center":         "Rate center of a US or CA local number; empty otherwise.",
	"lata":                "LATA of a US or CA local number; 0 otherwise.",
	"type":                "`fixed`, `mobile` or `toll-free`.",
	"sub_type":            "`local`, `national`, `mobile` or `toll-free`.",
	"monthly_rental_rate": "Monthly price of keeping the number, a decimal string with five fractional digits.",
	"sms_enabled":         "Whether the number can send and receive SMS.",
	"sms_rate":            "Price per SMS, a decimal string with five fractional digits.",
	"voice_enabled":       "Whether the number can make and take calls.",
	"voice_rate":          "Price per voice minute, a decimal string with five fractional digits.",
	"added_on":            "Date the number joined the account, `YYYY-MM-DD` (UTC).",
	"resource_uri":        "API path of the number (`/v1/Account/<auth_id>/Number/<number>/`).",
	"tendlc_campaign_id": "10DLC campaign the number is linked to, or has a link pending for, as of the last read; null when it " +
		"has none or is not an SMS-enabled US local number (link it with `cpaas_10dlc_campaign_number`).",
	"tendlc_registration_status": "10DLC registration of the number as the API stores it: `UNREGISTERED`, `PROCESSING` (a link " +
		"pending) or `COMPLETED` (linked), as of the last read; null unless the number is an SMS-enabled US local one. The " +
		"API's list filter names them `unregistered`, `in_progress` and `registered`.",
	"toll_free_sms_verification": "Toll-free SMS verification status of a toll-free number, as the API writes it (lower case): " +
		"`unverified`, `pending_verification` or `verified`; null for other numbers.",
	"sub_account": "`auth_id` of the subaccount the number is in (`SA...`), or null for the main account (the API's `sub_account`; `subaccount` on `cpaas_phone_number` moves it).",
}

type phoneNumberResourceModel struct {
	ID     types.String `tfsdk:"id"`
	Number types.String `tfsdk:"number"`
	AppID  types.String `tfsdk:"app_id"`
	// SIPTrunkID is the inbound trunk that receives the number's calls,
	// sent as the API's app_id (sipTrunkNumberNote).
	SIPTrunkID types.String `tfsdk:"sip_trunk_id"`
	Alias      types.String `tfsdk:"alias"`
	// Subaccount is the subaccount the number is in (placement.go).
	Subaccount types.String `tfsdk:"subaccount"`
	// Search is what a number is bought by when number is not given; it
	// only ever chooses at create.
	Search                types.Object `tfsdk:"search"`
	AllowReleaseOnReplace types.Bool   `tfsdk:"allow_release_on_replace"`
	// ReleaseProtection refuses, at plan time and read from the state,
	// any plan that would release the number (release_guard.go).
	ReleaseProtection types.Bool `tfsdk:"release_protection"`
	// ComplianceApplicationID and ComplianceStatus: the compliance
	// application the number is rented against (phone_number_compliance.go).
	ComplianceApplicationID types.String `tfsdk:"compliance_application_id"`
	ComplianceStatus        types.String `tfsdk:"compliance_status"`
	numberRecordModel
}

// phoneNumberSearchModel is the resource's search block.
type phoneNumberSearchModel struct {
	CountryISO types.String `tfsdk:"country_iso"`
	Type       types.String `tfsdk:"type"`
	Pattern    types.String `tfsdk:"pattern"`
	Region     types.String `tfsdk:"region"`
	City       types.String `tfsdk:"city"`
	Services   types.Set    `tfsdk:"services"`
}

// numberRule is the API's number rule (numberrules) at plan time.
var numberRule = kit.SpecRuleWorded(stringvalidator.RegexMatches(numberrules.NumberPattern, numberrules.RuleNumber),
	numberrules.CheckNumber)

func phoneNumberSchema(context.Context) schema.Schema {
	attrs := map[string]schema.Attribute{
		"id": kit.ComputedKeptString("The number (same as `number`)."),
		"number": schema.StringAttribute{
			MarkdownDescription: "Number to buy, digits with the country code and no `+` (`14154009186`); or leave it out and give " +
				"`search`, and it is the number bought. Changing it would buy the new number and **release the old one**: the plan " +
				"refuses that, naming the number, unless `allow_release_on_replace` is `true`. Exactly one of `number` and `search`.",
			Optional:      true,
			Computed:      true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown(), replaceOwnedNumber()},
			Validators:    []validator.String{numberRule},
		},
		"search": schema.SingleNestedAttribute{
			MarkdownDescription: "Buys the first available number these criteria find (the filters of `cpaas_phone_numbers`, checked at " +
				"plan time by the same rules) instead of a given `number`. The search runs once, at create: the number bought is kept " +
				"whatever later searches offer, and changing the criteria never touches it (the plan warns and records the new " +
				"criteria in place). Exactly one of `number` and `search`.",
			Optional: true,
			Attributes: map[string]schema.Attribute{
				"country_iso": schema.StringAttribute{MarkdownDescription: "ISO 3166 alpha-2 code of the country (`US`).", Required: true},
				"type": schema.StringAttribute{MarkdownDescription: "Number type: `toll-free`, `local`, `mobile`, `national` or `fixed`.",
					Optional: true},
				"pattern": schema.StringAttribute{MarkdownDescription: fmt.Sprintf("What the number starts with after the country code: up "+
					"to %d characters A-Z, 0-9, `*` and `?` (letters are keypad digits).", numberrules.MaxPatternLength), Optional: true},
				"region": schema.StringAttribute{MarkdownDescription: "Exact region name (a US state such as `California`).", Optional: true},
				"city":   schema.StringAttribute{MarkdownDescription: "Exact city name (`San Francisco`), compared without regard to case.", Optional: true},
				"services": schema.SetAttribute{MarkdownDescription: "Services the number must offer: any of `voice` and `sms`.",
					ElementType: types.StringType, Optional: true, Validators: []validator.Set{setvalidator.SizeAtLeast(1)}},
			},
		},
		"allow_release_on_replace": schema.BoolAttribute{
			MarkdownDescription: "Set it to `true` to let a change of `number` release the number the resource owns and buy the new " +
				"one. Without it such a plan is refused, naming the number it would release. It does not guard against " +
				"`terraform destroy` or removing the resource: `release_protection` does. `release_protection = true` refuses " +
				"a replacement whatever this says.",
			Optional: true,
		},
		"release_protection": schema.BoolAttribute{MarkdownDescription: releaseProtectionDescription, Optional: true},
		"app_id":             kit.AppIDAttribute("number", "that answers calls and messages to the number"),
		"sip_trunk_id": kit.OptionalString("Id of the inbound SIP trunk (`cpaas_sip_trunk`) that receives the number's calls, instead "+
			"of an application (conflicts with `app_id`). "+kit.MissingRefNote("number")+" Updates in place; removing it detaches the trunk. "+SipTrunkNumberNote,
			stringvalidator.UTF8LengthAtLeast(1), kit.ConflictsWith(path.MatchRoot("app_id"))),
		"alias": kit.OptionalString("Friendly name of the number. Updates in place; removing it clears the alias.",
			stringvalidator.UTF8LengthAtLeast(1)),
		"subaccount": subaccount.SubaccountAttribute("number", "Updates in place: setting, changing or removing it moves the number between "+
			"accounts, never releasing it (a number that moves with `app_id` set needs an application of its new account)."),
	}
	attrs["compliance_application_id"] = compliance.ComplianceApplicationIDAttribute()
	attrs["compliance_status"] = kit.ComputedKeptString("`pending` while a regulated number is being activated against its compliance " +
		"application, then `accepted`; null for a number without one.")
	addRecordAttributes(attrs, func(d string) schema.Attribute { return kit.ComputedKeptString(d) },
		func(d string) schema.Attribute { return kit.ComputedKeptInt64(d) }, func(d string) schema.Attribute { return kit.ComputedKeptBool(d) })
	return schema.Schema{
		MarkdownDescription: "Buys a phone number for the account: a given `number`, or the first one a `search` finds. " +
			"Destroying the resource **releases the number**: it goes back on sale and may be bought by someone else. Every " +
			"plan that would release a number (a destroy, a removal from the configuration, a changed `for_each` key or a " +
			"smaller `count`, a replacement) warns, naming the number and what it still serves; with `release_protection = " +
			"true` (applied) such a plan is an error instead. A configuration change that would replace the number (a new " +
			"`number`) is refused at plan time unless `allow_release_on_replace = true`. Buy by `search` rather than by " +
			"`number = data.cpaas_phone_numbers...`, and key several numbers by names of your own, never by search results: " +
			"a number bought leaves the search results, so the data source offers other ones on the next plan.\n\n" + adoptRulePhoneNumber,
		Attributes: attrs,
	}
}

// replaceOwnedNumber replaces the resource when the planned number is not
// the one the state holds (planPhoneNumber then refuses it unless the
// configuration allows the release).
func replaceOwnedNumber() planmodifier.String {
	return stringplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = !req.StateValue.IsNull() && !req.PlanValue.Equal(req.StateValue)
	}, "Replaces the number (releasing the old one) when `number` changes.", "Replaces the number (releasing the old one) when `number` changes.")
}

// planPhoneNumber refuses a plan that would release the number the
// resource owns, unless allow_release_on_replace is set, and says that a
// change of the search criteria keeps the number.
func planPhoneNumber(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() {
		return
	}
	var state, plan phoneNumberResourceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if req.Plan.Raw.IsNull() {
		refuseProtectedRelease(&state, nil, &resp.Diagnostics)
		return
	}
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() || refuseProtectedRelease(&state, &plan, &resp.Diagnostics) {
		return
	}
	owned := state.Number.ValueString()
	if !plan.Number.Equal(state.Number) && !plan.AllowReleaseOnReplace.ValueBool() {
		next := "a number not known until apply"
		if !plan.Number.IsUnknown() {
			next = plan.Number.ValueString()
		}
		resp.Diagnostics.AddAttributeError(path.Root("number"), "Refusing to release phone number "+owned,
			fmt.Sprintf("This plan would replace the number the resource owns: release %s (it goes back on sale and may be bought by "+
				"someone else) and buy %s. Nothing was changed. To keep %s, either:\n"+
				"  - buy by criteria: replace number with a search block (search = { country_iso = \"US\", ... }), which keeps the "+
				"number bought whatever the search offers later;\n"+
				"  - or add lifecycle { ignore_changes = [number] } to the resource, when number comes from a search data source.\n"+
				"To release %s and buy the new number on purpose, set allow_release_on_replace = true. (terraform destroy plans "+
				"the configuration first and meets this check too: to destroy the resource, and release the number, run "+
				"terraform destroy -refresh=false.)", owned, next, owned, owned))
		return
	}
	if !plan.Search.Equal(state.Search) && !plan.Search.IsNull() && plan.Number.Equal(state.Number) {
		resp.Diagnostics.AddAttributeWarning(path.Root("search"), "Phone number "+owned+" is kept",
			fmt.Sprintf("The search criteria choose a number only when one is bought. The resource keeps %s; this apply records "+
				"the new criteria in the state and changes no number. To buy a number that matches them, add a new "+
				"cpaas_phone_number resource.", owned))
	}
}

// values is the search block as the API's filters: url.Values for
// numberrules.Parse, the unknown filters, and the client's search.
func (m *phoneNumberSearchModel) values(ctx context.Context) (v url.Values, unknown []string, search client.PhoneNumberSearch, diags diag.Diagnostics) {
	v = url.Values{}
	for _, f := range []struct {
		name string
		val  types.String
		to   *string
	}{{"country_iso", m.CountryISO, &search.CountryISO}, {"type", m.Type, &search.Type}, {"pattern", m.Pattern, &search.Pattern},
		{"region", m.Region, &search.Region}, {"city", m.City, &search.City}} {
		switch {
		case f.val.IsUnknown():
			unknown = append(unknown, f.name)
		case !f.val.IsNull():
			v.Set(f.name, f.val.ValueString())
			*f.to = f.val.ValueString()
		}
	}
	services, known, d := kit.SetStrings(ctx, m.Services)
	diags.Append(d...)
	switch {
	case !known:
		unknown = append(unknown, "services")
	case len(services) > 0:
		search.Services = strings.Join(services, ",")
		v.Set("services", search.Services)
	}
	return v, unknown, search, diags
}

// checkPhoneNumberSearch checks the search block's filters at plan time
// with numberrules.Parse, the API's own check.
func checkPhoneNumberSearch(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m phoneNumberResourceModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || m.Search.IsNull() || m.Search.IsUnknown() {
		return
	}
	var sm phoneNumberSearchModel
	resp.Diagnostics.Append(m.Search.As(ctx, &sm, basetypes.ObjectAsOptions{})...)
	if resp.Diagnostics.HasError() {
		return
	}
	v, unknown, _, diags := sm.values(ctx)
	resp.Diagnostics.Append(diags...)
	if _, err := numberrules.Parse(v, unknown...); err != nil {
		if qe, ok := fielderr.AsList(err); ok {
			for _, p := range qe {
				at := fielderr.Root("search").Then(p.Path)
				resp.Diagnostics.AddAttributeError(kit.AttrPath(at), "Invalid phone number search filter",
					fmt.Sprintf("%s = %q: %s.", at, p.Value, p.Rule))
			}
		}
	}
}

// searchCandidates is how many of a search's first results a purchase by
// criteria tries, in order, when a number is sold before it is bought.
const searchCandidates = 20

// buyBySearch buys the first number the search block finds that can still
// be bought, and returns it.
func buyBySearch(ctx context.Context, c *client.Client, plan *phoneNumberResourceModel, buy client.PhoneNumberBuy, diags *diag.Diagnostics) (string, *client.PhoneNumberBought, bool) {
	var sm phoneNumberSearchModel
	diags.Append(plan.Search.As(ctx, &sm, basetypes.ObjectAsOptions{})...)
	_, _, search, d := sm.values(ctx)
	diags.Append(d...)
	if diags.HasError() {
		return "", nil, false
	}
	found, _, err := c.SearchAllPhoneNumbers(ctx, search, searchCandidates)
	if err != nil {
		kit.AddAPIError(diags, "Error searching a phone number to buy", "search in "+search.CountryISO, err)
		return "", nil, false
	}
	if len(found) == 0 {
		diags.AddAttributeError(path.Root("search"), "No phone number matches the search",
			fmt.Sprintf("No available number in %s matches the search criteria; nothing was bought. Widen the criteria "+
				"(data.cpaas_phone_numbers shows what a search finds).", search.CountryISO))
		return "", nil, false
	}
	for i, n := range found {
		var bought *client.PhoneNumberBought
		bought, err = buyPhoneNumberOrAdopt(ctx, c, n.Number, buy)
		if err == nil {
			return n.Number, bought, true
		}
		// Sold between the search and the purchase: try the next result.
		if st := client.StatusCode(err); i < len(found)-1 && (st == http.StatusBadRequest || st == http.StatusNotFound) {
			tflog.Info(ctx, "phone number no longer available; trying the next search result", map[string]any{"number": n.Number})
			continue
		}
		break
	}
	kit.AddAPIError(diags, "Error buying phone number", "the search's first results", err)
	return "", nil, false
}

// applyNumber copies what the API reports into m.
func applyNumber(m *phoneNumberResourceModel, n *client.AccountNumber) {
	m.ID = types.StringValue(n.Number)
	m.Number = types.StringValue(n.Number)
	m.AppID = kit.StringOrNull(n.AppID())
	m.SIPTrunkID = kit.StringOrNull(n.TrunkID())
	m.Alias = kit.StringOrNull(n.AliasText()) // null and "" both say the number has none
	m.numberRecordModel = recordFrom(n)
	m.ComplianceApplicationID = kit.ReportedString(m.ComplianceApplicationID, n.ComplianceApplicationID)
	m.ComplianceStatus = kit.StringOrNull(n.ComplianceStatus)
}

// adoptRulePhoneNumber says what happens when the reply to a create is lost;
// buyPhoneNumberOrAdopt below carries it out. The description quotes it.
const adoptRulePhoneNumber = "If the API's reply to the purchase is lost (or is a 5xx), the provider reads the number from the " +
	"account's numbers (`Number/<number>`): when the account owns it the purchase is adopted, otherwise it is sent again."

// buyPhoneNumberOrAdopt is BuyPhoneNumber that adopts a purchase the API
// carried out without the reply arriving.
func buyPhoneNumberOrAdopt(ctx context.Context, c *client.Client, number string, in client.PhoneNumberBuy) (*client.PhoneNumberBought, error) {
	return kit.CreateOrAdoptTarget(ctx, "phone number", "number "+number, number,
		func(ctx context.Context) (*client.PhoneNumberBought, error) { return c.BuyPhoneNumber(ctx, number, in) },
		func(ctx context.Context) ([]*client.PhoneNumberBought, error) {
			n, err := c.GetNumber(ctx, number)
			if errors.Is(err, client.ErrNotFound) {
				return nil, nil
			}
			if err != nil {
				return nil, err
			}
			return []*client.PhoneNumberBought{{Message: "adopted", Status: "fulfilled", Numbers: []client.BoughtNumber{{Number: n.Number, Status: "Success"}}}}, nil
		},
		func(*client.PhoneNumberBought) string { return number })
}

func buyPhoneNumber(ctx context.Context, c *client.Client, plan *phoneNumberResourceModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	number := plan.Number.ValueString()
	// A number bought for a subaccount is bought by the account, then moved
	// with its application (one of the subaccount's) in one update.
	buy := client.PhoneNumberBuy{AppID: numberTarget(plan).ValueString(), ComplianceApplicationID: plan.ComplianceApplicationID.ValueString()}
	if !plan.Subaccount.IsNull() {
		buy.AppID = ""
	}
	// The read after buying below: the reads of the numbers bought beside
	// this one wait for it, to share its round.
	expected := client.NumberListing.Expect(c, "")
	defer expected.Done()
	var bought *client.PhoneNumberBought
	var err error
	if plan.Number.IsUnknown() {
		var ok bool
		if number, bought, ok = buyBySearch(ctx, c, plan, buy, &resp.Diagnostics); !ok {
			return false
		}
		plan.Number = types.StringValue(number)
	} else {
		bought, err = buyPhoneNumberOrAdopt(ctx, c, number, buy)
	}
	if err != nil {
		if client.StatusCode(err) == http.StatusBadRequest && accountOwns(ctx, c, number) {
			resp.Diagnostics.AddError("Phone number already belongs to the account", alreadyOwnedDetail(number, err))
			return false
		}
		kit.AddAPIError(&resp.Diagnostics, "Error buying phone number", "number "+number, err)
		return false
	}
	// Record the number at once: if a step below fails, the purchase is in
	// the state, not tainted (the kind is Paid), rather than orphaned, with
	// what is not known null.
	plan.ID = types.StringValue(number)
	partial := func() bool {
		toTrunk := !plan.SIPTrunkID.IsNull()
		*plan = phoneNumberResourceModel{ID: plan.ID, Number: plan.Number, AppID: buyAppID(buy), SIPTrunkID: types.StringNull(), Alias: types.StringNull(),
			Subaccount: types.StringNull(), Search: plan.Search, AllowReleaseOnReplace: plan.AllowReleaseOnReplace,
			ReleaseProtection:       plan.ReleaseProtection,
			ComplianceApplicationID: kit.StringOrNull(buy.ComplianceApplicationID), ComplianceStatus: types.StringNull(),
			numberRecordModel: nullRecord()}
		if toTrunk {
			plan.AppID, plan.SIPTrunkID = types.StringNull(), buyAppID(buy)
		}
		return true
	}
	if !plan.Alias.IsNull() || !plan.Subaccount.IsNull() {
		in := client.NumberUpdate{Alias: plan.Alias.ValueStringPointer(), Subaccount: plan.Subaccount.ValueStringPointer()}
		if !plan.Subaccount.IsNull() && !numberTarget(plan).IsNull() {
			in.AppID = numberTarget(plan).ValueStringPointer()
		}
		if err := c.UpdateNumber(ctx, number, in); err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error setting the alias or the subaccount of a bought phone number", "number "+number, err)
			return partial()
		}
	}
	// The purchase's reply lacks the record: read it, through the listing
	// shared with the apply's other purchases.
	n, err := kit.ReadAfterCreate(ctx, "phone number "+number, func(ctx context.Context) (*client.AccountNumber, error) {
		return expected.AfterCreate(ctx, number)
	})
	if err == nil && compliance.BoughtPending(bought) {
		n, err = compliance.WaitNumberActivated(ctx, c, number)
	}
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error reading phone number after buying it", "number "+number, err)
		return partial()
	}
	applyNumber(plan, n)
	plan.Subaccount = subaccount.PlacedIn(c, plan.Subaccount, n.SubAccount)
	return true
}

// buyAppID is the app_id a purchase set: null when none.
func buyAppID(buy client.PhoneNumberBuy) types.String { return kit.StringOrNull(buy.AppID) }

func nullRecord() numberRecordModel {
	return numberRecordModel{
		Country: types.StringNull(), CountryISO: types.StringNull(), Region: types.StringNull(), City: types.StringNull(),
		Prefix: types.StringNull(), RateCenter: types.StringNull(), LATA: types.Int64Null(), Type: types.StringNull(),
		SubType: types.StringNull(), MonthlyRentalRate: types.StringNull(), SMSEnabled: types.BoolNull(),
		SMSRate: types.StringNull(), VoiceEnabled: types.BoolNull(), VoiceRate: types.StringNull(),
		AddedOn: types.StringNull(), ResourceURI: types.StringNull(),
		TendlcCampaignID: types.StringNull(), TendlcRegistrationStatus: types.StringNull(), TollfreeSMSVerification: types.StringNull(),
		SubAccount: types.StringNull(),
	}
}

func updatePhoneNumber(ctx context.Context, c *client.Client, plan, state *phoneNumberResourceModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	in := client.NumberUpdate{AppID: kit.ChangedString(numberTarget(plan), numberTarget(state)), Alias: kit.ChangedString(plan.Alias, state.Alias),
		Subaccount: subaccount.PlacementChange(c, plan.Subaccount, state.Subaccount)}
	if in.Subaccount != nil && in.AppID == nil {
		// A move says what becomes of the application: the API keeps an
		// app_id only when it names an application of the new account.
		appID := numberTarget(plan).ValueString()
		in.AppID = &appID
	}
	if in != (client.NumberUpdate{}) {
		if err := c.UpdateNumber(ctx, state.ID.ValueString(), in); err != nil {
			kit.AddAPIError(&resp.Diagnostics, "Error updating phone number", "number "+state.ID.ValueString(), err)
			return false
		}
	}
	if !plan.ComplianceApplicationID.Equal(state.ComplianceApplicationID) && !plan.ComplianceApplicationID.IsNull() {
		if !compliance.LinkNumberToApplication(ctx, c, state.ID.ValueString(), plan.ComplianceApplicationID.ValueString(), &resp.Diagnostics) {
			return false
		}
		plan.ComplianceStatus = types.StringValue(compliancerules.StatusAccepted)
	}
	return true
}

// accountOwns reports whether the account owns number already: a refused
// purchase of such a number is not a configuration error but a number to
// import.
func accountOwns(ctx context.Context, c *client.Client, number string) bool {
	n, err := c.GetNumber(ctx, number)
	return err == nil && n != nil
}

// alreadyOwnedDetail explains a refused purchase of a number the account
// owns, and how to bring it under this resource instead. The protocol does
// not tell a provider the resource's address; Terraform prints it with the
// error ("with cpaas_phone_number.NAME"), and the suggestion points there.
func alreadyOwnedDetail(number string, err error) string {
	return fmt.Sprintf("The account already owns %[1]s, so the API refused to buy it (%[2]v).\n\n"+
		"Nothing was bought or changed. To manage the number with this resource, import it into the address "+
		"Terraform shows with this error (\"with cpaas_phone_number.NAME\"), then apply again:\n\n"+
		"  terraform import cpaas_phone_number.NAME %[1]s\n\n"+
		"or, with Terraform 1.5 or later, add an import block:\n\n"+
		"  import {\n    to = cpaas_phone_number.NAME\n    id = \"%[1]s\"\n  }", number, err)
}

// numberTarget is what receives the number's calls, sent as the API's
// app_id: its inbound SIP trunk when sip_trunk_id is set, else its
// application.
func numberTarget(m *phoneNumberResourceModel) types.String {
	if kit.Known(m.SIPTrunkID) {
		return m.SIPTrunkID
	}
	return m.AppID
}

// sipTrunkNumberNote says how a number rings an inbound trunk, and that
// the documentation is silent on it.
const SipTrunkNumberNote = "The service's documentation ends an inbound trunk's setup with \"assign a phone number\" but " +
	"gives no API for it; the provider sends the trunk's id as the number's `app_id` (a number sends its calls to one " +
	"target, an application or a trunk; our choice, which the emulator implements), and reads it back from the number's " +
	"`application` path (`.../Zentrunk/Trunk/<trunk_id>/`). Only an inbound trunk takes numbers. A trunk that still " +
	"receives a number's calls cannot be deleted: point the number elsewhere first (Terraform does, when the number " +
	"references the trunk's `id` and both are destroyed)."
