package messagerules

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestParseMediaURLs(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{" , ", nil},
		{"https://a.example/x.png", []string{"https://a.example/x.png"}},
		{"https://a.example/x.png, https://b.example/y%2Cz.png,", []string{"https://a.example/x.png", "https://b.example/y%2Cz.png"}},
	}
	for _, tt := range tests {
		if got := ParseMediaURLs(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseMediaURLs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMessageJSONFieldNames(t *testing.T) {
	yes := true
	m := Message{
		Src: "1", PowerpackUUID: "p", Dst: "2", Text: "t", Type: "chatapp", MediaURLs: []string{"u"},
		Template: &Template{Name: "n", Language: "en", Components: []Component{{
			Type: "button", SubType: "quick_reply", Index: "0",
			Parameters: []Parameter{{Type: "payload", Text: "x", Media: "m", Payload: "y"}},
		}}},
		MessageExpiry: intp(60), URL: "https://h", Method: "POST", DLTEntityID: "e", DLTTemplateID: "i",
		DLTTemplateCategory: "promotional", Trackable: &yes, Log: "false",
	}
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"src":"1","powerpack_uuid":"p","dst":"2","text":"t","type":"chatapp","media_urls":["u"],` +
		`"template":{"name":"n","language":"en","components":[{"type":"button","sub_type":"quick_reply","index":"0",` +
		`"parameters":[{"type":"payload","text":"x","media":"m","payload":"y"}]}]},"message_expiry":60,"url":"https://h",` +
		`"method":"POST","dlt_entity_id":"e","dlt_template_id":"i","dlt_template_category":"promotional","trackable":true,"log":"false"}`
	if string(data) != want {
		t.Errorf("Marshal =\n%s\nwant\n%s", data, want)
	}
	var back Message
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, m) {
		t.Errorf("round trip = %+v, want %+v", back, m)
	}
}

func TestMessageUnmarshalWireForms(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		name, in string
		want     Message
	}{
		{"spec forms", `{"dst":"1","media_urls":"https://a/x.png,https://b/y.png","message_expiry":"300","trackable":"true"}`,
			Message{Dst: "1", MediaURLs: []string{"https://a/x.png", "https://b/y.png"}, MessageExpiry: intp(300), Trackable: &yes}},
		{"client forms", `{"dst":"1","media_urls":["https://a/x.png"],"message_expiry":300,"trackable":false}`,
			Message{Dst: "1", MediaURLs: []string{"https://a/x.png"}, MessageExpiry: intp(300), Trackable: &no}},
		{"nulls", `{"dst":"1","media_urls":null,"message_expiry":null,"trackable":null}`, Message{Dst: "1"}},
		{"absent", `{"dst":"1"}`, Message{Dst: "1"}},
		// The Go library's log is an interface{}: a boolean reaches the wire.
		{"log as a boolean", `{"dst":"1","log":false}`, Message{Dst: "1", Log: "false"}},
		{"log as a string", `{"dst":"1","log":"number_only"}`, Message{Dst: "1", Log: "number_only"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got Message
			if err := json.Unmarshal([]byte(tt.in), &got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Unmarshal = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestMessageUnmarshalRejects(t *testing.T) {
	for _, in := range []string{
		`{"message_expiry":"soon"}`,
		`{"message_expiry":1.5}`,
		`{"media_urls":42}`,
		`{"trackable":"yes"}`,
		`{"trackable":"1"}`,
		`{"dst":5}`,
		`{"log":7}`,
	} {
		var m Message
		if err := json.Unmarshal([]byte(in), &m); err == nil {
			t.Errorf("Unmarshal(%s) = nil error, want one", in)
		}
	}
}
