package testtables

import (
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/account/accounttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/application/applicationtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/callerid/calleridtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/compliance/compliancetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/endpoint/endpointtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/masking/maskingtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/message/messagetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/number/numbertest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/powerpack/powerpacktest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/provtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/subaccount/subaccounttest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tendlc/tendlctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/tollfree/tollfreetest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/trunking/trunkingtest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/verification/verificationtest"
)

// testFamilies are the functions that fill the tables, a family each, and
// the entries that belong to no single family.
var testFamilies = []func(*provtest.Tables){
	accounttest.Tables,
	applicationtest.Tables,
	calleridtest.Tables,
	compliancetest.Tables,
	endpointtest.Tables,
	maskingtest.Tables,
	messagetest.Tables,
	numbertest.Tables,
	powerpacktest.Tables,
	subaccounttest.Tables,
	tendlctest.Tables,
	tollfreetest.Tables,
	trunkingtest.Tables,
	verificationtest.Tables,
	provtest.NarrowedTables,
}

// All are the test tables of every family in testFamilies.
var All = collectTables(testFamilies)

// collectTables fills a table set from each function of fill in order; a
// key added twice panics (registerIn).
func collectTables(fill []func(*provtest.Tables)) *provtest.Tables {
	r := &provtest.Tables{
		ChaosParts:           map[string]func() provtest.ChaosPart{},
		ImportDocsKinds:      map[string]provtest.ImportDocsKind{},
		RecordedOnImportArgs: map[string][]string{},
		ListingRefreshes:     map[string]provtest.ListingRefresh{},
		ListingWaits:         map[string]provtest.ListingWait{},
	}
	for _, f := range fill {
		f(r)
	}
	return r
}
