package trunkingrules

import (
	"strings"
	"testing"
)

func TestNormalizeIP(t *testing.T) {
	ok := map[string]string{
		"192.0.2.10": "192.0.2.10", "192.0.2.10/32": "192.0.2.10", "192.0.2.0/24": "192.0.2.0/24", "10.0.0.0/8": "10.0.0.0/8",
	}
	for in, want := range ok {
		if got, err := NormalizeIP(in); err != nil || got != want {
			t.Errorf("NormalizeIP(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	bad := map[string]string{
		"192.0.2.1/24": "host bits set: the block is 192.0.2.0/24", "10.0.0.0/7": "wider than a /8",
		"2001:db8::1": "not an IPv4", "192.0.2": "not an IPv4", "192.0.2.010": "not an IPv4", "": "not an IPv4",
		"192.0.2.0/024": "not an IPv4", "sip.example.com": "not an IPv4",
	}
	for in, want := range bad {
		if _, err := NormalizeIP(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("NormalizeIP(%q) = %v, want an error containing %q", in, err, want)
		}
	}
}

func TestCheckIPAddresses(t *testing.T) {
	if errs := CheckIPAddresses("ip_addresses", []string{"10.0.0.1", "10.0.0.0/24"}); len(errs) != 0 {
		t.Fatal(errs)
	}
	errs := CheckIPAddresses("ip_addresses", []string{"10.0.0.1", "10.0.0.1/32"})
	if len(errs) != 1 || errs[0].Error() != `ip_addresses: "10.0.0.1" and "10.0.0.1/32" name the same addresses (10.0.0.1): list each once` {
		t.Fatal(errs)
	}
	if errs := CheckIPAddresses("ip_addresses", nil); len(errs) != 1 {
		t.Fatal(errs)
	}
}

func TestCheckURI(t *testing.T) {
	for _, v := range []string{"sip.example.com", "sip.example.com:5060", "192.0.2.10:5060", "pbx.example.com:5061;transport=tls", "a-b.example.org;transport=udp"} {
		if err := CheckURI("uri", v); err != nil {
			t.Errorf("CheckURI(%q) = %v", v, err)
		}
	}
	for _, v := range []string{"sip:pbx.example.com", "pbx", "pbx.example.com:0", "pbx.example.com:70000", "pbx.example.com;transport=ws",
		"1.2.3", "2001:db8::1", "-pbx.example.com", "pbx..example.com", ""} {
		if err := CheckURI("uri", v); err == nil {
			t.Errorf("CheckURI(%q) accepted it", v)
		}
	}
}

func TestCheckLinks(t *testing.T) {
	cases := []struct {
		dir  string
		set  [4]bool
		want []string
	}{
		{Outbound, [4]bool{true, false, false, false}, nil},
		{Outbound, [4]bool{false, true, false, false}, nil},
		{Outbound, [4]bool{}, []string{`a trunk whose trunk_direction is "outbound" needs ipacl_uuid or credential_uuid (or both)`}},
		{Outbound, [4]bool{true, false, true, true}, []string{
			`primary_uri_uuid is not allowed on a trunk whose trunk_direction is "outbound"`,
			`fallback_uri_uuid is not allowed on a trunk whose trunk_direction is "outbound"`}},
		{Inbound, [4]bool{false, false, true, true}, nil},
		{Inbound, [4]bool{false, true, false, true}, []string{
			`a trunk whose trunk_direction is "inbound" needs primary_uri_uuid`,
			`credential_uuid is not allowed on a trunk whose trunk_direction is "inbound"`}},
	}
	for _, c := range cases {
		errs := CheckLinks(c.dir, c.set, APILinkNames)
		var got []string
		for _, e := range errs {
			got = append(got, e.Err.Error())
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("CheckLinks(%s, %v) = %q, want %q", c.dir, c.set, got, c.want)
		}
	}
}

func TestCheckOriginationAuth(t *testing.T) {
	if errs := CheckOriginationAuth(true, false, true, "username", "password"); len(errs) != 1 || errs["username"] == nil {
		t.Fatal(errs)
	}
	if errs := CheckOriginationAuth(false, true, false, "username", "password"); len(errs) != 1 {
		t.Fatal(errs)
	}
	if errs := CheckOriginationAuth(true, true, true, "username", "password"); len(errs) != 0 {
		t.Fatal(errs)
	}
}

// A credentials list's username: one character, multi-byte included, is
// enough; a space (any Unicode space) or a control character anywhere is
// refused, the error naming the field, the character and its position in
// characters.
func TestCheckSIPUsername(t *testing.T) {
	for _, v := range []string{"a", "é", "日", "pbx_user-1", "ユーザー", "user.name+tag"} {
		if err := CheckSIPUsername("username", v); err != nil {
			t.Errorf("CheckSIPUsername(%q) = %v, want nil", v, err)
		}
	}
	bad := map[string]string{
		"":             `username "" is invalid: it must be at least 1 character, with no space`,
		"pbx user":     `username "pbx user" is invalid: it has U+0020 at character 4`,
		"é ":           `username "é " is invalid: it has U+0020 at character 2`,
		"日本\u3000語":    `it has U+3000 at character 3`,
		"user\ttab":    `it has U+0009 at character 5`,
		"\u00a0x":      `it has U+00A0 at character 1`,
		"ok\u0000null": `it has U+0000 at character 3`,
	}
	for v, want := range bad {
		if err := CheckSIPUsername("username", v); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckSIPUsername(%q) = %v, want an error containing %q", v, err, want)
		}
	}
}

// A credentials list's password: the service states no rule but that it
// is given, so one character (one multi-byte character too) is enough and
// three are; an empty one is refused by its length, never quoted.
func TestCheckSIPPassword(t *testing.T) {
	for _, v := range []string{"x", "é", "🔑", "abc"} {
		if err := CheckSIPPassword("password_wo", v); err != nil {
			t.Errorf("CheckSIPPassword(%q) = %v, want nil", v, err)
		}
	}
	err := CheckSIPPassword("password_wo", "")
	if err == nil || err.Error() != "password_wo is invalid: it has 0 characters; it must be at least 1 character (the service states no other rule)" {
		t.Errorf("CheckSIPPassword(\"\") = %v", err)
	}
}
