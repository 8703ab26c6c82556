package emulator

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tollfreerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Toll-free verification (TollfreeVerification/): the request that lets a
// toll-free number send SMS to the US and Canada. The shapes are the real
// service's (the service's recorded replies): a create answers 201 with the service's
// "succesfully", a get the flat record, a list {api_id, meta, objects}
// (meta with count and total_count), an update 202, a delete 204; usecase
// and optin_image_url are comma-joined strings; unset optional fields are
// "". The carrier decides TollfreeVerificationDelay after a create or an
// update, by tollfreerules.Decide (REJECT in usecase_summary rejects; a
// message_sample without STOP needs an update; otherwise approved). Where
// the service is silent this emulator chooses, as a user would expect:
//   - number is one of the account's toll-free numbers (digits, no "+");
//     profile_uuid one of its profiles; a number has at most one request
//     that is not REJECTED;
//   - an update is refused unless SUBMITTED or UPDATE_REQUIRED; it may
//     change every field but number ("" is unchanged), and puts the
//     request back to SUBMITTED for a new decision;
//   - an UPDATE_REQUIRED request not updated within six days (on the
//     emulator's clock) becomes REJECTED;
//   - every status change is reported to callback_url (callback_method,
//     default POST), signed like every callback, retried 60, 120 and 240
//     seconds after a failed attempt; the form fields are Kind
//     (tollfree_verification), UUID, Number, Status, ErrorMessage and Time;
//   - delete is allowed in any status (the service documents no rule);
//   - the owned number's toll_free_sms_verification is "verified" once the
//     request is APPROVED, "pending_verification" while SUBMITTED or
//     UPDATE_REQUIRED, "unverified" otherwise, with
//     toll_free_sms_verification_id and _order_status naming the request;
//   - an SMS or MMS from a toll-free number without an APPROVED request
//     to a US or Canadian number fails with error code 470 (messagerules).

// DefaultTollfreeVerificationDelay is how long the carrier takes to decide.
const DefaultTollfreeVerificationDelay = time.Second

// tollfreeDefaults fill the carrier's delay, left zero.
func tollfreeDefaults(o *Options) {
	if o.TollfreeVerificationDelay <= 0 {
		o.TollfreeVerificationDelay = DefaultTollfreeVerificationDelay
	}
}

type tollfree struct {
	Seq    uint64
	UUID   string
	Number string
	wire.TollfreeVerificationFields
	Status       string
	ErrorMessage string
	Created      time.Time
	LastModified time.Time
	// Gen counts the submissions (the create and each update): a decision
	// queued for an earlier one is void.
	Gen int
	// DecideAt is when the pending decision falls due (SUBMITTED), ExpireAt
	// when an UPDATE_REQUIRED request is rejected for want of an update.
	DecideAt, ExpireAt time.Time
}

// tollfreeAccounts is the area's state: each account's verification
// requests, whose pending decisions and expiries a restart queues again.
var tollfreeAccounts = objectsState[*tollfree]("tollfree_verifications").restoring(
	func(s *Server, a *account, _ *map[string]*tollfree) { s.rearmTollfree(a) })

func (a *account) tollfree() map[string]*tollfree { return *stateOf[map[string]*tollfree](a) }

func (s *Server) tollfreeRoutes() []route {
	return []route{
		r(http.MethodPost, "TollfreeVerification", s.createTollfree),
		r(http.MethodGet, "TollfreeVerification", s.listTollfree),
		r(http.MethodGet, "TollfreeVerification/{id}", s.getTollfree),
		r(http.MethodPost, "TollfreeVerification/{id}", s.updateTollfree),
		r(http.MethodDelete, "TollfreeVerification/{id}", s.deleteTollfree),
	}
}

// checkTollfreeFields applies tollfreerules to the fields given ("" is not
// given); required names the fields a create must give.
func checkTollfreeFields(in *wire.TollfreeVerificationFields, create bool) error {
	if create {
		for _, req := range [][2]string{{"profile_uuid", in.ProfileUUID}, {"usecase", in.Usecase}, {"usecase_summary", in.UsecaseSummary},
			{"message_sample", in.MessageSample}, {"optin_image_url", in.OptinImageURL}, {"optin_type", in.OptinType}, {"volume", in.Volume}} {
			if req[1] == "" {
				return fmt.Errorf("Mandatory parameter missing. %s must be present.", req[0]) //nolint:staticcheck // the service's words
			}
		}
	}
	if in.Usecase != "" {
		for _, u := range tollfreerules.Split(in.Usecase) {
			if err := tollfreerules.CheckUsecase("usecase", u); err != nil {
				return err
			}
		}
	}
	if in.OptinImageURL != "" {
		for _, u := range tollfreerules.Split(in.OptinImageURL) {
			if err := tollfreerules.CheckURL("optin_image_url", u); err != nil {
				return err
			}
		}
	}
	checks := []struct {
		field, v string
		check    func(field, v string) error
	}{
		{"usecase_summary", in.UsecaseSummary, tollfreerules.CheckUsecaseSummary},
		{"message_sample", in.MessageSample, tollfreerules.CheckMessageSample},
		{"optin_type", in.OptinType, tollfreerules.CheckOptinType}, {"volume", in.Volume, tollfreerules.CheckVolume},
		{"callback_method", in.CallbackMethod, tollfreerules.CheckCallbackMethod},
		{"callback_url", in.CallbackURL, tollfreerules.CheckURL},
	}
	for _, ch := range checks {
		if ch.v != "" {
			if err := ch.check(ch.field, ch.v); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *Server) createTollfree(c *call) {
	var in wire.TollfreeVerificationCreate
	if !c.decode(&in) {
		return
	}
	number := strings.TrimPrefix(in.Number, "+")
	if number == "" {
		c.badRequest("Mandatory parameter missing. number must be present.")
		return
	}
	if err := checkTollfreeFields(&in.TollfreeVerificationFields, true); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	refusal := ""
	o, owned := s.ownsNumber(c.acct, number)
	switch {
	case !owned:
		refusal = fmt.Sprintf("number %s is not a number of this account", number)
	case !isTollfree(o):
		refusal = fmt.Sprintf("number %s is a %s number, not a toll-free one", number, o.Type)
	case c.acct.profiles()[strings.ToLower(in.ProfileUUID)] == nil:
		refusal = fmt.Sprintf("profile_uuid %s is not a profile of this account", in.ProfileUUID)
	default:
		if prior := tollfreeOf(c.acct, number); prior != nil {
			refusal = fmt.Sprintf("number %s already has a toll-free verification request (%s, %s)", number, prior.UUID, prior.Status)
		}
	}
	if refusal != "" {
		s.mu.Unlock()
		c.badRequest("%s", refusal)
		return
	}
	now := s.clock.Now()
	v := &tollfree{Seq: s.nextSeq(), UUID: s.newUUID(), Number: number, TollfreeVerificationFields: in.TollfreeVerificationFields,
		Created: now}
	v.ProfileUUID = strings.ToLower(v.ProfileUUID)
	c.acct.tollfree()[v.UUID] = v
	s.submitTollfree(c.acct, v)
	s.mu.Unlock()
	c.reply(http.StatusCreated, wire.TollfreeVerificationCreated{APIID: newAPIID(), UUID: v.UUID,
		Message: "Tollfree verification request for " + number + " submitted succesfully"})
}

func isTollfree(o *ownedNumber) bool { return numberrules.IsTollfree(o.Type, o.SubType) }

// tollfreeOf is number's request that is not REJECTED, or nil. Callers
// hold s.mu.
func tollfreeOf(acct *account, number string) *tollfree {
	var found *tollfree
	for _, v := range acct.tollfree() {
		if v.Number == number && v.Status != tollfreerules.StatusRejected && (found == nil || v.Seq > found.Seq) {
			found = v
		}
	}
	return found
}

// submitTollfree (re)submits v: SUBMITTED, and the carrier's decision
// queued. Callers hold s.mu.
func (s *Server) submitTollfree(acct *account, v *tollfree) {
	now := s.clock.Now()
	v.Gen++
	v.Status, v.ErrorMessage, v.LastModified = tollfreerules.StatusSubmitted, "", now
	v.DecideAt, v.ExpireAt = now.Add(s.opts.TollfreeVerificationDelay), time.Time{}
	s.queueTollfreeDecision(acct, v)
}

// queueTollfreeDecision queues the carrier's decision on v's current
// submission. Callers hold s.mu.
func (s *Server) queueTollfreeDecision(acct *account, v *tollfree) {
	gen := v.Gen
	s.sched.At(v.DecideAt, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if acct.tollfree()[v.UUID] != v || v.Gen != gen || v.Status != tollfreerules.StatusSubmitted {
			return
		}
		v.Status, v.ErrorMessage = tollfreerules.Decide(v.UsecaseSummary, v.MessageSample)
		v.LastModified = s.clock.Now()
		if v.Status == tollfreerules.StatusUpdateRequired {
			v.ExpireAt = v.LastModified.Add(tollfreerules.UpdateWindow)
			s.queueTollfreeExpiry(acct, v)
		}
		s.tollfreeEvent(acct, v)
	})
}

// queueTollfreeExpiry rejects v when it is still UPDATE_REQUIRED, by the
// same submission, at v.ExpireAt. Callers hold s.mu.
func (s *Server) queueTollfreeExpiry(acct *account, v *tollfree) {
	gen := v.Gen
	s.sched.At(v.ExpireAt, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if acct.tollfree()[v.UUID] != v || v.Gen != gen || v.Status != tollfreerules.StatusUpdateRequired {
			return
		}
		v.Status, v.ErrorMessage, v.LastModified = tollfreerules.StatusRejected, tollfreerules.ExpiredMessage, s.clock.Now()
		s.tollfreeEvent(acct, v)
	})
}

// rearmTollfree queues again, after a restart, the decisions and expiries
// pending on a's requests. Callers hold s.mu.
func (s *Server) rearmTollfree(a *account) {
	for _, v := range a.tollfree() {
		switch v.Status {
		case tollfreerules.StatusSubmitted:
			s.queueTollfreeDecision(a, v)
		case tollfreerules.StatusUpdateRequired:
			s.queueTollfreeExpiry(a, v)
		}
	}
}

// tollfreeEvent reports v's new status to its callback. Callers hold s.mu.
func (s *Server) tollfreeEvent(acct *account, v *tollfree) {
	if v.CallbackURL == "" {
		return
	}
	p := url.Values{"Kind": {"tollfree_verification"}, "UUID": {v.UUID}, "Number": {v.Number}, "Status": {v.Status},
		"Time": {s.clock.Now().UTC().Format(time.RFC3339)}}
	if v.ErrorMessage != "" {
		p.Set("ErrorMessage", v.ErrorMessage)
	}
	s.sendCallback(acct, objectKey(acct, "tollfree_verification", v.UUID), v.CallbackURL, v.CallbackMethod, p)
}

func viewTollfree(v *tollfree) wire.TollfreeVerification {
	return wire.TollfreeVerification{
		UUID: v.UUID, ProfileUUID: v.ProfileUUID, Number: v.Number, Usecase: v.Usecase, UsecaseSummary: v.UsecaseSummary,
		MessageSample: v.MessageSample, OptinImageURL: v.OptinImageURL, OptinType: v.OptinType, Volume: v.Volume,
		AdditionalInformation: v.AdditionalInformation, ExtraData: v.ExtraData, CallbackURL: v.CallbackURL, CallbackMethod: v.CallbackMethod,
		Status: v.Status, ErrorMessage: v.ErrorMessage,
		Created: v.Created.UTC().Format(wire.RecordTimeLayout), LastModified: v.LastModified.UTC().Format(wire.RecordTimeLayout),
	}
}

func (s *Server) getTollfree(c *call) {
	v, ok := viewOf(c, c.acct.tollfree(), "toll-free verification", strings.ToLower(c.param("id")), viewTollfree)
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.TollfreeVerificationReply{APIID: newAPIID(), TollfreeVerification: v})
}

// tollfreeListFilter reads the list's filters: number, status,
// profile_uuid, usecase (the whole combination), and created /
// created__gt|gte|lt|lte (YYYY-MM-DD). With no created filter the list
// holds the last 7 days; a window wider than 30 days is refused.
func (s *Server) tollfreeListFilter(c *call) (func(*tollfree) bool, bool) {
	q := c.req.URL.Query()
	number := strings.TrimPrefix(q.Get("number"), "+")
	status, profile, usecase := q.Get("status"), strings.ToLower(q.Get("profile_uuid")), q.Get("usecase")
	if status != "" && !containsString(tollfreerules.Statuses, status) {
		c.badRequest("status %q is not one of %s", status, strings.Join(tollfreerules.Statuses, ", "))
		return nil, false
	}
	now := s.clock.Now().UTC()
	day := func(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC) }
	from, to := day(now).AddDate(0, 0, -7), day(now).AddDate(0, 0, 1) // [from, to)
	given := false
	for _, op := range []string{"created", "created__gt", "created__gte", "created__lt", "created__lte"} {
		v := q.Get(op)
		if v == "" {
			continue
		}
		d, err := time.Parse("2006-01-02", v)
		if err != nil {
			c.badRequest("%s must be a date YYYY-MM-DD, got %q", op, v)
			return nil, false
		}
		if !given {
			from, to, given = time.Time{}, day(now).AddDate(0, 0, 1), true
		}
		switch op {
		case "created":
			from, to = d, d.AddDate(0, 0, 1)
		case "created__gt":
			from = d.AddDate(0, 0, 1)
		case "created__gte":
			from = d
		case "created__lt":
			to = d
		case "created__lte":
			to = d.AddDate(0, 0, 1)
		}
	}
	if given && from.IsZero() {
		from = to.AddDate(0, 0, -30)
	}
	if to.Sub(from) > 31*24*time.Hour {
		c.badRequest("the created window may span at most 30 days")
		return nil, false
	}
	return func(v *tollfree) bool {
		return (number == "" || v.Number == number) && (status == "" || v.Status == status) &&
			(profile == "" || v.ProfileUUID == profile) && (usecase == "" || v.Usecase == usecase) &&
			!v.Created.Before(from) && v.Created.Before(to)
	}, true
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (s *Server) listTollfree(c *call) {
	keep, ok := s.tollfreeListFilter(c)
	if !ok {
		return
	}
	meta, out, ok := pageOf(c, tollfreerules.ListMaxLimit, c.acct.tollfree(), func(v *tollfree) uint64 { return v.Seq }, keep, viewTollfree)
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.TollfreeVerificationList{APIID: newAPIID(), Objects: out, Meta: wire.TollfreeListMeta{
		Count: len(out), Limit: meta.Limit, Next: meta.Next, Offset: meta.Offset, Previous: meta.Previous, TotalCount: meta.TotalCount,
	}})
}

func (s *Server) updateTollfree(c *call) {
	var in wire.TollfreeVerificationCreate // the create's shape: its number cannot change
	if !c.decode(&in) {
		return
	}
	if in.Number != "" {
		c.badRequest("number cannot be updated; make a new request for another number")
		return
	}
	if err := checkTollfreeFields(&in.TollfreeVerificationFields, false); err != nil {
		c.badRequest("%v", err)
		return
	}
	id := strings.ToLower(c.param("id"))
	s.mu.Lock()
	v, ok := c.acct.tollfree()[id]
	var refusal error
	switch {
	case !ok:
	case in.ProfileUUID != "" && c.acct.profiles()[strings.ToLower(in.ProfileUUID)] == nil:
		refusal = fmt.Errorf("profile_uuid %s is not a profile of this account", in.ProfileUUID)
	default:
		refusal = tollfreerules.CheckUpdate(v.UUID, v.Status)
	}
	if ok && refusal == nil {
		f := &v.TollfreeVerificationFields
		set := func(d *string, x string) {
			if x != "" {
				*d = x
			}
		}
		set(&f.ProfileUUID, strings.ToLower(in.ProfileUUID))
		set(&f.Usecase, in.Usecase)
		set(&f.UsecaseSummary, in.UsecaseSummary)
		set(&f.MessageSample, in.MessageSample)
		set(&f.OptinImageURL, in.OptinImageURL)
		set(&f.OptinType, in.OptinType)
		set(&f.Volume, in.Volume)
		set(&f.AdditionalInformation, in.AdditionalInformation)
		set(&f.ExtraData, in.ExtraData)
		set(&f.CallbackURL, in.CallbackURL)
		set(&f.CallbackMethod, in.CallbackMethod)
		s.submitTollfree(c.acct, v)
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.notFound("toll-free verification", id)
	case refusal != nil:
		c.badRequest("%v", refusal)
	default:
		c.reply(http.StatusAccepted, wire.Reply{APIID: newAPIID(), Message: "Tollfree verification request for " + v.Number + " updated succesfully"})
	}
}

func (s *Server) deleteTollfree(c *call) {
	id := strings.ToLower(c.param("id"))
	s.mu.Lock()
	_, ok := c.acct.tollfree()[id]
	delete(c.acct.tollfree(), id)
	s.mu.Unlock()
	if !ok {
		c.notFound("toll-free verification", id)
		return
	}
	c.noContent()
}

// numberVerification is what number's record says of its toll-free
// verification: nil for a number that is not toll-free. Callers hold s.mu.
func numberVerification(acct *account, o *ownedNumber) (state, id, orderStatus *string) {
	if !isTollfree(o) {
		return nil, nil, nil
	}
	v := tollfreeOf(acct, o.Number)
	if v == nil {
		// The last rejected request, if any, still names the number.
		for _, x := range acct.tollfree() {
			if x.Number == o.Number && (v == nil || x.Seq > v.Seq) {
				v = x
			}
		}
	}
	if v == nil {
		s := tollfreerules.NumberVerification("")
		return &s, nil, nil
	}
	s, uid, st := tollfreerules.NumberVerification(v.Status), v.UUID, v.Status
	return &s, &uid, &st
}

// tollfreeVerified reports whether number may send SMS to the US and
// Canada: a toll-free number needs an APPROVED request, any other number
// passes. Callers hold s.mu.
func tollfreeVerified(acct *account, number string) bool {
	o, ok := acct.numbers()[number]
	if !ok || !isTollfree(o) {
		return true
	}
	v := tollfreeOf(acct, number)
	return v != nil && v.Status == tollfreerules.StatusApproved
}

// tollfreeInventory is the toll-free verification area's part of Objects.
func tollfreeInventory(a *account, _ time.Time) map[string][]string {
	return map[string][]string{"tollfree_verifications": keys(a.tollfree())}
}
