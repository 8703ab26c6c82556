#!/usr/bin/env bash
# Leaves the S3 and GCS module sources out of a Terraform or OpenTofu build
# from source (.ci/terraform/build.sh, .ci/tofu/build.sh), and out of
# syft's (.ci/syft/build.sh):
#
#   .ci/getter/strip.sh MODDIR LIST OUT
#
# MODDIR is the main module of the build (its go.mod gets the replace),
# LIST the program's own file that names go-getter's sources again, in a
# copy of its source (Terraform's and OpenTofu's
# internal/getmodules/getter.go, syft's internal/file/getter.go), OUT
# where the edited go-getter goes.
#
# Both CLIs install modules with github.com/hashicorp/go-getter v1, whose
# own package registers the "s3::" and "gcs::" sources and so links the
# AWS SDK, Google Cloud Storage and gRPC's xDS: about 370 of Terraform
# 1.16's 1,290 packages. Their package initialisers run at the start of
# every CLI command, about 50 ms of CPU each time (GODEBUG=inittrace=1),
# and the provider's acceptance tests run the CLI thousands of times a
# pass. No test of a provider downloads a module from S3 or GCS. This copies
# the go-getter the CLI selects, deletes get_s3.go and get_gcs.go and their
# entries in its getter map and in LIST, and
# replaces the module with the copy; every other file is the release's own.
# A module source "s3::..." or "gcs::..." then fails at init, naming the
# scheme this build does not download.
set -euo pipefail

die() { echo "strip-getters: ERROR: $*" >&2; exit 1; }
[ "$#" = 3 ] || die "usage: $0 MODDIR LIST OUT"
moddir="$1" getmodules="$2" out="$3"
gm=github.com/hashicorp/go-getter

dl="$(cd "$moddir" && go mod download -json "$gm" 2>&1)" || die "go mod download $gm failed: $dl"
dir="$(printf '%s\n' "$dl" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' | head -n1)"
[ -f "$dir/get.go" ] || die "no go-getter source with get.go in: $dl"
rm -rf "$out"
cp -R "$dir" "$out"
chmod -R u+w "$out"
for f in "$out/get_s3.go" "$out/get_gcs.go" "$out/get.go" "$getmodules"; do
  [ -f "$f" ] || die "$f not found: go-getter's or the CLI's layout changed"
done
rm "$out/get_s3.go" "$out/get_gcs.go"
sed -E -i '/^[[:space:]]*"(gcs|s3)":[[:space:]]+new\((GCS|S3)Getter\),[[:space:]]*$/d' "$out/get.go"
sed -E -i '/^[[:space:]]*"(gcs|s3)":[[:space:]]+new\(getter\.(GCS|S3)Getter\),[[:space:]]*$/d' "$getmodules"
if grep -Eq '(GCS|S3)Getter' "$out/get.go" "$getmodules"; then
  die "the S3 or GCS getter is still registered after the edit: go-getter's or the CLI's layout changed"
fi
gofmt -l "$out/get.go" "$getmodules" >/dev/null || die "the edited getter maps do not parse"
(cd "$moddir" && go mod edit -replace "$gm=$out") || die "go mod edit in $moddir failed"
echo "strip-getters: left out the s3 and gcs module sources (go-getter $(basename "$dir" | sed 's/.*@//'))" >&2
