//go:build tools

package tools

import _ "github.com/opentofu/opentofu/cmd/tofu"
