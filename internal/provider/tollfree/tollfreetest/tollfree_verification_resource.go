package tollfreetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// TollfreeEnv decides toll-free verifications within 100 ms.
func TollfreeEnv(t *testing.T) *acctest.Env {
	return acctest.NewEnv(t, func(o *emulator.Options) { o.TollfreeVerificationDelay = 100 * time.Millisecond })
}

// CheckNumberFollowsID is checkNumberFollows for request id, read from the
// emulator.
func CheckNumberFollowsID(env *acctest.Env, t *testing.T, id, want, status string) error {
	v, err := env.Client(t).GetTollfreeVerification(context.Background(), id)
	if err != nil {
		return err
	}
	n, err := env.Client(t).GetNumber(context.Background(), v.Number)
	if err != nil {
		return err
	}
	if wire.Deref(n.TollfreeSMSVerification) != want || n.TollfreeSMSVerificationID != id || n.TollfreeSMSVerificationOrderStatus != status {
		return fmt.Errorf("number %s: %v, %q, %q; want %q, %q, %q", n.Number, wire.Deref(n.TollfreeSMSVerification), n.TollfreeSMSVerificationID,
			n.TollfreeSMSVerificationOrderStatus, want, id, status)
	}
	return nil
}

// RelTollfreeHCL is cpaas_tollfree_verification.tf<i> for toll-free number
// <i> bought here, of profile p<i> (the profile part's).
func RelTollfreeHCL(i int) string {
	return fmt.Sprintf(`
resource "cpaas_phone_number" "tf%[1]d" {
  number = data.cpaas_phone_numbers.rel_tollfree.numbers[%[1]d].number
  lifecycle {
    ignore_changes = [number]
  }
}

resource "cpaas_tollfree_verification" "tf%[1]d" {
  profile_uuid     = cpaas_10dlc_profile.p%[2]d.id
  number           = cpaas_phone_number.tf%[1]d.number
  usecases         = ["2FA"]
  usecase_summary  = "Reliability passcodes %[1]d."
  message_sample   = "Your code is %[1]d. Reply STOP to opt out."
  optin_type       = "WEB_FORM"
  optin_image_urls = ["https://acme.example/optin-%[1]d.png"]
  volume           = "100"
}
`, i, i+1)
}
