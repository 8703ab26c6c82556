package tendlc

import (
	"context"
	"fmt"
	"regexp"
	"slices"
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
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/profilerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/subaccount"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/subaccountrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// profileIdentity names a business profile by its profile_uuid.
var profileIdentity = kit.ResourceIdentity{{Name: "profile_uuid", State: "id", Description: "Business profile UUID (`profile_uuid`)."}}

// profileKind is cpaas_10dlc_profile: the business profile (legal name, tax
// id, address, authorized contact) a 10DLC brand and a toll-free
// verification name by profile_uuid. Read, deleted and imported by its
// profile_uuid. What the API's update takes changes in place; the rest
// replaces it, and so does clearing a field (the API reads an empty value
// as "unchanged").
var profileKind = &kit.ObjectKind[profileModel]{
	TypeName: "_10dlc_profile", What: "business profile", Identity: profileIdentity,
	Docs: kit.PageDocs{Subcategory: kit.SubTenDLC, Listed: &kit.ListedDoc{
		Limit:   client.ProfileListing.Limit,
		Objects: "profiles",
		Object:  "profile",
		From:    "the account's profile list",
	}},
	Schema: profileSchema, Create: createProfile, Update: updateProfile,
	// Refresh: from the listing (client.ProfileListing), whose items carry
	// all the GET does.
	Refresh:        kit.ReadListed(client.ProfileListing, applyProfile, nil),
	Remove:         (*client.Client).DeleteProfile,
	ImportAs:       kit.ImportIDMatching(tendlcrules.UUIDPattern, "a profile_uuid", tendlcrules.UUIDRule),
	ValidateConfig: validateProfileEntity,
}

type profileAddressModel struct {
	Street     types.String `tfsdk:"street"`
	City       types.String `tfsdk:"city"`
	State      types.String `tfsdk:"state"`
	PostalCode types.String `tfsdk:"postal_code"`
	Country    types.String `tfsdk:"country"`
}

type profileContactModel struct {
	FirstName types.String `tfsdk:"first_name"`
	LastName  types.String `tfsdk:"last_name"`
	Phone     types.String `tfsdk:"phone"`
	Email     types.String `tfsdk:"email"`
	Title     types.String `tfsdk:"title"`
	Seniority types.String `tfsdk:"seniority"`
}

// profileModel is the resource's and the data source's model.
type profileModel struct {
	ID                   types.String         `tfsdk:"id"`
	ProfileAlias         types.String         `tfsdk:"profile_alias"`
	CustomerType         types.String         `tfsdk:"customer_type"`
	EntityType           types.String         `tfsdk:"entity_type"`
	CompanyName          types.String         `tfsdk:"company_name"`
	EIN                  types.String         `tfsdk:"ein"`
	EINIssuingCountry    types.String         `tfsdk:"ein_issuing_country"`
	Vertical             types.String         `tfsdk:"vertical"`
	Website              types.String         `tfsdk:"website"`
	StockSymbol          types.String         `tfsdk:"stock_symbol"`
	StockExchange        types.String         `tfsdk:"stock_exchange"`
	AltBusinessID        types.String         `tfsdk:"alt_business_id"`
	AltBusinessIDType    types.String         `tfsdk:"alt_business_id_type"`
	BusinessContactEmail types.String         `tfsdk:"business_contact_email"`
	DoingBusinessAs      types.String         `tfsdk:"doing_business_as"`
	Subaccount           types.String         `tfsdk:"subaccount"`
	Address              *profileAddressModel `tfsdk:"address"`
	AuthorizedContact    *profileContactModel `tfsdk:"authorized_contact"`
	ProfileType          types.String         `tfsdk:"profile_type"`
	CreatedAt            types.String         `tfsdk:"created_at"`
}

// profileFieldRule is a profile field's rules (profilerules.CheckField) at
// plan time; an enumeration keeps the framework's "must be one of" words.
// The attribute's path is the field's name in profilerules ("ein",
// "address.street"), so CheckField finds the field's rules by the name it
// is given (TestProfileRulesApplyAtTheirPaths).
func profileFieldRule(field string) validator.String {
	if values, ok := profilerules.Enumerations[field]; ok {
		return kit.SpecRuleWorded(stringvalidator.OneOf(values...), profilerules.CheckField)
	}
	what := "see profilerules"
	if n, ok := profilerules.MaxLength[field]; ok {
		what = fmt.Sprintf("at most %d characters", n)
	}
	return kit.SpecRule(what, profilerules.CheckField)
}

// replaceWhenRemoved replaces the profile when an optional field that
// updates in place is removed: the API reads an empty value as
// "unchanged", so no update can clear it.
func replaceWhenRemoved() planmodifier.String {
	return stringplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = kit.Known(req.StateValue) && req.PlanValue.IsNull()
	}, "Removing it replaces the profile: the API's update cannot clear a field.", "Removing it replaces the profile: the API's update cannot clear a field.")
}

const (
	inPlace       = " Updates in place."
	inPlaceOpt    = " Updates in place; removing it replaces the profile (the API's update cannot clear a field)."
	replacesField = " Changing it replaces the profile: the API's update does not take it."
)

// profileString is an attribute of the profile: required or optional, in
// place or replacing, with field's rules.
// sentenceEnd is the period that ends a sentence.
var sentenceEnd = regexp.MustCompile(`\.( |$)`)

func profileString(field, description string, required, updatable bool) schema.StringAttribute {
	a := schema.StringAttribute{Required: required, Optional: !required, Validators: []validator.String{profileFieldRule(field)}}
	later := slices.Contains(profilerules.LaterRules, field)
	if later {
		a.Validators = nil
	}
	switch {
	case !updatable:
		a.MarkdownDescription = description + replacesField
		a.PlanModifiers = []planmodifier.String{kit.ReplaceIfReadString()}
	case required:
		a.MarkdownDescription = description + inPlace
	default:
		a.MarkdownDescription = description + inPlaceOpt
		a.PlanModifiers = []planmodifier.String{replaceWhenRemoved()}
	}
	if n, ok := profilerules.MaxLength[field]; ok {
		// After the first sentence: its first period that a space or
		// the end follows (not the one in "E.164").
		if i := sentenceEnd.FindStringIndex(a.MarkdownDescription); i != nil {
			a.MarkdownDescription = a.MarkdownDescription[:i[0]] + fmt.Sprintf(", at most %d characters", n) + a.MarkdownDescription[i[0]:]
		}
	}
	if later {
		// After the other modifiers: it judges the value they plan.
		a.PlanModifiers = append(a.PlanModifiers, kit.LaterRule(profileFieldRule(field)))
		a.MarkdownDescription += " The list applies when the profile is created or the value changed: a profile the service holds " +
			"with an older value is adopted by writing that value."
	}
	return a
}

func profileSchema(context.Context) schema.Schema {
	nested := func(parent, field, description string, required bool) schema.StringAttribute {
		return profileString(parent+"."+field, description, required, true)
	}
	return schema.Schema{
		MarkdownDescription: "A business profile: the company (legal name, tax id, address, authorized contact) that the campaign registry " +
			"vets for a `cpaas_10dlc_brand` and the carriers for a toll-free verification request, both of which name it by `profile_uuid`. " +
			"A profile can back only one brand, and cannot be deleted while a brand or a toll-free verification uses it (Terraform " +
			"destroys those first when they are in the same configuration).\n\n" +
			"What the API's update takes (" + strings.Join(profilerules.Updatable, ", ") + ") changes in place; `profile_alias`, " +
			"`customer_type`, `stock_symbol` and `stock_exchange` replace the profile. The API reads an empty value on an update as " +
			"\"unchanged\", so removing an optional field replaces the profile too. Only an `INDIVIDUAL` profile may leave out `ein` and " +
			"`ein_issuing_country`; a `PUBLIC` one gives `stock_symbol` and `stock_exchange` (checked at plan time).\n\n" + adoptRuleProfile,
		Attributes: map[string]schema.Attribute{
			"id":            kit.ComputedKeptString("Profile UUID (`profile_uuid`): what a brand's or a toll-free verification's `profile_uuid` names."),
			"profile_alias": profileString("profile_alias", "Name of the profile in the account.", true, false),
			"customer_type": profileString("customer_type", "`DIRECT` (the account's own business) or `RESELLER`.", true, false),
			"entity_type": profileString("entity_type", "Legal form: "+kit.OneOfText(profilerules.EntityTypes)+
				". Only `INDIVIDUAL` may leave out `ein`; `PUBLIC` needs `stock_symbol` and `stock_exchange`.", true, true),
			"company_name": profileString("company_name", "Legal name of the company, as in its tax records.", true, true),
			"ein": profileString("ein", "Tax id (EIN in the US), as text (\"12-3456789\"). Required unless `entity_type` is `INDIVIDUAL`; "+
				"a `STANDARD` brand needs it.", false, true),
			"ein_issuing_country": profileString("ein_issuing_country", "ISO 3166 alpha-2 country that issued `ein` (\"US\"). Required unless "+
				"`entity_type` is `INDIVIDUAL`.", false, true),
			"vertical":     profileString("vertical", "Industry: one of "+kit.OneOfText(profilerules.Verticals)+".", true, true),
			"website":      profileString("website", "Company website.", false, true),
			"stock_symbol": profileString("stock_symbol", "Ticker symbol. Required when `entity_type` is `PUBLIC`.", false, false),
			"stock_exchange": profileString("stock_exchange", "Exchange of `stock_symbol`: one of "+kit.OneOfText(profilerules.StockExchanges)+
				". Required when `entity_type` is `PUBLIC`.", false, false),
			"alt_business_id": profileString("alt_business_id", "Another business id (DUNS, LEI or GIIN number).", false, true),
			"alt_business_id_type": profileString("alt_business_id_type", "Kind of `alt_business_id`: "+
				kit.OneOfText(profilerules.AltBusinessIDTypes)+".", false, true),
			"business_contact_email": profileString("business_contact_email", "Email address for the registry's questions about the business.", false, true),
			"doing_business_as":      profileString("doing_business_as", "Trade name, when it differs from `company_name`.", false, true),
			"subaccount": schema.StringAttribute{
				MarkdownDescription: "`auth_id` of the subaccount that owns the profile (`cpaas_subaccount`; the API's `service_subaccount`), " +
					subaccountrules.IDRule + "; unset, the profile is the provider's own account's. Updates in place: setting or changing it " +
					"moves the profile, removing it moves it back to the provider's account.",
				Optional:   true,
				Validators: []validator.String{subaccount.SubaccountIDRule},
			},
			"address": schema.SingleNestedAttribute{
				MarkdownDescription: "Registered address of the company. Updates in place.",
				Required:            true,
				Attributes: map[string]schema.Attribute{
					"street":      nested("address", "street", "Street and number.", true),
					"city":        nested("address", "city", "City.", true),
					"state":       nested("address", "state", "State or province code (\"TX\").", true),
					"postal_code": nested("address", "postal_code", "Postal code.", true),
					"country":     nested("address", "country", "ISO 3166 alpha-2 country (\"US\").", true),
				},
			},
			"authorized_contact": schema.SingleNestedAttribute{
				MarkdownDescription: "The person who answers for the company to the registry. Updates in place.",
				Required:            true,
				Attributes: map[string]schema.Attribute{
					"first_name": nested("authorized_contact", "first_name", "First name.", true),
					"last_name":  nested("authorized_contact", "last_name", "Last name.", true),
					"phone":      nested("authorized_contact", "phone", "Phone number, E.164 (\"+14155550100\").", true),
					"email":      nested("authorized_contact", "email", "Email address.", true),
					"title":      nested("authorized_contact", "title", "Title (\"Ms\").", false),
					"seniority": nested("authorized_contact", "seniority", "Position, such as "+kit.OneOfText(profilerules.Seniorities)+
						" (free text is accepted).", false),
				},
			},
			"profile_type": kit.ComputedKeptString("`SECONDARY` for every profile made through the API (the account's primary profile is made with the account)."),
			"created_at":   kit.ComputedKeptString("When the profile was created, RFC 3339 with microseconds."),
		},
	}
}

// validateProfileEntity applies the entity rules (profilerules.CheckEntity)
// to the configuration: each missing field is an error on that attribute
// naming the rule and the entity type. An unknown value counts as given.
func validateProfileEntity(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	read := func(name string) (string, bool) {
		var v types.String
		resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(name), &v)...)
		if v.IsUnknown() {
			return "(unknown)", false
		}
		return v.ValueString(), true
	}
	entity, known := read("entity_type")
	if !known || resp.Diagnostics.HasError() {
		return
	}
	e := profilerules.Entity{EntityType: entity}
	e.EIN, _ = read("ein")
	e.EINIssuingCountry, _ = read("ein_issuing_country")
	e.StockSymbol, _ = read("stock_symbol")
	e.StockExchange, _ = read("stock_exchange")
	for _, fe := range profilerules.CheckEntity(e) {
		resp.Diagnostics.AddAttributeError(kit.AttrPath(fe.Path), "Missing Attribute Value", "Attribute "+fe.Error()+".")
	}
}

// fields is what a create sends for m.
func (m *profileModel) fields() client.ProfileFields {
	f := client.ProfileFields{
		ProfileAlias: m.ProfileAlias.ValueString(), CustomerType: m.CustomerType.ValueString(), EntityType: m.EntityType.ValueString(),
		CompanyName: m.CompanyName.ValueString(), EIN: m.EIN.ValueString(), EINIssuingCountry: m.EINIssuingCountry.ValueString(),
		Vertical: m.Vertical.ValueString(), Website: m.Website.ValueString(), StockSymbol: m.StockSymbol.ValueString(),
		StockExchange: m.StockExchange.ValueString(), AltBusinessID: m.AltBusinessID.ValueString(),
		AltBusinessIDType: m.AltBusinessIDType.ValueString(), BusinessContactEmail: m.BusinessContactEmail.ValueString(),
		DoingBusinessAs: m.DoingBusinessAs.ValueString(), ServiceSubaccount: m.Subaccount.ValueString(),
	}
	if a := m.Address; a != nil {
		f.Address = &client.ProfileAddress{Street: a.Street.ValueString(), City: a.City.ValueString(), State: a.State.ValueString(),
			PostalCode: a.PostalCode.ValueString(), Country: a.Country.ValueString()}
	}
	if c := m.AuthorizedContact; c != nil {
		f.AuthorizedContact = &client.ProfileContact{FirstName: c.FirstName.ValueString(), LastName: c.LastName.ValueString(),
			Phone: c.Phone.ValueString(), Email: c.Email.ValueString(), Title: c.Title.ValueString(), Seniority: c.Seniority.ValueString()}
	}
	return f
}

// changes is what an update sends to go from state to m: each updatable
// field whose value changed ("" is unchanged to the API), and a nested
// object whole when any of its fields changed.
func (m *profileModel) changes(state *profileModel) client.ProfileFields {
	all := m.fields()
	changed := func(plan, prior types.String, v string) string {
		if plan.Equal(prior) {
			return ""
		}
		return v
	}
	f := client.ProfileFields{
		EntityType:           changed(m.EntityType, state.EntityType, all.EntityType),
		CompanyName:          changed(m.CompanyName, state.CompanyName, all.CompanyName),
		EIN:                  changed(m.EIN, state.EIN, all.EIN),
		EINIssuingCountry:    changed(m.EINIssuingCountry, state.EINIssuingCountry, all.EINIssuingCountry),
		Vertical:             changed(m.Vertical, state.Vertical, all.Vertical),
		Website:              changed(m.Website, state.Website, all.Website),
		AltBusinessID:        changed(m.AltBusinessID, state.AltBusinessID, all.AltBusinessID),
		AltBusinessIDType:    changed(m.AltBusinessIDType, state.AltBusinessIDType, all.AltBusinessIDType),
		BusinessContactEmail: changed(m.BusinessContactEmail, state.BusinessContactEmail, all.BusinessContactEmail),
		DoingBusinessAs:      changed(m.DoingBusinessAs, state.DoingBusinessAs, all.DoingBusinessAs),
	}
	if state.Address == nil || m.Address == nil || *m.Address != *state.Address {
		f.Address = all.Address
	}
	if state.AuthorizedContact == nil || m.AuthorizedContact == nil || *m.AuthorizedContact != *state.AuthorizedContact {
		f.AuthorizedContact = all.AuthorizedContact
	}
	return f
}

// applyProfile copies what the API reports into m.
func applyProfile(m *profileModel, p *client.Profile) {
	m.ID = types.StringValue(p.ProfileUUID)
	m.ProfileAlias = kit.ReportedString(m.ProfileAlias, p.ProfileAlias)
	m.CustomerType = kit.ReportedString(m.CustomerType, p.CustomerType)
	m.EntityType = kit.ReportedString(m.EntityType, p.EntityType)
	m.CompanyName = kit.ReportedString(m.CompanyName, p.CompanyName)
	m.EIN = kit.ReportedString(m.EIN, p.EIN)
	m.EINIssuingCountry = kit.ReportedString(m.EINIssuingCountry, p.EINIssuingCountry)
	m.Vertical = kit.ReportedString(m.Vertical, p.Vertical)
	m.Website = kit.ReportedString(m.Website, p.Website)
	m.StockSymbol = kit.ReportedString(m.StockSymbol, p.StockSymbol)
	m.StockExchange = kit.ReportedString(m.StockExchange, p.StockExchange)
	m.AltBusinessID = kit.ReportedString(m.AltBusinessID, p.AltBusinessID)
	m.AltBusinessIDType = kit.ReportedString(m.AltBusinessIDType, p.AltBusinessIDType)
	m.BusinessContactEmail = kit.ReportedString(m.BusinessContactEmail, p.BusinessContactEmail)
	m.DoingBusinessAs = kit.ReportedString(m.DoingBusinessAs, p.DoingBusinessAs)
	m.Subaccount = kit.ReportedString(m.Subaccount, p.ServiceSubaccount)
	m.ProfileType = kit.ReportedString(m.ProfileType, p.ProfileType)
	m.CreatedAt = kit.ReportedString(m.CreatedAt, p.CreatedAt)
	if a := p.Address; a != nil {
		prior := profileAddressModel{}
		if m.Address != nil {
			prior = *m.Address
		}
		m.Address = &profileAddressModel{
			Street: kit.ReportedString(prior.Street, a.Street), City: kit.ReportedString(prior.City, a.City), State: kit.ReportedString(prior.State, a.State),
			PostalCode: kit.ReportedString(prior.PostalCode, a.PostalCode), Country: kit.ReportedString(prior.Country, a.Country),
		}
	}
	if c := p.AuthorizedContact; c != nil {
		prior := profileContactModel{}
		if m.AuthorizedContact != nil {
			prior = *m.AuthorizedContact
		}
		m.AuthorizedContact = &profileContactModel{
			FirstName: kit.ReportedString(prior.FirstName, c.FirstName), LastName: kit.ReportedString(prior.LastName, c.LastName),
			Phone: kit.ReportedString(prior.Phone, c.Phone), Email: kit.ReportedString(prior.Email, c.Email),
			Title: kit.ReportedString(prior.Title, c.Title), Seniority: kit.ReportedString(prior.Seniority, c.Seniority),
		}
	}
}

// adoptRuleProfile says what happens when the reply to a create is lost;
// createProfileOrAdopt carries it out. The description quotes it.
const adoptRuleProfile = "If the API's reply to the create is lost (or is a 5xx), the provider does not create a second profile: it " +
	"lists the profiles and adopts the one with the same `profile_alias`, `company_name` and `entity_type`; when none matches the " +
	"create is sent again, when several match the apply stops with an error naming them."

// createProfileOrAdopt is CreateProfile that never makes a duplicate.
func createProfileOrAdopt(ctx context.Context, c *client.Client, in client.ProfileFields) (*client.ProfileCreated, error) {
	return kit.CreateOrAdopt(ctx, "business profile", fmt.Sprintf("profile_alias %q, company_name %q and entity_type %s", in.ProfileAlias, in.CompanyName, in.EntityType),
		func(ctx context.Context) (*client.ProfileCreated, error) { return c.CreateProfile(ctx, in) },
		kit.AdoptFrom(c.ListAllProfiles, func(p *client.Profile) bool {
			return p.ProfileAlias == in.ProfileAlias && p.CompanyName == in.CompanyName && p.EntityType == in.EntityType
		}, func(p *client.Profile) *client.ProfileCreated {
			return &client.ProfileCreated{ProfileUUID: p.ProfileUUID, Message: "adopted"}
		}),
		func(p *client.ProfileCreated) string { return p.ProfileUUID })
}

func createProfile(ctx context.Context, c *client.Client, plan *profileModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	created, err := createProfileOrAdopt(ctx, c, plan.fields())
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error creating business profile", "profile "+plan.ProfileAlias.ValueString(), err)
		return false
	}
	id := strings.ToLower(created.ProfileUUID)
	plan.ID = types.StringValue(id)
	p, err := kit.ReadAfterCreate(ctx, "business profile "+id, func(ctx context.Context) (*client.Profile, error) { return c.GetProfile(ctx, id) })
	if err != nil {
		plan.ProfileType, plan.CreatedAt = types.StringNull(), types.StringNull()
		kit.AddAPIError(&resp.Diagnostics, "Error reading business profile after create", "profile "+id, err)
		return true
	}
	applyProfile(plan, p)
	return true
}

func updateProfile(ctx context.Context, c *client.Client, plan, state *profileModel, _ resource.UpdateRequest, resp *resource.UpdateResponse) bool {
	id := state.ID.ValueString()
	in := plan.changes(state)
	if !plan.Subaccount.Equal(state.Subaccount) {
		// "" would leave it unchanged: the account's own auth_id moves
		// the profile back to it.
		in.ServiceSubaccount = plan.Subaccount.ValueString()
		if plan.Subaccount.IsNull() {
			in.ServiceSubaccount = c.AuthID()
		}
	}
	p, err := c.UpdateProfile(ctx, id, in)
	if err != nil {
		kit.AddAPIError(&resp.Diagnostics, "Error updating business profile", "profile "+id, err)
		return false
	}
	applyProfile(plan, p)
	return true
}
