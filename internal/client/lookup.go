package client

import (
	"context"
	"net/http"
	"time"
)

// Listing helpers used to find an object whose create may have been carried
// out without its reply arriving (see OutcomeUnknownError): the provider
// looks such an object up by what identifies it instead of creating another.

// maxLookupPages bounds one listing, so a lookup on a huge account ends.
const maxLookupPages = 500

// IsAmbiguousCreate reports whether err leaves open whether a create (or a
// send, a purchase, a link) was carried out: the reply was lost
// (*OutcomeUnknownError), or the API answered 500, 502, 503 or 504, which a
// gateway may return after the service committed the change.
func IsAmbiguousCreate(err error) bool {
	if IsOutcomeUnknown(err) {
		return true
	}
	switch StatusCode(err) {
	case http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// ListAllBrands pages through every 10DLC brand of the account.
func (c *Client) ListAllBrands(ctx context.Context) ([]Brand, error) {
	var all []Brand
	for offset, page := 0, 0; page < maxLookupPages; page++ {
		l, err := c.ListBrands(ctx, TenDLCPageLimit, offset)
		if err != nil {
			return nil, err
		}
		all = append(all, l.Brands...)
		offset += len(l.Brands)
		if l.Meta.Next == nil || len(l.Brands) == 0 || offset >= l.Meta.TotalCount {
			break
		}
	}
	return all, nil
}

// ListAllCampaigns pages through every 10DLC campaign of the account, of
// one brand when brandID is not empty.
func (c *Client) ListAllCampaigns(ctx context.Context, brandID string) ([]Campaign, error) {
	var all []Campaign
	for offset, page := 0, 0; page < maxLookupPages; page++ {
		l, err := c.ListCampaigns(ctx, brandID, TenDLCPageLimit, offset)
		if err != nil {
			return nil, err
		}
		all = append(all, l.Campaigns...)
		offset += len(l.Campaigns)
		if l.Meta.Next == nil || len(l.Campaigns) == 0 || offset >= l.Meta.TotalCount {
			break
		}
	}
	return all, nil
}

// MessageTimeFilter formats t for the message_time__* filters.
func MessageTimeFilter(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05") }

// ListAllMessages pages through every message record matching f (Limit and
// Offset of f are ignored).
func (c *Client) ListAllMessages(ctx context.Context, f MessageFilter) ([]Message, error) {
	var all []Message
	f.Limit = 20
	for page := 0; page < maxLookupPages; page++ {
		l, err := c.ListMessages(ctx, f)
		if err != nil {
			return nil, err
		}
		all = append(all, l.Objects...)
		f.Offset += len(l.Objects)
		if l.Meta.Next == nil || len(l.Objects) == 0 || f.Offset >= l.Meta.TotalCount {
			break
		}
	}
	return all, nil
}
