package emulator

import (
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// A server made with zero Options has every area's delay and limit: the
// defaults each area names in areas all reach New.
func TestNewFillsEveryAreaDefault(t *testing.T) {
	s := New(Options{})
	defer s.Close()
	for name, got := range map[string]any{
		"BrandRegistrationDelay":    s.opts.BrandRegistrationDelay == DefaultBrandRegistrationDelay,
		"CampaignRegistrationDelay": s.opts.CampaignRegistrationDelay == DefaultCampaignRegistrationDelay,
		"NumberLinkDelay":           s.opts.NumberLinkDelay == DefaultNumberLinkDelay,
		"NumberPoolLimit":           s.opts.NumberPoolLimit == tendlcrules.DefaultNumberPoolLimit,
		"TollfreeVerificationDelay": s.opts.TollfreeVerificationDelay == DefaultTollfreeVerificationDelay,
		"ComplianceReviewDelay":     s.opts.ComplianceReviewDelay == DefaultComplianceReviewDelay,
	} {
		if got != true {
			t.Errorf("New(Options{}) leaves %s without its area's default", name)
		}
	}
	kept := New(Options{ComplianceReviewDelay: 7, TollfreeVerificationDelay: 9})
	defer kept.Close()
	if kept.opts.ComplianceReviewDelay != 7 || kept.opts.TollfreeVerificationDelay != 9 {
		t.Errorf("a delay that was set is overwritten: %v %v", kept.opts.ComplianceReviewDelay, kept.opts.TollfreeVerificationDelay)
	}
}
