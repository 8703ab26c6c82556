package messagerules

import (
	"fmt"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"reflect"
	"strings"
	"testing"
)

func intp(n int) *int { return &n }

func fields(es fielderr.List) []string {
	var fs []string
	for _, e := range es {
		fs = append(fs, e.Path.String())
	}
	return fs
}

func validSMS() Message {
	return Message{Src: "+1 (415) 555-0100", Dst: "+44 20 7946 0958", Text: "Your code is 123456"}
}

func validMMS() Message {
	return Message{Src: "14155550100", Dst: "14155550199", Type: TypeMMS, MediaURLs: []string{"https://example.com/a.png"}}
}

func validChat() Message {
	return Message{Src: "14155550100", Dst: "919876543210", Type: TypeChatApp, Text: "Hello"}
}

func validTemplated() Message {
	return Message{Src: "14155550100", Dst: "919876543210", Type: TypeChatApp, Template: &Template{
		Name: "order_update", Language: "en_US",
		Components: []Component{{Type: ComponentBody, Parameters: []Parameter{{Type: ParameterText, Text: "42"}}}},
	}}
}

func urls(n int) []string {
	us := make([]string, n)
	for i := range us {
		us[i] = "https://example.com/" + strings.Repeat("x", i+1) + ".png"
	}
	return us
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		msg  func() Message
		want []string // failing fields; nil means valid
	}{
		{"sms", validSMS, nil},
		{"mms", validMMS, nil},
		{"chatapp text", validChat, nil},
		{"chatapp template", validTemplated, nil},

		// Sender.
		{"no sender", func() Message { m := validSMS(); m.Src = ""; return m }, []string{"src"}},
		{"src and powerpack", func() Message {
			m := validSMS()
			m.PowerpackUUID = "3f0e2c47-9a2b-4c1d-8e5f-0123456789ab"
			return m
		}, []string{"powerpack_uuid"}},
		{"powerpack alone", func() Message {
			m := validSMS()
			m.Src, m.PowerpackUUID = "", "3f0e2c47-9a2b-4c1d-8e5f-0123456789ab"
			return m
		}, nil},
		{"powerpack not a UUID", func() Message { m := validSMS(); m.Src, m.PowerpackUUID = "", "pp-1"; return m }, []string{"powerpack_uuid"}},
		{"powerpack with chatapp", func() Message {
			m := validChat()
			m.Src, m.PowerpackUUID = "", "3f0e2c47-9a2b-4c1d-8e5f-0123456789ab"
			return m
		}, []string{"powerpack_uuid"}},
		{"src alphanumeric 11", func() Message { m := validSMS(); m.Src = "ACME Bank 123"; return m }, nil},
		{"src alphanumeric 12", func() Message { m := validSMS(); m.Src = "ACME Bank 1234"; return m }, []string{"src"}},
		{"src 14 digits", func() Message { m := validSMS(); m.Src = "+12345678901234"; return m }, nil},
		{"src 15 digits", func() Message { m := validSMS(); m.Src = "+123456789012345"; return m }, []string{"src"}},
		{"chatapp alphanumeric src", func() Message { m := validChat(); m.Src = "ACME"; return m }, []string{"src"}},

		// Destinations.
		{"no dst", func() Message { m := validSMS(); m.Dst = ""; return m }, []string{"dst"}},
		{"dst 14 digits", func() Message { m := validSMS(); m.Dst = "+1 (415) 555-1234 567"; return m }, nil},
		{"dst 15 digits", func() Message { m := validSMS(); m.Dst = "+1 (415) 555-1234 5678"; return m }, []string{"dst"}},
		{"dst trunk prefix", func() Message { m := validSMS(); m.Dst = "020 7946 0958"; return m }, []string{"dst"}},
		{"several dst", func() Message { m := validSMS(); m.Dst = "14155550101<14155550102<442079460958"; return m }, nil},
		{"several dst, one bad", func() Message { m := validSMS(); m.Dst = "14155550101<1415CALL<442079460958"; return m }, []string{"dst[1]"}},
		{"empty destination between separators", func() Message { m := validSMS(); m.Dst = "14155550101<<14155550102"; return m }, []string{"dst[1]"}},
		{"trailing separator", func() Message { m := validSMS(); m.Dst = "14155550101<"; return m }, []string{"dst[1]"}},

		// Type and text.
		{"type defaults to sms", func() Message { m := validSMS(); m.Type = ""; return m }, nil},
		{"unknown type", func() Message { m := validSMS(); m.Type = "SMS"; return m }, []string{"type"}},
		{"sms without text", func() Message { m := validSMS(); m.Text = ""; return m }, []string{"text"}},
		{"sms GSM 1600", func() Message { m := validSMS(); m.Text = strings.Repeat("a", 1600); return m }, nil},
		{"sms GSM 1601", func() Message { m := validSMS(); m.Text = strings.Repeat("a", 1601); return m }, []string{"text"}},
		{"sms GSM 1599 + extension = 1601", func() Message { m := validSMS(); m.Text = strings.Repeat("a", 1599) + "€"; return m }, []string{"text"}},
		{"sms GSM 1598 + extension = 1600", func() Message { m := validSMS(); m.Text = strings.Repeat("a", 1598) + "€"; return m }, nil},
		{"sms UCS-2 737", func() Message { m := validSMS(); m.Text = strings.Repeat("ж", 737); return m }, nil},
		{"sms UCS-2 738", func() Message { m := validSMS(); m.Text = strings.Repeat("ж", 738); return m }, []string{"text"}},
		{"sms UCS-2 736 + emoji = 738", func() Message { m := validSMS(); m.Text = strings.Repeat("ж", 736) + "😀"; return m }, []string{"text"}},
		{"sms with media", func() Message { m := validSMS(); m.MediaURLs = urls(1); return m }, []string{"media_urls"}},
		{"sms with template", func() Message { m := validSMS(); m.Template = validTemplated().Template; return m }, []string{"template"}},

		// MMS.
		{"mms without media", func() Message { m := validMMS(); m.MediaURLs = nil; m.Text = "hi"; return m }, []string{"media_urls"}},
		{"mms 10 media", func() Message { m := validMMS(); m.MediaURLs = urls(10); return m }, nil},
		{"mms 11 media", func() Message { m := validMMS(); m.MediaURLs = urls(11); return m }, []string{"media_urls"}},
		{"mms long text has no limit", func() Message { m := validMMS(); m.Text = strings.Repeat("ж", 5000); return m }, nil},
		{"mms relative media URL", func() Message { m := validMMS(); m.MediaURLs = []string{"/a.png"}; return m }, []string{"media_urls[0]"}},
		{"mms ftp media URL", func() Message {
			m := validMMS()
			m.MediaURLs = []string{"https://example.com/a.png", "ftp://example.com/b.png"}
			return m
		}, []string{"media_urls[1]"}},
		{"mms empty media URL", func() Message { m := validMMS(); m.MediaURLs = []string{""}; return m }, []string{"media_urls[0]"}},

		// Chat app.
		{"chatapp nothing to send", func() Message { m := validChat(); m.Text = ""; return m }, []string{"text"}},
		{"chatapp text 4096", func() Message { m := validChat(); m.Text = strings.Repeat("ж", 4096); return m }, nil},
		{"chatapp text 4097", func() Message { m := validChat(); m.Text = strings.Repeat("ж", 4097); return m }, []string{"text"}},
		{"chatapp media only", func() Message { m := validChat(); m.Text = ""; m.MediaURLs = urls(1); return m }, nil},
		{"chatapp caption 1024", func() Message { m := validChat(); m.Text = strings.Repeat("a", 1024); m.MediaURLs = urls(1); return m }, nil},
		{"chatapp caption 1025", func() Message { m := validChat(); m.Text = strings.Repeat("a", 1025); m.MediaURLs = urls(1); return m }, []string{"text"}},
		{"chatapp two media", func() Message { m := validChat(); m.MediaURLs = urls(2); return m }, []string{"media_urls"}},
		{"chatapp template and text", func() Message { m := validTemplated(); m.Text = "hi"; return m }, []string{"text"}},
		{"chatapp template and media", func() Message { m := validTemplated(); m.MediaURLs = urls(1); return m }, []string{"media_urls"}},
		{"chatapp bad template", func() Message { m := validTemplated(); m.Template.Language = "english"; return m }, []string{"template.language"}},

		// message_expiry.
		{"expiry 4", func() Message { m := validSMS(); m.MessageExpiry = intp(4); return m }, []string{"message_expiry"}},
		{"expiry 5", func() Message { m := validSMS(); m.MessageExpiry = intp(5); return m }, nil},
		{"expiry 10799", func() Message { m := validSMS(); m.MessageExpiry = intp(10799); return m }, nil},
		{"expiry 10800", func() Message { m := validSMS(); m.MessageExpiry = intp(10800); return m }, []string{"message_expiry"}},
		{"expiry 0", func() Message { m := validSMS(); m.MessageExpiry = intp(0); return m }, []string{"message_expiry"}},

		// Callback, DLT, log.
		{"url and method", func() Message {
			m := validSMS()
			m.URL, m.Method = "https://hooks.example.com/status?x=1", "GET"
			return m
		}, nil},
		{"url relative", func() Message { m := validSMS(); m.URL = "hooks.example.com/status"; return m }, []string{"url"}},
		{"url without host", func() Message { m := validSMS(); m.URL = "https:///status"; return m }, []string{"url"}},
		{"url unparsable", func() Message { m := validSMS(); m.URL = "http://exa mple.com/%zz"; return m }, []string{"url"}},
		{"method lower case", func() Message { m := validSMS(); m.Method = "post"; return m }, []string{"method"}},
		{"method PUT", func() Message { m := validSMS(); m.Method = "PUT"; return m }, []string{"method"}},
		{"dlt complete", func() Message {
			m := validSMS()
			m.DLTEntityID, m.DLTTemplateID, m.DLTTemplateCategory = "1201159", "1207161", "service_implicit"
			return m
		}, nil},
		{"dlt entity alone passes validation", func() Message { m := validSMS(); m.DLTEntityID = "1201159"; return m }, nil},
		{"dlt bad category", func() Message { m := validSMS(); m.DLTTemplateCategory = "marketing"; return m }, []string{"dlt_template_category"}},
		{"log content_only", func() Message { m := validSMS(); m.Log = "content_only"; return m }, nil},
		{"log TRUE", func() Message { m := validSMS(); m.Log = "TRUE"; return m }, []string{"log"}},

		// Several at once, in request order.
		{"several errors", func() Message {
			return Message{Dst: "0<", Type: TypeMMS, MessageExpiry: intp(10800), Method: "PATCH", Log: "no"}
		}, []string{"src", "dst[0]", "dst[1]", "media_urls", "message_expiry", "method", "log"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Validate(tt.msg())
			if !reflect.DeepEqual(fields(got), tt.want) {
				t.Errorf("Validate failed fields %q, want %q\nerrors: %v", fields(got), tt.want, got)
			}
		})
	}
}

func TestValidateMessages(t *testing.T) {
	m := validSMS()
	m.Text = strings.Repeat("ж", 738)
	m.Method = "put"
	got := Validate(m).Error()
	want := `text: must be at most 737 UCS-2 characters, is 738 (got "` + strings.Repeat("ж", 64) + `"... (738 characters)); method: must be GET or POST (got "put")`
	if got != want {
		t.Errorf("Validate error =\n%s\nwant\n%s", got, want)
	}
}

func TestDLTIncomplete(t *testing.T) {
	tests := []struct {
		entity, template string
		want             bool
	}{
		{"", "", false},
		{"1201159", "1207161", false},
		{"1201159", "", true},
		{"", "1207161", true},
	}
	for _, tt := range tests {
		m := validSMS()
		m.DLTEntityID, m.DLTTemplateID = tt.entity, tt.template
		if got := DLTIncomplete(m); got != tt.want {
			t.Errorf("DLTIncomplete(entity %q, template %q) = %v, want %v", tt.entity, tt.template, got, tt.want)
		}
	}
}

func TestEffectiveDefaults(t *testing.T) {
	var m Message
	if m.EffectiveType() != "sms" || m.EffectiveMessageExpiry() != 10800 {
		t.Errorf("defaults = %q, %d; want sms, 10800", m.EffectiveType(), m.EffectiveMessageExpiry())
	}
	m.Type, m.MessageExpiry = TypeMMS, intp(60)
	if m.EffectiveType() != "mms" || m.EffectiveMessageExpiry() != 60 {
		t.Errorf("given values = %q, %d; want mms, 60", m.EffectiveType(), m.EffectiveMessageExpiry())
	}
}

func TestCheckOptionAndExpiryNameFieldRuleAndValue(t *testing.T) {
	for _, tc := range []struct {
		field, value string
		ok           bool
	}{
		{"type", "sms", true}, {"type", "SMS", false}, {"type", "fax", false},
		{"method", "POST", true}, {"method", "post", false},
		{"dlt_template_category", "promotional", true}, {"dlt_template_category", "ads", false},
		{"log", "content_only", true}, {"log", "sometimes", false},
	} {
		err := CheckOption(tc.field, tc.value)
		if (err == nil) != tc.ok {
			t.Errorf("CheckOption(%q, %q) = %v, want ok %v", tc.field, tc.value, err, tc.ok)
		}
		if err != nil && (err.Path.String() != tc.field || err.Value != tc.value || err.Rule == "") {
			t.Errorf("CheckOption(%q, %q) = %+v: must name field, rule and value", tc.field, tc.value, err)
		}
	}
	for v, ok := range map[int]bool{4: false, 5: true, 10799: true, 10800: false} {
		err := CheckMessageExpiry("message_expiry", v)
		if (err == nil) != ok {
			t.Errorf("CheckMessageExpiry(%d) = %v, want ok %v", v, err, ok)
		}
		if want := fmt.Sprintf(`message_expiry: must be between 5 and 10799 seconds (got "%d")`, v); err != nil && err.Error() != want {
			t.Errorf("CheckMessageExpiry(%d) = %q, want %q", v, err, want)
		}
	}
}
