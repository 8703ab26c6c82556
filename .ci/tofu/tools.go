//go:build tools

// Package tools pins the OpenTofu CLI for `go build`.
package tools

import _ "github.com/opentofu/opentofu/cmd/tofu"
