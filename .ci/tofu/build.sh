#!/usr/bin/env bash
# Builds the OpenTofu CLI of .ci/tofu/go.mod from the Go module proxy and
# prints the binary's path on the last line of stdout (everything else goes to
# stderr). About five minutes on two cores the first time; the binary is
# cached per version outside the clone, under $CPAAS_TOOLS_CACHE (default
# ~/.cache/terraform-provider-cpaas), so a second run on the same machine,
# from any clone, only prints its path.
#
#   .ci/tofu/build.sh           builds (or finds) the OpenTofu of go.mod
#   .ci/tofu/build.sh .ci/tofu/beta   the beta of that folder's go.mod
#   FORCE=1 .ci/tofu/build.sh   rebuilds even when the cached binary fits
#
# A folder whose go.mod names Go 1.27 (OpenTofu 1.13 needs it) is built
# with GOTOOLCHAIN=go1.27.3, which the go command takes from the Go module
# proxy (about 10 seconds once a machine).
set -euo pipefail
here="$(cd "${1:-$(dirname "$0")}" && pwd)"
log() { echo "build-tofu: $*" >&2; }
die() { echo "build-tofu: ERROR: $*" >&2; exit 1; }

command -v go >/dev/null 2>&1 || die "go is not on PATH"
mod=github.com/opentofu/opentofu
version="$(sed -n "s|^require $mod \(v[^ ]*\)\$|\1|p" "$here/go.mod")"
[ -n "$version" ] || die "no 'require $mod vX.Y.Z' line in $here/go.mod"
cache="${CPAAS_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/terraform-provider-cpaas}"
out="$cache/tofu-$version"
bin="$out/tofu"
stamp="$out/.stamp"
export GOWORK=off GO111MODULE=on CGO_ENABLED=0 GOFLAGS="-mod=readonly -buildvcs=false"
if grep -q '^go 1\.27' "$here/go.mod"; then
  export GOTOOLCHAIN=go1.27.3
else
  export GOTOOLCHAIN="${GOTOOLCHAIN:-local}"
fi
want="$mod@$version gosum=$(cksum <"$here/go.sum" | cut -d' ' -f1) script=$(cksum <"${BASH_SOURCE[0]}" | cut -d' ' -f1) $(go env GOVERSION) $(go env GOOS)/$(go env GOARCH)"

reports() { # the first line of `tofu version`, read without a pipe
  local v
  v="$(TF_CLI_CONFIG_FILE=/dev/null "$1" version 2>/dev/null)" || return 1
  printf '%s\n' "${v%%$'\n'*}"
}
fits() { [ -x "$bin" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] && [ "$(reports "$bin" || true)" = "OpenTofu $version" ]; }

if [ "${FORCE:-0}" != 1 ] && fits; then
  log "cached: OpenTofu $version at $bin"
  echo "$bin"
  exit 0
fi
mkdir -p "$out"
if command -v flock >/dev/null 2>&1; then # a second build at once waits, then finds the first one's binary
  exec 9>"$out/.lock"
  flock 9
  if [ "${FORCE:-0}" != 1 ] && fits; then
    log "cached: OpenTofu $version at $bin (built meanwhile)"
    echo "$bin"
    exit 0
  fi
fi
start=$(date +%s)
log "compiling OpenTofu $version (about five minutes on two cores)"
# version.dev=no: without it OpenTofu built from its module reports
# "v1.12.6-dev" (its release builds set it so).
(cd "$here" && go build -trimpath -ldflags "-s -w -X $mod/version.dev=no" -o "$out/tofu.tmp.$$" "$mod/cmd/tofu") || die "go build of OpenTofu $version failed (see above)"
mv -f "$out/tofu.tmp.$$" "$bin"
got="$(reports "$bin")" || die "the built binary does not run: $bin"
[ "$got" = "OpenTofu $version" ] || die "the built binary reports '$got', not 'OpenTofu $version'"
printf '%s\n' "$want" >"$stamp"
log "built $got in $(($(date +%s) - start)) s"
echo "$bin"
