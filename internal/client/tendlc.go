package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client/sched"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

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
	var out wire.BrandReply
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

// BrandListing answers refreshes of brands from the account's listing
// (sched/listing.go). Its items carry brand_alias, which the GET leaves out,
// and never declined_reasons (the recorded list items have none); both
// leave empty fields out.
var BrandListing = declare(&Listing[Brand]{
	What:  "10DLC brands",
	Limit: tendlcrules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]Brand, ListMeta, error) {
		page, err := c.ListBrands(ctx, limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Brands, page.Meta, nil
	},
	ID:  func(b *Brand) string { return b.BrandID },
	Get: func(c *Client, ctx context.Context, _, id string) (*Brand, error) { return c.GetBrand(ctx, id) },
	// Its creates and deletes.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "10dlc/Brand/", ID: sched.Reply("brand_id")},
		{Method: http.MethodDelete, Path: "10dlc/Brand/{id}/"},
	},
})

// ListAllBrands pages through every 10DLC brand of the account.
func (c *Client) ListAllBrands(ctx context.Context) ([]Brand, error) {
	return sched.ListAll(ctx, tendlcrules.ListMaxLimit, maxLookupPages, func(ctx context.Context, limit, offset int) ([]Brand, ListMeta, error) {
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
	var out wire.CampaignReply
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

// CampaignListing answers refreshes of campaigns from the account's
// listing (sched/listing.go). Its items have the GET's shape, with
// campaign_alias and vertical besides, which the recorded GETs leave out.
var CampaignListing = declare(&Listing[Campaign]{
	What:  "10DLC campaigns",
	Limit: tendlcrules.ListMaxLimit,
	Page: func(c *Client, ctx context.Context, _ string, limit, offset int) ([]Campaign, ListMeta, error) {
		page, err := c.ListCampaigns(ctx, "", limit, offset)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return page.Campaigns, page.Meta, nil
	},
	ID:  func(cp *Campaign) string { return cp.CampaignID },
	Get: func(c *Client, ctx context.Context, _, id string) (*Campaign, error) { return c.GetCampaign(ctx, id) },
	// Its creates, imports (the id in the body), updates and deletes.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "10dlc/Campaign/", ID: sched.Reply("campaign_id")},
		{Method: http.MethodPost, Path: "10dlc/Campaign/Import/", ID: sched.Body("campaign_id")},
		{Method: http.MethodPost, Path: "10dlc/Campaign/{id}/"},
		{Method: http.MethodDelete, Path: "10dlc/Campaign/{id}/"},
	},
})

// ListAllCampaigns pages through every 10DLC campaign of the account, of
// one brand when brandID is not empty.
func (c *Client) ListAllCampaigns(ctx context.Context, brandID string) ([]Campaign, error) {
	return sched.ListAll(ctx, tendlcrules.ListMaxLimit, maxLookupPages, func(ctx context.Context, limit, offset int) ([]Campaign, ListMeta, error) {
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
	var out wire.CampaignReply
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
//
// A request of one number joins the campaign's batch (sched/batch.go): the
// links of one campaign with the same callbacks that come within the
// gathering window share one request, which takes several numbers. Its
// outcome is the number's own: a batch refused as a whole (the API names
// the first bad number) is sent again number by number; a lost reply or a
// 5xx is returned to each, which looks its number up.
func (c *Client) LinkNumbers(ctx context.Context, campaignID string, in NumberLink) error {
	if len(in.Numbers) == 1 {
		return numberLinks.Do(ctx, c, numberLinkKey{campaignID, in.URL, in.Method}, in.Numbers[0])
	}
	return c.postNumberLink(ctx, campaignID, in)
}

// numberLinkKey is what the numbers of one link request share.
type numberLinkKey struct{ campaignID, url, method string }

// numberLinks gathers the one-number links of a campaign into one request.
var numberLinks = &batcher[numberLinkKey, string]{
	What: "10DLC number links",
	// A link waits a second or more for the operators after its request,
	// and Terraform starts a campaign's links a few at a time among the
	// account's other creates: four gathering windows (200 ms) let those
	// of a burst share the request at a fifth of the wait's cost.
	Windows: 4,
	Send: func(ctx context.Context, c *Client, k numberLinkKey, numbers []string) error {
		return c.postNumberLink(ctx, k.campaignID, NumberLink{Numbers: numbers, URL: k.url, Method: k.method})
	},
}

// postNumberLink is the link request itself.
func (c *Client) postNumberLink(ctx context.Context, campaignID string, in NumberLink) error {
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

// CampaignNumberListing answers refreshes of a campaign's linked numbers
// from the campaign's number list, one list per campaign (its parent;
// sched/listing.go). The list is one call, unpaged; its items are what the
// one-number read returns.
var CampaignNumberListing = declare(&Listing[CampaignNumber]{
	What: "10DLC campaign numbers",
	Page: func(c *Client, ctx context.Context, campaignID string, _, _ int) ([]CampaignNumber, ListMeta, error) {
		nums, err := c.ListCampaignNumbers(ctx, campaignID)
		if err != nil {
			return nil, ListMeta{}, err
		}
		return nums.PhoneNumbers, ListMeta{}, nil
	},
	ID: func(n *CampaignNumber) string { return n.Number },
	Get: func(c *Client, ctx context.Context, campaignID, number string) (*CampaignNumber, error) {
		return c.GetCampaignNumber(ctx, campaignID, number)
	},
	// A link or unlink request is answered by the operators ("being
	// processed"), on the service far later than a second and in the
	// emulator after its NumberLinkDelay (1 s by default): a read right
	// after the request always shows PROCESSING.
	SettlesAfter: time.Second,
	// A destroy's unlinks come one at a time among the other deletes,
	// about two a second for each campaign: a campaign's list waits for a
	// second due unlink, or a second, so that each read answers more.
	Quorum:   2,
	Patience: time.Second,
	// A link request (of one or several numbers) and a campaign's delete
	// change the campaign's whole list; an unlink, its number.
	Writes: []sched.Write{
		{Method: http.MethodPost, Path: "10dlc/Campaign/{parent}/Number/"},
		{Method: http.MethodDelete, Path: "10dlc/Campaign/{parent}/"},
		{Method: http.MethodDelete, Path: "10dlc/Campaign/{parent}/Number/{id}/"},
	},
})

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

// GetBrandUsecases reads the use cases brand id may register campaigns
// for; ErrNotFound when the brand does not exist.
func (c *Client) GetBrandUsecases(ctx context.Context, id string) (*BrandUsecases, error) {
	var out BrandUsecases
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("10dlc", "Brand", id, "usecases"), idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// brandUsecasesOnce is BrandUsecasesOnce's state in one Client: the use
// cases read, by brand, and the reads under way.
type brandUsecasesOnce struct {
	mu     sync.Mutex
	got    map[string]*BrandUsecases
	flight singleflight.Group
}

// BrandUsecasesOnce is GetBrandUsecases read once per brand by this
// Client (one Terraform command): the plan-time checks of a brand's
// campaigns share the first read, and checks made while it is under way
// wait for it, where each would make its own (an apply that creates a
// brand and its 4 campaigns read its use cases 8 times). A failed read is
// not kept. The caller must not change what it returns.
func (c *Client) BrandUsecasesOnce(ctx context.Context, id string) (*BrandUsecases, error) {
	s := &c.usecases
	s.mu.Lock()
	u, ok := s.got[id]
	s.mu.Unlock()
	if ok {
		return u, nil
	}
	// Detached from this caller's cancellation: others may wait on it.
	shared := context.WithoutCancel(ctx)
	ch := s.flight.DoChan(id, func() (any, error) {
		u, err := c.GetBrandUsecases(shared, id)
		if err == nil {
			s.mu.Lock()
			if s.got == nil {
				s.got = map[string]*BrandUsecases{}
			}
			s.got[id] = u
			s.mu.Unlock()
		}
		return u, err
	})
	select {
	case r := <-ch:
		u, _ := r.Val.(*BrandUsecases)
		return u, r.Err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// The shapes of a campaign import and a brand's OTP (wire).
type (
	CampaignImport   = wire.CampaignImport
	CampaignImported = wire.CampaignImported
	BrandOTPSent     = wire.BrandOTPSent
)

// ImportCampaign brings a campaign registered with another provider into
// the account by its registry id (POST 10dlc/Campaign/Import/); the
// service processes the import, and the campaign then reads with
// campaign_source "shared". A second import of the id is refused with 400,
// so it is never retried once it may have reached the server.
func (c *Client) ImportCampaign(ctx context.Context, in CampaignImport) (*CampaignImported, error) {
	var out CampaignImported
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("10dlc", "Campaign", "Import"), body: in}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// SendBrandOTP texts the one-time confirmation to a STARTER brand's
// contact phone (POST 10dlc/Brand/{id}/OTP/); ErrNotFound when the brand
// does not exist. Each request sends a text, so it is never retried once
// it may have reached the server.
func (c *Client) SendBrandOTP(ctx context.Context, id string) (*BrandOTPSent, error) {
	var out BrandOTPSent
	if err := c.do(ctx, request{method: http.MethodPost, path: accountPath("10dlc", "Brand", id, "OTP")}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// The API's shapes of this area, defined once in internal/wire.
type (
	// 10DLC.
	BrandCreate              = wire.BrandCreate
	BrandCreated             = wire.BrandCreated
	DeclinedReason           = wire.DeclinedReason
	Brand                    = wire.Brand
	Address                  = wire.Address
	AuthorizedContact        = wire.AuthorizedContact
	BrandUsecases            = wire.BrandUsecases
	Throughput               = tendlcrules.Throughput
	BrandList                = wire.BrandList
	CampaignAttributes       = wire.CampaignAttributes
	CampaignAttributesRecord = wire.CampaignAttributesRecord
	CampaignCreate           = wire.CampaignCreate
	CampaignCreated          = wire.CampaignCreated
	CampaignUpdate           = wire.CampaignUpdate
	Campaign                 = wire.Campaign
	CampaignList             = wire.CampaignList
	CampaignNumber           = wire.CampaignNumber
	CampaignNumbers          = wire.CampaignNumbers
	NumberLink               = wire.NumberLink
	NumberUnlink             = wire.NumberUnlink
)
