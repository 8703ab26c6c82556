package endpointtest

import (
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

func ResetRequestCount(env *acctest.Env) func() {
	return func() { env.Control(nil, "injected faults").SetFaults(emulator.Faults{}) }
}
