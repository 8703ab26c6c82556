package tollfreerules

import (
	"strings"
	"testing"
)

// Every value check names the field it is given, the value and the rule;
// lengths count characters, not bytes.
func TestValueChecksNameTheField(t *testing.T) {
	for _, tc := range []struct {
		check     func(field, v string) error
		field, ok string
		bad, want string
	}{
		{CheckUsecase, "usecase", Usecases[0], "SPAM", `usecase "SPAM" is not one of ` + strings.Join(Usecases, ", ")},
		{CheckOptinType, "optin_type", "VERBAL", "SMOKE", `optin_type "SMOKE" is not one of ` + strings.Join(OptinTypes, ", ")},
		{CheckVolume, "volume", "1,000", "1000", `volume "1000" is not one of ` + strings.Join(Volumes, ", ")},
		{CheckCallbackMethod, "callback_method", "GET", "PUT", `callback_method "PUT" is not one of GET, POST`},
		{CheckUsecaseSummary, "usecase_summary", strings.Repeat("é", MaxUsecaseSummary), strings.Repeat("é", MaxUsecaseSummary+1),
			`usecase_summary must be 1 to 500 characters long, got 501 ("éééééééééééééééééééé...")`},
		{CheckMessageSample, "message_sample", strings.Repeat("ж", MaxMessageSample), "",
			`message_sample must be 1 to 1000 characters long, got 0 ("")`},
	} {
		if err := tc.check(tc.field, tc.ok); err != nil {
			t.Errorf("%s: %v", tc.field, err)
		}
		if err := tc.check(tc.field, tc.bad); err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v, want %q", tc.field, err, tc.want)
		}
	}
}
