#!/usr/bin/env bash
# Prints the path of a Terraform CLI of 1.14 or later for the tests that need
# one (actions, list resources, resource identity: test names ending in _TF114).
# $1 is the CLI the rest of the suite uses: it is printed when it is Terraform
# 1.14+; otherwise .ci/terraform/build.sh builds (once, then cached) one.
# With --check first, it builds nothing: it prints $2 and succeeds when that
# is 1.14+, and fails otherwise (make test asks so before its first pass, and
# asks for the build only when that pass is over, which CI started at once in
# the background).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
check=0
if [ "${1:-}" = "--check" ]; then
  check=1
  shift
fi
cli="${1:-}"
if [ -n "$cli" ] && [ -x "$cli" ]; then
  v="$(CHECKPOINT_DISABLE=1 "$cli" version 2>/dev/null || true)"
  v="${v%%$'\n'*}"
  case "$v" in
  "Terraform v"*)
    IFS=. read -r major minor _ <<<"${v#Terraform v}"
    if [ "$major" -gt 1 ] || { [ "$major" -eq 1 ] && [ "$minor" -ge 14 ]; }; then
      echo "$cli"
      exit 0
    fi
    ;;
  esac
fi
[ "$check" = 0 ] || exit 1
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
