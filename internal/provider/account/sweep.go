package account

import "github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"

// What the acceptance harness needs of the account's settings on a real
// account (kit/real.go): changing them changes the whole account, which a
// test cannot assume is its own.
var realKinds = []kit.RealKind{{Types: []string{`resource "cpaas_account_settings"`}, OwnAccount: "cpaas_account_settings changes the whole account"}}
