package emulator

import (
	"net/http"
	"net/url"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// Default 10DLC processing delays: short, so the demo (on a real clock)
// finishes in seconds.
const (
	DefaultBrandRegistrationDelay    = time.Second
	DefaultCampaignRegistrationDelay = time.Second
	DefaultNumberLinkDelay           = time.Second
)

// tendlcDefaults fill the registration delays and the number pool limit
// left zero.
func tendlcDefaults(o *Options) {
	if o.BrandRegistrationDelay <= 0 {
		o.BrandRegistrationDelay = DefaultBrandRegistrationDelay
	}
	if o.CampaignRegistrationDelay <= 0 {
		o.CampaignRegistrationDelay = DefaultCampaignRegistrationDelay
	}
	if o.NumberLinkDelay <= 0 {
		o.NumberLinkDelay = DefaultNumberLinkDelay
	}
	if o.NumberPoolLimit <= 0 {
		o.NumberPoolLimit = tendlcrules.DefaultNumberPoolLimit
	}
}

// tendlcState is an account's 10DLC objects.
type tendlcState struct {
	brands    map[string]*brand    // tendlc_brands.go
	campaigns map[string]*campaign // tendlc_campaigns.go
}

// tendlcAccounts is the area's state. A restart queues again the
// registrations and number links still processing.
var tendlcAccounts = &accountState[tendlcState]{
	fresh: func() *tendlcState {
		return &tendlcState{brands: map[string]*brand{}, campaigns: map[string]*campaign{}}
	},
	saved: func(_ *account, st *tendlcState) []savedField {
		return []savedField{{key: "brands", ptr: &st.brands}, {key: "campaigns", ptr: &st.campaigns}}
	},
	restore: func(s *Server, a *account, st *tendlcState) {
		for _, b := range st.brands {
			if b.Status == tendlcrules.StatusProcessing {
				s.queueDecision(s.brandRegistration(a, b))
			}
		}
		for _, cp := range st.campaigns {
			if cp.numbers == nil {
				cp.numbers = map[string]*campaignNumber{}
			}
			if cp.Status == tendlcrules.StatusProcessing {
				s.queueDecision(s.campaignRegistration(a, cp))
			}
			for _, link := range cp.numbers {
				if link.Status == tendlcrules.StatusProcessing {
					s.scheduleLinkDecision(a, cp, link)
				}
			}
		}
	},
}

func (a *account) brands() map[string]*brand       { return stateOf[tendlcState](a).brands }
func (a *account) campaigns() map[string]*campaign { return stateOf[tendlcState](a).campaigns }

func (s *Server) tendlcRoutes() []route {
	return []route{
		r(http.MethodPost, "10dlc/Brand", s.createBrand),
		r(http.MethodGet, "10dlc/Brand", s.listBrands),
		r(http.MethodGet, "10dlc/Brand/{id}", s.getBrand),
		r(http.MethodGet, "10dlc/Brand/{id}/usecases", s.brandUsecases),
		r(http.MethodPost, "10dlc/Brand/{id}/OTP", s.sendBrandOTP).takingNoFields(),
		r(http.MethodDelete, "10dlc/Brand/{id}", s.deleteBrand),
		r(http.MethodPost, "10dlc/Campaign", s.createCampaign),
		r(http.MethodPost, "10dlc/Campaign/Import", s.importCampaign),
		r(http.MethodGet, "10dlc/Campaign", s.listCampaigns),
		r(http.MethodGet, "10dlc/Campaign/{id}", s.getCampaign),
		r(http.MethodPost, "10dlc/Campaign/{id}", s.updateCampaign),
		r(http.MethodDelete, "10dlc/Campaign/{id}", s.deleteCampaign),
		r(http.MethodPost, "10dlc/Campaign/{id}/Number", s.linkNumbers),
		r(http.MethodGet, "10dlc/Campaign/{id}/Number", s.listCampaignNumbers),
		r(http.MethodGet, "10dlc/Campaign/{id}/Number/{number}", s.getCampaignNumber),
		r(http.MethodDelete, "10dlc/Campaign/{id}/Number/{number}", s.unlinkNumber),
	}
}

// tendlcCallback sends the documented 10DLC callback payload. Callers hold
// s.mu.
func (s *Server) tendlcCallback(acct *account, key, target, method string, fields map[string]string) {
	if target == "" {
		return
	}
	v := url.Values{}
	for k, val := range fields {
		if val != "" {
			v.Set(k, val)
		}
	}
	v.Set("Time", s.clock.Now().Format(time.RFC3339))
	s.sendCallback(acct, key, target, method, v)
}

// registration is a brand or a campaign on its way through the registry:
// the decision falls due at due; current says whether the object is still
// the account's (not deleted or replaced since); decide records the
// decision on it and names the event; send reports an event to the
// object's callback.
type registration struct {
	due     time.Time
	current func() bool
	decide  func() (event string)
	send    func(event string)
}

// submit reports a new brand or campaign "created" to its callback and
// queues the registry's decision on it. Callers hold s.mu.
func (s *Server) submit(r registration) {
	r.send(tendlcrules.EventCreated)
	s.queueDecision(r)
}

// queueDecision queues the registry's decision, at r.due, on an object
// still being registered: at create, and again after a restart. Callers
// hold s.mu.
func (s *Server) queueDecision(r registration) {
	s.sched.At(r.due, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if r.current() {
			r.send(r.decide())
		}
	})
}

// checkCallback refuses a callback url or method the rules refuse; "" (no
// callbacks) passes. It writes the error reply and returns false.
func checkCallback(c *call, u, m string) bool {
	if err := tendlcrules.CheckCallbackURL("url", u); err != nil {
		c.badRequest("%v", err)
		return false
	}
	if err := tendlcrules.CheckCallbackMethod("method", m); err != nil {
		c.badRequest("%v", err)
		return false
	}
	return true
}

// tendlcInventory is the 10DLC area's part of Objects: brands, campaigns
// and the numbers linked to them (a refused link holds nothing).
func tendlcInventory(a *account, _ time.Time) map[string][]string {
	var links []string
	for id, c := range a.campaigns() {
		for n, l := range c.numbers {
			if l.Status != "FAILED" {
				links = append(links, id+"/"+n)
			}
		}
	}
	return map[string][]string{"10dlc_brands": keys(a.brands()), "10dlc_campaigns": keys(a.campaigns()), "10dlc_campaign_numbers": links}
}
