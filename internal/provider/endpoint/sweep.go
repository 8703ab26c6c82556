package endpoint

import (
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
)

// What the acceptance harness needs of endpoints on a real account
// (kit/real.go).
var (
	sweepers = []kit.Sweeper{{Name: "endpoints", Kind: "endpoints",
		List: kit.Listed((*client.Client).ListAllEndpoints,
			func(e client.Endpoint) string { return e.EndpointID }, func(e client.Endpoint) string { return e.Alias }),
		Delete: (*client.Client).DeleteEndpoint}}
	realKinds = []kit.RealKind{{Path: "Endpoint", Named: true}}
)
