#!/usr/bin/env bash
# make release-snapshot: builds the release artefacts with goreleaser in
# snapshot mode, checks them as the registry would, then installs the
# provider from them the way a user's `terraform init` does and applies the
# getting-started guide's configuration with it against the cpaas-emulator
# of the same release.
#
#   .ci/release/snapshot.sh                 every platform of .goreleaser.yml
#   SINGLE_TARGET=1 .ci/release/snapshot.sh only this machine's platform (what CI runs)
#
# Environment:
#   GORELEASER_VERSION  the goreleaser release (pinned in the GNUmakefile), built
#                       once by .ci/goreleaser/build.sh and cached
#   SYFT_VERSION        the syft release goreleaser runs for each archive's SBOM
#                       (pinned in the GNUmakefile), built once by
#                       .ci/syft/build.sh and cached, and put first on PATH
#   TERRAFORM           the CLI of the install check (Terraform or OpenTofu;
#                       default: terraform on PATH)
#   GPG_FINGERPRINT     the release key to sign with, from the keyring in use;
#                       unset, a throwaway key made in a temporary GNUPGHOME
#                       signs, and dies with it
#   SNAPSHOT_VERSION    the version the snapshot carries (default: the
#                       CHANGELOG's newest version plus "-snapshot", e.g.
#                       0.1.0-snapshot)
# The artefacts stay in dist/.
set -euo pipefail
cd "$(dirname "$0")/../.."
log() { echo "release-snapshot: $*" >&2; }
die() { echo "release-snapshot: ERROR: $*" >&2; exit 1; }
t0=$(date +%s)

tf="${TERRAFORM:-$(command -v terraform || true)}"
[ -n "$tf" ] && [ -x "$tf" ] || die "no terraform CLI: set TERRAFORM=/path/to/terraform (or tofu)"
for tool in gpg gpgconf unzip sha256sum curl; do
  command -v "$tool" >/dev/null || die "$tool is needed (apt-get install gnupg unzip coreutils curl)"
done
# The goreleaser .ci/goreleaser/build.sh builds leaves out container
# images, blob uploads, notarisation, the MCP registry and the announcers:
# a configuration that uses one would lose it without a word.
if stripped="$(grep -E '^(dockers|dockers_v2|docker_manifests|docker_digest|kos|blobs|announce|notarize|mcp):' .goreleaser.yml)"; then
  die ".goreleaser.yml uses what .ci/goreleaser/build.sh leaves out of goreleaser: $(tr '\n' ' ' <<<"$stripped")(take it out of build.sh's drop list)"
fi
goreleaser="$(.ci/goreleaser/build.sh | tail -n 1)"
# goreleaser runs `syft` from PATH for the SBOMs (sboms in .goreleaser.yml):
# the pinned one, not whatever else the machine has.
syft="$(.ci/syft/build.sh | tail -n 1)"
export PATH="$(dirname "$syft"):$PATH"
[ "$(command -v syft)" = "$syft" ] || die "syft on PATH is $(command -v syft), not the pinned $syft"

work="$(mktemp -d)"
emu_pid=""
cleanup() {
  [ -z "$emu_pid" ] || kill "$emu_pid" 2>/dev/null || true
  [ -z "${throwaway_home:-}" ] || gpgconf --homedir "$throwaway_home" --kill all 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

version="${SNAPSHOT_VERSION:-$(sed -n '/^## [0-9]/{s/^## \([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\).*/\1/p;q;}' CHANGELOG.md)-snapshot}"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]] || die "version '$version' is not a semantic version Terraform can install"
export SNAPSHOT_VERSION="$version"

# The signing key: the maintainer's, or a throwaway one.
if [ -z "${GPG_FINGERPRINT:-}" ]; then
  throwaway_home="$work/gnupg"
  export GNUPGHOME="$throwaway_home"
  mkdir -m 700 "$GNUPGHOME"
  gpg --batch --quiet --pinentry-mode loopback --passphrase '' \
    --quick-generate-key "terraform-provider-cpaas snapshot (throwaway) <snapshot@invalid>" rsa3072 sign 1d 2>/dev/null ||
    die "gpg could not make a throwaway key"
  GPG_FINGERPRINT="$(gpg --batch --with-colons --list-secret-keys | awk -F: '$1 == "fpr" { print $10; exit }')"
  log "no GPG_FINGERPRINT: signing with the throwaway key $GPG_FINGERPRINT"
fi
export GPG_FINGERPRINT

# Every platform of .goreleaser.yml, or (SINGLE_TARGET=1) this machine's
# only: `goreleaser build --single-target` makes no archives, checksums or
# signature, so `release --snapshot` runs with a copy of the configuration
# whose builds list only this platform.
goos="$(go env GOOS)" goarch="$(go env GOARCH)"
config=.goreleaser.yml
if [ "${SINGLE_TARGET:-0}" = 1 ]; then
  config="$work/goreleaser-single-target.yml"
  sed -e "s/^\(  *goos:\) \[.*\]\$/\1 [$goos]/" -e "s/^\(  *goarch:\) \[.*\]\$/\1 [$goarch]/" .goreleaser.yml >"$config"
  builds=$(grep -c '^  *goos: \[' .goreleaser.yml)
  [ "$(grep -c "^  *goos: \[$goos\]\$" "$config")" = "$builds" ] && [ "$(grep -c "^  *goarch: \[$goarch\]\$" "$config")" = "$builds" ] ||
    die "could not restrict the $builds builds of .goreleaser.yml to $goos/$goarch (each needs one 'goos: [...]' and one 'goarch: [...]' line)"
fi
log "goreleaser $GORELEASER_VERSION release --snapshot --clean --config $config (version $version; SBOMs by syft $SYFT_VERSION)"
start=$(date +%s)
"$goreleaser" release --snapshot --clean --config "$config" >&2 || die "goreleaser failed (see above)"
log "goreleaser took $(($(date +%s) - start)) s"

# What the registry needs, checked as it would: the checksums file, its
# signature, the manifest, and a zip per platform holding the binary.
name="terraform-provider-cpaas_${version}"
sums="dist/${name}_SHA256SUMS"
[ -f "$sums" ] || die "$sums missing"
[ -f "$sums.sig" ] || die "$sums.sig (the detached signature) missing"
# The manifest: a release uploads terraform-registry-manifest.json under this
# name (release.extra_files), and _SHA256SUMS lists it (checksum.extra_files);
# a snapshot publishes nothing, so the copy the release would upload goes to
# dist/ here, and the checksum check below holds it against _SHA256SUMS.
grep -q "^[0-9a-f]\{64\}  ${name}_manifest.json\$" "$sums" || die "the manifest ${name}_manifest.json is not in $sums"
cp terraform-registry-manifest.json "dist/${name}_manifest.json"
verify="$(gpg --batch --status-fd 1 --verify "$sums.sig" "$sums" 2>/dev/null || true)"
grep -q "^\[GNUPG:\] VALIDSIG $GPG_FINGERPRINT " <<<"$verify" ||
  die "$sums.sig is not a valid signature of $sums by $GPG_FINGERPRINT"
(cd dist && sha256sum --quiet --strict -c "$(basename "$sums")") || die "a file in dist/ does not match $sums"
# The platforms goreleaser built the provider for, from its own record.
platforms="$(go run .ci/release/artifacts.go dist/artifacts.json terraform-provider-cpaas)"
[ -n "$platforms" ] || die "dist/artifacts.json records no build of the provider"
n=0
for p in $platforms; do
  zip="dist/${name}_${p}.zip"
  [ -f "$zip" ] || die "$zip missing (the provider was built for $p)"
  grep -q "^[0-9a-f]\{64\}  ${name}_${p}.zip\$" "$sums" || die "$zip is not in $sums"
  bin="terraform-provider-cpaas_v${version}$(case "$p" in windows_*) echo .exe ;; esac)"
  grep -qx "$bin" <<<"$(unzip -Z1 "$zip")" || die "$zip does not hold $bin at its top: $(unzip -Z1 "$zip" | tr '\n' ' ')"
  n=$((n + 1))
done
# Every platform of the provider's build in .goreleaser.yml (its goos x
# goarch that Go supports, but those it ignores) has its zip: goreleaser
# skipped none.
if [ "${SINGLE_TARGET:-0}" != 1 ]; then
  build="$(awk '/^  - id: terraform-provider-cpaas$/ { on = 1; next } /^  - / { on = 0 } on' .goreleaser.yml)"
  list() { sed -n "s/^ *$1: \[\(.*\)\]\$/\1/p" <<<"$build" | tr -d " '\"" | tr , ' '; }
  ignored="$(awk '/goos:/ && /- / { os = $NF } /goarch:/ && !/\[/ { gsub(/[\047"]/, "", $NF); print os "_" $NF }' <<<"$build")"
  dist="$(go tool dist list)"
  for os in $(list goos); do
    for arch in $(list goarch); do
      grep -qx "$os/$arch" <<<"$dist" || continue
      grep -qx "${os}_${arch}" <<<"$ignored" && continue
      grep -qx "${os}_${arch}" <<<"$platforms" || die "no zip for ${os}_${arch}, a platform of .goreleaser.yml"
    done
  done
fi
extra="$(ls dist/"${name}"_*.zip | grep -v -F -f <(for p in $platforms; do echo "dist/${name}_${p}.zip"; done) || true)"
[ -z "$extra" ] || die "zips of no recorded build: $extra"
log "$n provider zips ($(echo $platforms)), $(basename "$sums") with its signature, and the manifest: checksums and signature verify"

# Each zip's SBOM (sboms in .goreleaser.yml), the provider's and the
# emulator's: <zip>.sbom.json, listed in _SHA256SUMS (so the signature covers
# it), a JSON document in SPDX or CycloneDX that names the main module and
# every module (at its version) in the build information of the binary in
# the zip; the provider's names terraform-plugin-framework.
module="$(go list -m)"
sbom_check="$(go run .ci/release/artifacts.go -sboms -need "$module=github.com/hashicorp/terraform-plugin-framework" dist/artifacts.json)" ||
  die "the zips' SBOMs do not hold (see above)"
zips="$(ls dist/*.zip | wc -l)"
[ "$(grep -c . <<<"$sbom_check")" = "$zips" ] || die "$zips zips in dist/, but $(grep -c . <<<"$sbom_check") with an SBOM:
$sbom_check"
formats=""
while read -r archive doc format modules; do
  [ -f "dist/$doc" ] || die "dist/$doc (the SBOM of $archive) missing"
  grep -q "^[0-9a-f]\{64\}  $doc\$" "$sums" || die "$doc (the SBOM of $archive) is not in $sums"
  formats+="$format"$'\n'
done <<<"$sbom_check"
log "$zips SBOMs, one per zip ($(sort -u <<<"$formats" | xargs), by syft $SYFT_VERSION), each naming every module built into its binary (the provider's: $(awk -v p="${name}_${goos}_${goarch}.zip" '$1 == p { print $4 }' <<<"$sbom_check") modules, terraform-plugin-framework among them), in $(basename "$sums")"

# This platform's zips: the provider, and the cpaas-emulator it runs against.
platform="${goos}_${goarch}"
zip="dist/${name}_${platform}.zip"
[ -f "$zip" ] || die "$zip missing: this machine's platform $platform is not in .goreleaser.yml"
emuzip="dist/cpaas-emulator_${version}_${platform}.zip"
[ -f "$emuzip" ] || die "$emuzip missing"
unzip -q -d "$work/bin" "$zip"
unzip -q -o -d "$work/bin" "$emuzip" cpaas-emulator
# The version the binary carries is set from the tag (here the snapshot's)
# by the linker (-X main.version; -trimpath keeps ldflags out of the build
# information): the provider sends it in its User-Agent, which the emulator
# logs (-v), checked after the apply below.

# The install a user's `terraform init` makes from a filesystem mirror: the
# zip exactly as published (the mirror's packed layout), under both
# registries' names so that Terraform and OpenTofu each find it.
for host in registry.terraform.io registry.opentofu.org; do
  mkdir -p "$work/mirror/$host/cpaas-dev/cpaas"
  cp "$zip" "$work/mirror/$host/cpaas-dev/cpaas/"
done
tf_version() { # the first line of `terraform version` (no pipe: pipefail)
  local v
  v="$(env -i PATH="$PATH" HOME="$work" TF_CLI_CONFIG_FILE=/dev/null CHECKPOINT_DISABLE=1 "$tf" version)"
  printf '%s\n' "${v%%$'\n'*}"
}
case "$(tf_version)" in OpenTofu*) host=registry.opentofu.org ;; *) host=registry.terraform.io ;; esac
mirror_rc() { # $1: the mirror
  printf 'provider_installation {\n  filesystem_mirror {\n    path    = "%s"\n    include = ["registry.terraform.io/cpaas-dev/cpaas", "registry.opentofu.org/cpaas-dev/cpaas"]\n  }\n}\n' "$1"
}
mirror_rc "$work/mirror" >"$work/cli.tfrc"

# The lock file a user's `terraform init` from the registry writes: the
# registry serves _SHA256SUMS with its signature, Terraform checks the
# signature against the namespace's key and records every zip's checksum as
# a zh: hash. Here the signature was checked above; the lock file gets the
# same hashes, and `terraform init` from the mirror must find the zip's
# checksum among them (it refuses a zip that matches none: see the tampered
# mirror below) and records it with the h1: hash of its contents.
lock() {
  printf '# Seeded from %s, as the registry'"'"'s init would\nprovider "%s/cpaas-dev/cpaas" {\n  version     = "%s"\n  constraints = "%s"\n  hashes = [\n' \
    "$(basename "$sums")" "$host" "$version" "$version"
  awk -v pre="${name}_" '$2 ~ "^" pre ".*\\.zip$" { printf "    \"zh:%s\",\n", $1 }' "$sums"
  printf '  ]\n}\n'
}

# The emulator, from the release's cpaas-emulator zip, on a free port.
(cd "$work" && exec env -i PATH="$PATH" EMULATOR_ADDR=127.0.0.1:0 ./bin/cpaas-emulator -v >"$work/emulator.out" 2>"$work/emulator.err") &
emu_pid=$!
for _ in $(seq 100); do grep -q '^CPAAS_AUTH_TOKEN=' "$work/emulator.out" 2>/dev/null && break; sleep 0.1; done
grep -q '^CPAAS_AUTH_TOKEN=' "$work/emulator.out" || die "the emulator did not start: $(cat "$work/emulator.err")"
base_url="$(sed -n 's/^CPAAS_BASE_URL=//p' "$work/emulator.out")"
auth_id="$(sed -n 's/^CPAAS_AUTH_ID=//p' "$work/emulator.out")"
auth_token="$(sed -n 's/^CPAAS_AUTH_TOKEN=//p' "$work/emulator.out")"

# The getting-started guide's configuration, as a user copies it, pinned to
# this version (the guide's "~> 0.1" does not select a pre-release).
guide=examples/guides/getting-started/main.tf
mkdir "$work/ws"
sed "s|^\(  *version *= *\)\"[^\"]*\"|\1\"= ${version}\"|" "$guide" >"$work/ws/main.tf"
grep -q "^  *version *= \"= ${version}\"\$" "$work/ws/main.tf" || die "no version constraint to pin in $guide"
grep -q '^  *source *= "cpaas-dev/cpaas"$' "$work/ws/main.tf" || die "$guide does not name source = \"cpaas-dev/cpaas\""
pw="-var=desk_password=Release-check-1"
# Only what this script sets reaches the CLI (no TF_* or CPAAS_* of the shell).
tfw() { # $1: workspace, $2: CLI configuration, then the CLI's arguments
  local ws="$1" rc="$2"
  shift 2
  (cd "$ws" && env -i PATH="$PATH" HOME="$work/home" TF_CLI_CONFIG_FILE="$rc" TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1 \
    CPAAS_BASE_URL="$base_url" CPAAS_AUTH_ID="$auth_id" CPAAS_AUTH_TOKEN="$auth_token" "$tf" "$@" -no-color)
}
mkdir -p "$work/home"

# First the check can fail: a zip altered after the checksums were signed
# (one byte appended: still a valid zip) is refused.
mkdir -p "$work/bad" && cp -R "$work/mirror" "$work/bad/mirror" && cp "$work/ws/main.tf" "$work/bad/"
printf 'x' >>"$work/bad/mirror/$host/cpaas-dev/cpaas/$(basename "$zip")"
mirror_rc "$work/bad/mirror" >"$work/bad.tfrc"
lock >"$work/bad/.terraform.lock.hcl"
if tfw "$work/bad" "$work/bad.tfrc" init -input=false >"$work/bad.log" 2>&1; then
  die "terraform init accepted a zip whose checksum is not in $(basename "$sums"):
$(cat "$work/bad.log")"
fi
grep -qi 'checksum' "$work/bad.log" || die "terraform init of the altered zip failed, but not on its checksum:
$(cat "$work/bad.log")"

log "$(tf_version): terraform init from the filesystem mirror, lock file from $(basename "$sums")"
lock >"$work/ws/.terraform.lock.hcl"
tfw "$work/ws" "$work/cli.tfrc" init -input=false >"$work/init.log" 2>&1 || die "terraform init from the mirror failed:
$(cat "$work/init.log")"
cat "$work/init.log" >&2
# (A mirror's package is "unauthenticated": no signature travels with it;
# its checksum is what the lock file holds it to.)
grep -q "Installed cpaas-dev/cpaas v${version} " "$work/init.log" ||
  die "terraform init did not report cpaas-dev/cpaas v${version} as installed"
want_sum="$(awk -v f="$(basename "$zip")" '$2 == f { print $1 }' "$sums")"
lockfile="$work/ws/.terraform.lock.hcl"
grep -q "\"zh:${want_sum}\"" "$lockfile" || die "the lock file lost the zip's checksum zh:$want_sum:
$(cat "$lockfile")"
grep -q '"h1:' "$lockfile" || die "the lock file has no h1: hash of the installed package:
$(cat "$lockfile")"
grep -q "^  version *= \"${version}\"\$" "$lockfile" || die "the lock file does not record version $version"
v="$(tfw "$work/ws" "$work/cli.tfrc" version)"
grep -q "provider $host/cpaas-dev/cpaas v${version}\$" <<<"$v" ||
  die "terraform version in the workspace does not show the provider at v$version:
$v"
log "lock file: zh:$want_sum (= $(basename "$zip") in $(basename "$sums")) and its h1:; terraform version: $(grep cpaas-dev <<<"$v" | sed 's/^[+ ]*//')"

tfw "$work/ws" "$work/cli.tfrc" plan -input=false "$pw" -out=tfplan >&2 || die "plan failed"
tfw "$work/ws" "$work/cli.tfrc" apply -input=false "$pw" tfplan >&2 || die "apply failed"
objects="$(curl -fsS "$base_url/_emulator/accounts/$auth_id/objects")"
grep -q '"endpoints":\["' <<<"$objects" || die "the emulator holds no endpoint after the apply: $objects"
grep -q "^[0-9/:. ]*POST /v1/Account/$auth_id/Endpoint/ -> 20[0-9] .* \"terraform-provider-cpaas/${version}\"\$" "$work/emulator.err" ||
  die "the emulator saw no endpoint created by terraform-provider-cpaas/${version} (the User-Agent of a provider linked with -X main.version=${version}):
$(grep Endpoint "$work/emulator.err")"
set +e
tfw "$work/ws" "$work/cli.tfrc" plan -input=false "$pw" -detailed-exitcode >"$work/plan2.log" 2>&1
code=$?
set -e
[ "$code" = 0 ] || die "the plan after the apply is not empty (exit $code):
$(cat "$work/plan2.log")"
tfw "$work/ws" "$work/cli.tfrc" destroy -input=false -auto-approve "$pw" >&2 || die "destroy failed"
objects="$(curl -fsS "$base_url/_emulator/accounts/$auth_id/objects")"
grep -q '"endpoints":\["' <<<"$objects" && die "the endpoint is still in the emulator after destroy: $objects"
log "OK in $(($(date +%s) - t0)) s: v$version installed from the $platform zip through a filesystem mirror (checksum verified against $(basename "$sums"), an altered zip refused); plan, apply, an empty plan and destroy against the release's cpaas-emulator"
