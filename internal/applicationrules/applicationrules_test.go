package applicationrules

import (
	"fmt"
	"strings"
	"testing"
)

func TestCheckAppName(t *testing.T) {
	for _, ok := range []string{"a", "support-line_2", "ABC123", strings.Repeat("x", 200)} {
		if err := CheckAppName("app_name", ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "with space", "dot.name", "ünï", "slash/x", "tab\t"} {
		err := CheckAppName("app_name", bad)
		if err == nil {
			t.Errorf("%q accepted", bad)
			continue
		}
		if want := fmt.Sprintf("app_name %q is invalid: it must be %s", bad, AppNameRule); err.Error() != want {
			t.Errorf("%q: %v, want %q", bad, err, want)
		}
		if err := CheckAppName("name", bad); err == nil || !strings.HasPrefix(err.Error(), "name ") {
			t.Errorf("%q: %v does not name the field and the rule", bad, err)
		}
	}
}

func TestCheckURL(t *testing.T) {
	for _, ok := range []string{"https://example.com/answer", "http://10.0.0.1:8080/a?b=c", "https://ex.com"} {
		if err := CheckURL("answer_url", ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "/answer", "example.com/answer", "ftp://example.com/x", "https://", "https:///path", "https://ex .com/"} {
		err := CheckURL("hangup_url", bad)
		if err == nil {
			t.Errorf("%q accepted", bad)
			continue
		}
		if want := `hangup_url "` + bad + `" is invalid: it must be ` + URLRule; err.Error() != want {
			t.Errorf("%q: %q, want %q", bad, err, want)
		}
	}
}

func TestCheckMethod(t *testing.T) {
	for _, ok := range []string{"GET", "POST"} {
		if err := CheckMethod("answer_method", ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "get", "PUT", "DELETE"} {
		if err := CheckMethod("message_method", bad); err == nil || !strings.Contains(err.Error(), `message_method "`+bad+`" is invalid: it must be one of GET, POST`) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestCheckAppID(t *testing.T) {
	if err := CheckAppID("app_id", "20372631212782780"); err != nil {
		t.Error(err)
	}
	for _, bad := range []string{"", "12a", " 12", "-1"} {
		if err := CheckAppID("app_id", bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
