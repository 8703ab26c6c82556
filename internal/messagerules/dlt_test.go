package messagerules

import (
	"strings"
	"testing"
)

func TestDLTFailure(t *testing.T) {
	acct := DLTAccount{Enabled: true, EntityID: "1201159123456789012", Templates: map[string]DLTTemplate{
		"1207161234567890123": {Header: "ACMEIN", Category: "transactional"},
		"1207169999999999999": {Header: "ACMEIN", Category: "promotional"},
	}}
	ok := Message{Src: "ACMEIN", Dst: "919876543210", Text: "x", DLTEntityID: "1201159123456789012", DLTTemplateID: "1207161234567890123"}
	with := func(f func(*Message)) Message { m := ok; f(&m); return m }
	for _, tt := range []struct {
		name string
		m    Message
		acct DLTAccount
		want string // "" passes
	}{
		{"no DLT fields, not a DLT account", Message{Src: "14155550100"}, DLTAccount{}, ""},
		{"category alone", Message{Src: "14155550100", DLTTemplateCategory: "promotional"}, DLTAccount{}, ""},
		{"complete and matching", ok, acct, ""},
		{"header compared sanitised, any case", with(func(m *Message) { m.Src = "acme-in" }), acct, ""},
		{"matching category", with(func(m *Message) { m.DLTTemplateCategory = "transactional" }), acct, ""},
		{"entity id on an account without DLT", with(func(m *Message) { m.DLTTemplateID = "" }), DLTAccount{}, "not set up for India DLT"},
		{"complete pair on an account without DLT", ok, DLTAccount{}, "not set up for India DLT"},
		{"entity id only", with(func(m *Message) { m.DLTTemplateID = "" }), acct, "only one was sent"},
		{"template id only", with(func(m *Message) { m.DLTEntityID = "" }), acct, "only one was sent"},
		{"another entity", with(func(m *Message) { m.DLTEntityID = "1201159000000000000" }), acct, "not the account's DLT entity ID"},
		{"unknown template", with(func(m *Message) { m.DLTTemplateID = "1207160000000000000" }), acct, "not a DLT template of the account"},
		{"template of another header", with(func(m *Message) { m.Src = "OTHERH" }), acct, `associated with the header "ACMEIN", not with src "OTHERH"`},
		{"powerpack instead of the header", with(func(m *Message) { m.Src = ""; m.PowerpackUUID = "0b6b1c8e-0f0a-4d8e-9b7a-2f7a1c1d2e3f" }), acct, "not with src"},
		{"DND tagging: promotional template sent as transactional", with(func(m *Message) {
			m.DLTTemplateID, m.DLTTemplateCategory = "1207169999999999999", "transactional"
		}), acct, "incorrect DND tagging"},
		{"DND tagging: service_explicit is not transactional", with(func(m *Message) { m.DLTTemplateCategory = "service_explicit" }), acct, "incorrect DND tagging"},
	} {
		got := DLTFailure(tt.m, tt.acct)
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("%s: DLTFailure = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestCheckDLTAccount(t *testing.T) {
	if err := CheckDLTAccount(DLTAccount{}); err != nil {
		t.Errorf("disabled account: %v", err)
	}
	if err := CheckDLTAccount(DLTAccount{Enabled: true}); err == nil || !strings.Contains(err.Error(), "entity_id") {
		t.Errorf("no entity id: %v", err)
	}
	bad := DLTAccount{Enabled: true, EntityID: "1", Templates: map[string]DLTTemplate{"T": {Header: "ACMEIN", Category: "spam"}}}
	if err := CheckDLTAccount(bad); err == nil || !strings.Contains(err.Error(), "category must be one of") {
		t.Errorf("bad category: %v", err)
	}
}
