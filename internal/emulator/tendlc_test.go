package emulator

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

const (
	tdID    = "MATENDLC000000000001"
	tdToken = "tendlc-token"
	tdMain  = "MATENDLCMAIN00000001"
	tdMainT = "tendlc-main-token"
	tdSub   = "SATENDLC000000000002"
	tdSubT  = "tendlc-sub-token"
)

var tdStart = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

type tdEnv struct {
	t  *testing.T
	s  *Server
	hs *httptest.Server
}

func newTDEnv(t *testing.T, opts ...func(*Options)) *tdEnv {
	t.Helper()
	o := Options{
		Accounts: []Account{{ID: tdID, Token: tdToken}, {ID: tdMain, Token: tdMainT}, {ID: tdSub, Token: tdSubT, MainID: tdMain}},
		Clock:    NewManualClock(tdStart),
		Seed:     7,
	}
	for _, f := range opts {
		f(&o)
	}
	s := New(o)
	hs := httptest.NewServer(s)
	t.Cleanup(func() { hs.Close(); s.Close() })
	return &tdEnv{t: t, s: s, hs: hs}
}

// callAs makes one API call as acct and decodes the JSON reply.
func (e *tdEnv) callAs(acct, token, method, path string, body any) (int, map[string]any) {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, e.hs.URL+"/v1/Account/"+acct+"/"+path, rd)
	req.SetBasicAuth(acct, token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	// Deliver the callbacks this call caused before the test goes on, so
	// the receiver sees them in order.
	e.s.Settle()
	return resp.StatusCode, out
}

func (e *tdEnv) call(method, path string, body any) (int, map[string]any) {
	e.t.Helper()
	return e.callAs(tdID, tdToken, method, path, body)
}

// must fails the test unless the call answers want.
func (e *tdEnv) must(want int, method, path string, body any) map[string]any {
	e.t.Helper()
	code, out := e.call(method, path, body)
	if code != want {
		e.t.Fatalf("%s %s: HTTP %d, want %d: %v", method, path, code, want, out)
	}
	return out
}

// mustFail expects a 400 whose error contains every fragment.
func (e *tdEnv) mustFail(want int, method, path string, body any, fragments ...string) {
	e.t.Helper()
	code, out := e.call(method, path, body)
	msg, _ := out["error"].(string)
	if code != want {
		e.t.Fatalf("%s %s: HTTP %d (%s), want %d", method, path, code, msg, want)
	}
	for _, f := range fragments {
		if !strings.Contains(msg, f) {
			e.t.Fatalf("%s %s: error %q does not contain %q", method, path, msg, f)
		}
	}
}

func (e *tdEnv) advance(d time.Duration) { e.s.Clock().Advance(d) }

// brandBody is a brand create body for a new profile of account tdID whose
// company_name is alias (so "REJECT" in alias declines the brand: the
// registry judges the profile); extra may name another profile_uuid.
func (e *tdEnv) brandBody(alias, btype string, extra map[string]any) map[string]any {
	e.t.Helper()
	company := alias
	if utf8.RuneCountInString(company) > 100 {
		company = "Acme"
	}
	b := map[string]any{"brand_alias": alias, "profile_uuid": e.newProfile(company), "brand_type": btype}
	for k, v := range extra {
		b[k] = v
	}
	return b
}

func campaignBody(brandID, alias, usecase string, extra map[string]any) map[string]any {
	b := withCampaignFlags(map[string]any{
		"brand_id": brandID, "campaign_alias": alias, "vertical": "RETAIL", "usecase": usecase,
		"description": "Order and delivery notifications for customers of the Acme store.",
		"sample1":     "Acme: your order 123 has shipped. Reply STOP to opt out.",
		"sample2":     "Acme: your order 123 was delivered. Reply STOP to opt out.",
	})
	for k, v := range extra {
		b[k] = v
	}
	return b
}

// campaignFlagsJSON are the eight flags today's create requires, the
// subscriber flags true.
const campaignFlagsJSON = `"subscriber_optin": true, "subscriber_optout": true, "subscriber_help": true, "direct_lending": false, ` +
	`"embedded_link": false, "embedded_phone": false, "age_gated": false, "affiliate_marketing": false`

// withCampaignFlags adds the eight flags to a campaign create body (those
// it sets are kept).
func withCampaignFlags(b map[string]any) map[string]any {
	var flags map[string]any
	if err := json.Unmarshal([]byte("{"+campaignFlagsJSON+"}"), &flags); err != nil {
		panic(err)
	}
	for k, v := range flags {
		if _, set := b[k]; !set {
			b[k] = v
		}
	}
	return b
}

// registeredBrand creates a brand and advances the clock until the registry
// has processed it.
func (e *tdEnv) registeredBrand(alias, btype string) string {
	e.t.Helper()
	id := e.must(200, "POST", "10dlc/Brand/", e.brandBody(alias, btype, nil))["brand_id"].(string)
	e.advance(DefaultBrandRegistrationDelay)
	return id
}

func (e *tdEnv) registeredCampaign(brandID, alias string) string {
	e.t.Helper()
	id := e.must(200, "POST", "10dlc/Campaign/", campaignBody(brandID, alias, "DELIVERY_NOTIFICATION", nil))["campaign_id"].(string)
	e.advance(DefaultCampaignRegistrationDelay)
	return id
}

func (e *tdEnv) brandStatus(id string) map[string]any {
	e.t.Helper()
	return e.must(200, "GET", "10dlc/Brand/"+id+"/", nil)["brand"].(map[string]any)
}

func (e *tdEnv) campaign(id string) map[string]any {
	e.t.Helper()
	return e.must(200, "GET", "10dlc/Campaign/"+id+"/", nil)["campaign"].(map[string]any)
}

func (e *tdEnv) numberStatus(campaignID, number string) (int, map[string]any) {
	e.t.Helper()
	code, out := e.call("GET", "10dlc/Campaign/"+campaignID+"/Number/"+number+"/", nil)
	if code != 200 {
		return code, nil
	}
	return code, out["phone_numbers"].([]any)[0].(map[string]any)
}

// tendlcReceiver is an independent callback receiver: it checks both signature
// headers with its own HMAC code (not SignatureV2) and records what came.
type tendlcReceiver struct {
	t         *testing.T
	s         *Server
	token     string
	mainToken string
	mu        sync.Mutex
	got       []received
	replies   []int // status per request, in order; 200 after the list runs out
	hs        *httptest.Server
}

type received struct {
	At     time.Time
	Method string
	Params url.Values
	SigOK  bool
}

func newReceiver(t *testing.T, s *Server, token, mainToken string, replies ...int) *tendlcReceiver {
	rc := &tendlcReceiver{t: t, s: s, token: token, mainToken: mainToken, replies: replies}
	rc.hs = httptest.NewServer(http.HandlerFunc(rc.serve))
	t.Cleanup(rc.hs.Close)
	return rc
}

func hmacB64(key, msg string) string {
	m := hmac.New(sha256.New, []byte(key))
	m.Write([]byte(msg))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

func (rc *tendlcReceiver) serve(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	nonce := r.Header.Get("X-Service-Signature-V2-Nonce")
	// The signed URL is the callback URL without its query string.
	base := "http://" + r.Host + r.URL.Path
	ok := nonce != "" &&
		r.Header.Get("X-Service-Signature-V2") == hmacB64(rc.token, base+nonce) &&
		r.Header.Get("X-Service-Signature-Ma-V2") == hmacB64(rc.mainToken, base+nonce)
	params := r.PostForm
	if r.Method == http.MethodGet {
		params = r.URL.Query()
	}
	rc.mu.Lock()
	n := len(rc.got)
	rc.got = append(rc.got, received{At: rc.s.Clock().Now(), Method: r.Method, Params: params, SigOK: ok})
	status := 200
	if n < len(rc.replies) {
		status = rc.replies[n]
	}
	rc.mu.Unlock()
	w.WriteHeader(status)
}

func (rc *tendlcReceiver) all() []received {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]received(nil), rc.got...)
}

// events lists "Kind/Status" of what was received, in order.
func (rc *tendlcReceiver) events() []string {
	var out []string
	for _, g := range rc.all() {
		out = append(out, g.Params.Get("Kind")+"/"+g.Params.Get("Status"))
	}
	return out
}

func TestTenDLCSignatureTestVector(t *testing.T) {
	got := SignatureV2("MY_AUTH_TOKEN", "https://example.com/answer/?x=1", "05429567804466091622")
	if want := "B90f9RFmjMbCIlenbqdIGa0j8oxnYeTtQu113CaAvcw="; got != want {
		t.Fatalf("SignatureV2 = %s, want the spec's test vector %s", got, want)
	}
	// The independent HMAC agrees on the same vector.
	if got2 := hmacB64("MY_AUTH_TOKEN", "https://example.com/answer/05429567804466091622"); got2 != got {
		t.Fatalf("independent HMAC %s differs from SignatureV2 %s", got2, got)
	}
}

func TestTenDLCBrandRegistersOnTheClock(t *testing.T) {
	e := newTDEnv(t)
	rc := newReceiver(t, e.s, tdToken, tdToken)
	out := e.must(200, "POST", "10dlc/Brand/", e.brandBody("Acme", "STANDARD", map[string]any{
		"secondary_vetting": true, "url": rc.hs.URL + "/brand?tag=1", "method": "POST",
	}))
	id := out["brand_id"].(string)
	if len(id) != 7 || id[0] != 'B' || out["message"] != "Request to create brand was received and is being processed." {
		t.Fatalf("create reply %v", out)
	}
	e.s.Settle()
	b := e.brandStatus(id)
	if b["registration_status"] != "PROCESSING" || b["vetting_status"] != "PENDING" || b["brand_type"] != "STANDARD" ||
		b["created_at"] != tdStart.UTC().Format("2006-01-02T15:04:05.000000Z") || b["brand_alias"] != nil {
		t.Fatalf("fresh brand %v (the GET leaves the alias out; created_at has microseconds)", b)
	}
	e.advance(DefaultBrandRegistrationDelay - time.Millisecond)
	if s := e.brandStatus(id)["registration_status"]; s != "PROCESSING" {
		t.Fatalf("status %v before the delay passed", s)
	}
	e.advance(time.Millisecond)
	b = e.brandStatus(id)
	if b["registration_status"] != "COMPLETED" || b["vetting_status"] != "ACTIVE" || b["vetting_score"] != float64(80) || b["declined_reasons"] != nil {
		t.Fatalf("registered brand %v", b)
	}
	got := rc.all()
	if ev := rc.events(); strings.Join(ev, " ") != "brand/created brand/registered" {
		t.Fatalf("callbacks %v", ev)
	}
	for _, g := range got {
		if !g.SigOK || g.Method != "POST" || g.Params.Get("BrandID") != id || g.Params.Get("Time") == "" {
			t.Fatalf("callback %+v", g)
		}
	}
	if got[1].Params.Get("RegistrationStatus") != "COMPLETED" || !got[1].At.Equal(tdStart.Add(DefaultBrandRegistrationDelay)) {
		t.Fatalf("registered callback %+v", got[1])
	}
}

func TestTenDLCBrandRejectedWithReasons(t *testing.T) {
	e := newTDEnv(t)
	rc := newReceiver(t, e.s, tdToken, tdToken)
	id := e.must(200, "POST", "10dlc/Brand/", e.brandBody("Acme REJECT", "STANDARD", map[string]any{"url": rc.hs.URL + "/cb", "method": "GET"}))["brand_id"].(string)
	e.advance(DefaultBrandRegistrationDelay)
	b := e.brandStatus(id)
	reasons := b["declined_reasons"].([]any)
	if b["registration_status"] != "FAILED" || len(reasons) != 1 ||
		!strings.Contains(reasons[0].(map[string]any)["message"].(string), "EIN") {
		t.Fatalf("rejected brand %v", b)
	}
	got := rc.all()
	if ev := rc.events(); strings.Join(ev, " ") != "brand/created brand/rejected" {
		t.Fatalf("callbacks %v", ev)
	}
	if got[1].Method != "GET" || !got[1].SigOK || !strings.Contains(got[1].Params.Get("Reason"), "IDENTITY_MISMATCH") ||
		got[1].Params.Get("RegistrationStatus") != "FAILED" {
		t.Fatalf("rejected callback %+v", got[1])
	}
}

func TestTenDLCSubaccountCallbackSignedWithBothTokens(t *testing.T) {
	e := newTDEnv(t)
	rc := newReceiver(t, e.s, tdSubT, tdMainT)
	_, p := e.callAs(tdSub, tdSubT, "POST", "Profile/", profileBody("Sub Co"))
	code, out := e.callAs(tdSub, tdSubT, "POST", "10dlc/Brand/", e.brandBody("Sub brand", "STARTER", map[string]any{"url": rc.hs.URL + "/cb", "profile_uuid": p["profile_uuid"]}))
	if code != 200 {
		t.Fatalf("create: %d %v", code, out)
	}
	e.s.Settle()
	got := rc.all()
	if len(got) != 1 || !got[0].SigOK {
		t.Fatalf("subaccount callback %+v: signatures must use the subaccount's and the main account's tokens", got)
	}
}

func TestTenDLCBrandValidation(t *testing.T) {
	e := newTDEnv(t)
	profile := e.newProfile("Acme")
	e.mustFail(400, "POST", "10dlc/Brand/", map[string]any{"profile_uuid": profile}, "brand_alias must be present")
	e.mustFail(400, "POST", "10dlc/Brand/", map[string]any{"brand_alias": "A"}, "profile_uuid must be present")
	e.mustFail(400, "POST", "10dlc/Brand/", map[string]any{"brand_alias": "A", "profile_uuid": "nope"}, `profile_uuid "nope" must be a UUID`)
	e.mustFail(400, "POST", "10dlc/Brand/", e.brandBody("A", "BIG", nil), `brand_type "BIG" is not one of STARTER, STANDARD`)
	e.mustFail(400, "POST", "10dlc/Brand/", e.brandBody("A", "STARTER", map[string]any{"method": "PUT"}), `method "PUT" must be POST or GET`)
	e.mustFail(400, "POST", "10dlc/Brand/", e.brandBody("A", "STARTER", map[string]any{"url": "ftp://x"}), "absolute http")
	// brand_type defaults to STARTER.
	id := e.must(200, "POST", "10dlc/Brand/", map[string]any{"brand_alias": "A", "profile_uuid": profile})["brand_id"].(string)
	if bt := e.brandStatus(id)["brand_type"]; bt != "STARTER" {
		t.Fatalf("default brand_type %v", bt)
	}
	e.mustFail(404, "GET", "10dlc/Brand/BNOPE00/", nil, "not found")
}

func TestTenDLCCampaignOrderRules(t *testing.T) {
	e := newTDEnv(t)
	e.mustFail(400, "POST", "10dlc/Campaign/", campaignBody("BNOPE00", "X", "MARKETING", nil), "brand_id BNOPE00 does not exist")
	pending := e.must(200, "POST", "10dlc/Brand/", e.brandBody("Pending", "STANDARD", nil))["brand_id"].(string)
	e.mustFail(400, "POST", "10dlc/Campaign/", campaignBody(pending, "X", "MARKETING", nil),
		"brand "+pending+" is not registered (registration_status PROCESSING)", "wait for the registration")
	rejected := e.must(200, "POST", "10dlc/Brand/", e.brandBody("REJECT me", "STANDARD", nil))["brand_id"].(string)
	e.advance(DefaultBrandRegistrationDelay)
	e.mustFail(400, "POST", "10dlc/Campaign/", campaignBody(rejected, "X", "MARKETING", nil), "registration_status FAILED", "register a new one")
	starter := e.registeredBrand("Solo", "STARTER")
	e.mustFail(400, "POST", "10dlc/Campaign/", campaignBody(starter, "X", "MARKETING", nil), "STARTER brand and may only register campaigns with usecase STARTER, not MARKETING")
	e.must(200, "POST", "10dlc/Campaign/", campaignBody(starter, "X", "STARTER", nil))
	if code, _ := e.call("POST", "10dlc/Campaign/", campaignBody(pending, "X", "MARKETING", nil)); code != 200 {
		t.Fatalf("the brand registered meanwhile; campaign create got %d", code)
	}
}

func TestTenDLCCampaignValidation(t *testing.T) {
	e := newTDEnv(t)
	b := e.registeredBrand("Acme", "STANDARD")
	cases := []struct {
		extra map[string]any
		want  string
	}{
		{map[string]any{"vertical": "SPACE"}, `vertical "SPACE" is not one of PROFESSIONAL`},
		{map[string]any{"usecase": "SPAM"}, `usecase "SPAM" is not one of 2FA`},
		{map[string]any{"description": "too short"}, "description must be 40 to 4096 characters long, got 9"},
		{map[string]any{"sample2": "short"}, "sample2 must be 20 to 1024 characters long, got 5"},
		{map[string]any{"sample3": "short"}, "sample3 must be 20 to 1024 characters long, got 5"},
		{map[string]any{"sample1": ""}, "sample1 must be present"},
		{map[string]any{"vertical": ""}, "vertical must be present"},
		{map[string]any{"usecase": "MIXED", "sub_usecases": []string{"MARKETING"}}, "usecase MIXED needs 2 to 5 sub_usecases, got 1"},
		{map[string]any{"usecase": "LOW_VOLUME", "sub_usecases": []string{"MARKETING", "MIXED"}}, `sub_usecase "MIXED" is not one of`},
		{map[string]any{"usecase": "MIXED", "sub_usecases": []string{"MARKETING", "MARKETING"}}, `sub_usecase "MARKETING" is given twice`},
		{map[string]any{"usecase": "MARKETING", "sub_usecases": []string{"2FA", "CUSTOMER_CARE", "FRAUD_ALERT", "HIGHER_EDUCATION", "POLLING_VOTING", "SECURITY_ALERT"}},
			"a campaign takes at most 5 sub_usecases, got 6"},
		{map[string]any{"subscriber_optin": false}, "subscriber_optin must be true"},
		{map[string]any{"subscriber_help": nil}, "subscriber_help must be present (true or false)"},
		{map[string]any{"affiliate_marketing": nil}, "affiliate_marketing must be present (true or false)"},
		{map[string]any{"message_flow": "Opt in on the web."}, "message_flow must be 40 to 4096 characters long, got 18"},
		{map[string]any{"help_message": "Call us."}, "help_message must be 20 to 4096 characters long, got 8"},
	}
	for _, c := range cases {
		e.mustFail(400, "POST", "10dlc/Campaign/", campaignBody(b, "X", "MARKETING", c.extra), c.want)
	}
	if objs, _ := e.s.Objects(tdID); len(objs["10dlc_campaigns"]) != 0 {
		t.Fatalf("refused creates left campaigns: %v", objs["10dlc_campaigns"])
	}
	// What the service's SDKs send is taken: sub_usecases on a use case
	// other than MIXED (the records of STARTER campaigns hold them), nulls
	// and "" for fields not given, and Go's " reseller_id" key.
	id := e.must(200, "POST", "10dlc/Campaign/", campaignBody(b, "SDK", "MARKETING", map[string]any{
		"sub_usecases": []string{"2FA", "CUSTOMER_CARE"}, "sample3": "", "message_flow": nil, " reseller_id": "RFWG6CB",
	}))["campaign_id"].(string)
	if c := e.campaign(id); c["sub_usecase"] != "2FA,CUSTOMER_CARE" || c["reseller_id"] != "RFWG6CB" || c["sample3"] != nil {
		t.Fatalf("campaign from an SDK's body %v", c)
	}
}

func TestTenDLCCampaignLifecycleUpdateDelete(t *testing.T) {
	e := newTDEnv(t)
	rc := newReceiver(t, e.s, tdToken, tdToken)
	b := e.registeredBrand("Acme", "STANDARD")
	id := e.must(200, "POST", "10dlc/Campaign/", campaignBody(b, "Alerts", "MIXED", map[string]any{
		"sub_usecases": []string{"MARKETING", "2FA"}, "embedded_link": true, "subscriber_optout": true,
		"help_keywords": "HELP,INFO", "url": rc.hs.URL + "/cb",
	}))["campaign_id"].(string)
	c := e.campaign(id)
	if c["registration_status"] != "PROCESSING" || c["sub_usecase"] != "MARKETING,2FA" || c["help_keywords"] != "HELP,INFO" {
		t.Fatalf("fresh campaign %v", c)
	}
	attrs := c["campaign_attributes"].(map[string]any)
	if attrs["embedded_link"] != true || attrs["subscriber_optout"] != true || attrs["age_gated"] != false {
		t.Fatalf("attributes %v", attrs)
	}
	e.advance(DefaultCampaignRegistrationDelay)
	if s := e.campaign(id)["registration_status"]; s != "ACTIVE" {
		t.Fatalf("status %v after the delay", s)
	}
	if ev := strings.Join(rc.events(), " "); ev != "campaign/created campaign/registered" {
		t.Fatalf("callbacks %s", ev)
	}
	if got := rc.all()[1].Params; got.Get("CampaignID") != id || got.Get("BrandID") != b || got.Get("RegistrationStatus") != "ACTIVE" {
		t.Fatalf("registered callback %v", got)
	}
	// The service updates a campaign only while it is FAILED.
	e.mustFail(400, "POST", "10dlc/Campaign/"+id+"/", map[string]any{"campaign_alias": "Alerts v2"},
		"campaign "+id+" cannot be updated while its registration_status is ACTIVE: the service updates a campaign only while it is FAILED")
	e.mustFail(400, "DELETE", "10dlc/Brand/"+b+"/", nil, "still has campaigns ("+id+")")

	rej := e.must(200, "POST", "10dlc/Campaign/", campaignBody(b, "REJECT", "MARKETING", nil))["campaign_id"].(string)
	e.advance(DefaultCampaignRegistrationDelay)
	rc2 := e.campaign(rej)
	if rc2["registration_status"] != "FAILED" || !strings.Contains(rc2["error_reason"].(string), "opt-out") || rc2["error_code"] != CampaignErrorCode ||
		rc2["mno_metadata"] != nil {
		t.Fatalf("rejected campaign %v", rc2)
	}
	e.mustFail(400, "POST", "10dlc/Campaign/"+rej+"/", map[string]any{"description": "short"}, "description must be 40")
	// An update of a FAILED campaign resubmits it: "" leaves a field
	// unchanged, a field the update does not take (vertical) is ignored,
	// and the registry decides again on the new text.
	up := e.must(200, "POST", "10dlc/Campaign/"+rej+"/", map[string]any{
		"campaign_alias": "Fixed", "sample3": "Acme: a third sample message here.", "sample1": "", "vertical": "LEGAL",
	})["campaign"].(map[string]any)
	if up["registration_status"] != "PROCESSING" || up["sample3"] != "Acme: a third sample message here." || up["campaign_alias"] != nil ||
		up["sample1"] != "Acme: your order 123 has shipped. Reply STOP to opt out." || up["error_reason"] != nil {
		t.Fatalf("updated %v", up)
	}
	e.advance(DefaultCampaignRegistrationDelay)
	if c := e.campaign(rej); c["registration_status"] != "ACTIVE" || c["error_reason"] != nil || c["mno_metadata"] == nil {
		t.Fatalf("resubmitted campaign %v", c)
	}
	listed := e.must(200, "GET", "10dlc/Campaign/?brand_id="+b+"&registration_status=Active", nil)["campaigns"].([]any)
	for _, it := range listed {
		if it.(map[string]any)["campaign_id"] == rej && (it.(map[string]any)["campaign_alias"] != "Fixed" || it.(map[string]any)["vertical"] != "RETAIL") {
			t.Fatalf("resubmitted campaign listed as %v", it)
		}
	}
	if len(listed) != 2 {
		t.Fatalf("active campaigns listed %v", listed)
	}

	list := e.must(200, "GET", "10dlc/Campaign/?brand_id="+b, nil)
	if n := len(list["campaigns"].([]any)); n != 2 || list["meta"].(map[string]any)["total_count"].(float64) != 2 {
		t.Fatalf("campaign list %v", list)
	}
	out := e.must(200, "DELETE", "10dlc/Campaign/"+id+"/", nil)
	if out["message"] != "Campaign Deactivated" || out["campaign_id"] != id {
		t.Fatalf("delete reply %v", out)
	}
	e.must(200, "DELETE", "10dlc/Campaign/"+rej+"/", nil)
	e.mustFail(404, "GET", "10dlc/Campaign/"+id+"/", nil, "not found")
	out = e.must(200, "DELETE", "10dlc/Brand/"+b+"/", nil)
	if out["message"] != "Brand Deactivated" {
		t.Fatalf("brand delete reply %v", out)
	}
	if list := e.must(200, "GET", "10dlc/Brand/", nil); len(list["brands"].([]any)) != 0 {
		t.Fatalf("brands left %v", list)
	}
}

func TestTenDLCNumberLinking(t *testing.T) {
	e := newTDEnv(t)
	rc := newReceiver(t, e.s, tdToken, tdToken)
	b := e.registeredBrand("Acme", "STANDARD")
	pending := e.must(200, "POST", "10dlc/Campaign/", campaignBody(b, "Pending", "MARKETING", nil))["campaign_id"].(string)
	e.mustFail(400, "POST", "10dlc/Campaign/"+pending+"/Number/", map[string]any{"numbers": []string{"14155550100"}},
		"campaign "+pending+" is not registered (registration_status PROCESSING)")
	e.advance(DefaultCampaignRegistrationDelay)
	c := pending
	other := e.registeredCampaign(b, "Other")

	e.mustFail(400, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{"numbers": []string{"14155559999"}}, "number 14155559999 does not belong to this account")
	e.mustFail(400, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{"numbers": []string{"4155550100"}}, "The number 4155550100 is not a valid number")
	e.mustFail(400, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{}, "numbers must be present")
	e.mustFail(404, "POST", "10dlc/Campaign/CNOPE00/Number/", map[string]any{"numbers": []string{"14155550100"}}, "not found")

	out := e.must(200, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{"numbers": []string{"14155550100"}, "url": rc.hs.URL + "/link"})
	if out["message"] != "Request to link 14155550100 to campaign "+c+" was received and is being processed" {
		t.Fatalf("link reply %v", out)
	}
	if _, n := e.numberStatus(c, "14155550100"); n["status"] != "PROCESSING" {
		t.Fatalf("fresh link %v", n)
	}
	e.mustFail(400, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{"numbers": []string{"14155550100"}}, "The number 14155550100 is already requested for linking (to campaign "+c+")")
	e.mustFail(400, "DELETE", "10dlc/Campaign/"+c+"/Number/14155550100/", nil, "still being processed")
	e.advance(DefaultNumberLinkDelay)
	if _, n := e.numberStatus(c, "14155550100"); n["status"] != "COMPLETED" {
		t.Fatalf("linked %v", n)
	}
	e.mustFail(400, "POST", "10dlc/Campaign/"+other+"/Number/", map[string]any{"numbers": []string{"14155550100"}}, "is already linked to campaign "+c+"; unlink it first")
	list := e.must(200, "GET", "10dlc/Campaign/"+c+"/Number/", nil)
	if list["campaign_id"] != c || len(list["phone_numbers"].([]any)) != 1 {
		t.Fatalf("numbers list %v", list)
	}
	if objs, _ := e.s.Objects(tdID); strings.Join(objs["10dlc_campaign_numbers"], ",") != c+"/14155550100" {
		t.Fatalf("objects %v", objs)
	}

	e.must(202, "DELETE", "10dlc/Campaign/"+c+"/Number/14155550100/", map[string]any{"url": rc.hs.URL + "/unlink", "method": "GET"})
	if _, n := e.numberStatus(c, "14155550100"); n["status"] != "PROCESSING" {
		t.Fatalf("unlinking %v", n)
	}
	e.advance(DefaultNumberLinkDelay)
	if code, _ := e.numberStatus(c, "14155550100"); code != 404 {
		t.Fatalf("unlinked number reads %d, want 404", code)
	}
	// Free again: another campaign may take it.
	e.must(200, "POST", "10dlc/Campaign/"+other+"/Number/", map[string]any{"numbers": []string{"14155550100"}})
	e.advance(DefaultNumberLinkDelay)

	want := "number_linking/created number_linking/success number_unlinking/created number_unlinking/success"
	if ev := strings.Join(rc.events(), " "); ev != want {
		t.Fatalf("callbacks %s, want %s", ev, want)
	}
	got := rc.all()
	for _, g := range got {
		if !g.SigOK || g.Params.Get("Number") != "14155550100" || g.Params.Get("CampaignID") != c || g.Params.Get("BrandID") != b {
			t.Fatalf("callback %+v", g)
		}
	}
	if got[2].Method != "GET" || got[1].Method != "POST" {
		t.Fatalf("methods %s %s", got[1].Method, got[2].Method)
	}
}

func TestTenDLCNumberLinkAndUnlinkFailures(t *testing.T) {
	e := newTDEnv(t)
	rc := newReceiver(t, e.s, tdToken, tdToken)
	b := e.registeredBrand("Acme", "STANDARD")
	c := e.registeredCampaign(b, "Alerts FAIL_LINK FAIL_UNLINK")
	e.must(200, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{"numbers": []string{"12125550101"}, "url": rc.hs.URL + "/cb"})
	e.advance(DefaultNumberLinkDelay)
	_, n := e.numberStatus(c, "12125550101")
	if n["status"] != "FAILED" || !strings.Contains(n["reason"].(string), "FAIL_LINK") {
		t.Fatalf("failed link %v", n)
	}
	if objs, _ := e.s.Objects(tdID); len(objs["10dlc_campaign_numbers"]) != 0 {
		t.Fatalf("a failed link is listed as an object: %v", objs["10dlc_campaign_numbers"])
	}
	e.mustFail(400, "DELETE", "10dlc/Campaign/"+c+"/Number/12125550101/", nil, "its link request failed")
	// The caller may retry: the retry succeeds.
	e.must(200, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{"numbers": []string{"12125550101"}, "url": rc.hs.URL + "/cb"})
	e.advance(DefaultNumberLinkDelay)
	if _, n := e.numberStatus(c, "12125550101"); n["status"] != "COMPLETED" || n["reason"] != nil {
		t.Fatalf("retried link %v", n)
	}
	e.must(202, "DELETE", "10dlc/Campaign/"+c+"/Number/12125550101/", nil)
	e.advance(DefaultNumberLinkDelay)
	_, n = e.numberStatus(c, "12125550101")
	if n["status"] != "COMPLETED" || !strings.Contains(n["reason"].(string), "still linked") {
		t.Fatalf("failed unlink %v", n)
	}
	want := "number_linking/created number_linking/failed number_linking/created number_linking/success number_unlinking/created number_unlinking/failed"
	if ev := strings.Join(rc.events(), " "); ev != want {
		t.Fatalf("callbacks %s, want %s", ev, want)
	}
	if r := rc.all()[1].Params.Get("Reason"); !strings.Contains(r, "Operators rejected the request to link 12125550101") {
		t.Fatalf("failed callback reason %q", r)
	}
	// Only the first unlink request fails: the retry unlinks it.
	e.must(202, "DELETE", "10dlc/Campaign/"+c+"/Number/12125550101/", nil)
	e.advance(DefaultNumberLinkDelay)
	e.mustFail(404, "GET", "10dlc/Campaign/"+c+"/Number/12125550101/", nil, "not found")
	// Deleting the campaign releases the number.
	e.must(200, "DELETE", "10dlc/Campaign/"+c+"/", nil)
	c2 := e.registeredCampaign(b, "Next")
	e.must(200, "POST", "10dlc/Campaign/"+c2+"/Number/", map[string]any{"numbers": []string{"12125550101"}})
}

// retryTimes creates a brand whose registration lies far ahead, so only
// its "created" callback is delivered, and returns when each attempt
// arrived, relative to the first.
func retryTimes(t *testing.T, replies ...int) []time.Duration {
	e := newTDEnv(t, func(o *Options) { o.BrandRegistrationDelay = 24 * time.Hour })
	rc := newReceiver(t, e.s, tdToken, tdToken, replies...)
	e.must(200, "POST", "10dlc/Brand/", e.brandBody("Acme", "STANDARD", map[string]any{"url": rc.hs.URL + "/cb"}))
	e.s.Settle()
	for range 20 {
		e.advance(30 * time.Second)
	}
	e.advance(time.Hour)
	var out []time.Duration
	for _, g := range rc.all() {
		if !g.SigOK {
			t.Fatalf("attempt with a bad signature: %+v", g)
		}
		out = append(out, g.At.Sub(tdStart))
	}
	return out
}

func TestTenDLCCallbackRetriesFailingTwice(t *testing.T) {
	got := retryTimes(t, 500, 404)
	want := []time.Duration{0, 60 * time.Second, 180 * time.Second}
	if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("a tendlcReceiver that fails twice got attempts at %v, want three at %v", got, want)
	}
}

func TestTenDLCCallbackRetriesNeverOK(t *testing.T) {
	got := retryTimes(t, 500, 500, 503, 500, 500, 500)
	want := []time.Duration{0, 60 * time.Second, 180 * time.Second, 420 * time.Second}
	if len(got) != 4 {
		t.Fatalf("a tendlcReceiver that never answers 200 got %d attempts (%v), want four at %v", len(got), got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("attempt %d at %v, want %v (all: %v)", i+1, got[i], want[i], got)
		}
	}
}

func TestTenDLCCallbackNeverBlocksRequest(t *testing.T) {
	e := newTDEnv(t, func(o *Options) { o.CallbackTimeout = 200 * time.Millisecond })
	block := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-block }))
	t.Cleanup(func() { close(block); slow.Close() })
	done := make(chan int, 1)
	go func() {
		// A raw request: e.call would wait for the callback to settle.
		b, _ := json.Marshal(e.brandBody("Acme", "STANDARD", map[string]any{"url": slow.URL + "/cb"}))
		req, _ := http.NewRequest("POST", e.hs.URL+"/v1/Account/"+tdID+"/10dlc/Brand/", bytes.NewReader(b))
		req.SetBasicAuth(tdID, tdToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			done <- 0
			return
		}
		resp.Body.Close()
		done <- resp.StatusCode
	}()
	select {
	case code := <-done:
		if code != 200 {
			t.Fatalf("create got %d", code)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("a tendlcReceiver that never answers blocked the API request")
	}
}

func TestTenDLCDelaysConfigurable(t *testing.T) {
	e := newTDEnv(t, func(o *Options) {
		o.BrandRegistrationDelay = 10 * time.Minute
		o.CampaignRegistrationDelay = 20 * time.Minute
		o.NumberLinkDelay = 30 * time.Minute
	})
	id := e.must(200, "POST", "10dlc/Brand/", e.brandBody("Acme", "STANDARD", nil))["brand_id"].(string)
	e.advance(10*time.Minute - time.Second)
	if s := e.brandStatus(id)["registration_status"]; s != "PROCESSING" {
		t.Fatalf("brand %v before its configured delay", s)
	}
	e.advance(time.Second)
	c := e.must(200, "POST", "10dlc/Campaign/", campaignBody(id, "A", "MARKETING", nil))["campaign_id"].(string)
	e.advance(20*time.Minute - time.Second)
	if s := e.campaign(c)["registration_status"]; s != "PROCESSING" {
		t.Fatalf("campaign %v before its configured delay", s)
	}
	e.advance(time.Second)
	e.must(200, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{"numbers": []string{"13125550102"}})
	e.advance(30*time.Minute - time.Second)
	if _, n := e.numberStatus(c, "13125550102"); n["status"] != "PROCESSING" {
		t.Fatalf("link %v before its configured delay", n)
	}
	e.advance(time.Second)
	if _, n := e.numberStatus(c, "13125550102"); n["status"] != "COMPLETED" {
		t.Fatalf("link %v after its configured delay", n)
	}
}

func TestTenDLCAccountIsolation(t *testing.T) {
	e := newTDEnv(t)
	b := e.registeredBrand("Acme", "STANDARD")
	if code, _ := e.callAs(tdMain, tdMainT, "GET", "10dlc/Brand/"+b+"/", nil); code != 404 {
		t.Fatalf("another account reads the brand: %d", code)
	}
	if code, _ := e.callAs(tdMain, tdMainT, "POST", "10dlc/Campaign/", campaignBody(b, "X", "MARKETING", nil)); code != 400 {
		t.Fatalf("another account uses the brand: %d", code)
	}
}

// TestNumbers_recordedTendlcAndTollfreeFields: an owned number's record
// carries the service's 10DLC and toll-free fields (the service's recorded replies): an
// SMS-enabled US local number reads UNREGISTERED with no campaign until a
// link, then the campaign with PROCESSING and COMPLETED, following the
// link; a toll-free number reads toll_free_sms_verification "unverified"
// (lower case) and null 10DLC fields; a local number null toll-free
// verification; the main account's numbers a null sub_account. The list
// filters take the filter values (unregistered, in_progress, registered),
// not the stored ones, and number_type as well as type.
func TestNumbers_recordedTendlcAndTollfreeFields(t *testing.T) {
	e := newTDEnv(t)
	const linked = "14155550100"
	rec := e.must(200, "GET", "Number/"+linked+"/", nil)
	for k, want := range map[string]any{
		"tendlc_campaign_id": nil, "tendlc_registration_status": "UNREGISTERED", "toll_free_sms_verification": nil,
		"sub_account": nil, "sub_account_name": nil, "alias": nil,
	} {
		if v, present := rec[k]; !present || v != want {
			t.Errorf("local number: %s = %#v (present %v), want %#v", k, v, present, want)
		}
	}
	for _, k := range []string{"toll_free_sms_verification_id", "toll_free_sms_verification_order_status"} {
		if _, present := rec[k]; present {
			t.Errorf("%s present before any verification was requested", k)
		}
	}
	cp := e.registeredCampaign(e.registeredBrand("Acme", "STANDARD"), "Alerts")
	e.must(200, "POST", "10dlc/Campaign/"+cp+"/Number/", map[string]any{"numbers": []string{linked}})
	rec = e.must(200, "GET", "Number/"+linked+"/", nil)
	if rec["tendlc_campaign_id"] != cp || rec["tendlc_registration_status"] != "PROCESSING" {
		t.Errorf("link pending: campaign %v status %v", rec["tendlc_campaign_id"], rec["tendlc_registration_status"])
	}
	e.advance(DefaultNumberLinkDelay)
	rec = e.must(200, "GET", "Number/"+linked+"/", nil)
	if rec["tendlc_campaign_id"] != cp || rec["tendlc_registration_status"] != "COMPLETED" {
		t.Errorf("linked: campaign %v status %v", rec["tendlc_campaign_id"], rec["tendlc_registration_status"])
	}

	found := e.must(200, "GET", "PhoneNumber/?country_iso=US&type=toll-free&limit=1", nil)
	tollfree := found["objects"].([]any)[0].(map[string]any)["number"].(string)
	e.must(201, "POST", "PhoneNumber/"+tollfree+"/", nil)
	rec = e.must(200, "GET", "Number/"+tollfree+"/", nil)
	for k, want := range map[string]any{"tendlc_campaign_id": nil, "tendlc_registration_status": nil, "toll_free_sms_verification": "unverified"} {
		if v, present := rec[k]; !present || v != want {
			t.Errorf("toll-free number: %s = %#v (present %v), want %#v", k, v, present, want)
		}
	}

	numbers := func(query string) []string {
		t.Helper()
		var out []string
		for _, o := range e.must(200, "GET", "Number/?"+query, nil)["objects"].([]any) {
			out = append(out, o.(map[string]any)["number"].(string))
		}
		return out
	}
	for query, want := range map[string][]string{
		"tendlc_registration_status=registered":   {linked},
		"tendlc_registration_status=REGISTERED":   {linked},
		"tendlc_registration_status=unregistered": {"12125550101", "13125550102"},
		"tendlc_registration_status=in_progress":  nil,
		"tendlc_campaign_id=" + cp:                {linked},
		"toll_free_sms_verification=unverified":   {tollfree},
		"toll_free_sms_verification=verified":     nil,
		"number_type=tollfree":                    {tollfree},
		"type=toll-free&number_type=tollfree":     {tollfree},
	} {
		if got := numbers(query); !slices.Equal(got, want) {
			t.Errorf("GET Number/?%s = %v, want %v", query, got, want)
		}
	}
	e.mustFail(400, "GET", "Number/?tendlc_registration_status=COMPLETED", nil, "unregistered, in_progress or registered")
	e.mustFail(400, "GET", "Number/?toll_free_sms_verification=approved", nil, "unverified, pending_verification or verified")
	e.mustFail(400, "GET", "Number/?type=local&number_type=tollfree", nil, "different types")
}

// A campaign's number pool is its number_pool_limit (49 by default, the
// recorded value): a link beyond it is refused, whole, naming the limit;
// the list reports the limit and a summary by status.
func TestTenDLCNumberPoolLimit(t *testing.T) {
	e := newTDEnv(t, func(o *Options) { o.NumberPoolLimit = 2 })
	b := e.registeredBrand("Acme", "STANDARD")
	c := e.registeredCampaign(b, "Alerts")
	e.must(200, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{"numbers": []string{"14155550100"}})
	e.mustFail(400, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{"numbers": []string{"12125550101", "13125550102"}},
		"the number pool limit of campaign "+c+" is 2 numbers; it has 1 and the request adds 2")
	e.advance(DefaultNumberLinkDelay)
	e.must(200, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{"numbers": []string{"+12125550101"}}) // E.164 is taken
	list := e.must(200, "GET", "10dlc/Campaign/"+c+"/Number/", nil)
	summary := list["phone_numbers_summary"].(map[string]any)
	if list["number_pool_limit"] != float64(2) || summary["COMPLETED"] != float64(1) || summary["PROCESSING"] != float64(1) ||
		list["campaign_alias"] != "Alerts" || list["usecase"] != "DELIVERY_NOTIFICATION" {
		t.Fatalf("numbers of a full pool %v", list)
	}
	e.mustFail(400, "POST", "10dlc/Campaign/"+c+"/Number/", map[string]any{"numbers": []string{"13125550102"}}, "number pool limit")
	if def := newTDEnv(t); def.s.opts.NumberPoolLimit != 49 {
		t.Fatalf("default number pool limit %d, want the recorded 49", def.s.opts.NumberPoolLimit)
	}
}

// GET 10dlc/Brand/{id}/usecases answers what the create allows: STARTER
// for a STARTER brand, the other use cases for a STANDARD one.
func TestTenDLCBrandUsecases(t *testing.T) {
	e := newTDEnv(t)
	starter := e.registeredBrand("Solo", "STARTER")
	standard := e.registeredBrand("Acme", "STANDARD")
	codes := func(id string) []string {
		var out []string
		for _, u := range e.must(200, "GET", "10dlc/Brand/"+id+"/usecases", nil)["use_cases"].([]any) {
			out = append(out, u.(map[string]any)["code"].(string))
		}
		return out
	}
	if got := codes(starter); len(got) != 1 || got[0] != "STARTER" {
		t.Fatalf("a STARTER brand's use cases %v", got)
	}
	got := codes(standard)
	if len(got) != len(tendlcrules.Usecases)-1 || slices.Contains(got, "STARTER") || !slices.Contains(got, "MIXED") {
		t.Fatalf("a STANDARD brand's use cases %v", got)
	}
	e.mustFail(404, "GET", "10dlc/Brand/BNOPE00/usecases/", nil, "not found")
}
