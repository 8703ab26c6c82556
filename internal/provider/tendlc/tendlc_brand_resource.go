package tendlc

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wait"
)

// brandKind is cpaas_10dlc_brand, a registered 10DLC brand, read, deleted
// and imported by its brand_id. An update only records url, method,
// wait_for_registration or timeouts: every argument of the brand itself
// replaces it.
var brandKind = registrationKind(&kit.ObjectKind[tendlcBrandModel]{
	TypeName: "_10dlc_brand", What: "10DLC brand", Identity: kit.BrandIdentity, Paid: true,
	Docs: kit.PageDocs{Subcategory: kit.SubTenDLC, Listed: &kit.ListedDoc{
		Limit:   client.BrandListing.Limit,
		Objects: "brands",
		Object:  "brand",
		From:    "the account's brand list",
		Lacks:   []string{"declined_reasons"},
		More:    "They carry `brand_alias` besides, which a read of one brand does not; a brand the list reports `FAILED` is read on its own for its `declined_reasons`.",
	}},
	// Refresh: from the listing (client.BrandListing), whose items carry
	// brand_alias (the GET does not) and no declined_reasons: a FAILED
	// brand is read by GET for them, any other keeps the state's.
	Schema: brandSchema, Create: createBrand, Refresh: refreshBrand, Remove: (*client.Client).DeleteBrand,
	// Before the brand is registered: its profile exists.
	PlanWith: kit.CheckReferences(kit.IdRef("profile_uuid", "business profile", "cpaas_10dlc_profile", "id", client.ProfileListing)),
}, tendlcrules.BrandIDPattern, "a brand id", tendlcrules.BrandIDRule)

// refreshBrand reads a brand from the brand listing, whose items carry
// its alias but never declined_reasons: a FAILED brand is read again by
// GET for them, any other keeps the state's. Read by GET (which leaves
// brand_alias out), a state without an alias (after an import) takes it
// from the brand list; otherwise the state's alias is kept.
func refreshBrand(ctx context.Context, c *client.Client, id string, m *tendlcBrandModel, _ resource.ReadRequest, _ *diag.Diagnostics) error {
	b, listed, err := client.BrandListing.Refresh(ctx, c, "", id)
	if err == nil && listed && b.RegistrationStatus == tendlcrules.StatusFailed {
		alias := b.BrandAlias
		listed = false
		if b, err = c.GetBrand(ctx, id); err == nil && b.BrandAlias == "" {
			b.BrandAlias = alias // the list's, which the GET leaves out
		}
	}
	if err == nil && !listed {
		err = addBrandAlias(ctx, c, b, m.BrandAlias.IsNull() || m.BrandAlias.IsUnknown())
	}
	if err != nil {
		return err
	}
	reasons := m.DeclinedReasons
	applyBrand(m, b)
	if listed {
		m.DeclinedReasons = reasons
	}
	return nil
}

// getBrand reads brand id, and when the GET leaves its alias out and
// needAlias is set, finds the alias in the brand list (one listing).
func getBrand(ctx context.Context, c *client.Client, id string, needAlias bool) (*client.Brand, error) {
	b, err := c.GetBrand(ctx, id)
	if err == nil {
		err = addBrandAlias(ctx, c, b, needAlias)
	}
	if err != nil {
		return nil, err
	}
	return b, nil
}

// addBrandAlias fills b's alias, which a GET leaves out, from the brand
// list when needAlias is set.
func addBrandAlias(ctx context.Context, c *client.Client, b *client.Brand, needAlias bool) error {
	if b.BrandAlias != "" || !needAlias {
		return nil
	}
	all, err := c.ListAllBrands(ctx)
	if err != nil {
		return err
	}
	for i := range all {
		if all[i].BrandID == b.BrandID {
			b.BrandAlias = all[i].BrandAlias
			break
		}
	}
	return nil
}

// brandAttrs are what the API reports of a brand: the whole model of the
// data source, and the part of the resource's that apply fills.
type brandAttrs struct {
	ID                 types.String `tfsdk:"id"`
	BrandAlias         types.String `tfsdk:"brand_alias"`
	ProfileUUID        types.String `tfsdk:"profile_uuid"`
	BrandType          types.String `tfsdk:"brand_type"`
	SecondaryVetting   types.Bool   `tfsdk:"secondary_vetting"`
	RegistrationStatus types.String `tfsdk:"registration_status"`
	VettingStatus      types.String `tfsdk:"vetting_status"`
	VettingScore       types.Int64  `tfsdk:"vetting_score"`
	DeclinedReasons    types.List   `tfsdk:"declined_reasons"`
	CreatedAt          types.String `tfsdk:"created_at"`
	brandProfileAttrs
}

// brandProfileAttrs are the business profile's data a brand record
// carries.
type brandProfileAttrs struct {
	CompanyName       types.String `tfsdk:"company_name"`
	EntityType        types.String `tfsdk:"entity_type"`
	Vertical          types.String `tfsdk:"vertical"`
	EINIssuingCountry types.String `tfsdk:"ein_issuing_country"`
	Website           types.String `tfsdk:"website"`
	Address           types.Object `tfsdk:"address"`
	AuthorizedContact types.Object `tfsdk:"authorized_contact"`
}

// apply copies what the API reports into m. The service leaves empty
// fields out and never returns the alias in its GET: what a reply does not
// say keeps m's value (reportedString).
func (m *brandAttrs) apply(b *client.Brand) {
	m.ID = types.StringValue(b.BrandID)
	m.BrandAlias = kit.ReportedString(m.BrandAlias, b.BrandAlias)
	m.ProfileUUID = kit.ReportedString(m.ProfileUUID, b.ProfileUUID)
	m.BrandType = kit.ReportedString(m.BrandType, b.BrandType)
	// The record has no secondary_vetting; only a brand that asked for it
	// has a vetting_status. A state that has the flag keeps it.
	if m.SecondaryVetting.IsNull() || m.SecondaryVetting.IsUnknown() {
		m.SecondaryVetting = types.BoolValue(b.VettingStatus != "")
	}
	m.RegistrationStatus = kit.ReportedString(m.RegistrationStatus, b.RegistrationStatus)
	m.VettingStatus = kit.ReportedString(m.VettingStatus, b.VettingStatus)
	m.VettingScore = kit.ReportedInt64(m.VettingScore, b.VettingScore)
	m.DeclinedReasons = declinedReasonsValue(b.DeclinedReasons)
	m.CreatedAt = kit.ReportedString(m.CreatedAt, b.CreatedAt)
	p := &m.brandProfileAttrs
	p.CompanyName = kit.ReportedString(p.CompanyName, b.CompanyName)
	p.EntityType = kit.ReportedString(p.EntityType, b.EntityType)
	p.Vertical = kit.ReportedString(p.Vertical, b.Vertical)
	p.EINIssuingCountry = kit.ReportedString(p.EINIssuingCountry, b.EINIssuingCountry)
	p.Website = kit.ReportedString(p.Website, b.Website)
	p.Address = reportedObject(p.Address, addressType, addressValues(b.Address))
	p.AuthorizedContact = reportedObject(p.AuthorizedContact, contactType, contactValues(b.AuthorizedContact))
}

// addressType and contactType are the brand's address and
// authorized_contact objects.
var (
	addressType = map[string]attr.Type{"street": types.StringType, "city": types.StringType, "state": types.StringType,
		"postal_code": types.StringType, "country": types.StringType}
	contactType = map[string]attr.Type{"first_name": types.StringType, "last_name": types.StringType, "email": types.StringType,
		"phone": types.StringType, "title": types.StringType, "seniority": types.StringType}
)

// addressValues are a's fields, nil when it says nothing (the service
// sends an empty address as five "").
func addressValues(a *client.Address) map[string]string {
	if a == nil || *a == (client.Address{}) {
		return nil
	}
	return map[string]string{"street": a.Street, "city": a.City, "state": a.State, "postal_code": a.PostalCode, "country": a.Country}
}

// contactValues are c's fields, nil when it says nothing ({}).
func contactValues(c *client.AuthorizedContact) map[string]string {
	if c == nil || *c == (client.AuthorizedContact{}) {
		return nil
	}
	return map[string]string{"first_name": c.FirstName, "last_name": c.LastName, "email": c.Email, "phone": c.Phone, "title": c.Title, "seniority": c.Seniority}
}

// reportedObject is reportedString for an object of strings: nil values
// (the reply said nothing) keep prior; an empty field is null.
func reportedObject(prior types.Object, t map[string]attr.Type, values map[string]string) types.Object {
	if values == nil {
		if prior.IsUnknown() {
			return types.ObjectNull(t)
		}
		return prior
	}
	vs := make(map[string]attr.Value, len(t))
	for k := range t {
		vs[k] = kit.StringOrNull(values[k])
	}
	return types.ObjectValueMust(t, vs)
}

type tendlcBrandModel struct {
	brandAttrs
	registrationArgs
}

// callbackURLAttribute and callbackMethodAttribute are the url and method
// of the 10DLC registrations. The API takes them at registration only: it
// neither returns nor changes them. So they never force a replacement (an
// import could not tell them, and re-registering a live brand costs days of
// vetting): a change is kept in the state only, with a plan-time warning
// (warnCallbackChange).
func callbackURLAttribute(what string) schema.StringAttribute {
	return kit.OptionalString("Absolute `http://` or `https://` URL that receives a signed callback on each status change of "+what+
		" (headers `X-Service-Signature-V2`, `X-Service-Signature-Ma-V2`, `X-Service-Signature-V2-Nonce`). Each signature is "+
		"base64(HMAC-SHA256(the URL without its query string followed by the nonce)): `X-Service-Signature-V2` keyed with the "+
		"auth token of the account that owns the object, `X-Service-Signature-Ma-V2` with the main account's auth token (the "+
		"same token when the account has no parent). The receiver must answer 200; "+
		"otherwise the callback is retried 60, 120 and 240 seconds after the previous attempt. "+callbackSettingNote, callbackURLRule)
}

func callbackMethodAttribute() schema.StringAttribute {
	return kit.OptionalString("HTTP method of the callback to `url`: `POST` (form body) or `GET` (query string). The API's default is `POST`. "+
		callbackSettingNote, callbackMethodRule)
}

// The rules of a 10DLC callback's url and method (tendlcrules), for the
// registrations and the number links.
var (
	callbackURLRule = kit.SpecRuleWorded(stringvalidator.RegexMatches(tendlcrules.CallbackURLPattern, tendlcrules.CallbackURLRule),
		tendlcrules.CheckCallbackURL)
	callbackMethodRule = kit.SpecRuleWorded(stringvalidator.OneOf(tendlcrules.CallbackMethods...),
		tendlcrules.CheckCallbackMethod)
)

const callbackSettingNote = "The API takes it with the registration request only and never returns it, so it is not read back " +
	"and never replaces the object: after an import the first apply records the configured value in the state (an in-place update " +
	"that calls no API), and a later change is recorded the same way, with a plan-time warning that callbacks still due go to " +
	"the value given at registration."

func brandSchema(ctx context.Context) schema.Schema {
	return schema.Schema{
		MarkdownDescription: "A US 10DLC brand: the company behind A2P messaging, registered with the campaign registry. " +
			"Registration is asynchronous: the brand is `PROCESSING` until the registry registers it (`COMPLETED`) or rejects it (`FAILED`, " +
			"with `declined_reasons`). Brands cannot be updated, so every argument but `url`, `method` and `wait_for_registration` replaces the brand when changed. A brand with campaigns " +
			"cannot be deleted; Terraform deletes the campaigns first when they are in the same configuration.\n\n" + adoptRuleBrand,
		Attributes: withBrandProfile(map[string]schema.Attribute{
			"id": kit.ComputedKeptString("Brand id (`brand_id`), " + tendlcrules.BrandIDRule + "."),
			"brand_alias": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("Name of the brand, 1 to %d characters. Changing it replaces the brand. "+
					"The service's GET does not return it: a refresh keeps the state's value, and an import reads it from the brand list; "+
					"when no listing shows it, the import records the configured alias in place (no replacement, no API call).",
					tendlcrules.MaxAliasLength),
				Required:      true,
				PlanModifiers: []planmodifier.String{kit.ReplaceIfReadString()},
				Validators:    []validator.String{aliasRule},
			},
			"profile_uuid": kit.RequiredReplacingString("UUID of the business profile (legal name, tax id, address) the brand is registered for. "+
				kit.MissingRefNote("brand")+" Changing it replaces the brand.", kit.ShapeRule(tendlcrules.UUIDPattern, tendlcrules.UUIDRule)),
			"brand_type": schema.StringAttribute{
				MarkdownDescription: "`STARTER` (sole proprietor; its campaigns may only use the `STARTER` use case) or `STANDARD`. Default `STARTER`. Changing it replaces the brand.",
				Optional:            true,
				Computed:            true,
				Default:             stringdefault.StaticString(tendlcrules.DefaultBrandType),
				PlanModifiers:       []planmodifier.String{stringplanmodifier.RequiresReplace()},
				Validators: []validator.String{kit.SpecRuleWorded(stringvalidator.OneOf(tendlcrules.BrandTypes...),
					tendlcrules.CheckBrandType)},
			},
			"secondary_vetting": schema.BoolAttribute{
				MarkdownDescription: "Request secondary (external) vetting, which raises the brand's throughput limits (`STANDARD` brands). Default `false`. Changing it replaces the brand. " +
					"The service does not return it: a refresh keeps the state's value, and an import reads it from whether the brand has a `vetting_status`.",
				Optional:      true,
				Computed:      true,
				Default:       booldefault.StaticBool(false),
				PlanModifiers: []planmodifier.Bool{kit.ReplaceIfReadBool()},
			},
			"url":    callbackURLAttribute("the brand (`created`, then `registered` or `rejected`)"),
			"method": callbackMethodAttribute(),
			"wait_for_registration": waitForRegistrationAttribute("A rejection then fails the apply with the registry's reasons; the brand stays in the state (tainted) " +
				"and the next apply replaces it. With `false` the apply finishes while the brand is `PROCESSING`; campaigns cannot be created " +
				"with it until it is `COMPLETED`. Changing it does not touch the brand."),
			"registration_status": kit.ComputedKeptString("`PROCESSING`, `COMPLETED` (registered) or `FAILED` (rejected), as of the last refresh. A `FAILED` brand is replaced on the next apply."),
			"vetting_status":      kit.ComputedKeptString("Secondary vetting status: `PENDING`, `ACTIVE` (vetted) or `FAILED`; null when no secondary vetting was requested."),
			"vetting_score":       kit.ComputedKeptInt64("Score the secondary vetting gave the brand (0 to 100; the higher, the more throughput its campaigns get); null until vetted."),
			"declined_reasons": schema.ListNestedAttribute{
				MarkdownDescription: "Why the registry rejected the brand; empty unless `registration_status` is `FAILED`.",
				Computed:            true,
				PlanModifiers:       []planmodifier.List{listplanmodifier.UseStateForUnknown()},
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"code":    schema.StringAttribute{MarkdownDescription: "Reason code.", Computed: true},
					"message": schema.StringAttribute{MarkdownDescription: "What is wrong and what to correct.", Computed: true},
				}},
			},
			"created_at": kit.ComputedKeptString("When the brand was submitted, RFC 3339 in UTC with microseconds (`2023-02-28T11:06:00.360401Z`)."),
		}, brandProfileResourceAttributes()),
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true}),
		},
	}
}

// brandProfileDescriptions describe the profile's data a brand carries,
// for the resource and the data source.
var brandProfileDescriptions = map[string]string{
	"company_name":        "Legal name of the company, from the business profile.",
	"entity_type":         "Kind of organisation, from the business profile: `PRIVATE`, `PUBLIC`, `NON_PROFIT`, `GOVERNMENT` or `INDIVIDUAL` (older records also hold `PRIVATE_PROFIT`, `PUBLIC_PROFIT`, `SOLE_PROPRIETOR`).",
	"vertical":            "Industry vertical of the company, from the business profile.",
	"ein_issuing_country": "Country that issued the tax id (EIN), ISO 3166 alpha-2, from the business profile.",
	"website":             "Company website, from the business profile.",
	"address":             "Registered address of the company, from the business profile; null when the profile has none.",
	"authorized_contact":  "Person authorised to act for the company, from the business profile; null when the profile has none.",
}

var (
	addressDescriptions = map[string]string{"street": "Street and number.", "city": "City.", "state": "State code, such as `TX`.",
		"postal_code": "Postal code.", "country": "Country, ISO 3166 alpha-2."}
	contactDescriptions = map[string]string{"first_name": "First name.", "last_name": "Last name.", "email": "Email address.",
		"phone": "Phone number.", "title": "Title, such as `Mr`.", "seniority": "Position, such as `CEO` or `DIRECTOR`."}
)

// withBrandProfile adds the profile's data to a brand resource schema's
// attributes.
func withBrandProfile(attrs map[string]schema.Attribute, profile map[string]schema.Attribute) map[string]schema.Attribute {
	for k, v := range profile {
		attrs[k] = v
	}
	return attrs
}

func brandProfileResourceAttributes() map[string]schema.Attribute {
	return brandProfileAttributes(func(d string) schema.Attribute { return kit.ComputedKeptString(d) },
		func(d string, fields map[string]string) schema.Attribute {
			nested := map[string]schema.Attribute{}
			for f, fd := range fields {
				nested[f] = schema.StringAttribute{MarkdownDescription: fd, Computed: true}
			}
			return schema.SingleNestedAttribute{MarkdownDescription: d, Computed: true, Attributes: nested,
				PlanModifiers: []planmodifier.Object{objectplanmodifier.UseStateForUnknown()}}
		})
}

// brandProfileAttributes lays out the profile's data a brand carries, for
// the resource or the data source: str makes a string attribute, object
// one of the two objects (address, authorized_contact) from its fields'
// descriptions.
func brandProfileAttributes[A any](str func(description string) A, object func(description string, fields map[string]string) A) map[string]A {
	out := map[string]A{}
	for name, d := range brandProfileDescriptions {
		switch name {
		case "address":
			out[name] = object(d, addressDescriptions)
		case "authorized_contact":
			out[name] = object(d, contactDescriptions)
		default:
			out[name] = str(d)
		}
	}
	return out
}

// applyBrand copies what the API reports into m.
func applyBrand(m *tendlcBrandModel, b *client.Brand) {
	m.apply(b)
	m.defaultWait()
}

// adoptRuleBrand says what happens when the reply to a create is lost;
// createBrandOrAdopt below carries it out. The description quotes it.
const adoptRuleBrand = "If the API's reply to the create is lost (or is a 5xx), the provider does not register a second brand: it " +
	"lists the brands and adopts the one with the same `brand_alias`, `profile_uuid` and `brand_type`; when none matches " +
	"the create is sent again, when several match the apply stops with an error naming them."

// createBrandOrAdopt is CreateBrand that never registers a duplicate.
func createBrandOrAdopt(ctx context.Context, c *client.Client, in client.BrandCreate) (*client.BrandCreated, error) {
	return kit.CreateOrAdopt(ctx, "10DLC brand", fmt.Sprintf("brand_alias %q, profile_uuid %s and brand_type %s", in.BrandAlias, in.ProfileUUID, in.BrandType),
		func(ctx context.Context) (*client.BrandCreated, error) { return c.CreateBrand(ctx, in) },
		kit.AdoptFrom(c.ListAllBrands, func(b *client.Brand) bool {
			return b.BrandAlias == in.BrandAlias && b.ProfileUUID == in.ProfileUUID && (in.BrandType == "" || b.BrandType == in.BrandType)
		}, func(b *client.Brand) *client.BrandCreated {
			return &client.BrandCreated{BrandID: b.BrandID, Message: "adopted"}
		}),
		brandRegistration.id)
}

func createBrand(ctx context.Context, c *client.Client, plan *tendlcBrandModel, _ resource.CreateRequest, resp *resource.CreateResponse) bool {
	return brandRegistration.create(ctx, c, plan, &plan.registrationArgs, "brand "+plan.BrandAlias.ValueString(), func(ctx context.Context) (*client.BrandCreated, error) {
		return createBrandOrAdopt(ctx, c, client.BrandCreate{
			BrandAlias:       plan.BrandAlias.ValueString(),
			ProfileUUID:      plan.ProfileUUID.ValueString(),
			BrandType:        plan.BrandType.ValueString(),
			SecondaryVetting: secondaryVettingFlag(plan.SecondaryVetting.ValueBool()),
			URL:              plan.URL.ValueString(),
			Method:           plan.Method.ValueString(),
		})
	}, &resp.Diagnostics)
}

// secondaryVettingFlag asks for secondary vetting, or leaves the flag out
// (the API's default, false).
func secondaryVettingFlag(v bool) client.FlexBool {
	if !v {
		return client.FlexBool{}
	}
	return client.Flag(true)
}

// brandRegistration ends a brand's Create.
var brandRegistration = registration[tendlcBrandModel, client.Brand, client.BrandCreated]{
	what: "10DLC brand", id: func(b *client.BrandCreated) string { return b.BrandID }, find: findBrand, wait: waitBrandRegistered, apply: func(m *tendlcBrandModel, b *client.Brand, _ *diag.Diagnostics) { applyBrand(m, b) },
	status: func(b *client.Brand) string { return b.RegistrationStatus },
	unread: func(m *tendlcBrandModel, id string) {
		m.ID = types.StringValue(id)
		m.RegistrationStatus = types.StringValue(tendlcrules.StatusProcessing)
		m.VettingStatus = types.StringNull()
		m.VettingScore = types.Int64Null()
		m.DeclinedReasons = declinedReasonsValue(nil)
		m.CreatedAt = types.StringNull()
		p := &m.brandProfileAttrs
		for _, v := range []*types.String{&p.CompanyName, &p.EntityType, &p.Vertical, &p.EINIssuingCountry, &p.Website} {
			*v = types.StringNull()
		}
		p.Address, p.AuthorizedContact = types.ObjectNull(addressType), types.ObjectNull(contactType)
	},
	rejected: func(diags *diag.Diagnostics, what string, b *client.Brand) {
		kit.AddDecisionAttributeError(diags, path.Root("brand_alias"), "10DLC brand rejected by the registry",
			fmt.Sprintf("The registry rejected %s (%q). Its reasons:\n%s\n\nThe brand stays in the state as tainted; correct what the reasons name "+
				"(the business profile or the brand's arguments) and apply again to register a replacement.", what, b.BrandAlias, b.DeclinedText()))
	},
}

// findBrand is the finder of brand id; statusBrand reads its registration
// status; waitBrandRegistered waits until the registry has decided.
func findBrand(c *client.Client, id string) func(context.Context) (*client.Brand, error) {
	return func(ctx context.Context) (*client.Brand, error) { return c.GetBrand(ctx, id) }
}

// The wait reads the brand list (client.BrandListing.Watch), in rounds
// shared with every brand waiting; its items never carry
// declined_reasons, so a rejected brand is read once more by GET for them.
func statusBrand(c *client.Client, id string) wait.StatusFunc[*client.Brand] {
	return wait.StatusOf(client.BrandListing.Watch(c, "", id).Next, func(b *client.Brand) string { return b.RegistrationStatus })
}

func waitBrandRegistered(ctx context.Context, c *client.Client, id string, timeout time.Duration) (*client.Brand, error) {
	b, err := wait.For[*client.Brand]{What: "10DLC brand " + id, Pending: registrationPending, Status: statusBrand(c, id), Timeout: timeout,
		Paced: true}.Wait(ctx)
	if err == nil && b.RegistrationStatus == tendlcrules.StatusFailed {
		alias := b.BrandAlias
		if b, err = c.GetBrand(ctx, id); err == nil && b.BrandAlias == "" {
			b.BrandAlias = alias // the list's, which the GET leaves out
		}
	}
	return b, err
}
