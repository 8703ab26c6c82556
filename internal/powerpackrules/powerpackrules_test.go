package powerpackrules

import (
	"fmt"
	"strings"
	"testing"
)

func TestCheckName(t *testing.T) {
	for _, ok := range []string{"a", "alerts-us", "Ünïcødé pool", strings.Repeat("é", MaxNameLength)} {
		if err := CheckName("name", ok); err != nil {
			t.Errorf("CheckName(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "   ", strings.Repeat("é", MaxNameLength+1)} {
		if err := CheckName("name", bad); err == nil || err.Error() != fmt.Sprintf("name %q is invalid: it must be %s", bad, NameRule) {
			t.Errorf("CheckName(%q) = %v, want an error naming the field, the value and the rule", bad, err)
		}
	}
}

func TestCheckPriorityIsAPermutation(t *testing.T) {
	good := Priority{CountryISO: "US", ServiceType: "SMS", Order: [3]string{KindLongcode, KindShortcode, KindTollfree}}
	if err := CheckPriority("number_priority[0]", good); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p    Priority
		want string
	}{
		{Priority{"US", "SMS", [3]string{KindLongcode, KindLongcode, KindTollfree}}, "must be shortcode, tollfree and longcode in some order"},
		{Priority{"US", "SMS", [3]string{KindLongcode, "mobile", KindTollfree}}, `priority.priority2 "mobile" is invalid`},
		{Priority{"US", "SMS", [3]string{KindLongcode, KindShortcode, ""}}, `priority.priority3 "" is invalid`},
		{Priority{"us", "SMS", [3]string{KindLongcode, KindShortcode, KindTollfree}}, `country_iso "us" is invalid`},
		{Priority{"US", "VOICE", [3]string{KindLongcode, KindShortcode, KindTollfree}}, `service_type "VOICE" is invalid`},
	} {
		if err := CheckPriority("number_priority[0]", tc.p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.p, err, tc.want)
		}
	}
	dup := []Priority{good, good}
	if err := CheckPriorities("number_priority", dup); err == nil || !strings.Contains(err.Error(), "number_priority[0] already gives the priority of US SMS") {
		t.Errorf("duplicate: %v", err)
	}
}

func TestCheckApplication(t *testing.T) {
	for _, tc := range []struct{ typ, id, want string }{
		{"", "", ""}, {"", "none", ""}, {"xml", "123", ""}, {"XML", "123", ""}, {"phlo", "abc", ""},
		{"", "123", "application_type is required"}, {"json", "123", `application_type "json" is invalid`},
	} {
		err := CheckApplication(tc.typ, tc.id)
		if (tc.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CheckApplication(%q, %q) = %v, want %q", tc.typ, tc.id, err, tc.want)
		}
	}
}

func TestCheckApplicationTypeAndMemberType(t *testing.T) {
	for _, ok := range []string{"xml", "XML", "phlo"} {
		if err := CheckApplicationType("application_type", ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	if err := CheckApplicationType("application_type", "json"); err == nil || err.Error() != `application_type "json" is invalid: it must be one of xml, phlo` {
		t.Errorf("json: %v", err)
	}
	for _, ok := range MemberTypes {
		if err := CheckMemberType("type", ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	if err := CheckMemberType("type", "local"); err == nil || err.Error() != `type "local" is invalid: it must be one of fixed, mobile, toll-free` {
		t.Errorf("local: %v", err)
	}
}

func TestMemberIDAndPoolPath(t *testing.T) {
	const pp = "86bbb125-97bb-4d72-89fd-81d5c515b015"
	p, n, err := ParseMemberID(MemberID(pp, "14155550100"))
	if err != nil || p != pp || n != "14155550100" {
		t.Fatalf("%q %q %v", p, n, err)
	}
	for _, bad := range []string{pp, pp + "/", pp + "/+14155550100", "x/14155550100"} {
		if _, _, err := ParseMemberID(bad); err == nil || !strings.Contains(err.Error(), MemberIDRule) {
			t.Errorf("ParseMemberID(%q) = %v", bad, err)
		}
	}
	pool := "659c7f88-c819-46e2-8af4-2d8a84249099"
	if got, err := PoolUUID(PoolPath("MAXXXXXXXXXXXXXXXXXX", pool)); err != nil || got != pool {
		t.Fatalf("PoolUUID = %q, %v", got, err)
	}
	if _, err := PoolUUID("/v1/Account/MA/Powerpack/" + pool + "/"); err == nil {
		t.Fatal("a path that is not a pool's was read")
	}
}

func TestCheckStartsWith(t *testing.T) {
	if err := CheckStartsWith("415,212", "US"); err != nil {
		t.Fatal(err)
	}
	if err := CheckStartsWith("415", ""); err == nil || !strings.Contains(err.Error(), "requires country_iso2") {
		t.Errorf("without country: %v", err)
	}
	if err := CheckStartsWith("1,2,3,4,5,6,7,8,9,10,11", "US"); err == nil || !strings.Contains(err.Error(), "at most 10 prefixes, got 11") {
		t.Errorf("11 prefixes: %v", err)
	}
}

// The pool's rules, each shown choosing a number.
var (
	sfLinked   = Member{Number: "14155550100", Kind: KindLongcode, Service: ServiceSMS, CountryISO: "US", AreaCode: "415", Region: "California", Linked10DLC: true}
	nyLinked   = Member{Number: "12125550101", Kind: KindLongcode, Service: ServiceMMS, CountryISO: "US", AreaCode: "212", Region: "New York", Linked10DLC: true}
	oakLinked  = Member{Number: "15105550102", Kind: KindLongcode, Service: ServiceSMS, CountryISO: "US", AreaCode: "510", Region: "California", Linked10DLC: true}
	unlinked   = Member{Number: "13125550102", Kind: KindLongcode, Service: ServiceSMS, CountryISO: "US", AreaCode: "312", Region: "Illinois"}
	tollfree   = Member{Number: "18005550199", Kind: KindTollfree, Service: ServiceSMS, CountryISO: "US", TollfreeVerified: true}
	shortUS    = Member{Number: "444444", Kind: KindShortcode, CountryISO: "US"}
	toSF       = Destination{Number: "14155550111", CountryISO: "US", AreaCode: "415", Region: "California"}
	toLA       = Destination{Number: "12135550111", CountryISO: "US", AreaCode: "213", Region: "California"}
	toChicago  = Destination{Number: "13125550111", CountryISO: "US", AreaCode: "312", Region: "Illinois"}
	longFirst  = Priority{CountryISO: "US", ServiceType: "SMS", Order: [3]string{KindLongcode, KindTollfree, KindShortcode}}
	localFirst = Pool{LocalConnect: true, Priorities: []Priority{longFirst}}
)

func choose(t *testing.T, p Pool, ms []Member, d Destination, service string) Choice {
	t.Helper()
	c, err := Choose(p, ms, d, service)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestChooseDefaultPriority(t *testing.T) {
	// Short code before toll-free before long code.
	if c := choose(t, Pool{}, []Member{sfLinked, tollfree, shortUS}, toSF, ServiceSMS); c.Number != shortUS.Number || c.Rule != RulePriority {
		t.Errorf("got %+v, want the short code", c)
	}
	if c := choose(t, Pool{}, []Member{sfLinked, tollfree}, toSF, ServiceSMS); c.Number != tollfree.Number {
		t.Errorf("got %+v, want the toll-free number", c)
	}
}

func TestChooseNumberPriorityByCountryAndService(t *testing.T) {
	p := Pool{Priorities: []Priority{longFirst}}
	if c := choose(t, p, []Member{sfLinked, tollfree, shortUS}, toSF, ServiceSMS); c.Kind != KindLongcode {
		t.Errorf("US SMS with longcode first: %+v", c)
	}
	// No entry for MMS: the default order.
	if c := choose(t, p, []Member{nyLinked, shortUS}, toSF, ServiceMMS); c.Kind != KindShortcode {
		t.Errorf("US MMS by default: %+v", c)
	}
}

func TestChooseLocalConnect(t *testing.T) {
	ms := []Member{nyLinked, oakLinked, sfLinked}
	if c := choose(t, localFirst, ms, toSF, ServiceSMS); c.Number != sfLinked.Number || c.Rule != RuleAreaCode {
		t.Errorf("area code: %+v", c)
	}
	// No 213 number: the region (California) picks Oakland before New York.
	if c := choose(t, localFirst, []Member{nyLinked, oakLinked}, toLA, ServiceSMS); c.Number != oakLinked.Number || c.Rule != RuleRegion {
		t.Errorf("region: %+v", c)
	}
	// Without local connect: the lowest number.
	if c := choose(t, Pool{Priorities: []Priority{longFirst}}, ms, toSF, ServiceSMS); c.Number != nyLinked.Number || c.Rule != RulePriority {
		t.Errorf("without local connect: %+v", c)
	}
}

func TestChooseStickySender(t *testing.T) {
	p := localFirst
	p.StickySender, p.Sticky = true, map[string]string{toSF.Number: nyLinked.Number}
	if c := choose(t, p, []Member{nyLinked, sfLinked}, toSF, ServiceSMS); c.Number != nyLinked.Number || c.Rule != RuleSticky {
		t.Errorf("sticky: %+v", c)
	}
	// A sticky number that left the pool no longer counts.
	if c := choose(t, p, []Member{sfLinked}, toSF, ServiceSMS); c.Number != sfLinked.Number || c.Rule != RuleAreaCode {
		t.Errorf("sticky number gone: %+v", c)
	}
	// Off: remembered senders are ignored.
	p.StickySender = false
	if c := choose(t, p, []Member{nyLinked, sfLinked}, toSF, ServiceSMS); c.Number != sfLinked.Number {
		t.Errorf("sticky off: %+v", c)
	}
}

func TestChooseReach(t *testing.T) {
	// The unlinked US long code cannot send to the US, even locally.
	if c := choose(t, localFirst, []Member{unlinked, oakLinked}, toChicago, ServiceSMS); c.Number != oakLinked.Number {
		t.Errorf("10DLC: %+v", c)
	}
	// MMS needs a member added for mms.
	if c := choose(t, localFirst, []Member{sfLinked, nyLinked}, toSF, ServiceMMS); c.Number != nyLinked.Number {
		t.Errorf("mms: %+v", c)
	}
	_, err := Choose(localFirst, []Member{unlinked, sfLinked, shortUS}, Destination{Number: "447700900123", CountryISO: "GB"}, ServiceSMS)
	if err == nil {
		t.Fatal("a GB destination was reached from US numbers")
	}
	for _, want := range []string{"no number of the pool can reach 447700900123", "short code 444444 of US reaches only US, not GB",
		"longcode 14155550100 is a number of US and cannot reach GB"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%v lacks %q", err, want)
		}
	}
	_, err = Choose(localFirst, []Member{unlinked}, toChicago, ServiceSMS)
	if err == nil || !strings.Contains(err.Error(), "not linked to an ACTIVE 10DLC campaign") {
		t.Errorf("only an unlinked long code: %v", err)
	}
	unverified := tollfree
	unverified.TollfreeVerified = false
	if why := Reach(unverified, toSF, ServiceSMS); !strings.Contains(why, "no APPROVED toll-free verification") {
		t.Errorf("unverified toll-free: %q", why)
	}
	if _, err := Choose(localFirst, nil, toSF, ServiceSMS); err == nil || !strings.Contains(err.Error(), "the pool has no numbers") {
		t.Errorf("empty pool: %v", err)
	}
}
