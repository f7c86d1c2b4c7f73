#!/usr/bin/env bash
# make test: every check and every test. Stops at the first failure.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

step "PostgreSQL"
bash scripts/ensure-postgres.sh

# The apps' and the journeys' npm packages install meanwhile: network and disk, while the
# Rust steps below keep the cores busy.
npm_log=$(mktemp)
( for dir in fan-ui admin-ui e2e; do npm_install "$dir" || exit 1; done ) >"$npm_log" 2>&1 &
npm_pid=$!

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings

step "Rust tests (a database per test, simulators on random ports)"
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-fail-fast
  # nextest runs no doctests: the domain's (the ids' compile_fail examples among them) here.
  cargo test --doc -p domain --quiet
else
  cargo test --workspace --no-fail-fast
fi

step "api-types: the apps' types match the api's OpenAPI document"
bash scripts/api-types.sh --check

step "npm packages (installed alongside the Rust steps)"
wait "$npm_pid" || { cat "$npm_log"; exit 1; }

# The journeys wait on the clock much of their time (a waiting room admitting by the minute, a
# renewal phase ending, a second factor's next code): they start as soon as the apps are
# built and run alongside schemathesis, the apps' lint and typecheck, then the apps' Vitest,
# which keep both cores busy meanwhile.
for app in fan-ui admin-ui; do
  step "$app: build"
  (cd "$app" && npm run --silent build)
done
cargo build -p api -p workers -p sim --bins --quiet
step "Browser journeys, in the background while schemathesis and the apps' checks run"
journeys_log=$(mktemp)
bash scripts/e2e.sh >"$journeys_log" 2>&1 &
journeys_pid=$!
# The two stacks take free ports: schemathesis's is started once the journeys' has bound its
# own, so that neither is handed a port the other was about to take.
for _ in $(seq 1 480); do
  grep -q "==> Browser journeys" "$journeys_log" && break
  kill -0 "$journeys_pid" 2>/dev/null || break
  sleep 0.25
done
stop_journeys() { kill "$journeys_pid" 2>/dev/null || true; }

# The apps' lint and typecheck run alongside schemathesis: neither has a time limit that
# sharing the cores could break (schemathesis's requests just wait a little longer).
step "schemathesis against /api/openapi.json (anonymous, fan, staff), with the apps' lint and typecheck"
lint_log=$(mktemp)
( for app in fan-ui admin-ui; do
    (cd "$app" && npm run --silent lint && npm run --silent typecheck) || exit 1
  done ) >"$lint_log" 2>&1 &
lint_pid=$!
if ! SKIP_BUILD=1 bash scripts/schemathesis.sh; then
  stop_journeys; exit 1
fi
if ! wait "$lint_pid"; then
  echo "the apps' lint or typecheck failed:"; cat "$lint_log"; stop_journeys; exit 1
fi

for app in fan-ui admin-ui; do
  step "$app: Vitest"
  if ! (cd "$app" && npm run --silent test); then
    stop_journeys; exit 1
  fi
done
step "Browser journeys: waiting for them to finish"
if ! wait "$journeys_pid"; then
  cat "$journeys_log"; exit 1
fi
tail -n 25 "$journeys_log"
