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
  # Four at a time on two cores: the tests spend most of their time waiting (on jobs, the
  # simulators, the clock), so two at a time left the cores half idle.
  cargo nextest run --workspace --no-fail-fast --test-threads "${NEXTEST_TEST_THREADS:-4}"
  # nextest runs no doctests: the domain's (the ids' compile_fail examples among them) here.
  cargo test --doc -p domain --quiet
else
  cargo test --workspace --no-fail-fast
fi

step "api-types: the apps' types match the api's OpenAPI document"
bash scripts/api-types.sh --check

step "npm packages (installed alongside the Rust steps)"
wait "$npm_pid" || { cat "$npm_log"; exit 1; }

# The apps' lint and typecheck run alongside schemathesis: neither has a time limit that
# sharing the cores could break (schemathesis's requests just wait a little longer).
step "schemathesis against /api/openapi.json (anonymous, fan, staff), with the apps' lint and typecheck"
lint_log=$(mktemp)
( for app in fan-ui admin-ui; do
    (cd "$app" && npm run --silent lint && npm run --silent typecheck) || exit 1
  done ) >"$lint_log" 2>&1 &
lint_pid=$!
bash scripts/schemathesis.sh
if ! wait "$lint_pid"; then
  echo "the apps' lint or typecheck failed:"; cat "$lint_log"; exit 1
fi

# The journeys wait on the clock much of their time (a waiting room admitting by the minute, a
# renewal phase ending, a second factor's next code): they run alongside the apps' Vitest,
# which keeps both cores busy meanwhile. They need the apps built first.
for app in fan-ui admin-ui; do
  step "$app: build"
  (cd "$app" && npm run --silent build)
done
step "Browser journeys, in the background while the apps' Vitest runs"
journeys_log=$(mktemp)
bash scripts/e2e.sh >"$journeys_log" 2>&1 &
journeys_pid=$!
for app in fan-ui admin-ui; do
  step "$app: Vitest"
  if ! (cd "$app" && npm run --silent test); then
    kill "$journeys_pid" 2>/dev/null || true
    exit 1
  fi
done
step "Browser journeys: waiting for them to finish"
if ! wait "$journeys_pid"; then
  cat "$journeys_log"; exit 1
fi
tail -n 25 "$journeys_log"
