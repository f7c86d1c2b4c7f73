# Shared helpers of the scripts (sourced).
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/lario/target}
export DATABASE_URL=${DATABASE_URL:-postgres://lario:lario@127.0.0.1:5432/lario}
BIN=$CARGO_TARGET_DIR/debug

step() { printf '\n\033[1;34m==> %s\033[0m\n' "$*" >&2; }

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
