#!/usr/bin/env bash
# Builds syft (the SBOM generator goreleaser's sboms run for each archive)
# from the Go module proxy and prints the binary's path on the last line of
# stdout (everything else goes to stderr).
#
#   SYFT_VERSION=v1.57.1 .ci/syft/build.sh   (the GNUmakefile pins it)
#   FORCE=1 ...                              rebuilds even when the cached binary fits
#
# Built once and cached per version, exactly as .ci/goreleaser/build.sh
# builds goreleaser, under $CPAAS_TOOLS_CACHE (default
# ~/.cache/terraform-provider-cpaas): a second run, from any clone, only
# prints its path.
set -euo pipefail

die() { echo "build-syft: ERROR: $*" >&2; exit 1; }
log() { echo "build-syft: $*" >&2; }

version="${SYFT_VERSION:?set SYFT_VERSION (the GNUmakefile pins it)}"
case "$version" in v*) ;; *) version="v$version" ;; esac
mod=github.com/anchore/syft
pkg=$mod/cmd/syft
cache="${CPAAS_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/terraform-provider-cpaas}"
out="$cache/syft-$version"
bin="$out/syft"
stamp="$out/.stamp"

command -v go >/dev/null 2>&1 || die "go is not on PATH"
export GOWORK=off GO111MODULE=on CGO_ENABLED=0 GOFLAGS="-buildvcs=false"
export GOTOOLCHAIN="${GOTOOLCHAIN:-local}"

want="$pkg@$version script=$(cksum <"${BASH_SOURCE[0]}" | cut -d' ' -f1) strip=$(cksum <"$(dirname "${BASH_SOURCE[0]}")/../getter/strip.sh" | cut -d' ' -f1) $(go env GOVERSION) $(go env GOOS)/$(go env GOARCH)"
reports() { # the Version line of `syft version`, read without a pipe
  local v line
  v="$("$1" version 2>/dev/null)" || return 1
  while IFS= read -r line; do
    case "$line" in Version:*) printf 'v%s\n' "${line##* }"; return 0 ;; esac
  done <<<"$v"
  return 1
}
fits() { [ -x "$bin" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] && [ "$(reports "$bin" || true)" = "$version" ]; }

. "$(dirname "${BASH_SOURCE[0]}")/../lib/cached.sh"
use_cached_or_lock "syft $version"
start=$(date +%s)
log "compiling syft $version from the Go module proxy (a few minutes on two cores, once)"
# syft's own source as the main module, so that its go-getter can be
# replaced by a copy without the S3 and GCS module sources
# (.ci/getter/strip.sh, as for the Terraform and OpenTofu builds): they
# link the AWS SDK, Google Cloud Storage and gRPC, a large share of
# syft's 1,691 packages. syft downloads through go-getter only to fetch a
# snap package over HTTP(S) when asked to scan one; an SBOM of a local
# archive never does.
dl="$(cd "$out" && go mod download -json "$mod@$version" 2>&1)" || die "go mod download $mod@$version failed: $dl"
dir="$(printf '%s\n' "$dl" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' | head -n1)"
[ -f "$dir/go.mod" ] || die "no syft source with go.mod in: $dl"
src="$out/src.tmp.$$"
rm -rf "$src" "$out/go-getter"
cp -R "$dir" "$src"
chmod -R u+w "$src"
strip="$(cd "$(dirname "${BASH_SOURCE[0]}")/../getter" && pwd)/strip.sh"
"$strip" "$src" "$src/internal/file/getter.go" "$out/go-getter" || die "leaving out the S3 and GCS module sources failed"
tmp="$out/bin.tmp.$$"
# syft reports (and writes into each SBOM as its creator) the version the
# linker sets, as its own release builds do; a build alone leaves it
# "[not provided]".
# Compiled without optimisation (-gcflags all=-N -l): the tool runs for
# seconds in a release, but its build is paid on every fresh CI machine,
# and unoptimised it takes a fifth less CPU (goreleaser v2.16.0 on two
# cores: 567 CPU-s, against 716 optimised).
(cd "$src" && GOFLAGS="$GOFLAGS -mod=mod" go build -trimpath -o "$tmp" \
  -ldflags "-s -w -X main.version=${version#v}" -gcflags "all=-N -l" ./cmd/syft) || die "go build of syft $version failed (see above)"
mv -f "$tmp" "$bin"
rm -rf "$src" "$out/go-getter"
got="$(reports "$bin")" || die "the built binary does not run: $bin"
[ "$got" = "$version" ] || die "the built binary reports version '$got', not '$version'"
printf '%s\n' "$want" >"$stamp"
log "built syft $got in $(($(date +%s) - start)) s"
echo "$bin"
