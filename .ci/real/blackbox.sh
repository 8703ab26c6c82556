#!/usr/bin/env bash
# make testacc-real and make sweep against a standalone emulator as a black
# box, proving real mode without an account :
#   1. cpaas-emulator runs as its own process on a free port, its control API
#      closed by a token generated here and never given to the suite;
#   2. objects without the tfacc- prefix are seeded through the public API
#      (the account's own objects);
#   3. make testacc-real runs the suite against it (REAL_RUN narrows it);
#   4. a second run is killed midway (after KILL_AFTER seconds, 25 by
#      default; it fails when the run ended first), then make
#      sweep deletes what it left, and a second sweep finds nothing;
#   5. the seeded objects are read back: unchanged, byte for byte.
# Exits non-zero when any part fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp="$(mktemp -d)"
emu_pid=""
cleanup() {
  [ -z "$emu_pid" ] || kill "$emu_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

go build -o "$tmp/cpaas-emulator" ./cmd/cpaas-emulator
control_token="$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
# An account id of its own: the suite must not assume the emulator's test
# account. Short registry delays: the black box has no time travel.
CPAAS_AUTH_ID=MABLACKBOXACCOUNT001 CPAAS_AUTH_TOKEN="bb-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
  "$tmp/cpaas-emulator" -addr 127.0.0.1:0 -control-token "$control_token" -registry-delay 1s -tollfree-delay 1s >"$tmp/emu.out" 2>"$tmp/emu.err" &
emu_pid=$!
for _ in $(seq 100); do grep -q '^CPAAS_AUTH_TOKEN=' "$tmp/emu.out" 2>/dev/null && break; sleep 0.1; done
eval "$(grep '^CPAAS_' "$tmp/emu.out" | sed 's/^/export /')"
unset control_token
echo "==> black-box emulator at $CPAAS_BASE_URL, account $CPAAS_AUTH_ID (control API closed)"
code="$(curl -s -o /dev/null -w '%{http_code}' "$CPAAS_BASE_URL/_emulator/accounts/$CPAAS_AUTH_ID/objects")"
[ "$code" = 401 ] || { echo "the control API answered $code without the token, want 401" >&2; exit 1; }

api() { # api METHOD PATH [JSON]
  curl -sS -f -u "$CPAAS_AUTH_ID:$CPAAS_AUTH_TOKEN" -H 'Content-Type: application/json' -X "$1" \
    "$CPAAS_BASE_URL/v1/Account/$CPAAS_AUTH_ID/$2" ${3:+--data "$3"}
}
app_id="$(api POST Application/ '{"app_name":"customer-own-app","answer_url":"https://example.com/answer"}' | jq -r .app_id)"
ep_id="$(api POST Endpoint/ "{\"username\":\"customerown\",\"password\":\"Own-pass-1234\",\"alias\":\"customer-own\",\"app_id\":\"$app_id\"}" | jq -r .endpoint_id)"
[ -n "$app_id" ] && [ "$app_id" != null ] && [ -n "$ep_id" ] && [ "$ep_id" != null ] || { echo "seeding failed" >&2; exit 1; }
api GET "Application/$app_id/" | jq -S "del(.api_id)" >"$tmp/app.before"
api GET "Endpoint/$ep_id/" | jq -S "del(.api_id)" >"$tmp/ep.before"
echo "==> seeded the account's own objects: application $app_id, endpoint $ep_id (no prefix)"

failed=0
make -s testacc-real REAL_RUN="${REAL_RUN:-.}" || failed=1

echo "==> a run killed after ${KILL_AFTER:-25} s, then make sweep"
timeout -s INT "${KILL_AFTER:-25}" make -s testacc-real REAL_RUN="${KILL_RUN:-${REAL_RUN:-.}}" >"$tmp/killed.log" 2>&1 || true
tail -n 3 "$tmp/killed.log"
if grep -q ' tests ran (' "$tmp/killed.log"; then
  echo "the run meant to be killed ended before ${KILL_AFTER:-25} s: lower KILL_AFTER" >&2; failed=1
fi
make -s sweep >"$tmp/sweep1.log" 2>&1 || { cat "$tmp/sweep1.log"; failed=1; }
grep -E '^(sweep|deleted|left)' "$tmp/sweep1.log" || true
make -s sweep >"$tmp/sweep2.log" 2>&1 || { cat "$tmp/sweep2.log"; failed=1; }
if grep -q '^deleted ' "$tmp/sweep2.log"; then
  echo "a second sweep still deleted objects:" >&2; grep '^deleted ' "$tmp/sweep2.log" >&2; failed=1
else
  echo "==> a second sweep found nothing to delete"
fi

api GET "Application/$app_id/" | jq -S "del(.api_id)" >"$tmp/app.after" || true
api GET "Endpoint/$ep_id/" | jq -S "del(.api_id)" >"$tmp/ep.after" || true
for o in app ep; do
  if ! cmp -s "$tmp/$o.before" "$tmp/$o.after"; then
    echo "the seeded $o changed or disappeared:" >&2; diff "$tmp/$o.before" "$tmp/$o.after" >&2 || true; failed=1
  fi
done
seed_ok=1
for o in app ep; do cmp -s "$tmp/$o.before" "$tmp/$o.after" || seed_ok=0; done
[ "$seed_ok" = 0 ] || echo "==> the seeded objects are untouched"
exit "$failed"
