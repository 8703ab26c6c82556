package tendlcrules

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestSubUsecasesExcludeCompositeAndStarter(t *testing.T) {
	for _, u := range []string{UsecaseMixed, UsecaseLowVolume, UsecaseStarter} {
		if slices.Contains(SubUsecases, u) {
			t.Fatalf("%s must not be a sub use case", u)
		}
	}
	if len(SubUsecases) != len(Usecases)-3 {
		t.Fatalf("SubUsecases %v", SubUsecases)
	}
}

func TestCheckSubUsecases(t *testing.T) {
	cases := []struct {
		usecase string
		subs    []string
		want    string // "" means valid
	}{
		{"MARKETING", nil, ""},
		// The service keeps sub use cases on any use case (STARTER records
		// hold "2FA,MARKETING"), up to five.
		{"MARKETING", []string{"2FA"}, ""},
		{"STARTER", []string{"2FA", "MARKETING"}, ""},
		{"MARKETING", []string{"2FA", "CUSTOMER_CARE", "FRAUD_ALERT", "HIGHER_EDUCATION", "POLLING_VOTING", "SECURITY_ALERT"}, "at most 5 sub_usecases, got 6"},
		{"STARTER", []string{"MIXED"}, `sub_usecase "MIXED" is not one of`},
		{"MIXED", []string{"2FA", "MARKETING"}, ""},
		{"LOW_VOLUME", []string{"2FA", "MARKETING", "FRAUD_ALERT", "CUSTOMER_CARE", "SECURITY_ALERT"}, ""},
		{"MIXED", []string{"2FA"}, "needs 2 to 5 sub_usecases, got 1"},
		{"MIXED", []string{"2FA", "MARKETING", "FRAUD_ALERT", "CUSTOMER_CARE", "SECURITY_ALERT", "POLLING_VOTING"}, "got 6"},
		{"MIXED", []string{"2FA", "STARTER"}, `sub_usecase "STARTER" is not one of`},
		{"MIXED", []string{"2FA", "2FA"}, "given twice"},
	}
	for _, c := range cases {
		err := CheckSubUsecases(c.usecase, c.subs)
		if (err == nil) != (c.want == "") || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("CheckSubUsecases(%s, %v) = %v, want %q", c.usecase, c.subs, err, c.want)
		}
	}
}

func TestLengthRulesAtBoundaries(t *testing.T) {
	if CheckDescription("description", strings.Repeat("é", 40)) != nil || CheckDescription("description", strings.Repeat("a", 39)) == nil ||
		CheckDescription("description", strings.Repeat("a", 4097)) == nil {
		t.Fatal("description bounds 40..4096 (in characters) not applied")
	}
	if err := CheckDescription("description", strings.Repeat("a", 39)); err.Error() != "description must be 40 to 4096 characters long, got 39" {
		t.Errorf("description: %v", err)
	}
	if CheckSample("sample3", strings.Repeat("a", 20)) != nil || CheckSample("sample3", strings.Repeat("a", 19)) == nil {
		t.Fatal("sample bound 20 not applied")
	}
	if err := CheckSample("sample3", strings.Repeat("é", 19)); err.Error() != "sample3 must be 20 to 1024 characters long, got 19" {
		t.Errorf("sample3: %v", err)
	}
}

// Today's create rules, in characters: the subscriber flags only true,
// message_flow from 40 and help_message from 20 characters.
func TestTodaysCampaignRules(t *testing.T) {
	for _, name := range SubscriberFlags {
		if err := CheckSubscriberFlag(name, false); err == nil || !strings.HasPrefix(err.Error(), name+" must be true") {
			t.Errorf("CheckSubscriberFlag(%s, false) = %v", name, err)
		}
		if err := CheckSubscriberFlag(name, true); err != nil {
			t.Errorf("CheckSubscriberFlag(%s, true) = %v", name, err)
		}
	}
	if CheckMessageFlow("message_flow", strings.Repeat("ж", 40)) != nil || CheckMessageFlow("message_flow", strings.Repeat("ж", 39)) == nil {
		t.Error("message_flow's minimum of 40 characters not applied in characters")
	}
	if err := CheckMessageFlow("message_flow", strings.Repeat("ж", 39)); err.Error() != "message_flow must be 40 to 4096 characters long, got 39" {
		t.Errorf("message_flow: %v", err)
	}
	if CheckHelpMessage("help_message", strings.Repeat("😀", 20)) != nil || CheckHelpMessage("help_message", strings.Repeat("😀", 19)) == nil {
		t.Error("help_message's minimum of 20 characters not applied in characters")
	}
	if err := CheckHelpMessage("help_message", strings.Repeat("😀", 19)); err.Error() != "help_message must be 20 to 4096 characters long, got 19" {
		t.Errorf("help_message: %v", err)
	}
	for _, st := range []string{StatusActive, StatusProcessing, StatusExpired} {
		if err := CheckCampaignUpdatable("CQ7ZP3A", st); err == nil || !strings.Contains(err.Error(), "only while it is FAILED") {
			t.Errorf("CheckCampaignUpdatable(%s) = %v", st, err)
		}
	}
	if err := CheckCampaignUpdatable("CQ7ZP3A", StatusFailed); err != nil {
		t.Errorf("CheckCampaignUpdatable(FAILED) = %v", err)
	}
}

// A STARTER brand may register STARTER campaigns only, a STANDARD brand
// every use case but STARTER: the usecases route and the create agree.
func TestBrandUsecasesAgreeWithTheCreateRule(t *testing.T) {
	for _, bt := range BrandTypes {
		listed := map[string]bool{}
		for _, u := range BrandUsecases(bt) {
			listed[u.Code] = true
			if u.Name == "" || u.Details == "" {
				t.Errorf("%s: use case %s has no name or details", bt, u.Code)
			}
		}
		for _, u := range Usecases {
			allowed := CheckBrandUsecase("B", bt, u) == nil && !(bt == BrandTypeStandard && u == UsecaseStarter)
			if listed[u] != allowed {
				t.Errorf("%s brand: %s listed %v, create allows %v", bt, u, listed[u], allowed)
			}
		}
	}
	if got := usecaseName("PUBLIC_SERVICE_ANNOUNCEMENT"); got != "Public Service Announcement" {
		t.Errorf("usecaseName = %q", got)
	}
}

func TestMNOMetadataFollowsTheRecordings(t *testing.T) {
	for _, c := range []struct {
		btype string
		score int64
		tpm   int64
		tier  string
	}{{BrandTypeStarter, 0, 15, TierSoleProp}, {BrandTypeStandard, 0, 240, TierLow}, {BrandTypeStandard, 80, 4500, TierTop}} {
		m := MNOMetadata(c.btype, c.score)
		if *m[CarrierATT].TPM != c.tpm || *m[CarrierVerizon].TPM != c.tpm || *m[CarrierUSCell].TPM != c.tpm || m[CarrierTMobile].BrandTier != c.tier || m[CarrierTMobile].TPM != nil {
			t.Errorf("MNOMetadata(%s, %d) = %+v", c.btype, c.score, m)
		}
	}
}

func TestParseCampaignNumberID(t *testing.T) {
	c, n, err := ParseCampaignNumberID("CQ7ZP3A/14155550100")
	if err != nil || c != "CQ7ZP3A" || n != "14155550100" {
		t.Fatalf("got %q %q %v", c, n, err)
	}
	for id, want := range map[string]string{
		"CQ7ZP3A":               "must have the form <campaign_id>/<number>",
		"CQ7ZP3A/14155550100/x": "must have the form",
		"cq7zp3a/14155550100":   "campaign id \"cq7zp3a\" must be C followed by 6",
		"CQ7ZP3A/4155550100":    "number \"4155550100\" must be a US or Canadian long code",
		"CQ7ZP3A/+14155550100":  "must be a US or Canadian long code",
		"CQ7ZP3A/14155550100 ":  "must be a US or Canadian long code",
		"/14155550100":          "campaign id \"\"",
	} {
		if _, _, err := ParseCampaignNumberID(id); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseCampaignNumberID(%q) = %v, want an error containing %q", id, err, want)
		}
	}
}

func TestMarkers(t *testing.T) {
	if BrandDeclinedReasons(BrandProfile{CompanyName: "Acme", EIN: "12-3456789"}) != nil || CampaignRejectionReason("Acme") != "" ||
		LinkFailureReason("Acme", "1", false) != "" || UnlinkFailureReason("Acme", "1", false) != "" {
		t.Fatal("an alias without markers must succeed")
	}
	if len(BrandDeclinedReasons(BrandProfile{CompanyName: "Acme REJECT", EIN: "12-3456789"})) != 1 || CampaignRejectionReason("x REJECT") == "" {
		t.Fatal("REJECT must reject")
	}
	// The link and unlink markers are independent of each other.
	if LinkFailureReason("FAIL_UNLINK", "1", false) != "" || UnlinkFailureReason("FAIL_LINK", "1", false) != "" {
		t.Fatal("FAIL_LINK and FAIL_UNLINK overlap")
	}
	// The first request fails, a retry succeeds.
	if LinkFailureReason("FAIL_LINK", "1", false) == "" || LinkFailureReason("FAIL_LINK", "1", true) != "" ||
		UnlinkFailureReason("FAIL_UNLINK", "1", false) == "" || UnlinkFailureReason("FAIL_UNLINK", "1", true) != "" {
		t.Fatal("FAIL_LINK and FAIL_UNLINK must fail the first request only")
	}
	// Lower case does not trigger: the markers are deliberate.
	if BrandDeclinedReasons(BrandProfile{CompanyName: "reject"}) != nil {
		t.Fatal("markers are upper case only")
	}
}

func TestCheckShape(t *testing.T) {
	for _, tc := range []struct {
		value   string
		pattern *regexp.Regexp
		rule    string
		ok      bool
	}{
		{"BXK2M9Q", BrandIDPattern, BrandIDRule, true},
		{"bxk2m9q", BrandIDPattern, BrandIDRule, false},
		{"CQ7ZP3A", CampaignIDPattern, CampaignIDRule, true},
		{"CQ7ZP3", CampaignIDPattern, CampaignIDRule, false},
		{"14155550100", NumberPattern, NumberRule, true},
		{"+14155550100", NumberPattern, NumberRule, false},
		{"１4155550100", NumberPattern, NumberRule, false}, // a full-width digit
	} {
		err := CheckShape("field", tc.value, tc.pattern, tc.rule)
		if (err == nil) != tc.ok {
			t.Errorf("CheckShape(%q) = %v, want ok %v", tc.value, err, tc.ok)
		}
		if err != nil && err.Error() != fmt.Sprintf("field %q must be %s", tc.value, tc.rule) {
			t.Errorf("CheckShape(%q) = %q: must name field, value and rule", tc.value, err)
		}
	}
}

func TestCheckBrandStatus(t *testing.T) {
	for s, ok := range map[string]bool{"PROCESSING": true, "COMPLETED": true, "FAILED": true, "ACTIVE": false, "completed": false} {
		if err := CheckBrandStatus("registration_status", s); (err == nil) != ok {
			t.Errorf("CheckBrandStatus(%q) = %v, want ok %v", s, err, ok)
		} else if err != nil && err.Error() != fmt.Sprintf("registration_status %q is not one of PROCESSING, COMPLETED, FAILED", s) {
			t.Errorf("CheckBrandStatus(%q) = %v: must name field, value and the statuses", s, err)
		}
	}
}

// The enumerations' and the callback's checks name the field they are
// given, the value and the rule.
func TestValueChecksNameTheField(t *testing.T) {
	for _, tc := range []struct {
		check     func(field, v string) error
		field, ok string
		bad, want string
	}{
		{CheckBrandType, "brand_type", "STANDARD", "SOLE", `brand_type "SOLE" is not one of STARTER, STANDARD`},
		{CheckVertical, "vertical", "RETAIL", "SHOPS", `vertical "SHOPS" is not one of ` + strings.Join(Verticals, ", ")},
		{CheckUsecase, "usecase", "MIXED", "mixed", `usecase "mixed" is not one of ` + strings.Join(Usecases, ", ")},
		{CheckSubUsecase, "sub_usecases[0]", "2FA", "MIXED", `sub_usecases[0] "MIXED" is not one of ` + strings.Join(SubUsecases, ", ")},
		{CheckCallbackMethod, "method", "GET", "PUT", `method "PUT" must be POST or GET`},
		{CheckCallbackURL, "url", "https://example.com/cb", "example.com/cb", `url "example.com/cb" ` + CallbackURLRule},
	} {
		if err := tc.check(tc.field, tc.ok); err != nil {
			t.Errorf("%s %q: %v", tc.field, tc.ok, err)
		}
		if err := tc.check(tc.field, tc.bad); err == nil || err.Error() != tc.want {
			t.Errorf("%s %q: %v, want %q", tc.field, tc.bad, err, tc.want)
		}
	}
	if CheckCallbackMethod("method", "") != nil || CheckCallbackURL("url", "") != nil {
		t.Error("an empty callback method or url (none) refused")
	}
}

func TestBrandOutcomeFollowsTheProfile(t *testing.T) {
	for _, tc := range []struct {
		p     BrandProfile
		codes []string
	}{
		{BrandProfile{CompanyName: "Acme", EIN: "12-3456789"}, nil},
		{BrandProfile{CompanyName: "Acme"}, nil},
		{BrandProfile{CompanyName: "Acme", EIN: "000000000"}, []string{"TAX_ID_INVALID"}},
		{BrandProfile{CompanyName: "Acme", EIN: "11-1111111"}, []string{"TAX_ID_INVALID"}},
		{BrandProfile{CompanyName: "Acme REJECT", EIN: "99-9999999"}, []string{"IDENTITY_MISMATCH", "TAX_ID_INVALID"}},
	} {
		var codes []string
		for _, r := range BrandDeclinedReasons(tc.p) {
			codes = append(codes, r.Code)
		}
		if strings.Join(codes, ",") != strings.Join(tc.codes, ",") {
			t.Errorf("BrandDeclinedReasons(%+v) = %v, want %v", tc.p, codes, tc.codes)
		}
	}
	if err := CheckStandardBrand(BrandTypeStandard, BrandProfile{ProfileUUID: "p1", EntityType: "INDIVIDUAL"}); err == nil ||
		!strings.Contains(err.Error(), "needs a profile with an EIN") {
		t.Errorf("a STANDARD brand without an EIN: %v", err)
	}
	if CheckStandardBrand(BrandTypeStarter, BrandProfile{}) != nil || CheckStandardBrand(BrandTypeStandard, BrandProfile{EIN: "1"}) != nil {
		t.Error("a STARTER brand, or a STANDARD one with an EIN, passes")
	}
}

func TestMaskPhone(t *testing.T) {
	for in, want := range map[string]string{
		"+14155551234": "XXXXXXXX1234",
		"14155551234":  "XXXXXXX1234",
		"1234":         "1234",
		"12":           "12",
		"":             "",
		"+١٢٣٤٥٦":      "XXX٣٤٥٦", // characters, not bytes
	} {
		if got := MaskPhone(in); got != want {
			t.Errorf("MaskPhone(%q) = %q, want %q", in, got, want)
		}
	}
	if got := BrandOTPMessage("+14155551234"); got != "Message sent to XXXXXXXX1234, reply YES to confirm registration." {
		t.Errorf("BrandOTPMessage = %q", got)
	}
}

func TestCheckBrandOTP(t *testing.T) {
	if err := CheckBrandOTP("BXK2M9Q", BrandTypeStarter); err != nil {
		t.Errorf("a STARTER brand: %v", err)
	}
	err := CheckBrandOTP("BXK2M9Q", BrandTypeStandard)
	if err == nil || !strings.Contains(err.Error(), "brand BXK2M9Q is a STANDARD brand") || !strings.Contains(err.Error(), "only for STARTER brands") {
		t.Errorf("a STANDARD brand: %v", err)
	}
}

func TestCheckCampaignImportable(t *testing.T) {
	if err := CheckCampaignImportable("CQ7ZP3A", false, ""); err != nil {
		t.Errorf("absent: %v", err)
	}
	err := CheckCampaignImportable("CQ7ZP3A", true, "cpaas")
	if err == nil || !strings.Contains(err.Error(), "campaign_id CQ7ZP3A is already a campaign of this account (campaign_source cpaas)") {
		t.Errorf("present: %v", err)
	}
}
