#!/usr/bin/env bash
# The browser journeys: a fresh database, sim, worker and api on free ports, then
# playwright-core in Debian's chromium. Screenshots land in e2e/screenshots/.
# Arguments go to Vitest: `bash scripts/e2e.sh journeys/checkout.test.ts` runs one journey.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

bash scripts/ensure-postgres.sh
[ -f fan-ui/dist/index.html ] && [ -f admin-ui/dist/index.html ] || build_frontends
cargo build --bins --quiet

db=lario_e2e_$$
base=${DATABASE_URL%/*}
export DATABASE_URL=$base/$db
psql "$base/lario" -qc "create database $db" >/dev/null

http=$(free_port); smtp=$(free_port); api=$(free_port); board=$(free_port)
export SIM_HTTP_ADDR=127.0.0.1:$http SIM_SMTP_ADDR=127.0.0.1:$smtp
export API_ADDR=127.0.0.1:$api BOARD_ADDR=127.0.0.1:$board
export MAIL_SMTP_URL=smtp://127.0.0.1:$smtp JOBS_BACKOFF_BASE_MS=500
export SIM_PAYMENTS_WEBHOOK_URL=http://127.0.0.1:$api/api/payments/webhook
export FAN_UI_DIR=$ROOT/fan-ui/dist ADMIN_UI_DIR=$ROOT/admin-ui/dist
logs=$(mktemp -d)

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$base/lario" -qc "drop database if exists $db with (force)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

SIM_CLOCK_START=now "$BIN/sim" >"$logs/sim.log" 2>&1 & pids+=($!)
wait_for "http://127.0.0.1:$http/_sim/health" 30
"$BIN/api" migrate
"$BIN/api" seed
"$BIN/worker" >"$logs/worker.log" 2>&1 & pids+=($!)
"$BIN/api" >"$logs/api.log" 2>&1 & pids+=($!)
wait_for "http://127.0.0.1:$http/_sim/health" 30
wait_for "http://127.0.0.1:$api/api/health" 60

step "Browser journeys (playwright-core, $(command -v chromium || echo 'no chromium'))"
npm_install e2e
export E2E_BASE_URL=http://127.0.0.1:$api E2E_SIM_URL=http://127.0.0.1:$http
if ! (cd e2e && npm run --silent lint && npm run --silent typecheck && npm test -- "$@"); then
  echo "--- api log"; tail -n 50 "$logs/api.log"; echo "--- worker log"; tail -n 50 "$logs/worker.log"
  exit 1
fi
