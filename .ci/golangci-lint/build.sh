#!/usr/bin/env bash
# Builds golangci-lint from the Go module proxy with only the linters
# .golangci.yml enables, and prints the binary's path on the last line of
# stdout (everything else goes to stderr).
#
#   GOLANGCI_LINT_VERSION=v2.15.0 .ci/golangci-lint/build.sh   (the GNUmakefile pins it)
#   FORCE=1 ...                                               rebuilds even when the cached binary fits
#
# golangci-lint registers 122 linters in one list, and a build links every
# one of them with its dependencies, though this project runs 15. The build
# takes the release's source and keeps, in that list
# (pkg/lint/lintersdb/builder_linter.go), the linters .golangci.yml enables
# (and nolintlint, which the list runs last); every other file is the
# release's own. A linter the configuration names that the build lacks is
# refused by golangci-lint itself ("unknown linters"), and the list of
# linters is part of what the cached binary was built for, so enabling one
# in .golangci.yml rebuilds it. Cached per version under $CPAAS_TOOLS_CACHE
# (default ~/.cache/terraform-provider-cpaas): a second run, from any
# clone, only prints its path.
set -euo pipefail

die() { echo "build-golangci-lint: ERROR: $*" >&2; exit 1; }
log() { echo "build-golangci-lint: $*" >&2; }

version="${GOLANGCI_LINT_VERSION:?set GOLANGCI_LINT_VERSION (the GNUmakefile pins it)}"
case "$version" in v*) ;; *) version="v$version" ;; esac
mod=github.com/golangci/golangci-lint/v2
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
config="$here/../../.golangci.yml"
cache="${CPAAS_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/terraform-provider-cpaas}"
out="$cache/golangci-lint-$version"
bin="$out/golangci-lint"
stamp="$out/.stamp"

command -v go >/dev/null 2>&1 || die "go is not on PATH"
export GOWORK=off GO111MODULE=on CGO_ENABLED=0 GOFLAGS="-buildvcs=false"
export GOTOOLCHAIN="${GOTOOLCHAIN:-local}"

# The linters .golangci.yml enables: the items of the first "enable:" list
# under "linters:" (the formatters' list follows "formatters:").
keep="$(awk '
  /^linters:/ { in_linters = 1; next }
  /^[^ #]/ { in_linters = 0 }
  in_linters && /^  enable:/ { in_enable = 1; next }
  in_enable && /^    - / { sub(/^    - /, ""); sub(/[ #].*/, ""); print; next }
  in_enable { in_enable = 0 }
' "$config" | sort -u | tr '\n' ' ')"
[ -n "$keep" ] || die "no linters enabled in $config (linters: enable:)"
keep="$keep nolintlint"

want="$mod@$version linters=[$keep] script=$(cksum <"${BASH_SOURCE[0]}" | cut -d' ' -f1) $(go env GOVERSION) $(go env GOOS)/$(go env GOARCH)"
reports() { # the version golangci-lint reports, read without a pipe
  local v
  v="$("$1" version --short 2>/dev/null)" || return 1
  printf '%s\n' "${v%%$'\n'*}"
}
fits() { [ -x "$bin" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] && [ "$(reports "$bin" || true)" = "${version#v}" ]; }

. "$(dirname "${BASH_SOURCE[0]}")/../lib/cached.sh"
use_cached_or_lock "golangci-lint $version"
start=$(date +%s)
log "compiling golangci-lint $version with the linters $keep from the Go module proxy (once)"
dl="$(cd "$out" && go mod download -json "$mod@$version" 2>&1)" || die "go mod download $mod@$version failed: $dl"
dir="$(printf '%s\n' "$dl" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' | head -n1)"
list=pkg/lint/lintersdb/builder_linter.go
[ -f "$dir/$list" ] || die "no $list in $dir: golangci-lint's layout changed"
src="$out/src.tmp.$$"
rm -rf "$src"
cp -R "$dir" "$src"
chmod -R u+w "$src"
# In the list, each linter is a paragraph (blank-line separated, its
# comments first) whose first call is linter.NewConfig(<package>.New...);
# a dropped linter's paragraph and its package's import line go.
awk -v keep=" $keep " '
  function flush() {
    if (block != "" && (name == "" || index(keep, " " name " ") > 0)) printf "%s", block
    block = ""; name = ""
  }
  /^\tplaceholderReplacer := / { replacer = 1 }
  /^\treturn \[\]\*linter\.Config\{$/ {
    if (replacer) print "\t_ = placeholderReplacer // the linters kept may not use it"
    print; in_list = 1; next
  }
  in_list && /^\t\}, nil$/ { flush(); in_list = 0; print; next }
  in_list {
    if ($0 == "") { flush(); print; next }
    if (name == "" && match($0, /^\t\tlinter\.NewConfig\([a-z0-9]+\./)) {
      name = substr($0, RSTART + 19, RLENGTH - 20)
    }
    block = block $0 "\n"
    next
  }
  /^\t"github\.com\/golangci\/golangci-lint\/v2\/pkg\/golinters\/[a-z0-9]+"$/ {
    p = $0; sub(/.*\//, "", p); sub(/"$/, "", p)
    if (index(keep, " " p " ") == 0) next
  }
  { print }
' "$dir/$list" | cat -s >"$src/$list"
# The golinters package itself, when no linter kept uses it.
grep -q 'golinters\.' "$src/$list" || sed -i '\#^\t"github.com/golangci/golangci-lint/v2/pkg/golinters"$#d' "$src/$list"
kept="$(grep -c '^		linter\.NewConfig(' "$src/$list" || true)"
want_n=$(wc -w <<<"$keep")
[ "$kept" = "$want_n" ] || die "kept $kept of the $want_n linters ($keep) in $list: a name matches no package there, or the layout changed"
tmp="$out/bin.tmp.$$"
# -X main.version: the version golangci-lint reports, which go install
# would have set from the module's (kept only when main.date is set). -s -w
# leave out the symbol table and the debug information, which only a
# debugger reads.
(cd "$src" && GOFLAGS="$GOFLAGS -mod=mod" go build -trimpath -o "$tmp" \
  -ldflags "-s -w -X main.version=${version#v} -X main.date=none -X main.commit=terraform-provider-cpaas/.ci/golangci-lint/build.sh" \
  ./cmd/golangci-lint) || die "go build of golangci-lint $version failed (see above)"
mv -f "$tmp" "$bin"
rm -rf "$src"
got="$(reports "$bin")" || die "the built binary does not run: $bin"
[ "$got" = "${version#v}" ] || die "the built binary reports version '$got', not '${version#v}'"
printf '%s\n' "$want" >"$stamp"
log "built golangci-lint $got in $(($(date +%s) - start)) s"
echo "$bin"
