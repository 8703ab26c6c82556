package wire

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// TestKeys_recordWhatTheBodySent: a keyed shape notes each key sent with a
// value (null counts as left out), matched without regard to case, as
// encoding/json matches the fields; a field of the wrong type stays a
// type error naming it, and a body that is not an object one naming the
// shape.
func TestKeys_recordWhatTheBodySent(t *testing.T) {
	var e EndpointCreate
	if err := json.Unmarshal([]byte(`{"username": "u", "Password": "", "alias": null}`), &e); err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]bool{"username": true, "password": true, "PASSWORD": true, "alias": false, "app_id": false} {
		if e.Has(key) != want {
			t.Errorf("Has(%q) = %v, want %v", key, e.Has(key), want)
		}
	}
	if e.Username != "u" || e.Password != "" {
		t.Errorf("fields read as %+v", e)
	}

	var typeErr *json.UnmarshalTypeError
	if err := json.Unmarshal([]byte(`{"password": 5}`), &e); !errors.As(err, &typeErr) || typeErr.Field != "password" {
		t.Errorf("password 5: got %v, want a type error naming field password", err)
	}
	for _, v := range []any{&EndpointCreate{}, &TrunkCreate{}, &CampaignCreate{}, &NumberUnlink{}, &MaskingSessionCreate{}} {
		err := json.Unmarshal([]byte(`[1]`), v)
		want := reflect.TypeOf(v).Elem()
		if !errors.As(err, &typeErr) || typeErr.Type != want {
			t.Errorf("[1] into %v: got %v, want a type error naming %v", want, err, want)
		}
	}

	// A second decode into the same value notes only its own keys.
	var u NumberUnlink
	_ = json.Unmarshal([]byte(`{"url": ""}`), &u)
	_ = json.Unmarshal([]byte(`{"method": "GET"}`), &u)
	if u.Has("url") || !u.Has("method") {
		t.Errorf("after a second decode: url %v method %v, want false true", u.Has("url"), u.Has("method"))
	}
}

// TestKeys_clientBytesUnchanged: the shapes the client sends write what
// they wrote before they carried Keys (when the emulator moved onto
// them): Keys are never written, the fields the client never sets
// (reseller_id, a trunk update's direction) are left out, and
// pin_retry_wait is still a number. A value the emulator decoded writes
// the same bytes as the one the client built.
func TestKeys_clientBytesUnchanged(t *testing.T) {
	wait, yes := FlexInt(9), true
	for _, tc := range []struct {
		v    any
		want string
	}{
		{EndpointCreate{Username: "u", Password: "p", Alias: "a"}, `{"username":"u","password":"p","alias":"a"}`},
		{EndpointCreate{}, `{"username":"","password":"","alias":""}`},
		{TrunkCreate{Name: "t", TrunkDirection: "outbound", IPACLUUID: "x"}, `{"name":"t","trunk_direction":"outbound","ipacl_uuid":"x"}`},
		{TrunkUpdate{}, `{}`},
		{IPACLCreate{IPAddresses: []string{"192.0.2.1"}}, `{"ip_addresses":["192.0.2.1"]}`},
		{IPACLUpdate{IPAddresses: []string{}}, `{}`},
		{NumberUnlink{}, `{}`},
		{NumberUnlink{URL: "https://x.example/cb", Method: "GET"}, `{"url":"https://x.example/cb","method":"GET"}`},
		{MaskingSessionCreate{FirstParty: "1", SecondParty: "2", PINRetryWait: &wait, GeneratePIN: &yes},
			`{"first_party":"1","second_party":"2","generate_pin":true,"pin_retry_wait":9}`},
		{CampaignCreate{BrandID: "B", CampaignAlias: "A", Vertical: "V", Usecase: "U", Description: "D", Sample1: "s1", Sample2: "s2",
			CampaignAttributes: CampaignAttributes{SubscriberOptin: true}},
			`{"brand_id":"B","campaign_alias":"A","vertical":"V","usecase":"U","description":"D","sample1":"s1","sample2":"s2",` +
				`"embedded_link":false,"embedded_phone":false,"age_gated":false,"direct_lending":false,"affiliate_marketing":false,` +
				`"subscriber_optin":true,"subscriber_optout":false,"subscriber_help":false}`},
	} {
		b, err := json.Marshal(tc.v)
		if err != nil || string(b) != tc.want {
			t.Errorf("%T written as %s (%v), want %s", tc.v, b, err, tc.want)
			continue
		}
		decoded := reflect.New(reflect.TypeOf(tc.v))
		if err := json.Unmarshal(b, decoded.Interface()); err != nil {
			t.Errorf("%T: %v", tc.v, err)
			continue
		}
		if again, _ := json.Marshal(decoded.Interface()); string(again) != tc.want {
			t.Errorf("%T decoded and written again as %s, want %s", tc.v, again, tc.want)
		}
	}
}

// TestMaskingSessionCreate_options: the options a create sent are in the
// update's shape, nil where the body left them out, set (even "") where it
// sent them; pin_retry_wait reads a number or a string holding one.
func TestMaskingSessionCreate_options(t *testing.T) {
	var m MaskingSessionCreate
	if err := json.Unmarshal([]byte(`{"record_file_format": "", "callback_url": null, "ring_timeout": 30, "pin_retry_wait": "15"}`), &m); err != nil {
		t.Fatal(err)
	}
	o := m.Options()
	if o.RecordFileFormat == nil || *o.RecordFileFormat != "" {
		t.Errorf("record_file_format sent empty reads as %v, want \"\"", o.RecordFileFormat)
	}
	if o.CallbackURL != nil || o.CallbackMethod != nil || o.FirstPartyPlayURL != nil {
		t.Errorf("options left out (or null) read as set: %+v", o)
	}
	if o.RingTimeout == nil || *o.RingTimeout != 30 || m.PINRetryWait == nil || *m.PINRetryWait != 15 {
		t.Errorf("ring_timeout %v pin_retry_wait %v, want 30 and 15", o.RingTimeout, m.PINRetryWait)
	}
	for in, want := range map[string]string{
		`{"pin_retry_wait": "abc"}`: `must be an integer or a string holding one, got "abc"`,
		`{"pin_retry_wait": true}`:  `must be an integer or a string holding one, got true`,
	} {
		if err := json.Unmarshal([]byte(in), &m); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", in, err, want)
		}
	}
}

// TestCampaignCreate_text: the create's text reads as an update's does.
func TestCampaignCreate_text(t *testing.T) {
	c := CampaignCreate{CampaignAlias: "A", Sample3: "s3", PrivacyPolicyLink: "https://x.example/p"}
	u := c.Text()
	if Deref(u.CampaignAlias) != "A" || Deref(u.Samples()[2]) != "s3" || Deref(u.PrivacyPolicyLink) != "https://x.example/p" || Deref(u.Description) != "" {
		t.Errorf("text %+v", u)
	}
}
