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

. "$(dirname "${BASH_SOURCE[0]}")/../lib/cached.sh"
use_cached_or_lock "goreleaser $version"
start=$(date +%s)
log "compiling goreleaser $version from the Go module proxy (a few minutes on two cores, once)"
# The release's source, with the pipes this project's .goreleaser.yml does
# not use left out (below); every other file is the release's own.
dl="$(cd "$out" && go mod download -json "$mod@$version" 2>&1)" || die "go mod download $mod@$version failed: $dl"
dir="$(printf '%s\n' "$dl" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' | head -n1)"
[ -f "$dir/main.go" ] || die "no goreleaser source with main.go in: $dl"
src="$out/src.tmp.$$"
rm -rf "$src"
cp -R "$dir" "$src"
chmod -R u+w "$src"
# Left out: container images (docker, ko), blob storage uploads (gocloud:
# the AWS, Azure and Google Cloud SDKs), macOS notarisation, the MCP
# registry and the announcers (Slack, Discord, Mastodon, ...). They are
# over half of goreleaser's 1,785 packages (767 are left), and its
# compile from scratch on two cores drops from about 567 to 308 CPU-s.
# The pipes are taken out of the lists that run them (the pipeline, the
# publishers, the defaults and the health checks); the configuration
# still parses their keys, so .ci/release/snapshot.sh refuses a
# .goreleaser.yml that uses one (its top-level keys dockers, dockers_v2,
# docker_manifests, docker_digest, kos, blobs, announce, notarize, mcp).
drop='ko blob docker docker/v2 dockerdigest announce notary mcp bluesky discord discourse linkedin mastodon mattermost opencollective reddit slack smtp teams telegram twitter webhook'
lists="internal/pipeline/pipeline.go internal/pipe/publish/publish.go pkg/defaults/defaults.go pkg/healthcheck/healthcheck.go"
for f in $lists; do
  [ -f "$src/$f" ] || die "$f not found: goreleaser's layout changed"
  for p in $drop; do
    alias="${p##*/}"
    [ "$p" = docker/v2 ] && alias=dockerv2
    sed -E -i "\#^[[:space:]]*(dockerv2 )?\"github.com/goreleaser/goreleaser/v2/internal/pipe/$p\"\$#d" "$src/$f"
    sed -E -i "/^[[:space:]]*$alias\.[A-Za-z0-9]+(\{\}|\(\)),[[:space:]]*\$/d" "$src/$f"
  done
done
for p in $drop; do
  if (cd "$src" && grep -q "\"github.com/goreleaser/goreleaser/v2/internal/pipe/$p\"" $lists); then
    die "internal/pipe/$p is still imported after the edit: goreleaser's layout changed"
  fi
done
tmp="$out/bin.tmp.$$"
# -X main.version: the version goreleaser reports (GitVersion: v2.16.0),
# which go install would have set from the module's; main.builtBy says the
# binary is this stripped build. -s -w leave out the symbol table and the
# debug information, which only a debugger reads, and which the linker
# spends time writing.
# Compiled without optimisation (-gcflags all=-N -l): the tool runs for
# seconds in a release, but its build is paid on every fresh CI machine,
# and unoptimised it takes a fifth less CPU (goreleaser v2.16.0 on two
# cores: 567 CPU-s, against 716 optimised).
(cd "$src" && GOFLAGS="$GOFLAGS -mod=mod" go build -trimpath -o "$tmp" \
  -ldflags "-s -w -X main.version=$version -X main.builtBy=terraform-provider-cpaas/.ci/goreleaser/build.sh" \
  -gcflags "all=-N -l" .) || die "go build of goreleaser $version failed (see above)"
mv -f "$tmp" "$bin"
rm -rf "$src"
got="$(reports "$bin")" || die "the built binary does not run: $bin"
[ "$got" = "$version" ] || die "the built binary reports version '$got', not '$version'"
printf '%s\n' "$want" >"$stamp"
log "built goreleaser $got in $(($(date +%s) - start)) s"
echo "$bin"
