#!/usr/bin/env bash
# make test: every check and every test. Stops at the first failure.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

step "PostgreSQL"
bash scripts/ensure-postgres.sh

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

step "schemathesis against /api/openapi.json (anonymous, fan, staff)"
bash scripts/schemathesis.sh

for app in fan-ui admin-ui; do
  step "$app: lint, typecheck, Vitest, build"
  npm_install "$app"
  (cd "$app" && npm run --silent lint && npm run --silent typecheck && npm run --silent test && npm run --silent build)
done

bash scripts/e2e.sh
