// Package powerpackrules holds the rules of powerpacks (named sending
// profiles) and their number pools that both the provider (at plan time)
// and the emulator (on the wire) enforce, so the two cannot disagree: the
// name, the application, number_priority as a permutation per country and
// service, the pool's services, filters and ids, and how a pool picks the
// source number of a message (Choose).
package powerpackrules

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	// ListMaxLimit is the largest page of the powerpack list and of every
	// pool list (Docs "List all numbers": at most 20).
	ListMaxLimit = 20
	// MaxNameLength is the longest name, in characters. The service
	// publishes none; this is the emulator's documented choice.
	MaxNameLength = 255
	// MaxStartsWith is how many prefixes starts_with takes.
	MaxStartsWith = 10
)

// Services of a pool member: what the number sends for the pool.
const (
	ServiceSMS = "sms"
	ServiceMMS = "mms"
)

// Services lists the member services.
var Services = []string{ServiceSMS, ServiceMMS}

// Kinds of source number, the values of number_priority's priority1..3.
const (
	KindShortcode = "shortcode"
	KindTollfree  = "tollfree"
	KindLongcode  = "longcode"
)

// Kinds lists the kinds in the default priority: short code before
// toll-free before long code.
var Kinds = []string{KindShortcode, KindTollfree, KindLongcode}

// Application types a powerpack takes, as requests write them; replies
// write them upper case ("XML").
const (
	AppTypeXML  = "xml"
	AppTypePHLO = "phlo"
)

// ApplicationTypes lists the application types.
var ApplicationTypes = []string{AppTypeXML, AppTypePHLO}

// NoApplication is the application_id that attaches none.
const NoApplication = "none"

// ServiceTypes are number_priority's service_type values, upper case as
// every example writes them.
var ServiceTypes = []string{"SMS", "MMS"}

// MemberTypes are the values of the pool list's type filter: local and
// national numbers count as fixed; "tollfree" is the legacy spelling of
// "toll-free".
var MemberTypes = []string{"fixed", "mobile", "toll-free", "tollfree"}

// NameRule describes what CheckName accepts.
var NameRule = fmt.Sprintf("1 to %d characters, not only white space, unique among the account's powerpacks", MaxNameLength)

// CheckName returns an error naming field, the rule and the value, or nil.
func CheckName(field, name string) error {
	if strings.TrimFunc(name, unicode.IsSpace) == "" || utf8.RuneCountInString(name) > MaxNameLength {
		return fmt.Errorf("%s %q is invalid: it must be %s", field, name, NameRule)
	}
	return nil
}

// CheckService requires sms or mms in field.
func CheckService(field, v string) error {
	if !slices.Contains(Services, v) {
		return fmt.Errorf("%s %q is invalid: it must be one of %s", field, v, strings.Join(Services, ", "))
	}
	return nil
}

// CheckApplicationType requires xml or phlo in field (any case: the
// service writes XML back).
func CheckApplicationType(field, v string) error {
	if !slices.Contains(ApplicationTypes, strings.ToLower(v)) {
		return fmt.Errorf("%s %q is invalid: it must be one of %s", field, v, strings.Join(ApplicationTypes, ", "))
	}
	return nil
}

// CheckApplication is the cross-field rule: application_type is required
// when application_id names an application ("" and "none" name none).
func CheckApplication(appType, appID string) error {
	if appID != "" && appID != NoApplication && appType == "" {
		return fmt.Errorf("application_type is required with application_id %q: it must be one of %s", appID, strings.Join(ApplicationTypes, ", "))
	}
	if appType != "" {
		return CheckApplicationType("application_type", appType)
	}
	return nil
}

// ReplyApplicationType is how a reply writes an application type: upper
// case ("XML"), "" for none.
func ReplyApplicationType(v string) string { return strings.ToUpper(v) }

// ConfiguredApplicationType reads a reply's application type as a
// configuration writes it: "XML" is xml.
func ConfiguredApplicationType(v string) string { return strings.ToLower(v) }

// Priority is one entry of number_priority: the order of the three kinds
// of source number for a destination country and a service.
type Priority struct {
	CountryISO  string
	ServiceType string
	Order       [3]string
}

var countryPattern = regexp.MustCompile(`^[A-Z]{2}$`)

// CountryRule describes a country code.
const CountryRule = "an ISO 3166-1 alpha-2 country code in upper case (US)"

// CheckPriority checks one entry; field names it ("number_priority[0]").
// The three kinds must be a permutation of shortcode, tollfree, longcode.
func CheckPriority(field string, p Priority) error {
	if !countryPattern.MatchString(p.CountryISO) {
		return fmt.Errorf("%s.country_iso %q is invalid: it must be %s", field, p.CountryISO, CountryRule)
	}
	if !slices.Contains(ServiceTypes, p.ServiceType) {
		return fmt.Errorf("%s.service_type %q is invalid: it must be one of %s", field, p.ServiceType, strings.Join(ServiceTypes, ", "))
	}
	seen := map[string]bool{}
	for i, k := range p.Order {
		if !slices.Contains(Kinds, k) {
			return fmt.Errorf("%s.priority.priority%d %q is invalid: it must be one of %s", field, i+1, k, strings.Join(Kinds, ", "))
		}
		if seen[k] {
			return fmt.Errorf("%s.priority is invalid: priority1, priority2 and priority3 must be shortcode, tollfree and longcode "+
				"in some order, each once (got %s)", field, strings.Join(p.Order[:], ", "))
		}
		seen[k] = true
	}
	return nil
}

// CheckPriorities checks every entry, and that no country and service
// is given twice. It returns the first error.
func CheckPriorities(field string, ps []Priority) error {
	seen := map[string]int{}
	for i, p := range ps {
		f := fmt.Sprintf("%s[%d]", field, i)
		if err := CheckPriority(f, p); err != nil {
			return err
		}
		key := p.CountryISO + "/" + p.ServiceType
		if j, dup := seen[key]; dup {
			return fmt.Errorf("%s is invalid: %s[%d] already gives the priority of %s %s", f, field, j, p.CountryISO, p.ServiceType)
		}
		seen[key] = i
	}
	return nil
}

// OrderFor is the order of kinds for a destination country and a
// message service (sms or mms): the entry for them, or else the default
// (Kinds).
func OrderFor(ps []Priority, countryISO, service string) [3]string {
	for _, p := range ps {
		if p.CountryISO == countryISO && strings.EqualFold(p.ServiceType, service) {
			return p.Order
		}
	}
	return [3]string{Kinds[0], Kinds[1], Kinds[2]}
}

// MemberIDRule describes a pool member's id.
const MemberIDRule = "<powerpack UUID>/<number>, the number in digits with its country code"

var (
	uuidPattern   = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	numberPattern = regexp.MustCompile(`^[1-9][0-9]{6,14}$`)
)

// UUIDPattern is the form of a powerpack's and a pool's UUID.
var UUIDPattern = uuidPattern

// UUIDRule describes UUIDPattern.
const UUIDRule = "a UUID in lower case (8-4-4-4-12 hexadecimal digits)"

// NumberPattern is the form of a pool member's number.
var NumberPattern = numberPattern

// NumberRule describes NumberPattern.
const NumberRule = "digits with the country code, no + (14155550100)"

// CheckNumber requires a number of NumberPattern in field.
func CheckNumber(field, v string) error {
	if !numberPattern.MatchString(v) {
		return fmt.Errorf("%s %q is invalid: it must be %s", field, v, NumberRule)
	}
	return nil
}

// MemberID is the id of number in the pool of powerpack.
func MemberID(powerpack, number string) string { return powerpack + "/" + number }

// ParseMemberID splits a member id.
func ParseMemberID(id string) (powerpack, number string, err error) {
	p, n, ok := strings.Cut(id, "/")
	if !ok || !uuidPattern.MatchString(p) || !numberPattern.MatchString(n) {
		return "", "", fmt.Errorf("import id %q is invalid: it must be %s", id, MemberIDRule)
	}
	return p, n, nil
}

// PoolPath is the number_pool path of a pool: the SDKs cut its UUID out
// as the sixth "/"-segment, so it must be exactly this form.
func PoolPath(authID, poolUUID string) string {
	return "/v1/Account/" + authID + "/NumberPool/" + poolUUID + "/"
}

// PoolUUID reads the pool's UUID out of a number_pool path, as the SDKs
// do (its sixth "/"-segment).
func PoolUUID(path string) (string, error) {
	parts := strings.Split(path, "/")
	if len(parts) < 6 || parts[4] != "NumberPool" || !uuidPattern.MatchString(parts[5]) {
		return "", fmt.Errorf("number_pool %q is not /v1/Account/{auth_id}/NumberPool/{uuid}/", path)
	}
	return parts[5], nil
}

// CheckStartsWith checks the pool list's starts_with filter: at most
// MaxStartsWith comma-separated prefixes of digits, and country_iso2 with
// it.
func CheckStartsWith(startsWith, countryISO string) error {
	if startsWith == "" {
		return nil
	}
	if countryISO == "" {
		return errors.New("starts_with requires country_iso2")
	}
	prefixes := strings.Split(startsWith, ",")
	if len(prefixes) > MaxStartsWith {
		return fmt.Errorf("starts_with %q is invalid: at most %d prefixes, got %d", startsWith, MaxStartsWith, len(prefixes))
	}
	for _, p := range prefixes {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return fmt.Errorf("starts_with %q is invalid: each prefix is digits without the country code", startsWith)
		}
	}
	return nil
}

// CheckMemberType checks the pool list's type filter, field.
func CheckMemberType(field, v string) error {
	if !slices.Contains(MemberTypes, v) {
		return fmt.Errorf("%s %q is invalid: it must be one of %s", field, v, strings.Join(MemberTypes[:3], ", "))
	}
	return nil
}
