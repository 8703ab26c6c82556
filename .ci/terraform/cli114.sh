#!/usr/bin/env bash
# Prints the path of a Terraform CLI of 1.14 or later for the tests that need
# one (actions, list resources, resource identity: test names ending in _TF114).
# $1 is the CLI the rest of the suite uses: it is printed when it is Terraform
# 1.14+; otherwise .ci/terraform/build.sh builds (once, then cached) one.
# With --check first, it builds nothing: it prints $2 and succeeds when that
# is 1.14+, and fails otherwise (make test asks so before its first pass, and
# asks for the build only when that pass is over, which CI started at once in
# the background). With --cached first, it builds nothing either: it prints
# $2 when that is 1.14+, else the CLI build.sh built before (its cache), and
# fails when there is neither (make demo, which then skips its action).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mode=build
case "${1:-}" in
--check | --cached)
  mode="${1#--}"
  shift
  ;;
esac
is114() { # $1: a CLI; succeeds when it is Terraform 1.14 or later
  [ -n "$1" ] && [ -x "$1" ] || return 1
  local v major minor
  v="$(CHECKPOINT_DISABLE=1 TF_CLI_CONFIG_FILE=/dev/null "$1" version 2>/dev/null || true)"
  v="${v%%$'\n'*}"
  case "$v" in "Terraform v"*) ;; *) return 1 ;; esac
  IFS=. read -r major minor _ <<<"${v#Terraform v}"
  [ "$major" -gt 1 ] || { [ "$major" -eq 1 ] && [ "$minor" -ge 14 ]; }
}
cli="${1:-}"
if is114 "$cli"; then
  echo "$cli"
  exit 0
fi
[ "$mode" != check ] || exit 1
if [ "$mode" = cached ]; then
  # Where build.sh puts its default version (keep the two in step).
  version="${TF_VERSION:-v1.16.4}"
  cached="${CPAAS_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/terraform-provider-cpaas}/terraform-v${version#v}/terraform"
  is114 "$cached" || exit 1
  echo "$cached"
  exit 0
fi
# CI (.ci/run) starts the build in the background at once and names in
# CPAAS_CLI114_WAIT the file it writes when that build is over: wait for it
# rather than start a second build (build.sh takes its lock, but builds again).
if [ -n "${CPAAS_CLI114_WAIT:-}" ]; then
  waited=0
  while [ ! -e "$CPAAS_CLI114_WAIT" ]; do
    [ "$waited" -lt 3600 ] || { echo "cli114.sh: the background build did not end within an hour" >&2; exit 1; }
    sleep 2
    waited=$((waited + 2))
  done
fi
"$here/build.sh" | tail -n 1
