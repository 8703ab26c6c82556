package verification_test

import (
	"testing"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/acctest"
)

// TestMain keeps the developer's shell (CPAAS_*, TF_*) out of every test.
func TestMain(m *testing.M) { acctest.Main(m) }
