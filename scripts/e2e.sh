#!/usr/bin/env bash
# The browser journeys: a fresh database, sim, worker and api on free ports, then
# playwright-core in Debian's chromium. Screenshots land in e2e/screenshots/.
# Arguments go to Vitest: `bash scripts/e2e.sh journeys/checkout.test.ts` runs one journey.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

bash scripts/ensure-postgres.sh
[ -f fan-ui/dist/index.html ] && [ -f admin-ui/dist/index.html ] || build_frontends
cargo build -p api -p workers -p sim --bins --quiet

start_stack lario_e2e

step "Browser journeys (playwright-core, $(command -v chromium || echo 'no chromium'))"
npm_install e2e
export E2E_BASE_URL=$API_URL E2E_SIM_URL=$SIM_URL
if ! (cd e2e && npm run --silent lint && npm run --silent typecheck && npm test -- "$@"); then
  echo "--- api log"; tail -n 50 "$STACK_LOGS/api.log"; echo "--- worker log"; tail -n 50 "$STACK_LOGS/worker.log"
  exit 1
fi
