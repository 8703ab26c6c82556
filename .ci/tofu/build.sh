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
strip="$(cd "$(dirname "${BASH_SOURCE[0]}")/../getter" && pwd)/strip.sh"
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
want="$mod@$version gosum=$(cksum <"$here/go.sum" | cut -d' ' -f1) script=$(cksum <"${BASH_SOURCE[0]}" | cut -d' ' -f1) strip=$(cksum <"$strip" | cut -d' ' -f1) $(go env GOVERSION) $(go env GOOS)/$(go env GOARCH)"

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

# The build leaves out what no test of a provider reaches and most of the
# compiling goes to: the remote-state backends that store state in a cloud
# (azurerm, consul, cos, gcs, kubernetes, oss, pg, s3) and the cloud key
# providers of state encryption (aws_kms, azure_vault, gcp_kms, openbao).
# They bring in about 500 of its 1,800 packages, Kubernetes' client and the
# Azure, Alibaba and Tencent SDKs among them. A copy of the module's source,
# with the two files that register them edited (as .ci/terraform/build.sh
# does for Terraform's backends), replaces the module in a copy of this
# folder's go.mod; every other file is the release's own, the local, http,
# inmem, remote and cloud backends, pbkdf2 and external key providers
# included. `backend "s3"` then fails at init, saying it is not in this
# build.
(cd "$here" && go mod download "$mod") || die "go mod download $mod failed"
src="$(cd "$here" && go list -m -f '{{.Dir}}' "$mod")"
[ -d "$src" ] || die "no source directory for $mod $version"
work="$out/src" wrap="$out/module"
rm -rf "$work" "$wrap"
cp -R "$src" "$work"
chmod -R u+w "$work"
init="$work/internal/backend/init/init.go" registry="$work/internal/encryption/default_registry.go"
left_out_backends="azurerm consul cos gcs kubernetes oss pg s3"
[ -f "$init" ] && [ -f "$registry" ] || die "$init or $registry not found: OpenTofu's layout changed in $version"
sed -E -i -e '/^[[:space:]]*backend(Azure|Consul|Cos|GCS|Kubernetes|OSS|Pg|S3) "github.com\/opentofu\/opentofu\/internal\/backend\/remote-state\//d' \
  -e '/^[[:space:]]*"(azurerm|consul|cos|gcs|kubernetes|oss|pg|s3)":[[:space:]]+func\(/d' "$init"
grep -q '^[[:space:]]*RemovedBackends = map\[string\]string{' "$init" || die "RemovedBackends not found in $init"
lines=""
for k in $left_out_backends; do
  lines+="\t\t\"$k\": \`The \"$k\" backend is not in this OpenTofu build (built from source by terraform-provider-cpaas's .ci/tofu/build.sh).\`,\n"
done
sed -i "/^[[:space:]]*RemovedBackends = map\[string\]string{/a\\
$(printf '%b' "$lines" | sed 's/$/\\/' | sed '$ s/\\$//')" "$init"
sed -E -i -e '/^[[:space:]]*"github.com\/opentofu\/opentofu\/internal\/encryption\/keyprovider\/(aws_kms|azure_vault|gcp_kms|openbao)"$/d' \
  -e '/RegisterKeyProvider\((aws_kms|azure_vault|gcp_kms|openbao)\.New\(\)\)/,+2d' "$registry"
gofmt -w "$init" "$registry" || die "the edited $init or $registry does not parse"
if grep -Eq 'remote-state/(azure|consul|cos|gcs|kubernetes|oss|pg|s3)"|"(azurerm|consul|cos|gcs|kubernetes|oss|pg|s3)":[[:space:]]+func\(' "$init" ||
  grep -Eq 'keyprovider/(aws_kms|azure_vault|gcp_kms|openbao)"|(aws_kms|azure_vault|gcp_kms|openbao)\.New' "$registry"; then
  die "the backends or key providers are still registered after the edit: OpenTofu's layout changed in $version"
fi
mkdir -p "$wrap"
cp "$here/go.mod" "$here/go.sum" "$here/tools.go" "$wrap/"
(cd "$wrap" && go mod edit -replace "$mod=$work") || die "go mod edit in $wrap failed"
# The S3 and GCS module sources are left out as well (.ci/getter/strip.sh).
"$strip" "$wrap" "$work/internal/getmodules/getter.go" "$out/go-getter" || die "leaving out the S3 and GCS module sources failed"
log "left out: the backends $left_out_backends; the key providers aws_kms azure_vault gcp_kms openbao"

log "compiling OpenTofu $version (about four minutes on two cores)"
# version.dev=no: without it OpenTofu built from its module reports
# "v1.12.6-dev" (its release builds set it so).
(cd "$wrap" && go build -trimpath -ldflags "-s -w -X $mod/version.dev=no" -o "$out/tofu.tmp.$$" "$mod/cmd/tofu") || die "go build of OpenTofu $version failed (see above)"
mv -f "$out/tofu.tmp.$$" "$bin"
cd "$out" && rm -rf "$work" "$wrap" "$out/go-getter"
got="$(reports "$bin")" || die "the built binary does not run: $bin"
[ "$got" = "OpenTofu $version" ] || die "the built binary reports '$got', not 'OpenTofu $version'"
printf '%s\n' "$want" >"$stamp"
log "built $got in $(($(date +%s) - start)) s"
echo "$bin"
