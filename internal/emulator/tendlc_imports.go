package emulator

import (
	"net/http"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Campaigns registered elsewhere. The real registry holds the campaigns
// other messaging providers registered, and a team moving from one brings
// a campaign into its account with POST 10dlc/Campaign/Import/. The
// emulator has no such registry: any well-formed campaign_id that the
// account does not hold is taken to name a campaign registered elsewhere
// and shared with this account, whose record (sharedCampaign) is made up
// from the id. The import is processed as a registration is: the campaign
// is PROCESSING, with campaign_source "shared", until
// Options.CampaignRegistrationDelay has passed, then ACTIVE (or, with the
// family's REJECT marker in campaign_alias, FAILED), with the callbacks of
// a campaign's registration.

// Shared campaigns' made-up record: a STANDARD brand that is not on the
// account, and texts that say where the campaign came from.
const (
	sharedVertical    = "TECHNOLOGY"
	sharedUsecase     = "CUSTOMER_CARE"
	sharedDescription = "Customer care conversations of a campaign registered with another messaging provider and shared with this account."
	sharedSample1     = "Hi, this is Acme support replying to your request 123. Reply STOP to opt out."
	sharedSample2     = "Acme: your support ticket 123 is resolved. Reply HELP for help, STOP to opt out."
	sharedMessageFlow = "Customers opt in on the web form of the support portal, which states the message frequency and how to opt out."
)

// sharedBrandID is the brand a shared campaign names: its registry brand,
// which is not one of the account's (the id's letters after its "C").
func sharedBrandID(campaignID string) string { return "B" + campaignID[1:] }

// sharedCampaign is the record of the campaign registered elsewhere that
// campaign id names, as the import brings it in.
func (s *Server) sharedCampaign(id, alias, url, method string) *campaign {
	cp := &campaign{
		seq: s.nextSeq(), ID: id, BrandID: sharedBrandID(id), Vertical: sharedVertical, Usecase: sharedUsecase,
		Attrs: wire.CampaignAttributes{EmbeddedLink: true, SubscriberOptin: true, SubscriberOptout: true, SubscriberHelp: true},
		URL:   url, Method: method, Status: tendlcrules.StatusProcessing, CreatedAt: s.clock.Now(),
		Source: tendlcrules.CampaignSourceShared, BrandType: tendlcrules.BrandTypeStandard, numbers: map[string]*campaignNumber{},
	}
	cp.Alias, cp.Description, cp.MessageFlow = alias, sharedDescription, sharedMessageFlow
	cp.Samples[0], cp.Samples[1] = sharedSample1, sharedSample2
	return cp
}

// importCampaign answers POST 10dlc/Campaign/Import/: campaign_id (the
// registry's id, of the family's form) and campaign_alias are required;
// a campaign_id the account already holds is refused.
func (s *Server) importCampaign(c *call) {
	var in wire.CampaignImport
	if !c.decode(&in) {
		return
	}
	for _, f := range []struct{ name, v string }{{"campaign_id", in.CampaignID}, {"campaign_alias", in.CampaignAlias}} {
		if f.v == "" {
			c.badRequest("Mandatory parameter missing. %s must be present.", f.name)
			return
		}
	}
	for _, err := range []error{
		tendlcrules.CheckShape("campaign_id", in.CampaignID, tendlcrules.CampaignIDPattern, tendlcrules.CampaignIDRule),
		tendlcrules.CheckLength("campaign_alias", in.CampaignAlias, 1, tendlcrules.MaxAliasLength),
	} {
		if err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	if !checkCallback(c, in.URL, in.Method) {
		return
	}
	s.mu.Lock()
	held, ok := c.acct.campaigns()[in.CampaignID]
	var source string
	if ok {
		source = held.source()
	}
	if err := tendlcrules.CheckCampaignImportable(in.CampaignID, ok, source); err != nil {
		s.mu.Unlock()
		c.badRequest("%v", err)
		return
	}
	cp := s.sharedCampaign(in.CampaignID, in.CampaignAlias, in.URL, in.Method)
	c.acct.campaigns()[cp.ID] = cp
	s.submit(s.campaignRegistration(c.acct, cp))
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.CampaignImported{
		APIID: newAPIID(), CampaignID: cp.ID, Message: "Request to import campaign was received and is being processed.",
	})
}
