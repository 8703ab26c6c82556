package messagetest

import (
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/emulator"
)

// ManualClock keeps every message queued until a test moves the clock.
func ManualClock(o *emulator.Options) {
	o.Clock = emulator.NewManualClock(time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC))
}
