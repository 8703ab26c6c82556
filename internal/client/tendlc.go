package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
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
type DeclinedReason struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

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

// DeclinedText joins the reasons as "CODE: message" lines.
func (b *Brand) DeclinedText() string {
	var lines []string
	for _, r := range b.DeclinedReasons {
		lines = append(lines, "- "+r.Code+": "+r.Message)
	}
	return strings.Join(lines, "\n")
}

// BrandList is one page of GET 10dlc/Brand/.
type BrandList struct {
	APIID  string   `json:"api_id"`
	Meta   ListMeta `json:"meta"`
	Brands []Brand  `json:"brands"`
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

// CampaignCreate is the body of POST 10dlc/Campaign/.
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

// CampaignUpdate is the body of POST 10dlc/Campaign/{id}/; nil fields are
// left unchanged, an empty sample3..5 clears it.
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

// CampaignList is one page of GET 10dlc/Campaign/.
type CampaignList struct {
	APIID     string     `json:"api_id"`
	Meta      ListMeta   `json:"meta"`
	Campaigns []Campaign `json:"campaigns"`
}

// CampaignNumber is one number's link with a campaign. Status is
// PROCESSING (a link or unlink request in progress), COMPLETED (linked) or
// FAILED (the link request was refused); Reason says why the last request
// failed.
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

// TenDLCPageLimit is the largest page of the brand and campaign lists.
const TenDLCPageLimit = 20

// CreateBrand submits a brand for registration. Never retried after it may
// have reached the server; see OutcomeUnknownError.
func (c *Client) CreateBrand(ctx context.Context, in BrandCreate) (*BrandCreated, error) {
	var out BrandCreated
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("10dlc", "Brand"), body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetBrand reads a brand; ErrNotFound when it does not exist.
func (c *Client) GetBrand(ctx context.Context, id string) (*Brand, error) {
	var out struct {
		Brand Brand `json:"brand"`
	}
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("10dlc", "Brand", id), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Brand, nil
}

func pageQuery(limit, offset int) url.Values {
	q := url.Values{}
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(offset))
	return q
}

// ListBrands reads one page of brands.
func (c *Client) ListBrands(ctx context.Context, limit, offset int) (*BrandList, error) {
	var out BrandList
	err := c.do(ctx, request{method: http.MethodGet, path: accountPath("10dlc", "Brand"), query: pageQuery(limit, offset), idempotent: true}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// maxLookupPages bounds the listings that look up an object whose create
// may have been carried out (see IsAmbiguousCreate), so one ends on a huge
// account.
const maxLookupPages = 500

// ListAllBrands pages through every 10DLC brand of the account.
func (c *Client) ListAllBrands(ctx context.Context) ([]Brand, error) {
	return listAll(ctx, TenDLCPageLimit, maxLookupPages, func(ctx context.Context, limit, offset int) ([]Brand, ListMeta, error) {
		l, err := c.ListBrands(ctx, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return l.Brands, l.Meta, nil
	})
}

// DeleteBrand deactivates a brand; ErrNotFound when it is already gone.
func (c *Client) DeleteBrand(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("10dlc", "Brand", id), idempotent: true}, nil)
}

// CreateCampaign submits a campaign for registration; its brand must be
// registered.
func (c *Client) CreateCampaign(ctx context.Context, in CampaignCreate) (*CampaignCreated, error) {
	var out CampaignCreated
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("10dlc", "Campaign"), body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetCampaign reads a campaign; ErrNotFound when it does not exist.
func (c *Client) GetCampaign(ctx context.Context, id string) (*Campaign, error) {
	var out struct {
		Campaign Campaign `json:"campaign"`
	}
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("10dlc", "Campaign", id), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Campaign, nil
}

// ListCampaigns reads one page of campaigns, of one brand when brandID is
// set.
func (c *Client) ListCampaigns(ctx context.Context, brandID string, limit, offset int) (*CampaignList, error) {
	q := pageQuery(limit, offset)
	if brandID != "" {
		q.Set("brand_id", brandID)
	}
	var out CampaignList
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("10dlc", "Campaign"), query: q, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ListAllCampaigns pages through every 10DLC campaign of the account, of
// one brand when brandID is not empty.
func (c *Client) ListAllCampaigns(ctx context.Context, brandID string) ([]Campaign, error) {
	return listAll(ctx, TenDLCPageLimit, maxLookupPages, func(ctx context.Context, limit, offset int) ([]Campaign, ListMeta, error) {
		l, err := c.ListCampaigns(ctx, brandID, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return l.Campaigns, l.Meta, nil
	})
}

// UpdateCampaign changes the updatable fields and returns the campaign.
// Setting fields is idempotent, so it is retried like a read.
func (c *Client) UpdateCampaign(ctx context.Context, id string, in CampaignUpdate) (*Campaign, error) {
	var out struct {
		Campaign Campaign `json:"campaign"`
	}
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("10dlc", "Campaign", id), body: in, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out.Campaign, nil
}

// DeleteCampaign deactivates a campaign; ErrNotFound when already gone.
func (c *Client) DeleteCampaign(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("10dlc", "Campaign", id), idempotent: true}, nil)
}

// LinkNumbers asks operators to link numbers to a registered campaign. A
// second identical request is refused with 400, so it is not retried.
func (c *Client) LinkNumbers(ctx context.Context, campaignID string, in NumberLink) error {
	return c.do(ctx, request{method: http.MethodPost, path: accountPath("10dlc", "Campaign", campaignID, "Number"), body: in}, nil)
}

// ListCampaignNumbers reads every number of a campaign with its status.
func (c *Client) ListCampaignNumbers(ctx context.Context, campaignID string) (*CampaignNumbers, error) {
	var out CampaignNumbers
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("10dlc", "Campaign", campaignID, "Number"), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetCampaignNumber reads one number of a campaign; ErrNotFound when the
// campaign does not exist or the number is not linked to it.
func (c *Client) GetCampaignNumber(ctx context.Context, campaignID, number string) (*CampaignNumber, error) {
	var out CampaignNumbers
	err := c.do(ctx, request{method: http.MethodGet, path: accountPath("10dlc", "Campaign", campaignID, "Number", number), idempotent: true}, &out)
	if err != nil {
		return nil, err
	}
	for i := range out.PhoneNumbers {
		if out.PhoneNumbers[i].Number == number {
			return &out.PhoneNumbers[i], nil
		}
	}
	return nil, &APIError{StatusCode: http.StatusNotFound, APIID: out.APIID, Message: "number " + number + " not in the reply", Method: http.MethodGet}
}

// UnlinkNumber asks operators to unlink a number; ErrNotFound when it is
// not linked to the campaign.
func (c *Client) UnlinkNumber(ctx context.Context, campaignID, number string, in NumberUnlink) error {
	var body any
	if in.URL != "" {
		body = in
	}
	// A repeated unlink of a number being unlinked is refused with 400, so
	// a lost reply is reported, not retried.
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("10dlc", "Campaign", campaignID, "Number", number), body: body}, nil)
}
