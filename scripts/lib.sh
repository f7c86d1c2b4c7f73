# Shared helpers of the scripts (sourced).
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/lario/target}
export DATABASE_URL=${DATABASE_URL:-postgres://lario:lario@127.0.0.1:5432/lario}
BIN=$CARGO_TARGET_DIR/debug

step() { printf '\n\033[1;34m==> %s\033[0m (at %ds)\n' "$*" "$SECONDS" >&2; }

# npm ci when node_modules is missing or older than the lock file.
npm_install() {
  local dir=$1
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

build_frontends() {
  for app in fan-ui admin-ui; do
    npm_install "$ROOT/$app"
    (cd "$ROOT/$app" && npm run build --silent)
  done
}

# A free TCP port on loopback.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# Waits until URL answers 200 (at most $2 seconds).
wait_for() {
  local url=$1 secs=${2:-60}
  for _ in $(seq 1 $((secs * 4))); do
    if curl -fsS -o /dev/null "$url" 2>/dev/null; then return 0; fi
    sleep 0.25
  done
  echo "timed out waiting for $url" >&2
  return 1
}

# A throw-away stack for a test run (the journeys, schemathesis): a fresh database, the
# simulators, migrations and demo data, the worker and the api, each on a free port, all
# stopped and the database dropped at exit. The binaries must be built. Sets API_URL, SIM_URL
# and STACK_LOGS (the processes' logs, kept for a look after a failure).
start_stack() {
  local name=$1 http smtp api board
  STACK_DB=${name}_$$
  STACK_BASE=${DATABASE_URL%/*}
  export DATABASE_URL=$STACK_BASE/$STACK_DB
  psql "$STACK_BASE/lario" -qc "create database $STACK_DB" >/dev/null

  http=$(free_port); smtp=$(free_port); api=$(free_port); board=$(free_port)
  export SIM_HTTP_ADDR=127.0.0.1:$http SIM_SMTP_ADDR=127.0.0.1:$smtp
  export API_ADDR=127.0.0.1:$api BOARD_ADDR=127.0.0.1:$board
  export MAIL_SMTP_URL=smtp://127.0.0.1:$smtp JOBS_BACKOFF_BASE_MS=500
  export SIM_PAYMENTS_WEBHOOK_URL=http://127.0.0.1:$api/api/payments/webhook
  export FAN_UI_DIR=$ROOT/fan-ui/dist ADMIN_UI_DIR=$ROOT/admin-ui/dist
  API_URL=http://127.0.0.1:$api SIM_URL=http://127.0.0.1:$http
  STACK_LOGS=$(mktemp -d)

  STACK_PIDS=()
  trap stop_stack EXIT

  SIM_CLOCK_START=now "$BIN/sim" >"$STACK_LOGS/sim.log" 2>&1 & STACK_PIDS+=($!)
  wait_for "$SIM_URL/_sim/health" 30
  "$BIN/api" migrate
  "$BIN/api" seed
  "$BIN/worker" >"$STACK_LOGS/worker.log" 2>&1 & STACK_PIDS+=($!)
  "$BIN/api" >"$STACK_LOGS/api.log" 2>&1 & STACK_PIDS+=($!)
  wait_for "$SIM_URL/_sim/health" 30
  wait_for "$API_URL/api/health" 60
}

stop_stack() {
  for pid in "${STACK_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$STACK_BASE/lario" -qc "drop database if exists $STACK_DB with (force)" >/dev/null 2>&1 || true
}
