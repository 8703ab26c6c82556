package emulator

import (
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

type brand struct {
	seq              uint64
	ID               string
	Alias            string
	Type             string
	ProfileUUID      string
	SecondaryVetting bool
	URL, Method      string
	Status           string // PROCESSING, COMPLETED, FAILED
	VettingStatus    string
	Declined         []tendlcrules.Reason
	CreatedAt        time.Time
}

func (s *Server) createBrand(c *call) {
	var in struct {
		BrandAlias       *string `json:"brand_alias"`
		ProfileUUID      *string `json:"profile_uuid"`
		BrandType        *string `json:"brand_type"`
		SecondaryVetting *bool   `json:"secondary_vetting"`
		URL              *string `json:"url"`
		Method           *string `json:"method"`
	}
	if !c.decode(&in) {
		return
	}
	switch {
	case in.BrandAlias == nil || *in.BrandAlias == "":
		c.badRequest("Mandatory parameter missing. brand_alias must be present.")
		return
	case in.ProfileUUID == nil || *in.ProfileUUID == "":
		c.badRequest("Mandatory parameter missing. profile_uuid must be present.")
		return
	}
	if err := tendlcrules.CheckLength("brand_alias", *in.BrandAlias, 1, tendlcrules.MaxAliasLength); err != nil {
		c.badRequest("%v", err)
		return
	}
	if !tendlcrules.UUIDPattern.MatchString(*in.ProfileUUID) {
		c.badRequest("profile_uuid %q must be %s", *in.ProfileUUID, tendlcrules.UUIDRule)
		return
	}
	btype := tendlcrules.DefaultBrandType
	if in.BrandType != nil {
		btype = *in.BrandType
	}
	if err := tendlcrules.CheckBrandType(btype); err != nil {
		c.badRequest("%v", err)
		return
	}
	if !checkCallback(c, in.URL, in.Method) {
		return
	}
	s.mu.Lock()
	b := &brand{
		seq: s.nextSeq(), ID: s.freshID("B", func(id string) bool { return c.acct.brands[id] != nil }), Alias: *in.BrandAlias, Type: btype,
		ProfileUUID: *in.ProfileUUID, URL: deref(in.URL), Method: deref(in.Method),
		Status: tendlcrules.StatusProcessing, VettingStatus: "NOT_REQUESTED", CreatedAt: s.clock.Now(),
	}
	if in.SecondaryVetting != nil && *in.SecondaryVetting {
		b.SecondaryVetting, b.VettingStatus = true, "PENDING"
	}
	c.acct.brands[b.ID] = b
	acct := c.acct
	s.brandEvent(acct, b, tendlcrules.EventCreated)
	s.scheduleBrandDecision(acct, b, b.CreatedAt.Add(s.opts.BrandRegistrationDelay))
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.BrandCreated{
		APIID: newAPIID(), BrandID: b.ID, Message: "Request to create brand was received and is being processed.",
	})
}

// brandEvent sends a brand callback. Callers hold s.mu.
func (s *Server) brandEvent(acct *account, b *brand, event string) {
	var reasons []string
	for _, r := range b.Declined {
		reasons = append(reasons, r.Code+": "+r.Message)
	}
	s.tendlcCallback(acct, objectKey(acct, "brand", b.ID), b.URL, b.Method, map[string]string{
		"Kind": tendlcrules.KindBrand, "Status": event, "BrandID": b.ID,
		"RegistrationStatus": b.Status, "Reason": strings.Join(reasons, "; "),
	})
}

func viewBrand(b *brand) wire.Brand {
	return wire.Brand{
		BrandID: b.ID, BrandAlias: b.Alias, BrandType: b.Type, ProfileUUID: b.ProfileUUID,
		SecondaryVetting: b.SecondaryVetting, RegistrationStatus: b.Status, VettingStatus: b.VettingStatus,
		DeclinedReasons: append([]tendlcrules.Reason{}, b.Declined...), CreatedAt: b.CreatedAt.Format(time.RFC3339),
	}
}

func (s *Server) getBrand(c *call) {
	v, ok := viewOf(c, c.acct.brands, "brand", c.param("id"), viewBrand)
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.BrandReply{APIID: newAPIID(), Brand: v})
}

func (s *Server) listBrands(c *call) {
	limit, offset, ok := c.paging(tendlcrules.ListMaxLimit)
	if !ok {
		return
	}
	s.mu.Lock()
	all := slices.Collect(maps.Values(c.acct.brands))
	slices.SortFunc(all, func(a, b *brand) int { return int(a.seq) - int(b.seq) })
	out := viewPage(all, limit, offset, viewBrand)
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.BrandList{APIID: newAPIID(), Meta: c.meta(len(all), limit, offset), Brands: out})
}

func (s *Server) deleteBrand(c *call) {
	id := c.param("id")
	s.mu.Lock()
	_, ok := c.acct.brands[id]
	var using []string
	for _, cp := range c.acct.campaigns {
		if cp.BrandID == id {
			using = append(using, cp.ID)
		}
	}
	if ok && len(using) == 0 {
		delete(c.acct.brands, id)
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("brand", id)
	case len(using) > 0:
		slices.Sort(using)
		c.badRequest("brand %s still has campaigns (%s); delete them before the brand", id, strings.Join(using, ", "))
	default:
		c.reply(http.StatusOK, wire.BrandDeleted{APIID: newAPIID(), BrandID: id, Message: "Brand Deactivated"})
	}
}

// scheduleBrandDecision queues the registry's decision on b, due at at:
// registered, or rejected when tendlcrules says so. Callers hold s.mu.
func (s *Server) scheduleBrandDecision(acct *account, b *brand, at time.Time) {
	declined := tendlcrules.BrandDeclinedReasons(b.Alias, b.ProfileUUID)
	s.sched.At(at, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if acct.brands[b.ID] != b {
			return // deleted meanwhile
		}
		if declined != nil {
			b.Status, b.Declined = tendlcrules.StatusFailed, declined
			if b.SecondaryVetting {
				b.VettingStatus = "FAILED"
			}
			s.brandEvent(acct, b, tendlcrules.EventRejected)
			return
		}
		b.Status = tendlcrules.StatusCompleted
		if b.SecondaryVetting {
			b.VettingStatus = "ACCEPTED"
		}
		s.brandEvent(acct, b, tendlcrules.EventRegistered)
	})
}
