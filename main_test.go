package main

import (
	"os"
	"testing"
)

func TestQuietUnreadLogs(t *testing.T) {
	cases := []struct {
		name    string
		env     map[string]string
		wantOff bool
	}{
		{"nothing set: Terraform drops provider logs", map[string]string{}, true},
		{"TF_LOG=off", map[string]string{"TF_LOG": "off"}, true},
		{"TF_LOG=trace", map[string]string{"TF_LOG": "trace"}, false},
		{"TF_LOG=json", map[string]string{"TF_LOG": "json"}, false},
		{"TF_LOG_PROVIDER=debug", map[string]string{"TF_LOG_PROVIDER": "debug"}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, v := range append([]string{"TF_LOG", "TF_LOG_PROVIDER"}, pluginLogLevelVars...) {
				t.Setenv(v, "")
				_ = os.Unsetenv(v)
			}
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			quietUnreadLogs()
			for _, v := range pluginLogLevelVars {
				if got := os.Getenv(v) == "off"; got != tc.wantOff {
					t.Errorf("%s = %q, want off: %v", v, os.Getenv(v), tc.wantOff)
				}
			}
		})
	}
	// An explicit level is kept.
	for _, v := range append([]string{"TF_LOG", "TF_LOG_PROVIDER"}, pluginLogLevelVars...) {
		t.Setenv(v, "")
		_ = os.Unsetenv(v)
	}
	t.Setenv("TF_LOG_SDK_FRAMEWORK", "debug")
	quietUnreadLogs()
	if got := os.Getenv("TF_LOG_SDK_FRAMEWORK"); got != "debug" {
		t.Errorf("TF_LOG_SDK_FRAMEWORK = %q, want the explicit debug kept", got)
	}
}
