package acctest

import "testing"

func TestOneErrorPattern(t *testing.T) {
	re := OneErrorPattern(`service_type value must be one of`)
	for text, want := range map[string]bool{
		"Error running plan: exit status 1\n\nError: Invalid Attribute Value Match\n\nAttribute service_type value must be one of: [SMS]\n": true,
		"Error: Invalid\n\nservice_type value must be one of\n\nError: Invalid Attribute Value\n\nservice_type \"VOICE\" is invalid\n":      false,
		"Error: Invalid\n\nsomething else\n":                                 false,
		"EError: EErrorr Err Erro Error service_type value must be one of E": true,
		"Error: x service_type value must be one of EErrror: Error:":         false,
		"no heading service_type value must be one of":                       false,
	} {
		if got := re.MatchString(text); got != want {
			t.Errorf("OneErrorPattern matched %q: %v, want %v", text, got, want)
		}
	}
}
