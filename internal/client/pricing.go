package client

import (
	"context"
	"net/http"
	"net/url"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Pricing is a country's rates (internal/wire), decimal strings as the API
// writes them, nil where it has none.
type Pricing = wire.Pricing

// GetPricing reads a country's rates (GET Pricing/?country_iso=XX);
// ErrNotFound when the service has no pricing for the country.
func (c *Client) GetPricing(ctx context.Context, countryISO string) (*Pricing, error) {
	var out Pricing
	q := url.Values{"country_iso": {countryISO}}
	if err := c.do(ctx, request{method: http.MethodGet, path: accountPath("Pricing"), query: q, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
