package lookup

import "github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"

// What the acceptance harness needs of look-ups on a real account
// (kit/real.go): each is billed. Look-ups go to a host of their own, where
// the proxy sees them as such.
var numberLookupRealKinds = []kit.RealKind{{Types: []string{`data "cpaas_number_lookup"`}, Spend: kit.SpendLookup}}
