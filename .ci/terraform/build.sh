#!/usr/bin/env bash
# Builds a Terraform CLI from its source on the Go module proxy and prints the
# binary's path on the last line of stdout (everything else goes to stderr).
# The tests of actions, list resources and resource identity need 1.14+; no
# CLI of that age can be downloaded here, but its source can. CI also builds
# the version of the CLI on PATH (1.11.4) this way: without the remote-state
# backends and the S3 and GCS module sources, each command takes less CPU.
#
#   .ci/terraform/build.sh                 builds TF_VERSION (default v1.16.4)
#   TF_VERSION=v1.15.0 .ci/terraform/build.sh
#   FORCE=1 .ci/terraform/build.sh         rebuilds even when the cached binary fits
#
# `go install github.com/hashicorp/terraform@v1.16.4` cannot work: Terraform's
# go.mod replaces 10 of its modules with nested directories (9 remote-state
# backends and internal/legacy) that the module zip leaves out. So this script
# copies the source from the module cache, drops those require/replace lines,
# drops the 9 backends from internal/backend/init/init.go (listing them as
# removed, so `backend "s3"` fails with a clear message) and builds. Every other
# line is Terraform's own. About five minutes on two cores the first time; the
# binary is cached per version under $CPAAS_TOOLS_CACHE (default
# ~/.cache/terraform-provider-cpaas) and a second run only prints its path.
set -euo pipefail

die() { echo "build-terraform: ERROR: $*" >&2; exit 1; }
log() { echo "build-terraform: $*" >&2; }

version="${TF_VERSION:-v1.16.4}"
case "$version" in v*) ;; *) version="v$version" ;; esac
mod=github.com/hashicorp/terraform
cache="${CPAAS_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/terraform-provider-cpaas}"
out="$cache/terraform-$version"
bin="$out/terraform"
stamp="$out/.stamp"

command -v go >/dev/null 2>&1 || die "go is not on PATH; install Go 1.25 or later"
export GOWORK=off GO111MODULE=on CGO_ENABLED=0 GOFLAGS="-mod=readonly -buildvcs=false"
export GOTOOLCHAIN="${GOTOOLCHAIN:-local}"

strip="$(cd "$(dirname "${BASH_SOURCE[0]}")/../getter" && pwd)/strip.sh"
want="$mod@$version script=$(cksum <"${BASH_SOURCE[0]}" | cut -d' ' -f1) strip=$(cksum <"$strip" | cut -d' ' -f1) $(go env GOVERSION) $(go env GOOS)/$(go env GOARCH)"
reports() { # the first line of `terraform version`, read without a pipe
  local v
  v="$(CHECKPOINT_DISABLE=1 TF_CLI_CONFIG_FILE=/dev/null "$1" version 2>/dev/null)" || return 1
  printf '%s\n' "${v%%$'\n'*}"
}
if [ "${FORCE:-0}" != 1 ] && [ -x "$bin" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] &&
  [ "$(reports "$bin" || true)" = "Terraform $version" ]; then
  log "cached: Terraform $version at $bin"
  echo "$bin"
  exit 0
fi

mkdir -p "$out"
if command -v flock >/dev/null 2>&1; then # two builds at once would only fight for the CPU
  exec 9>"$out/.lock"
  flock 9
fi
start=$(date +%s)
cd "$out"
log "downloading $mod@$version from the Go module proxy"
dl="$(go mod download -json "$mod@$version" 2>&1)" ||
  die "go mod download $mod@$version failed; versions resolve only when named exactly (check: go list -m $mod@$version):
$dl"
src="$(printf '%s\n' "$dl" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' | head -n1)"
[ -f "$src/go.mod" ] || die "no source directory for $mod@$version in: $dl"

work="$out/src"
rm -rf "$work"
cp -R "$src" "$work"
chmod -R u+w "$work"
cd "$work"

# Modules replaced by a directory the zip does not hold.
nested=()
while read -r old new; do
  [ -n "$old" ] && [ ! -f "$new/go.mod" ] && nested+=("$old")
done < <(go mod edit -json | tr -d ' \t\n' |
  grep -o '"Old":{"Path":"[^"]*"\(,"Version":"[^"]*"\)\{0,1\}},"New":{"Path":"\./[^"]*"}' |
  sed 's/^"Old":{"Path":"\([^"]*\)".*"New":{"Path":"\([^"]*\)"}$/\1 \2/')
edits=()
for m in "${nested[@]}"; do edits+=("-droprequire=$m" "-dropreplace=$m"); done
[ "${#edits[@]}" -eq 0 ] || go mod edit "${edits[@]}"
log "dropped nested modules: ${nested[*]:-none}"
# Terraform 1.11's go.mod sets `godebug tlskyber=0`, a setting Go 1.24
# retired: a newer Go refuses the whole go.mod over it. The setting only
# chose the TLS key exchange offered to servers; dropped.
if go mod edit -json | tr -d ' \t\n' | grep -q '"Key":"tlskyber"'; then
  go mod edit -dropgodebug=tlskyber
  log "dropped godebug tlskyber (unknown to $(go env GOVERSION))"
fi

init=internal/backend/init/init.go
[ -f "$init" ] || die "$init not found: Terraform's layout changed in $version"
removed=()
for m in "${nested[@]}"; do
  case "$m" in "$mod"/internal/backend/remote-state/*) ;; *) continue ;; esac
  alias="$(sed -n "s|^[[:space:]]*\([A-Za-z0-9_]\{1,\}\)[[:space:]]\{1,\}\"$m\"[[:space:]]*\$|\1|p" "$init")"
  [ -n "$alias" ] || die "import of $m not found in $init"
  key="$(sed -n "s|^[[:space:]]*\"\([a-z0-9_-]\{1,\}\)\":[[:space:]]*func() backend.Backend { return $alias\.New()[^}]*},[[:space:]]*\$|\1|p" "$init")"
  [ -n "$key" ] || die "backend entry for $alias not found in $init"
  sed -i -e "\|^[[:space:]]*$alias[[:space:]]\{1,\}\"$m\"[[:space:]]*\$|d" \
    -e "\|^[[:space:]]*\"$key\":[[:space:]]*func() backend.Backend { return $alias\.New()|d" "$init"
  removed+=("$key")
done
if [ "${#removed[@]}" -gt 0 ]; then
  grep -q '^[[:space:]]*RemovedBackends = map\[string\]string{' "$init" || die "RemovedBackends not found in $init"
  lines=""
  for k in "${removed[@]}"; do
    lines+="\t\t\"$k\": \`The \"$k\" backend is not in this Terraform build (built from source by terraform-provider-cpaas's .ci/terraform/build.sh).\`,\n"
  done
  sed -i "/^[[:space:]]*RemovedBackends = map\[string\]string{/a\\
$(printf '%b' "$lines" | sed 's/$/\\/' | sed '$ s/\\$//')" "$init"
  gofmt -w "$init"
fi
for m in "${nested[@]}"; do
  hits="$({ grep -rl --include='*.go' "\"$m[\"/]" . || true; } | { grep -v '_test\.go$' || true; })"
  [ -z "$hits" ] || die "code outside tests still imports $m: $hits"
done

# The S3 and GCS module sources are left out as well (.ci/getter/strip.sh).
"$strip" "$work" "$work/internal/getmodules/getter.go" "$out/go-getter" || die "leaving out the S3 and GCS module sources failed"

log "compiling Terraform $version (about five minutes on two cores)"
go build -trimpath -ldflags "-s -w -X '$mod/version.dev=no'" -o "$out/terraform.tmp.$$" . ||
  die "go build of Terraform $version failed (see above)"
mv -f "$out/terraform.tmp.$$" "$bin"
cd "$out" && rm -rf "$work" "$out/go-getter" # (a deleted working directory would stop the binary from running below)
got="$(reports "$bin")" || die "the built binary does not run: $bin"
[ "$got" = "Terraform $version" ] || die "the built binary reports '$got', not 'Terraform $version'"
printf '%s\n' "$want" >"$stamp"
log "built $got in $(($(date +%s) - start)) s"
echo "$bin"
