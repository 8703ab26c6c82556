package emulator

import (
	"net/http"
	"time"
)

// Delays are how long the emulator's registry, operators and carriers take
// to decide, as the control API reads and sets them (durations such as
// "1s", "250ms"). A field left out of a PUT is unchanged.
type Delays struct {
	BrandRegistration    string `json:"brand_registration,omitempty"`
	CampaignRegistration string `json:"campaign_registration,omitempty"`
	NumberLink           string `json:"number_link,omitempty"`
	TollfreeVerification string `json:"tollfree_verification,omitempty"`
	ComplianceReview     string `json:"compliance_review,omitempty"`
}

// SetTollfreeVerificationDelay sets how long the carrier takes to decide a
// toll-free verification request submitted from now on (d > 0).
func (s *Server) SetTollfreeVerificationDelay(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d > 0 {
		s.opts.TollfreeVerificationDelay = d
	}
}

func (s *Server) delaysLocked() Delays {
	return Delays{
		BrandRegistration: s.opts.BrandRegistrationDelay.String(), CampaignRegistration: s.opts.CampaignRegistrationDelay.String(),
		NumberLink: s.opts.NumberLinkDelay.String(), TollfreeVerification: s.opts.TollfreeVerificationDelay.String(),
		ComplianceReview: s.opts.ComplianceReviewDelay.String(),
	}
}

// controlSetDelays is PUT /_emulator/delays: new delays for what is
// submitted from then on (what is already pending keeps its time).
func (s *Server) controlSetDelays(c *call) {
	var in Delays
	if !c.decode(&in) {
		return
	}
	type knob struct {
		name, v string
		dst     *time.Duration
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	knobs := []knob{{"brand_registration", in.BrandRegistration, &s.opts.BrandRegistrationDelay},
		{"campaign_registration", in.CampaignRegistration, &s.opts.CampaignRegistrationDelay},
		{"number_link", in.NumberLink, &s.opts.NumberLinkDelay},
		{"tollfree_verification", in.TollfreeVerification, &s.opts.TollfreeVerificationDelay},
		{"compliance_review", in.ComplianceReview, &s.opts.ComplianceReviewDelay}}
	parsed := make([]time.Duration, len(knobs))
	for i, k := range knobs {
		if k.v == "" {
			continue
		}
		d, err := time.ParseDuration(k.v)
		if err != nil || d <= 0 {
			c.badRequest("%s must be a positive duration such as \"1s\" or \"250ms\", got %q", k.name, k.v)
			return
		}
		parsed[i] = d
	}
	for i, k := range knobs {
		if parsed[i] > 0 {
			*k.dst = parsed[i]
		}
	}
	c.reply(http.StatusOK, map[string]any{"message": "delays set", "delays": s.delaysLocked()})
}

func (s *Server) controlDelays(c *call) {
	s.mu.Lock()
	d := s.delaysLocked()
	s.mu.Unlock()
	c.reply(http.StatusOK, map[string]any{"delays": d})
}
