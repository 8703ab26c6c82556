#!/usr/bin/env bash
# Builds the provider of the last release and prints the binary's path on
# the last line of stdout (everything else goes to stderr). The release is
# the one .ci/release/last-release names: its tag and its commit id, recorded
# in the repository because a clone may carry no tags. The upgrade tests
# (internal/provider/upgrade_test.go) apply every guide with this binary,
# then plan with the working tree's.
#
#   .ci/release/build-release.sh          builds once, then only prints the path
#   FORCE=1 .ci/release/build-release.sh  rebuilds
#
# The binary is cached per release and commit under $CPAAS_TOOLS_CACHE
# (default ~/.cache/terraform-provider-cpaas), like the CLIs CI builds.
set -euo pipefail
cd "$(dirname "$0")/../.."

die() { echo "build-release: ERROR: $*" >&2; exit 1; }
log() { echo "build-release: $*" >&2; }

read -r tag commit <.ci/release/last-release || die ".ci/release/last-release is empty"
[[ "$tag" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "last-release: tag $tag is not vX.Y.Z"
[[ "$commit" =~ ^[0-9a-f]{40}$ ]] || die "last-release: $commit is not a full commit id"
version="${tag#v}"
cache="${CPAAS_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/terraform-provider-cpaas}"
out="$cache/release-$tag-${commit:0:12}"
bin="$out/terraform-provider-cpaas_v$version$(go env GOEXE)"
stamp="$out/.stamp"
want="$commit $(go env GOVERSION) $(go env GOOS)/$(go env GOARCH)"

if [ -z "${FORCE:-}" ] && [ -x "$bin" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
  echo "$bin"
  exit 0
fi

# The commit must be in this clone: a shallow one may lack it.
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
  log "$commit ($tag) is not in this clone; fetching it"
  git fetch --quiet origin "$commit" >&2 || die "cannot find $commit ($tag): fetch it or clone with history"
fi
src="$(mktemp -d)"
trap 'rm -rf "$src"' EXIT
git archive "$commit" | tar -x -C "$src"
log "building $tag ($commit)"
start=$(date +%s)
mkdir -p "$out"
(cd "$src" && GOWORK=off GOFLAGS=-mod=readonly CGO_ENABLED=0 \
  go build -trimpath -ldflags "-s -w -X main.version=$version" -o "$bin.tmp.$$" .)
mv "$bin.tmp.$$" "$bin"
printf '%s\n' "$want" >"$stamp"
log "built $tag in $(($(date +%s) - start)) s"
echo "$bin"
