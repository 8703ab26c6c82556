#!/usr/bin/env bash
# Prints the path of a Terraform CLI of 1.14 or later for the tests that need
# one (actions, list resources, resource identity: test names ending in _TF114).
# $1 is the CLI the rest of the suite uses: it is printed when it is Terraform
# 1.14+; otherwise .ci/terraform/build.sh builds (once, then cached) one.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
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
"$here/build.sh" | tail -n 1
