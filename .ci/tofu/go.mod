// Builds the OpenTofu CLI from the Go module proxy: .ci/run's fallback on a
// machine with no terraform, and a second CLI to test compatibility with
// (TF_ACC_TERRAFORM_PATH=$(pwd)/.ci/bin/tofu make test).
module cpaas-ci-tofu

go 1.26.6

require github.com/opentofu/opentofu v1.12.6

// Copied from OpenTofu's own go.mod: it builds against its fork of hcl.
replace github.com/hashicorp/hcl/v2 v2.20.1 => github.com/opentofu/hcl/v2 v2.20.2-0.20251021132045-587d123c2828
