package provtest

import (
	"strings"
)

// The README's local-build path, as a user follows it from a fresh clone:
// `make install-local` puts the build in the implied local mirror of the
// user's home (~/.terraform.d/plugins), and `terraform init` in a guide's
// folder, unchanged and with no CLI configuration, installs it from there.
// Nothing here reattaches the in-process provider: Terraform runs the
// installed binary.

// MirrorInstall is a home whose implied local mirror holds the provider
// that `make install-local` built from this tree.
type MirrorInstall struct {
	Home    string
	Version string // the version the mirror offers, e.g. 0.1.0
}

// initFromMirror runs `terraform init` and requires that it installed the
// provider from m's mirror.
func (r *TfRunner) InitFromMirror(m MirrorInstall) {
	r.T.Helper()
	out, err := r.Try("init", "-input=false")
	if err != nil {
		r.T.Fatalf("terraform init with the provider of make install-local: %v\n%s", err, out)
	}
	if want := "Installed cpaas-dev/cpaas v" + m.Version + " (unauthenticated)"; !strings.Contains(out, want) {
		r.T.Fatalf("terraform init did not say %q (the implied local mirror):\n%s", want, out)
	}
}
