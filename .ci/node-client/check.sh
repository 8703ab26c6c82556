#!/usr/bin/env bash
# Runs the service's Node client library against the emulator of this tree
# (make node-client-check): installs the pinned npm package plivo into a
# cache directory outside the repository (never vendored), starts
# cpaas-emulator on a free loopback port, runs calls.js (one call per
# operation of every family the emulator serves, PASS/FAIL each, SKIP for
# a family it does not serve (404 "unknown resource"), and the
# total) and stops the emulator. Needs node and npm; not part of make test.
#
#   PLIVO_NODE_VERSION  the library's version (default below)
#   NODE_CLIENT_CACHE   where it is installed (default ~/.cache/...)
#   EMULATOR_BIN        an emulator binary to run instead of this tree's
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
version="${PLIVO_NODE_VERSION:-4.79.0}"
cache="${NODE_CLIENT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/terraform-provider-cpaas/node-client}/plivo-$version"

command -v node >/dev/null && command -v npm >/dev/null || { echo "node-client-check needs node and npm on PATH" >&2; exit 1; }
if [ ! -f "$cache/node_modules/plivo/package.json" ]; then
  echo "==> npm install plivo@$version into $cache"
  mkdir -p "$cache"
  (cd "$cache" && { [ -f package.json ] || echo '{"private": true}' > package.json; } &&
    npm install --no-audit --no-fund --loglevel=error "plivo@$version" >/dev/null)
fi

tmp="$(mktemp -d)"
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
bin="${EMULATOR_BIN:-}"
if [ -z "$bin" ]; then
  bin="$tmp/cpaas-emulator"
  (cd "$root" && go build -o "$bin" ./cmd/cpaas-emulator)
fi
# Short registry and carrier delays: the 10DLC and toll-free calls wait for
# them. The account is the emulator's default.
env -u CPAAS_AUTH_ID -u CPAAS_AUTH_TOKEN -u CPAAS_EMULATOR_CONTROL_TOKEN \
  "$bin" -addr 127.0.0.1:0 -registry-delay 300ms -tollfree-delay 300ms >"$tmp/emulator.out" 2>"$tmp/emulator.err" &
pid=$!
for _ in $(seq 1 100); do
  grep -q "emulator ready" "$tmp/emulator.out" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$tmp/emulator.err" >&2; exit 1; }
  sleep 0.1
done
grep -q "emulator ready" "$tmp/emulator.out" || { echo "the emulator did not start" >&2; cat "$tmp/emulator.err" >&2; exit 1; }
eval "$(grep -E '^CPAAS_(BASE_URL|AUTH_ID|AUTH_TOKEN)=' "$tmp/emulator.out" | sed 's/^/export /')"
echo "==> plivo@$version (Node $(node --version)) against $CPAAS_BASE_URL"
PLIVO_DIR="$cache/node_modules/plivo" node "$here/calls.js"
