package wire

import (
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// BrandCreate is the body of POST 10dlc/Brand/.
type BrandCreate struct {
	BrandAlias       string `json:"brand_alias"`
	ProfileUUID      string `json:"profile_uuid"`
	BrandType        string `json:"brand_type,omitempty"`
	SecondaryVetting bool   `json:"secondary_vetting,omitempty"`
	URL              string `json:"url,omitempty"`
	Method           string `json:"method,omitempty"`
}

// BrandCreated is the reply to a brand create.
type BrandCreated struct {
	APIID   string `json:"api_id"`
	BrandID string `json:"brand_id"`
	Message string `json:"message"`
}

// DeclinedReason is one reason the registry gave for rejecting a brand.
type DeclinedReason = tendlcrules.Reason

// Brand is a stored 10DLC brand. RegistrationStatus is PROCESSING,
// COMPLETED or FAILED.
type Brand struct {
	BrandID            string           `json:"brand_id"`
	BrandAlias         string           `json:"brand_alias"`
	BrandType          string           `json:"brand_type"`
	ProfileUUID        string           `json:"profile_uuid"`
	SecondaryVetting   bool             `json:"secondary_vetting"`
	RegistrationStatus string           `json:"registration_status"`
	VettingStatus      string           `json:"vetting_status"`
	DeclinedReasons    []DeclinedReason `json:"declined_reasons"`
	CreatedAt          string           `json:"created_at"`
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

// CampaignCreate is the body of POST 10dlc/Campaign/ as the client sends
// it (the emulator decodes it as CampaignText plus its own presence
// checks).
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
	CampaignAttributes
	URL    string `json:"url,omitempty"`
	Method string `json:"method,omitempty"`
}

// CampaignCreated is the reply to a campaign create.
type CampaignCreated struct {
	APIID      string `json:"api_id"`
	CampaignID string `json:"campaign_id"`
	Message    string `json:"message"`
}

// CampaignUpdate is the body of POST 10dlc/Campaign/{id}/ (the text of a
// campaign); nil fields are left unchanged, an empty sample3..5 clears it.
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
}

// Samples returns sample1 to sample5 in order.
func (u *CampaignUpdate) Samples() [5]*string {
	return [5]*string{u.Sample1, u.Sample2, u.Sample3, u.Sample4, u.Sample5}
}

// Campaign is a stored 10DLC campaign. RegistrationStatus is PROCESSING,
// ACTIVE, FAILED or EXPIRED; SubUsecase holds the sub use cases as "A,B".
type Campaign struct {
	CampaignID         string             `json:"campaign_id"`
	BrandID            string             `json:"brand_id"`
	CampaignAlias      string             `json:"campaign_alias"`
	Vertical           string             `json:"vertical"`
	Usecase            string             `json:"usecase"`
	SubUsecase         string             `json:"sub_usecase"`
	Description        string             `json:"description"`
	Sample1            string             `json:"sample1"`
	Sample2            string             `json:"sample2"`
	Sample3            string             `json:"sample3"`
	Sample4            string             `json:"sample4"`
	Sample5            string             `json:"sample5"`
	MessageFlow        string             `json:"message_flow"`
	HelpMessage        string             `json:"help_message"`
	HelpKeywords       string             `json:"help_keywords"`
	OptinKeywords      string             `json:"optin_keywords"`
	OptinMessage       string             `json:"optin_message"`
	OptoutKeywords     string             `json:"optout_keywords"`
	OptoutMessage      string             `json:"optout_message"`
	CampaignAttributes CampaignAttributes `json:"campaign_attributes"`
	RegistrationStatus string             `json:"registration_status"`
	ErrorReason        string             `json:"error_reason"`
	CreatedAt          string             `json:"created_at"`
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

// CampaignNumbers is the reply of the campaign's number reads.
type CampaignNumbers struct {
	APIID        string           `json:"api_id"`
	CampaignID   string           `json:"campaign_id"`
	PhoneNumbers []CampaignNumber `json:"phone_numbers"`
}

// NumberLink is the body of POST 10dlc/Campaign/{id}/Number/.
type NumberLink struct {
	Numbers []string `json:"numbers"`
	URL     string   `json:"url,omitempty"`
	Method  string   `json:"method,omitempty"`
}

// NumberUnlink is the optional body of the unlink request.
type NumberUnlink struct {
	URL    string `json:"url,omitempty"`
	Method string `json:"method,omitempty"`
}
