package emulator

import (
	"net/http"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/accountrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator/numberdata"
)

// Pricing (the real service's recorded shape): a country's number, message
// and voice rates, read-only and the same for every account. The rates
// are the number inventory's own (numberdata.Pricing), so a number's
// search item and its country's pricing agree.

func (s *Server) pricingRoutes() []route {
	return []route{
		r(http.MethodGet, "Pricing", s.getPricing),
	}
}

// pricingInventory: pricing holds no object of the account.
func pricingInventory(*account, time.Time) map[string][]string { return nil }

func (s *Server) getPricing(c *call) {
	iso := c.req.URL.Query().Get("country_iso")
	if iso == "" {
		c.badRequest("country_iso is required: %s", accountrules.CountryISORule)
		return
	}
	if err := accountrules.CheckCountryISO("country_iso", iso); err != nil {
		c.badRequest("%v", err)
		return
	}
	p, ok := numberdata.Pricing(iso)
	if !ok {
		c.fail(http.StatusNotFound, "no pricing for country_iso "+iso+": the service sells no numbers, messages or calls there")
		return
	}
	p.APIID = newAPIID()
	c.reply(http.StatusOK, p)
}
