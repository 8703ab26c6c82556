#!/usr/bin/env bash
# Builds goreleaser from the Go module proxy and prints the binary's path on
# the last line of stdout (everything else goes to stderr).
#
#   GORELEASER_VERSION=v2.16.0 .ci/goreleaser/build.sh   (the GNUmakefile pins it)
#   FORCE=1 ...                                          rebuilds even when the cached binary fits
#
# `go run goreleaser@version` would link it again on every run (about a
# minute), and compile it from scratch on a machine whose build cache was
# cleaned; so it is built once, like .ci/terraform/build.sh builds Terraform,
# and cached per version under $CPAAS_TOOLS_CACHE (default
# ~/.cache/terraform-provider-cpaas): a second run, from any clone, only
# prints its path.
set -euo pipefail

die() { echo "build-goreleaser: ERROR: $*" >&2; exit 1; }
log() { echo "build-goreleaser: $*" >&2; }

version="${GORELEASER_VERSION:?set GORELEASER_VERSION (the GNUmakefile pins it)}"
case "$version" in v*) ;; *) version="v$version" ;; esac
mod=github.com/goreleaser/goreleaser/v2
cache="${CPAAS_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/terraform-provider-cpaas}"
out="$cache/goreleaser-$version"
bin="$out/goreleaser"
stamp="$out/.stamp"

command -v go >/dev/null 2>&1 || die "go is not on PATH"
export GOWORK=off GO111MODULE=on CGO_ENABLED=0 GOFLAGS="-buildvcs=false"
export GOTOOLCHAIN="${GOTOOLCHAIN:-local}"

want="$mod@$version script=$(cksum <"${BASH_SOURCE[0]}" | cut -d' ' -f1) $(go env GOVERSION) $(go env GOOS)/$(go env GOARCH)"
reports() { # the GitVersion line of `goreleaser --version`, read without a pipe
  local v line
  v="$("$1" --version 2>/dev/null)" || return 1
  while IFS= read -r line; do
    case "$line" in GitVersion:*) printf '%s\n' "${line##* }"; return 0 ;; esac
  done <<<"$v"
  return 1
}
fits() { [ -x "$bin" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] && [ "$(reports "$bin" || true)" = "$version" ]; }

if [ "${FORCE:-0}" != 1 ] && fits; then
  log "cached: goreleaser $version at $bin"
  echo "$bin"
  exit 0
fi
mkdir -p "$out"
if command -v flock >/dev/null 2>&1; then # a second build at once waits, then finds the first one's binary
  exec 9>"$out/.lock"
  flock 9
  if [ "${FORCE:-0}" != 1 ] && fits; then
    log "cached: goreleaser $version at $bin (built meanwhile)"
    echo "$bin"
    exit 0
  fi
fi
start=$(date +%s)
log "compiling goreleaser $version from the Go module proxy (a few minutes on two cores, once)"
tmp="$out/gobin.tmp.$$"
rm -rf "$tmp"
# go install sets the version goreleaser reports (GitVersion: v2.16.0) from
# the module's; -s -w leave out the symbol table and the debug information, which
# only a debugger reads, and which the linker spends time writing.
# Compiled without optimisation (-gcflags all=-N -l): the tool runs for
# seconds in a release, but its build is paid on every fresh CI machine,
# and unoptimised it takes a fifth less CPU (goreleaser v2.16.0 on two
# cores: 567 CPU-s, against 716 optimised).
(cd "$out" && GOBIN="$tmp" go install -trimpath -ldflags "-s -w" -gcflags "all=-N -l" "$mod@$version") || die "go install $mod@$version failed (see above)"
mv -f "$tmp/goreleaser" "$bin"
rm -rf "$tmp"
got="$(reports "$bin")" || die "the built binary does not run: $bin"
[ "$got" = "$version" ] || die "the built binary reports version '$got', not '$version'"
printf '%s\n' "$want" >"$stamp"
log "built goreleaser $got in $(($(date +%s) - start)) s"
echo "$bin"
