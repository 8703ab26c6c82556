#!/usr/bin/env bash
# Builds .ci/bin/tofu (about five minutes on two cores) and prints its path.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../bin/tofu"
if [ ! -x "$out" ]; then
  cd "$here"
  [ -f go.sum ] || go mod tidy >&2
  go build -o "$out" github.com/opentofu/opentofu/cmd/tofu >&2
fi
echo "$out"
