// Package tendlcrules holds the static rules of 10DLC registration that both
// the provider (at plan time) and the emulator (on the wire) enforce, so the
// two cannot disagree: the enumerations of brand_type, vertical and usecase,
// the sub-use-case rule, the length limits of descriptions and samples, the
// shapes of ids and numbers, and the emulator's documented rule for causing
// a rejection or a failure on purpose.
package tendlcrules

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Brand types. A STARTER brand (sole proprietor) may only run campaigns of
// the STARTER use case.
const (
	BrandTypeStarter  = "STARTER"
	BrandTypeStandard = "STANDARD"
	// DefaultBrandType is what the API assumes when brand_type is omitted.
	DefaultBrandType = BrandTypeStarter
)

// BrandTypes lists every brand_type.
var BrandTypes = []string{BrandTypeStarter, BrandTypeStandard}

// Verticals lists every campaign vertical.
var Verticals = []string{
	"PROFESSIONAL", "REAL_ESTATE", "HEALTHCARE", "HUMAN_RESOURCES", "ENERGY",
	"ENTERTAINMENT", "RETAIL", "TRANSPORTATION", "AGRICULTURE", "INSURANCE", "POSTAL",
	"EDUCATION", "HOSPITALITY", "FINANCIAL", "POLITICAL", "GAMBLING", "LEGAL",
	"CONSTRUCTION", "NGO", "MANUFACTURING", "GOVERNMENT", "TECHNOLOGY", "COMMUNICATION",
}

// Use cases.
const (
	UsecaseStarter   = "STARTER"
	UsecaseMixed     = "MIXED"
	UsecaseLowVolume = "LOW_VOLUME"
)

// Usecases lists every campaign usecase.
var Usecases = []string{
	"2FA", "ACCOUNT_NOTIFICATION", "CUSTOMER_CARE", "DELIVERY_NOTIFICATION", "FRAUD_ALERT",
	"HIGHER_EDUCATION", UsecaseLowVolume, "MARKETING", UsecaseMixed, "POLLING_VOTING",
	"PUBLIC_SERVICE_ANNOUNCEMENT", "SECURITY_ALERT", UsecaseStarter,
}

// SubUsecases lists the values allowed in sub_usecases: every usecase
// except MIXED, LOW_VOLUME and STARTER.
var SubUsecases = func() []string {
	var out []string
	for _, u := range Usecases {
		if !TakesSubUsecases(u) && u != UsecaseStarter {
			out = append(out, u)
		}
	}
	return out
}()

// Limits of campaign fields, in characters (Unicode code points).
const (
	MinDescriptionLength = 40
	MaxDescriptionLength = 4096
	MinSampleLength      = 20
	MaxSampleLength      = 1024
	MinSubUsecases       = 2
	MaxSubUsecases       = 5
	// MaxAliasLength bounds brand_alias and campaign_alias.
	MaxAliasLength = 255
	// ListMaxLimit is the largest page of the brand and campaign lists.
	ListMaxLimit = 20
)

// Registration statuses as the API reports them on the stored records.
const (
	StatusProcessing = "PROCESSING"
	StatusCompleted  = "COMPLETED" // brand registered, number linked
	StatusActive     = "ACTIVE"    // campaign registered
	StatusFailed     = "FAILED"
	StatusExpired    = "EXPIRED"
)

// BrandStatuses are the registration statuses a brand reports.
var BrandStatuses = []string{StatusProcessing, StatusCompleted, StatusFailed}

// CheckBrandStatus returns an error naming field and the statuses a brand
// reports, or nil.
func CheckBrandStatus(field, s string) error {
	if !slices.Contains(BrandStatuses, s) {
		return fmt.Errorf("%s %q is not one of %s", field, s, strings.Join(BrandStatuses, ", "))
	}
	return nil
}

// Callback kinds and statuses, as the service's API reference lists them.
const (
	KindBrand           = "brand"
	KindCampaign        = "campaign"
	KindNumberLinking   = "number_linking"
	KindNumberUnlinking = "number_unlinking"

	EventCreated    = "created"
	EventRegistered = "registered"
	EventRejected   = "rejected"
	EventSuccess    = "success"
	EventFailed     = "failed"
)

// Shapes of ids and numbers.
var (
	BrandIDPattern    = regexp.MustCompile(`^B[A-Z0-9]{6}$`)
	CampaignIDPattern = regexp.MustCompile(`^C[A-Z0-9]{6}$`)
	UUIDPattern       = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
	// NumberPattern is a US or Canadian long code as the API writes it:
	// country code 1 and ten digits, no "+".
	NumberPattern = regexp.MustCompile(`^1[2-9][0-9]{2}[2-9][0-9]{6}$`)
	// CallbackURLPattern is an absolute http or https URL with a host;
	// CallbackURLRule says so.
	CallbackURLPattern = regexp.MustCompile(`^https?://[^\s/?#]+[^\s]*$`)
)

// Rules in words, for error messages and documentation.
const (
	CallbackURLRule = "must be an absolute http:// or https:// URL"
	BrandIDRule     = "B followed by 6 upper-case letters or digits, such as BXK2M9Q"
	CampaignIDRule  = "C followed by 6 upper-case letters or digits, such as CQ7ZP3A"
	UUIDRule        = "a UUID such as 1b2c3d4e-0000-4000-8000-123456789abc"
	NumberRule      = "a US or Canadian long code as 11 digits starting with the country code 1, without + (such as 14155550100)"
)

// CheckShape returns an error naming field, value and rule when value does
// not have the shape pattern (one of the patterns above) matches; rule
// says the shape in words (BrandIDRule, ...).
func CheckShape(field, value string, pattern *regexp.Regexp, rule string) error {
	if !pattern.MatchString(value) {
		return fmt.Errorf("%s %q must be %s", field, value, rule)
	}
	return nil
}

// TakesSubUsecases reports whether usecase needs sub_usecases.
func TakesSubUsecases(usecase string) bool {
	return usecase == UsecaseMixed || usecase == UsecaseLowVolume
}

// CheckBrandType returns an error naming field and the allowed values, or nil.
func CheckBrandType(field, t string) error {
	if !slices.Contains(BrandTypes, t) {
		return fmt.Errorf("%s %q is not one of %s", field, t, strings.Join(BrandTypes, ", "))
	}
	return nil
}

// CheckVertical returns an error naming field and the allowed values, or nil.
func CheckVertical(field, v string) error {
	if !slices.Contains(Verticals, v) {
		return fmt.Errorf("%s %q is not one of %s", field, v, strings.Join(Verticals, ", "))
	}
	return nil
}

// CheckUsecase returns an error naming field and the allowed values, or nil.
func CheckUsecase(field, u string) error {
	if !slices.Contains(Usecases, u) {
		return fmt.Errorf("%s %q is not one of %s", field, u, strings.Join(Usecases, ", "))
	}
	return nil
}

// CheckSubUsecase returns an error naming field and the allowed values of
// one sub_usecases element, or nil.
func CheckSubUsecase(field, s string) error {
	if !slices.Contains(SubUsecases, s) {
		return fmt.Errorf("%s %q is not one of %s", field, s, strings.Join(SubUsecases, ", "))
	}
	return nil
}

// CheckSubUsecases applies the sub-use-case rule: MIXED and LOW_VOLUME take
// 2 to 5 distinct values of SubUsecases; every other usecase may carry up
// to 5 (the service's records hold them on STARTER campaigns too, such as
// "2FA,MARKETING", and its create takes sub_usecases with any use case).
func CheckSubUsecases(usecase string, subs []string) error {
	if TakesSubUsecases(usecase) && (len(subs) < MinSubUsecases || len(subs) > MaxSubUsecases) {
		return fmt.Errorf("usecase %s needs %d to %d sub_usecases, got %d", usecase, MinSubUsecases, MaxSubUsecases, len(subs))
	}
	if len(subs) > MaxSubUsecases {
		return fmt.Errorf("a campaign takes at most %d sub_usecases, got %d", MaxSubUsecases, len(subs))
	}
	seen := map[string]bool{}
	for _, s := range subs {
		if err := CheckSubUsecase("sub_usecase", s); err != nil {
			return err
		}
		if seen[s] {
			return fmt.Errorf("sub_usecase %q is given twice", s)
		}
		seen[s] = true
	}
	return nil
}

// CheckBrandUsecase applies the rule that a STARTER brand runs only STARTER
// campaigns.
func CheckBrandUsecase(brandID, brandType, usecase string) error {
	if brandType == BrandTypeStarter && usecase != UsecaseStarter {
		return fmt.Errorf("brand %s is a STARTER brand and may only register campaigns with usecase STARTER, not %s; use usecase STARTER or register a STANDARD brand", brandID, usecase)
	}
	return nil
}

// CheckLength returns an error naming field, the bounds and the length.
func CheckLength(field, value string, minLen, maxLen int) error {
	n := utf8.RuneCountInString(value)
	if n < minLen || n > maxLen {
		return fmt.Errorf("%s must be %d to %d characters long, got %d", field, minLen, maxLen, n)
	}
	return nil
}

// CheckDescription applies the description length rule to field.
func CheckDescription(field, d string) error {
	return CheckLength(field, d, MinDescriptionLength, MaxDescriptionLength)
}

// CheckSample applies the sample length rule to field (sample1 to
// sample5).
func CheckSample(field, s string) error {
	return CheckLength(field, s, MinSampleLength, MaxSampleLength)
}

// CallbackMethods are the HTTP methods of the registration callbacks.
var CallbackMethods = []string{"POST", "GET"}

// CheckCallbackMethod allows POST and GET in field (empty means POST).
func CheckCallbackMethod(field, m string) error {
	if m != "" && !slices.Contains(CallbackMethods, m) {
		return fmt.Errorf("%s %q must be POST or GET", field, m)
	}
	return nil
}

// CheckCallbackURL requires an absolute http or https URL in field (empty
// means no callbacks).
func CheckCallbackURL(field, u string) error {
	if u == "" {
		return nil
	}
	if !CallbackURLPattern.MatchString(u) {
		return fmt.Errorf("%s %q %s", field, u, CallbackURLRule)
	}
	return nil
}

// CampaignNumberID is the import id of a link: "<campaign_id>/<number>".
func CampaignNumberID(campaignID, number string) string { return campaignID + "/" + number }

// ParseCampaignNumberID splits "<campaign_id>/<number>", checking both
// parts' shapes.
func ParseCampaignNumberID(id string) (campaignID, number string, err error) {
	c, n, ok := strings.Cut(id, "/")
	if !ok || strings.Contains(n, "/") {
		return "", "", fmt.Errorf("import id %q must have the form <campaign_id>/<number>, such as CQ7ZP3A/14155550100", id)
	}
	if !CampaignIDPattern.MatchString(c) {
		return "", "", fmt.Errorf("import id %q: campaign id %q must be %s", id, c, CampaignIDRule)
	}
	if !NumberPattern.MatchString(n) {
		return "", "", fmt.Errorf("import id %q: number %q must be %s", id, n, NumberRule)
	}
	return c, n, nil
}

// The emulator's deterministic rejection rule. The real registry decides on
// its own; the emulator decides by these upper-case markers so that tests and
// users can cause each outcome on purpose.
const (
	// RejectMarker in the company_name of a brand's profile declines the
	// brand (BrandDeclinedReasons); in a campaign_alias it rejects the
	// campaign.
	RejectMarker = "REJECT"
	// FailLinkMarker in a campaign_alias makes every link request to the
	// campaign fail (evaluated when the request is made, so updating the
	// alias lets a later request succeed).
	FailLinkMarker = "FAIL_LINK"
	// FailUnlinkMarker in a campaign_alias makes every unlink request of the
	// campaign fail; the number stays linked.
	FailUnlinkMarker = "FAIL_UNLINK"
)

// Reason is one entry of a brand's declined_reasons.
type Reason struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// BrandProfile is what the registry judges a brand by: the data of the
// business profile its profile_uuid names, which the brand's record
// carries.
type BrandProfile struct {
	ProfileUUID, CompanyName, EntityType, EIN string
}

// CheckStandardBrand refuses a STANDARD brand whose profile has no EIN: the
// registry vets a standard brand by its tax id.
func CheckStandardBrand(brandType string, p BrandProfile) error {
	if brandType == BrandTypeStandard && strings.TrimSpace(p.EIN) == "" {
		return fmt.Errorf("brand_type STANDARD needs a profile with an EIN: profile %s (entity_type %s) has none; give the profile an ein or register a STARTER brand",
			p.ProfileUUID, p.EntityType)
	}
	return nil
}

// BrandDeclinedReasons returns why the emulator's registry rejects a brand
// registered for profile p, or nil when it registers it. The rule reads the
// profile's data, as the real registry does, deterministically:
//   - a company_name containing RejectMarker does not match public records
//     (IDENTITY_MISMATCH);
//   - an EIN whose digits are all the same ("000000000", "11-1111111") is
//     not a real tax id (TAX_ID_INVALID).
//
// Both reasons are given when both hold.
func BrandDeclinedReasons(p BrandProfile) []Reason {
	var out []Reason
	if strings.Contains(p.CompanyName, RejectMarker) {
		out = append(out, Reason{
			Code: "IDENTITY_MISMATCH",
			Message: fmt.Sprintf("The registry could not verify the company identity of profile %s: its legal name %q and tax id (EIN) do not match public records. "+
				"Correct the company_name and ein of the profile, then register a new brand. (The emulator declines every brand whose profile's company_name contains %q.)",
				p.ProfileUUID, p.CompanyName, RejectMarker),
		})
	}
	if placeholderEIN(p.EIN) {
		out = append(out, Reason{
			Code: "TAX_ID_INVALID",
			Message: fmt.Sprintf("The EIN %q of profile %s is not a valid tax id. Give the profile its real EIN, then register a new brand. "+
				"(The emulator declines every brand whose profile's EIN has all its digits the same.)", p.EIN, p.ProfileUUID),
		})
	}
	return out
}

// placeholderEIN reports whether ein has digits and they are all the same.
func placeholderEIN(ein string) bool {
	var first rune
	for _, r := range ein {
		if r < '0' || r > '9' {
			continue
		}
		if first == 0 {
			first = r
		} else if r != first {
			return false
		}
	}
	return first != 0
}

// CampaignRejectionReason returns why the emulator's registry rejects a
// campaign with alias, or "" when it registers it.
func CampaignRejectionReason(alias string) string {
	if !strings.Contains(alias, RejectMarker) {
		return ""
	}
	return "The registry rejected the campaign: the sample messages do not show the brand name or how to opt out. " +
		"Name the brand and add opt-out language such as \"Reply STOP to unsubscribe\" to sample1 and sample2, then register a new campaign. " +
		fmt.Sprintf("(The emulator rejects every campaign whose campaign_alias contains %q.)", RejectMarker)
}

// LinkFailureReason returns why operators refuse to link number to a
// campaign with alias, or "" when they link it: the first link request of
// each number to a campaign whose alias contains FailLinkMarker fails, a
// retry succeeds (a campaign's alias can only change while it is FAILED,
// so the retry, not the alias, is what clears it).
func LinkFailureReason(alias, number string, retry bool) string {
	if !strings.Contains(alias, FailLinkMarker) || retry {
		return ""
	}
	return fmt.Sprintf("Operators rejected the request to link %s: the campaign's messaging profile is not provisioned on the carrier side yet. "+
		"Retry the link later. (The emulator fails the first link request of each number of a campaign whose campaign_alias contains %q; "+
		"apply again to retry, and the retry succeeds.)", number, FailLinkMarker)
}

// UnlinkFailureReason returns why operators refuse to unlink number from a
// campaign with alias, or "" when they unlink it: the first unlink request
// of each number fails when the alias contains FailUnlinkMarker, a retry
// succeeds.
func UnlinkFailureReason(alias, number string, retry bool) string {
	if !strings.Contains(alias, FailUnlinkMarker) || retry {
		return ""
	}
	return fmt.Sprintf("Operators rejected the request to unlink %s; it is still linked to the campaign. "+
		"Retry the unlink later. (The emulator fails the first unlink request of each number of a campaign whose campaign_alias contains %q; "+
		"the retry succeeds.)", number, FailUnlinkMarker)
}

// Today's campaign create rules (the service's "Register a campaign" page):
// the three subscriber flags must be true, and the message flow and help
// message have minimum lengths (the update examples call both mandatory;
// the create page's stored excerpt does not list them as required, so
// they stay optional and their minimums apply when they are given).
const (
	MinMessageFlowLength = 40
	MinHelpMessageLength = 20
	MaxMessageLength     = 4096
)

// SubscriberFlags are the campaign flags the service allows only as true.
var SubscriberFlags = []string{"subscriber_optin", "subscriber_optout", "subscriber_help"}

// CheckSubscriberFlag is the rule of field, one of SubscriberFlags, at
// create.
func CheckSubscriberFlag(field string, v bool) error {
	if !v {
		return fmt.Errorf("%s must be true: the service registers only campaigns that collect opt-in, honour opt-out and answer help requests (got false)", field)
	}
	return nil
}

// CheckMessageFlow is message_flow's rule when given: 40 to 4096
// characters; field names it.
func CheckMessageFlow(field, v string) error {
	return CheckLength(field, v, MinMessageFlowLength, MaxMessageLength)
}

// CheckHelpMessage is help_message's rule when given: 20 to 4096
// characters; field names it.
func CheckHelpMessage(field, v string) error {
	return CheckLength(field, v, MinHelpMessageLength, MaxMessageLength)
}

// CheckCampaignUpdatable is the service's update rule: a campaign can be
// updated only while FAILED (the update resubmits it for vetting, for a
// fee). The docs say an update sometimes works while PROCESSING: the
// emulator, deterministic, refuses it.
func CheckCampaignUpdatable(id, status string) error {
	if status != StatusFailed {
		return fmt.Errorf("campaign %s cannot be updated while its registration_status is %s: the service updates a campaign only while it is FAILED "+
			"(the update resubmits it for vetting)", id, status)
	}
	return nil
}

// DefaultNumberPoolLimit is how many numbers a campaign may have linked
// (the service's recorded number_pool_limit).
const DefaultNumberPoolLimit = 49

// CheckNumberPool is the number pool rule: linking more numbers than the
// campaign's number_pool_limit is refused.
func CheckNumberPool(campaignID string, linked, adding, limit int) error {
	if linked+adding > limit {
		return fmt.Errorf("the number pool limit of campaign %s is %d numbers; it has %d and the request adds %d", campaignID, limit, linked, adding)
	}
	return nil
}

// UsecaseInfo is one use case a brand may register (GET
// 10dlc/Brand/{id}/usecases/).
type UsecaseInfo struct {
	Name    string `json:"name"`
	Code    string `json:"code"`
	Details string `json:"details"`
}

// usecaseDetails are the descriptions the service gives each use case.
var usecaseDetails = map[string]string{
	"2FA":                         "Any authentication, verification, or one-time passcode.",
	"ACCOUNT_NOTIFICATION":        "Standard notifications for account holders, relating to and being about an account.",
	"CUSTOMER_CARE":               "All customer interaction, including account management and customer support.",
	"DELIVERY_NOTIFICATION":       "Notification about the status of the delivery of a product or service.",
	"FRAUD_ALERT":                 "Notifications regarding potential fraudulent activity.",
	"HIGHER_EDUCATION":            "Campaigns created on behalf of colleges or universities.",
	"LOW_VOLUME":                  "Small campaigns of several use cases with a low throughput.",
	"MARKETING":                   "Any communication with marketing and/or promotional content.",
	"MIXED":                       "Campaigns covering several use cases, such as customer care and delivery notifications.",
	"POLLING_VOTING":              "Requests for surveys and voting unrelated to political elections.",
	"PUBLIC_SERVICE_ANNOUNCEMENT": "Informational messages to raise awareness about important topics.",
	"SECURITY_ALERT":              "Notifications that the security of a system has been compromised.",
	"STARTER":                     "Campaigns of a sole proprietor (STARTER) brand.",
}

// BrandUsecases is what the usecases route answers for a brand of
// brandType: a STARTER brand registers only STARTER campaigns (as
// CheckBrandUsecase says); a STANDARD brand every use case but STARTER.
// (The recordings disagree: one STARTER brand's list has the eleven
// standard use cases without 2FA; the rule here follows the create rule,
// so the list and the create cannot contradict each other.)
func BrandUsecases(brandType string) []UsecaseInfo {
	var out []UsecaseInfo
	for _, u := range Usecases {
		if CheckBrandUsecase("", brandType, u) != nil || (brandType != BrandTypeStarter && u == UsecaseStarter) {
			continue
		}
		out = append(out, UsecaseInfo{Name: usecaseName(u), Code: u, Details: usecaseDetails[u]})
	}
	return out
}

// usecaseName is the service's title-case label: "Account Notification".
func usecaseName(code string) string {
	words := strings.Split(strings.ToLower(code), "_")
	for i, w := range words {
		if w == "2fa" {
			words[i] = "2FA"
			continue
		}
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// Carriers of a campaign's mno_metadata, as the service spells them.
const (
	CarrierATT     = "AT&T"
	CarrierTMobile = "T-Mobile"
	CarrierUSCell  = "US Cellular"
	CarrierVerizon = "Verizon Wireless"
	TierSoleProp   = "SOLE_PROPRIETOR"
	TierLow        = "LOW"
	TierTop        = "TOP"
	VettedTopScore = 75
	StarterTPM     = 15
	StandardTPM    = 240
	VettedTopTPM   = 4500
)

// Throughput is one carrier's entry of mno_metadata: tpm (messages a
// minute) for AT&T, US Cellular and Verizon Wireless, brand_tier for
// T-Mobile.
type Throughput struct {
	TPM       *int64 `json:"tpm,omitempty"`
	BrandTier string `json:"brand_tier,omitempty"`
}

// MNOMetadata is the emulator's deterministic rule for a campaign's
// carrier throughput, in the recordings' pattern: 15 TPM and
// SOLE_PROPRIETOR for a STARTER brand, 240 and LOW for an unvetted
// STANDARD brand, 4500 and TOP for one whose vetting score is 75 or more.
func MNOMetadata(brandType string, vettingScore int64) map[string]Throughput {
	tpm, tier := int64(StandardTPM), TierLow
	switch {
	case brandType == BrandTypeStarter:
		tpm, tier = StarterTPM, TierSoleProp
	case vettingScore >= VettedTopScore:
		tpm, tier = VettedTopTPM, TierTop
	}
	t := func() *int64 { v := tpm; return &v }
	return map[string]Throughput{
		CarrierATT: {TPM: t()}, CarrierUSCell: {TPM: t()}, CarrierVerizon: {TPM: t()}, CarrierTMobile: {BrandTier: tier},
	}
}

// Campaign sources: a campaign registered through the service carries the
// service's own name; one registered with another provider and brought in
// with the import route (POST 10dlc/Campaign/Import/) carries
// CampaignSourceShared.
const CampaignSourceShared = "shared"

// CheckCampaignImportable refuses to import campaign id when the account
// already holds a campaign of that id (source is its campaign_source).
func CheckCampaignImportable(id string, present bool, source string) error {
	if present {
		return fmt.Errorf("campaign_id %s is already a campaign of this account (campaign_source %s): a campaign is imported once; "+
			"manage the one the account holds, or deactivate it before importing it again", id, source)
	}
	return nil
}

// CheckBrandOTP is the rule of the one-time confirmation text (POST
// 10dlc/Brand/{id}/OTP/): it confirms a STARTER brand's contact phone, so
// a brand of any other type is refused.
func CheckBrandOTP(brandID, brandType string) error {
	if brandType != BrandTypeStarter {
		return fmt.Errorf("brand %s is a %s brand: the one-time confirmation text (OTP) is sent only for STARTER brands, "+
			"whose contact confirms the registration by replying YES", brandID, brandType)
	}
	return nil
}

// MaskPhone shows only the last 4 characters of phone, each other one
// replaced by X ("+14155550100" is "XXXXXXXX0100"), as the OTP reply
// names the phone it texted. It counts characters, not bytes.
func MaskPhone(phone string) string {
	r := []rune(phone)
	for i := 0; i < len(r)-4; i++ {
		r[i] = 'X'
	}
	return string(r)
}

// BrandOTPMessage is the message of the OTP reply for a text sent to phone.
func BrandOTPMessage(phone string) string {
	return "Message sent to " + MaskPhone(phone) + ", reply YES to confirm registration."
}
