// Package trunkingrules holds the rules of the SIP trunking API (Zentrunk/):
// trunk directions and statuses, which links a direction takes, the forms
// of an IP access list's addresses and of an origination URI, and the
// list limits. The provider's plan-time validators and the emulator both
// call it, so the two cannot disagree.
package trunkingrules

import (
	"fmt"
	"net/netip"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Directions of a trunk: an inbound trunk delivers the calls of its
// numbers to origination URIs; an outbound trunk takes calls from a PBX
// authenticated by an IP access list and/or a credentials list.
const (
	Inbound  = "inbound"
	Outbound = "outbound"
)

// Directions are the values trunk_direction takes.
var Directions = []string{Inbound, Outbound}

// Statuses are the values trunk_status takes; Enabled is the default.
var Statuses = []string{Enabled, Disabled}

// Trunk statuses.
const (
	Enabled  = "enabled"
	Disabled = "disabled"
)

// ListMaxLimit is the largest page of every Zentrunk list (limit 1 to 20,
// default 20).
const ListMaxLimit = 20

// MinCIDRPrefix is the shortest CIDR prefix an IP access list takes. The
// documentation gives single addresses only; a block wider than a /8 lets
// a sixteenth of the Internet send traffic, which no PBX needs (our choice).
const MinCIDRPrefix = 8

// CheckDirection returns an error naming field, the rule and the value, or nil.
func CheckDirection(field, v string) error {
	if !slices.Contains(Directions, v) {
		return fmt.Errorf("%s %q is invalid: it must be one of %s", field, v, strings.Join(Directions, ", "))
	}
	return nil
}

// CheckStatus returns an error naming field, the rule and the value, or nil.
func CheckStatus(field, v string) error {
	if !slices.Contains(Statuses, v) {
		return fmt.Errorf("%s %q is invalid: it must be one of %s", field, v, strings.Join(Statuses, ", "))
	}
	return nil
}

// Link is one of a trunk's links to another Zentrunk object.
type Link int

// A trunk's links.
const (
	LinkIPACL Link = iota
	LinkCredential
	LinkPrimaryURI
	LinkFallbackURI
)

// LinkNames are names of the links in a message: the API's (ipacl_uuid, ...)
// or the provider's (ipacl_id, ...).
type LinkNames [4]string

// APILinkNames are the API's names of the links.
var APILinkNames = LinkNames{"ipacl_uuid", "credential_uuid", "primary_uri_uuid", "fallback_uri_uuid"}

// LinkError is a link rule a trunk breaks, on one link.
type LinkError struct {
	Link Link
	Err  error
}

// CheckLinks returns each link rule of direction that set (which links
// are set) breaks, worded with names: an outbound trunk takes an IP access
// list and/or a credentials list (at least one) and no origination URI;
// an inbound trunk takes a primary origination URI (required) and a
// fallback one, and no IP access list or credentials list. An invalid
// direction breaks no link rule (CheckDirection says what is wrong).
func CheckLinks(direction string, set [4]bool, names LinkNames) []LinkError {
	var errs []LinkError
	refuse := func(l Link) {
		if set[l] {
			errs = append(errs, LinkError{l, fmt.Errorf("%s is not allowed on a trunk whose trunk_direction is %q", names[l], direction)})
		}
	}
	switch direction {
	case Outbound:
		if !set[LinkIPACL] && !set[LinkCredential] {
			errs = append(errs, LinkError{LinkIPACL, fmt.Errorf("a trunk whose trunk_direction is %q needs %s or %s (or both)",
				direction, names[LinkIPACL], names[LinkCredential])})
		}
		refuse(LinkPrimaryURI)
		refuse(LinkFallbackURI)
	case Inbound:
		if !set[LinkPrimaryURI] {
			errs = append(errs, LinkError{LinkPrimaryURI, fmt.Errorf("a trunk whose trunk_direction is %q needs %s", direction, names[LinkPrimaryURI])})
		}
		refuse(LinkIPACL)
		refuse(LinkCredential)
	}
	return errs
}

// NormalizeIP returns the canonical form of an IP access list entry, an
// IPv4 address ("192.0.2.10") or CIDR block ("192.0.2.0/24"): a /32 block
// is its address (the two name the same sender). It returns an error
// naming the rule and the value for anything else: an IPv6 address, a
// block wider than /MinCIDRPrefix, or a block with host bits set (whose
// network address the error gives).
func NormalizeIP(v string) (string, error) {
	const rule = "an IPv4 address (192.0.2.10) or CIDR block (192.0.2.0/24)"
	if addr, block, ok := strings.Cut(v, "/"); ok {
		p, err := netip.ParsePrefix(v)
		if err != nil || !p.Addr().Is4() || strings.HasPrefix(block, "0") && block != "0" || strings.ContainsAny(block, "+-") {
			return "", fmt.Errorf("%q is not %s", v, rule)
		}
		if p.Bits() < MinCIDRPrefix {
			return "", fmt.Errorf("%q is wider than a /%d block, the widest an IP access list takes", v, MinCIDRPrefix)
		}
		if m := p.Masked(); m.Addr() != p.Addr() {
			return "", fmt.Errorf("%q has host bits set: the block is %s", v, m)
		}
		if p.Bits() == 32 {
			return addr, nil
		}
		return p.String(), nil
	}
	a, err := netip.ParseAddr(v)
	if err != nil || !a.Is4() {
		return "", fmt.Errorf("%q is not %s", v, rule)
	}
	return a.String(), nil
}

// CheckIPAddresses checks an IP access list's ip_addresses, as field: at
// least one, each an address or block (NormalizeIP), no two naming the
// same addresses (DuplicateIPs). It returns one error per broken rule.
func CheckIPAddresses(field string, ips []string) []error {
	if len(ips) == 0 {
		return []error{fmt.Errorf("%s must hold at least one IPv4 address or CIDR block", field)}
	}
	var errs []error
	for _, ip := range ips {
		if _, err := NormalizeIP(ip); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", field, err))
		}
	}
	return append(errs, DuplicateIPs(field, ips)...)
}

// DuplicateIPs returns an error for each entry of ips that names the same
// addresses as an earlier one once normalised (10.0.0.1 and 10.0.0.1/32),
// naming both; entries NormalizeIP refuses are skipped.
func DuplicateIPs(field string, ips []string) []error {
	var errs []error
	seen := map[string]string{}
	for _, ip := range ips {
		n, err := NormalizeIP(ip)
		if err != nil {
			continue
		}
		if first, dup := seen[n]; dup {
			errs = append(errs, fmt.Errorf("%s: %q and %q name the same addresses (%s): list each once", field, first, ip, n))
			continue
		}
		seen[n] = ip
	}
	return errs
}

// Transports are the transport parameter values of an origination URI.
var Transports = []string{"udp", "tcp", "tls"}

// URIRule says the form of an origination URI.
const URIRule = "a host name or IPv4 address, with an optional port (1 to 65535) and transport " +
	"(sip.example.com, 192.0.2.10:5060, sip.example.com:5061;transport=tls), without a sip: scheme"

var hostLabel = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$`)

// CheckURI returns an error naming field, the rule and the value, or nil.
func CheckURI(field, v string) error {
	bad := fmt.Errorf("%s %q is invalid: it must be %s", field, v, URIRule)
	if l := strings.ToLower(v); strings.HasPrefix(l, "sip:") || strings.HasPrefix(l, "sips:") {
		return bad
	}
	hostPort, params, hasParams := strings.Cut(v, ";")
	if hasParams {
		t, ok := strings.CutPrefix(strings.ToLower(params), "transport=")
		if !ok || !slices.Contains(Transports, t) {
			return fmt.Errorf("%s %q is invalid: its parameter must be transport=%s", field, v, strings.Join(Transports, ", transport="))
		}
	}
	host, port, hasPort := strings.Cut(hostPort, ":")
	if hasPort {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || strings.HasPrefix(port, "0") || strings.HasPrefix(port, "+") {
			return fmt.Errorf("%s %q is invalid: its port must be 1 to 65535", field, v)
		}
	}
	if a, err := netip.ParseAddr(host); err == nil {
		if !a.Is4() {
			return bad
		}
		return nil
	}
	labels := strings.Split(host, ".")
	if len(host) > 253 || len(labels) < 2 {
		return bad
	}
	for _, l := range labels {
		if !hostLabel.MatchString(l) {
			return bad
		}
	}
	// A name of digits and dots only is a malformed address, not a host.
	if strings.Trim(host, "0123456789.") == "" {
		return bad
	}
	return nil
}

// CheckOriginationAuth checks an origination URI's authentication: with
// authentication_needed true, username and password are both required;
// with it false, neither may be set. It returns the field and error of
// each broken rule, worded with the given names.
func CheckOriginationAuth(needed, hasUsername, hasPassword bool, usernameName, passwordName string) map[string]error {
	errs := map[string]error{}
	if needed {
		if !hasUsername {
			errs[usernameName] = fmt.Errorf("%s is required when authentication_needed is true", usernameName)
		}
		if !hasPassword {
			errs[passwordName] = fmt.Errorf("%s is required when authentication_needed is true", passwordName)
		}
		return errs
	}
	if hasUsername {
		errs[usernameName] = fmt.Errorf("%s is only taken when authentication_needed is true", usernameName)
	}
	if hasPassword {
		errs[passwordName] = fmt.Errorf("%s is only taken when authentication_needed is true", passwordName)
	}
	return errs
}

// TrunkIDPattern is the form of a trunk_id: a string of digits.
var TrunkIDPattern = regexp.MustCompile(`^[0-9]{1,32}$`)

// The rules of a credentials list's username and password. The service's
// documentation ("Create a credentials list") states that both are
// required and no length or character rule for either. The username is a
// SIP digest username: it travels in the Authorization header and in
// sip: URIs, whose user part (RFC 3261 section 25.1) takes no unescaped
// space, so a space or a control character is refused (inferred from the
// protocol, not a rule the service states). The password takes anything
// of at least one character, as the service does.
const (
	SIPUsernameRule = "at least 1 character, with no space or control character (a SIP digest username, RFC 3261)"
	SIPPasswordRule = "at least 1 character (the service states no other rule)"
)

// CheckSIPUsername returns an error naming field, the rule and the value
// (the offending character and its position, counted in characters), or
// nil.
func CheckSIPUsername(field, v string) error {
	if v == "" {
		return fmt.Errorf("%s %q is invalid: it must be %s", field, v, SIPUsernameRule)
	}
	for i, r := range []rune(v) {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			return fmt.Errorf("%s %q is invalid: it has %U at character %d; it must be %s", field, v, r, i+1, SIPUsernameRule)
		}
	}
	return nil
}

// CheckSIPPassword returns an error naming field and the rule, or nil. It
// never quotes the password: it gives its length, in characters.
func CheckSIPPassword(field, v string) error {
	if n := utf8.RuneCountInString(v); n < 1 {
		return fmt.Errorf("%s is invalid: it has %d characters; it must be %s", field, n, SIPPasswordRule)
	}
	return nil
}
