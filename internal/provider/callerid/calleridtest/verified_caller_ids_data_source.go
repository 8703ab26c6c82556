package calleridtest

import (
	"context"
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
)

// VerifyOutOfBand verifies number in the test account as its owner would
// outside Terraform: initiate, read the code off the phone (the emulator's
// control side), verify.
func VerifyOutOfBand(t *testing.T, env *acctest.Env, number, alias string) {
	t.Helper()
	ctx := context.Background()
	c := env.Client(t)
	init, err := c.InitiateCallerIDVerification(ctx, client.VerifiedCallerIDInitiate{PhoneNumber: number, Alias: alias})
	if err != nil {
		t.Fatal(err)
	}
	code, ok := env.Control(t, "verification codes").VerificationCode(acctest.AuthID, number)
	if !ok {
		t.Fatalf("no open verification of %s", number)
	}
	if _, err := c.VerifyCallerID(ctx, init.VerificationUUID, code.Code); err != nil {
		t.Fatal(err)
	}
}

// docsVerifiedCallerID verifies the number of the docs example, with its
// alias, through c (the import-docs case).
func docsVerifiedCallerID(t *testing.T, env *acctest.Env, c *client.Client) string {
	t.Helper()
	ctx := context.Background()
	init, err := c.InitiateCallerIDVerification(ctx, client.VerifiedCallerIDInitiate{PhoneNumber: "+14155550142", Alias: "support line"})
	if err != nil {
		t.Fatal(err)
	}
	code, _ := env.Control(t, "verification codes").VerificationCode(acctest.AuthID, "+14155550142")
	if _, err := c.VerifyCallerID(ctx, init.VerificationUUID, code.Code); err != nil {
		t.Fatal(err)
	}
	return "+14155550142"
}
