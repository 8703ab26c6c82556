package wire

import (
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// BrandCreate is the body of POST 10dlc/Brand/.
type BrandCreate struct {
	BrandAlias       string   `json:"brand_alias"`
	ProfileUUID      string   `json:"profile_uuid"`
	BrandType        string   `json:"brand_type,omitempty"`
	SecondaryVetting FlexBool `json:"secondary_vetting,omitzero"` // Go sends a string
	URL              string   `json:"url,omitempty"`
	Method           string   `json:"method,omitempty"`
}

// BrandCreated is the reply to a brand create.
type BrandCreated struct {
	APIID   string `json:"api_id"`
	BrandID string `json:"brand_id"`
	Message string `json:"message"`
}

// DeclinedReason is one reason the registry gave for rejecting a brand.
type DeclinedReason = tendlcrules.Reason

// Address is a business address as a brand record carries it: the
// service returns all five keys, "" when empty.
type Address struct {
	Street     string `json:"street"`
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// AuthorizedContact is the person a business profile names; the service
// leaves out empty fields (an empty contact is {}).
type AuthorizedContact struct {
	FirstName string `json:"first_name,omitempty"`
	LastName  string `json:"last_name,omitempty"`
	Email     string `json:"email,omitempty"`
	Phone     string `json:"phone,omitempty"`
	Title     string `json:"title,omitempty"`
	Seniority string `json:"seniority,omitempty"`
}

// Brand is a 10DLC brand as the service returns it: fields are left out
// when empty, the GET leaves out brand_alias (list items carry it), the
// profile's data is copied onto it, and vetting_score is an integer.
// RegistrationStatus is PROCESSING, COMPLETED or FAILED.
type Brand struct {
	BrandID            string             `json:"brand_id"`
	BrandAlias         string             `json:"brand_alias,omitempty"`
	BrandType          string             `json:"brand_type,omitempty"`
	ProfileUUID        string             `json:"profile_uuid,omitempty"`
	CompanyName        string             `json:"company_name,omitempty"`
	EIN                string             `json:"ein,omitempty"`
	EINIssuingCountry  string             `json:"ein_issuing_country,omitempty"`
	EntityType         string             `json:"entity_type,omitempty"`
	Vertical           string             `json:"vertical,omitempty"`
	Website            string             `json:"website,omitempty"`
	StockSymbol        string             `json:"stock_symbol,omitempty"`
	StockExchange      string             `json:"stock_exchange,omitempty"`
	AltBusinessID      string             `json:"alt_business_id,omitempty"`
	AltBusinessIDType  string             `json:"alt_business_id_type,omitempty"`
	Address            *Address           `json:"address,omitempty"`
	AuthorizedContact  *AuthorizedContact `json:"authorized_contact,omitempty"`
	RegistrationStatus string             `json:"registration_status,omitempty"`
	VettingStatus      string             `json:"vetting_status,omitempty"`
	VettingScore       *int64             `json:"vetting_score,omitempty"`
	DeclinedReasons    []DeclinedReason   `json:"declined_reasons,omitempty"`
	CreatedAt          string             `json:"created_at,omitempty"`
}

// BrandUsecases is the reply of GET 10dlc/Brand/{id}/usecases/: the use
// cases the brand may register campaigns for.
type BrandUsecases struct {
	APIID    string                    `json:"api_id"`
	BrandID  string                    `json:"brand_id"`
	UseCases []tendlcrules.UsecaseInfo `json:"use_cases"`
}

// DeclinedText joins the reasons as "- CODE: message" lines.
func (b *Brand) DeclinedText() string {
	var lines []string
	for _, r := range b.DeclinedReasons {
		lines = append(lines, "- "+r.Code+": "+r.Message)
	}
	return strings.Join(lines, "\n")
}

// BrandReply is the reply of GET 10dlc/Brand/{id}/.
type BrandReply struct {
	APIID string `json:"api_id"`
	Brand Brand  `json:"brand"`
}

// BrandList is one page of GET 10dlc/Brand/.
type BrandList struct {
	APIID  string   `json:"api_id"`
	Meta   ListMeta `json:"meta"`
	Brands []Brand  `json:"brands"`
}

// BrandDeleted is the reply of DELETE 10dlc/Brand/{id}/.
type BrandDeleted struct {
	APIID   string `json:"api_id"`
	BrandID string `json:"brand_id"`
	Message string `json:"message"`
}

// CampaignAttributes are the yes/no declarations of a campaign.
type CampaignAttributes struct {
	EmbeddedLink       bool `json:"embedded_link"`
	EmbeddedPhone      bool `json:"embedded_phone"`
	AgeGated           bool `json:"age_gated"`
	DirectLending      bool `json:"direct_lending"`
	AffiliateMarketing bool `json:"affiliate_marketing"`
	SubscriberOptin    bool `json:"subscriber_optin"`
	SubscriberOptout   bool `json:"subscriber_optout"`
	SubscriberHelp     bool `json:"subscriber_help"`
}

// CampaignAttributesRecord are a campaign's flags as a record carries
// them: the GET leaves affiliate_marketing out (seven keys), the update
// reply has all eight, so each may be missing.
type CampaignAttributesRecord struct {
	EmbeddedLink       *bool `json:"embedded_link,omitempty"`
	EmbeddedPhone      *bool `json:"embedded_phone,omitempty"`
	AgeGated           *bool `json:"age_gated,omitempty"`
	DirectLending      *bool `json:"direct_lending,omitempty"`
	AffiliateMarketing *bool `json:"affiliate_marketing,omitempty"`
	SubscriberOptin    *bool `json:"subscriber_optin,omitempty"`
	SubscriberOptout   *bool `json:"subscriber_optout,omitempty"`
	SubscriberHelp     *bool `json:"subscriber_help,omitempty"`
}

// CampaignCreate is the body of POST 10dlc/Campaign/. Every flag is sent:
// the service requires all eight, and Keys tell the emulator a flag left
// out (missing) from one sent false.
type CampaignCreate struct {
	BrandID        string   `json:"brand_id"`
	CampaignAlias  string   `json:"campaign_alias"`
	Vertical       string   `json:"vertical"`
	Usecase        string   `json:"usecase"`
	SubUsecases    []string `json:"sub_usecases,omitempty"`
	Description    string   `json:"description"`
	Sample1        string   `json:"sample1"`
	Sample2        string   `json:"sample2"`
	Sample3        string   `json:"sample3,omitempty"`
	Sample4        string   `json:"sample4,omitempty"`
	Sample5        string   `json:"sample5,omitempty"`
	MessageFlow    string   `json:"message_flow,omitempty"`
	HelpMessage    string   `json:"help_message,omitempty"`
	HelpKeywords   string   `json:"help_keywords,omitempty"`
	OptinKeywords  string   `json:"optin_keywords,omitempty"`
	OptinMessage   string   `json:"optin_message,omitempty"`
	OptoutKeywords string   `json:"optout_keywords,omitempty"`
	OptoutMessage  string   `json:"optout_message,omitempty"`
	// TermsAndConditionsLink and PrivacyPolicyLink are the campaign's
	// published terms and privacy policy.
	TermsAndConditionsLink string `json:"terms_and_conditions_link,omitempty"`
	PrivacyPolicyLink      string `json:"privacy_policy_link,omitempty"`
	CampaignAttributes
	URL    string `json:"url,omitempty"`
	Method string `json:"method,omitempty"`
	// ResellerID names the reseller a campaign is registered through; this
	// client never sends it. The service's Go SDK sends it under a key
	// with a leading space (its tag's typo), ResellerIDSpace.
	ResellerID      string `json:"reseller_id,omitempty"`
	ResellerIDSpace string `json:" reseller_id,omitempty"`
	Keys            `json:"-"`
}

// UnmarshalJSON decodes the fields and notes the keys sent.
func (c *CampaignCreate) UnmarshalJSON(b []byte) error {
	type fields CampaignCreate
	return decodeKeyed[CampaignCreate](b, (*fields)(c), &c.Keys)
}

// Text is the create's text in the update's shape, which the service
// reads alike: a field sent "" is not given.
func (c *CampaignCreate) Text() CampaignUpdate {
	return CampaignUpdate{
		CampaignAlias: &c.CampaignAlias, Description: &c.Description,
		Sample1: &c.Sample1, Sample2: &c.Sample2, Sample3: &c.Sample3, Sample4: &c.Sample4, Sample5: &c.Sample5,
		MessageFlow: &c.MessageFlow, HelpMessage: &c.HelpMessage, HelpKeywords: &c.HelpKeywords,
		OptinKeywords: &c.OptinKeywords, OptinMessage: &c.OptinMessage, OptoutKeywords: &c.OptoutKeywords, OptoutMessage: &c.OptoutMessage,
		TermsAndConditionsLink: &c.TermsAndConditionsLink, PrivacyPolicyLink: &c.PrivacyPolicyLink,
	}
}

// CampaignCreated is the reply to a campaign create.
type CampaignCreated struct {
	APIID      string `json:"api_id"`
	CampaignID string `json:"campaign_id"`
	Message    string `json:"message"`
}

// CampaignUpdate is the body of POST 10dlc/Campaign/{id}/ (the text of a
// campaign); nil and "" fields are left unchanged, as the service reads
// them (its SDKs send "" for every field not given).
type CampaignUpdate struct {
	CampaignAlias  *string `json:"campaign_alias,omitempty"`
	Description    *string `json:"description,omitempty"`
	Sample1        *string `json:"sample1,omitempty"`
	Sample2        *string `json:"sample2,omitempty"`
	Sample3        *string `json:"sample3,omitempty"`
	Sample4        *string `json:"sample4,omitempty"`
	Sample5        *string `json:"sample5,omitempty"`
	MessageFlow    *string `json:"message_flow,omitempty"`
	HelpMessage    *string `json:"help_message,omitempty"`
	HelpKeywords   *string `json:"help_keywords,omitempty"`
	OptinKeywords  *string `json:"optin_keywords,omitempty"`
	OptinMessage   *string `json:"optin_message,omitempty"`
	OptoutKeywords *string `json:"optout_keywords,omitempty"`
	OptoutMessage  *string `json:"optout_message,omitempty"`
	// TermsAndConditionsLink and PrivacyPolicyLink: see CampaignCreate.
	TermsAndConditionsLink *string `json:"terms_and_conditions_link,omitempty"`
	PrivacyPolicyLink      *string `json:"privacy_policy_link,omitempty"`
}

// Samples returns sample1 to sample5 in order.
func (u *CampaignUpdate) Samples() [5]*string {
	return [5]*string{u.Sample1, u.Sample2, u.Sample3, u.Sample4, u.Sample5}
}

// Campaign is a 10DLC campaign as the service returns it: fields are left
// out when empty; the GET leaves out campaign_alias, vertical and
// description (list items carry campaign_alias), and its
// campaign_attributes lack affiliate_marketing; reseller_id is "" when
// none. RegistrationStatus is PROCESSING, ACTIVE, FAILED or EXPIRED;
// SubUsecase holds the sub use cases as one string, "A,B".
type Campaign struct {
	CampaignID             string                            `json:"campaign_id"`
	BrandID                string                            `json:"brand_id,omitempty"`
	ResellerID             string                            `json:"reseller_id"`
	CampaignAlias          string                            `json:"campaign_alias,omitempty"`
	Vertical               string                            `json:"vertical,omitempty"`
	Usecase                string                            `json:"usecase,omitempty"`
	SubUsecase             string                            `json:"sub_usecase,omitempty"`
	Description            string                            `json:"description,omitempty"`
	Sample1                string                            `json:"sample1,omitempty"`
	Sample2                string                            `json:"sample2,omitempty"`
	Sample3                string                            `json:"sample3,omitempty"`
	Sample4                string                            `json:"sample4,omitempty"`
	Sample5                string                            `json:"sample5,omitempty"`
	MessageFlow            string                            `json:"message_flow,omitempty"`
	HelpMessage            string                            `json:"help_message,omitempty"`
	HelpKeywords           string                            `json:"help_keywords,omitempty"`
	OptinKeywords          string                            `json:"optin_keywords,omitempty"`
	OptinMessage           string                            `json:"optin_message,omitempty"`
	OptoutKeywords         string                            `json:"optout_keywords,omitempty"`
	OptoutMessage          string                            `json:"optout_message,omitempty"`
	TermsAndConditionsLink string                            `json:"terms_and_conditions_link,omitempty"`
	PrivacyPolicyLink      string                            `json:"privacy_policy_link,omitempty"`
	CampaignAttributes     *CampaignAttributesRecord         `json:"campaign_attributes,omitempty"`
	MNOMetadata            map[string]tendlcrules.Throughput `json:"mno_metadata,omitempty"`
	RegistrationStatus     string                            `json:"registration_status,omitempty"`
	CampaignSource         string                            `json:"campaign_source,omitempty"`
	ErrorCode              string                            `json:"error_code,omitempty"`
	ErrorReason            string                            `json:"error_reason,omitempty"`
	ErrorDescription       string                            `json:"error_description,omitempty"`
	CreatedAt              string                            `json:"created_at,omitempty"`
}

// SubUsecases splits SubUsecase.
func (c *Campaign) SubUsecases() []string {
	if c.SubUsecase == "" {
		return nil
	}
	return strings.Split(c.SubUsecase, ",")
}

// CampaignReply is the reply of GET and POST 10dlc/Campaign/{id}/.
type CampaignReply struct {
	APIID    string   `json:"api_id"`
	Campaign Campaign `json:"campaign"`
}

// CampaignList is one page of GET 10dlc/Campaign/.
type CampaignList struct {
	APIID     string     `json:"api_id"`
	Meta      ListMeta   `json:"meta"`
	Campaigns []Campaign `json:"campaigns"`
}

// CampaignDeleted is the reply of DELETE 10dlc/Campaign/{id}/.
type CampaignDeleted struct {
	APIID      string `json:"api_id"`
	CampaignID string `json:"campaign_id"`
	Message    string `json:"message"`
}

// CampaignNumber is one number's link with a campaign. Status is
// PROCESSING (a link or unlink request in progress), COMPLETED (linked) or
// FAILED (the link request was refused). Reason, why the last request
// failed, is this API's addition to the published shape (see
// golden_test.go).
type CampaignNumber struct {
	Number string `json:"number"`
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
}

// CampaignNumbers is the reply of the campaign's number reads. The list
// form adds phone_numbers_summary (how many numbers are in each status)
// and number_pool_limit; the one-number read has neither.
type CampaignNumbers struct {
	APIID               string           `json:"api_id"`
	CampaignID          string           `json:"campaign_id"`
	CampaignAlias       string           `json:"campaign_alias,omitempty"`
	Usecase             string           `json:"usecase,omitempty"`
	PhoneNumbers        []CampaignNumber `json:"phone_numbers"`
	PhoneNumbersSummary map[string]int   `json:"phone_numbers_summary,omitempty"`
	NumberPoolLimit     *int64           `json:"number_pool_limit,omitempty"`
}

// NumberLink is the body of POST 10dlc/Campaign/{id}/Number/.
type NumberLink struct {
	Numbers []string `json:"numbers"`
	URL     string   `json:"url,omitempty"`
	Method  string   `json:"method,omitempty"`
}

// NumberUnlink is the optional body of the unlink request. A url sent
// (even empty) replaces the callbacks the link request named; Keys tell the
// emulator it was sent.
type NumberUnlink struct {
	URL    string `json:"url,omitempty"`
	Method string `json:"method,omitempty"`
	Keys   `json:"-"`
}

// UnmarshalJSON decodes the fields and notes the keys sent.
func (u *NumberUnlink) UnmarshalJSON(b []byte) error {
	type fields NumberUnlink
	return decodeKeyed[NumberUnlink](b, (*fields)(u), &u.Keys)
}

// CampaignImport is the body of POST 10dlc/Campaign/Import/: a campaign
// registered with another provider, by its registry id, brought into the
// account under an alias; url and method name the callbacks of its
// processing (method GET or POST, default POST).
type CampaignImport struct {
	CampaignID    string `json:"campaign_id"`
	CampaignAlias string `json:"campaign_alias"`
	URL           string `json:"url,omitempty"`
	Method        string `json:"method,omitempty"`
}

// CampaignImported is the reply to a campaign import.
type CampaignImported struct {
	APIID      string `json:"api_id"`
	CampaignID string `json:"campaign_id"`
	Message    string `json:"message"`
}

// BrandOTPSent is the reply of POST 10dlc/Brand/{id}/OTP/: the message
// names the phone texted, masked but for its last 4 digits.
type BrandOTPSent struct {
	APIID   string `json:"api_id"`
	BrandID string `json:"brand_id"`
	Message string `json:"message"`
}
