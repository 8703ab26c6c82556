package client

import (
	"context"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
)

// PhoneNumberSearch holds the filters of GET PhoneNumber/; zero values are
// not sent. Services is the comma-separated list the API takes.
type PhoneNumberSearch struct {
	CountryISO            string
	Type                  string
	Pattern               string
	NPANXX                string
	LocalCallingArea      bool
	Region                string
	City                  string
	Services              string
	LATA                  int64
	RateCenter            string
	ComplianceRequirement string
}

// Values encodes the filters as query parameters.
func (s PhoneNumberSearch) Values() url.Values {
	v := url.Values{}
	set := func(k, val string) {
		if val != "" {
			v.Set(k, val)
		}
	}
	set("country_iso", s.CountryISO)
	set("type", s.Type)
	// The API's pattern characters are A-Z, 0-9, * and ?: letters go out
	// upper-cased, so "415call" (accepted at plan time) is sent as "415CALL".
	set("pattern", strings.ToUpper(s.Pattern))
	set("npanxx", s.NPANXX)
	if s.LocalCallingArea {
		v.Set("local_calling_area", "true")
	}
	set("region", s.Region)
	set("city", s.City)
	set("services", s.Services)
	if s.LATA != 0 {
		v.Set("lata", strconv.FormatInt(s.LATA, 10))
	}
	set("rate_center", s.RateCenter)
	set("compliance_requirement", s.ComplianceRequirement)
	return v
}

// SearchPhoneNumbers reads one page of numbers available for purchase.
func (c *Client) SearchPhoneNumbers(ctx context.Context, s PhoneNumberSearch, limit, offset int) (*PhoneNumberList, error) {
	q := s.Values()
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(offset))
	var out PhoneNumberList
	err := c.do(ctx, request{method: http.MethodGet, path: accountPath("PhoneNumber"), query: q, idempotent: true}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// SearchAllPhoneNumbers reads the search with the largest page until it
// holds maxResults numbers or the results run out: the first page, then the
// others concurrently (see fetchPages). It returns the numbers in the API's
// order and the total count of matches.
func (c *Client) SearchAllPhoneNumbers(ctx context.Context, s PhoneNumberSearch, maxResults int) ([]PhoneNumber, int, error) {
	all, total, err := sched.FetchPages(ctx, numberrules.MaxLimit, maxResults, func(ctx context.Context, offset int) ([]PhoneNumber, int, error) {
		page, err := c.SearchPhoneNumbers(ctx, s, numberrules.MaxLimit, offset)
		if err != nil {
			return nil, 0, err
		}
		return page.Objects, page.Meta.TotalCount, nil
	})
	if err != nil {
		return nil, 0, err
	}
	return all, total, nil
}

// BuyPhoneNumber buys number for the account. A purchase is never retried
// after it may have reached the server; see OutcomeUnknownError.
func (c *Client) BuyPhoneNumber(ctx context.Context, number string, in PhoneNumberBuy) (*PhoneNumberBought, error) {
	var out PhoneNumberBought
	err := c.do(ctx, request{method: http.MethodPost, path: accountPath("PhoneNumber", number), body: in}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// AccountNumberFilter holds the filters of GET Number/; zero values are
// not sent.
type AccountNumberFilter struct {
	NumberStartsWith string
	Type             string
	Services         string
	// Subaccount keeps a subaccount's numbers (its auth_id), or the main
	// account's own (the main account's auth_id).
	Subaccount string
	// TendlcRegistrationStatus (unregistered, in_progress, registered: the
	// filter's values, not the stored ones), TendlcCampaignID and
	// TollfreeSMSVerification (unverified, pending_verification, verified)
	// keep the numbers whose 10DLC or toll-free record matches.
	TendlcRegistrationStatus string
	TendlcCampaignID         string
	TollfreeSMSVerification  string
}

// GetNumber reads a number of the account; ErrNotFound when the account
// does not own it.
func (c *Client) GetNumber(ctx context.Context, number string) (*AccountNumber, error) {
	var out AccountNumber
	err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Number", number), idempotent: true}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// ListNumbers reads one page of the account's numbers.
func (c *Client) ListNumbers(ctx context.Context, f AccountNumberFilter, limit, offset int) (*AccountNumberList, error) {
	q := url.Values{}
	if f.NumberStartsWith != "" {
		q.Set("number_startswith", f.NumberStartsWith)
	}
	if f.Type != "" {
		q.Set("type", f.Type)
	}
	if f.Services != "" {
		q.Set("services", f.Services)
	}
	if f.Subaccount != "" {
		q.Set("subaccount", f.Subaccount)
	}
	for k, v := range map[string]string{"tendlc_registration_status": f.TendlcRegistrationStatus, "tendlc_campaign_id": f.TendlcCampaignID,
		"toll_free_sms_verification": f.TollfreeSMSVerification} {
		if v != "" {
			q.Set(k, v)
		}
	}
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(offset))
	var out AccountNumberList
	err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Number"), query: q, idempotent: true}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// NumberListing answers refreshes of the account's numbers from their
// listing (sched/listing.go), narrowed by the subaccount filter (Narrowed): a
// subaccount's auth_id, or the main account's own, lists that account's
// numbers; "" lists them all, the main account's and its subaccounts'. Its
// items carry all the GET does (the same record without api_id).
var NumberListing = declare(&Listing[AccountNumber]{
	What:     "account numbers",
	Limit:    numberrules.AccountListMaxLimit,
	Narrowed: true,
	Page: func(c *Client, ctx context.Context, subaccount string, limit, offset int) ([]AccountNumber, ListMeta, error) {
		page, err := c.ListNumbers(ctx, AccountNumberFilter{Subaccount: subaccount}, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	},
	ID: func(n *AccountNumber) string { return n.Number },
	Get: func(c *Client, ctx context.Context, _, number string) (*AccountNumber, error) {
		return c.GetNumber(ctx, number)
	},
	// The numbers just bought, narrowed to the prefix they share (numbers
	// bought from one search share their area code, and more).
	Fresh: func(c *Client, ctx context.Context, _ string, numbers []string, limit, offset int) ([]AccountNumber, ListMeta, error) {
		page, err := c.ListNumbers(ctx, AccountNumberFilter{NumberStartsWith: commonPrefix(numbers)}, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	},
	// Its purchases, own-carrier adds (the numbers in the body), updates
	// and releases; an application's delete detaches its numbers, a
	// subaccount's moves or releases them; a campaign's delete unlinks its
	// numbers, and a link or unlink changes the numbers it names.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "PhoneNumber/{id}/"},
		{Method: http.MethodPost, Path: "Number/", ID: sched.BodyList("numbers", ",")},
		{Method: http.MethodPost, Path: "Number/{id}/"},
		{Method: http.MethodDelete, Path: "Number/{id}/"},
		{Method: http.MethodDelete, Path: "Application/{app}/"},
		{Method: http.MethodDelete, Path: "Subaccount/{subaccount}/"},
		{Method: http.MethodDelete, Path: "10dlc/Campaign/{campaign}/"},
		{Method: http.MethodPost, Path: "10dlc/Campaign/{campaign}/Number/", ID: sched.Body("numbers")},
		{Method: http.MethodDelete, Path: "10dlc/Campaign/{campaign}/Number/{id}/"},
	},
})

// commonPrefix is the longest prefix all of ss share.
func commonPrefix(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	p := ss[0]
	for _, s := range ss[1:] {
		n := 0
		for n < len(p) && n < len(s) && p[n] == s[n] {
			n++
		}
		p = p[:n]
	}
	return p
}

// ListAllNumbers pages through every number of the account matching f.
func (c *Client) ListAllNumbers(ctx context.Context, f AccountNumberFilter) ([]AccountNumber, error) {
	return sched.ListAll(ctx, numberrules.AccountListMaxLimit, 0, func(ctx context.Context, limit, offset int) ([]AccountNumber, ListMeta, error) {
		page, err := c.ListNumbers(ctx, f, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Objects, page.Meta, nil
	})
}

// UpdateNumber changes app_id, alias or the subaccount the number is in. Setting fields is idempotent, so it
// is retried like a read.
func (c *Client) UpdateNumber(ctx context.Context, number string, in NumberUpdate) error {
	return c.do(ctx, request{method: http.MethodPost, path: accountPath("Number", number), body: in, idempotent: true}, nil)
}

// ReleaseNumber gives the number up; ErrNotFound when the account no longer
// owns it.
func (c *Client) ReleaseNumber(ctx context.Context, number string) error {
	defer c.forgetPoolMembers() // a released number leaves its pools
	return c.do(ctx, request{method: http.MethodDelete, path: accountPath("Number", number), idempotent: true}, nil)
}

// AddOwnCarrierNumbers adds numbers the account brings from its own
// carrier (POST Number/, 202 with no id: the numbers are the ids). Like a
// purchase it is never retried once it may have reached the server.
func (c *Client) AddOwnCarrierNumbers(ctx context.Context, in OwnCarrierNumbers) error {
	return c.do(ctx, request{method: http.MethodPost, path: accountPath("Number"), body: in}, nil)
}

// RemoveOwnCarrierNumber removes a number from the account that came from
// its own carrier: the same DELETE Number/{number}/ as a release, but the
// number stays with its carrier; ErrNotFound when the account no longer
// has it.
func (c *Client) RemoveOwnCarrierNumber(ctx context.Context, number string) error {
	return c.ReleaseNumber(ctx, number)
}

// The API's shapes of this area, defined once in internal/wire.
type (
	// Numbers.
	PhoneNumber       = wire.PhoneNumber
	PhoneNumberList   = wire.PhoneNumberList
	PhoneNumberBuy    = wire.PhoneNumberBuy
	PhoneNumberBought = wire.PhoneNumberBought
	BoughtNumber      = wire.BoughtNumber
	AccountNumber     = wire.AccountNumber
	AccountNumberList = wire.AccountNumberList
	NumberUpdate      = wire.NumberUpdate
	OwnCarrierNumbers = wire.OwnCarrierNumbers
)
