#!/usr/bin/env bash
# Lighthouse 12.2.3 (mobile profile) on the fan app's home, fixture, seat map and checkout pages,
# in Debian's Chromium: one line per page with its performance and accessibility scores, the
# reports in e2e/screenshots/lighthouse-<page>.report.{json,html}. Exit 1 when a page is under 90.
#
#   scripts/lighthouse.sh http://127.0.0.1:8080 [--runs 3]
#
# Needs a running API with the demo data (a league fixture on sale, the demo fan). Lighthouse lives
# in lighthouse/ with its own package.json, apart from the apps' and the journeys' dependencies.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -lt 1 ]; then
  echo "usage: $0 <baseUrl> [--runs N]" >&2
  exit 2
fi
if [ ! -d "$ROOT/lighthouse/node_modules" ] || [ "$ROOT/lighthouse/package-lock.json" -nt "$ROOT/lighthouse/node_modules" ]; then
  (cd "$ROOT/lighthouse" && npm ci --no-audit --no-fund --loglevel=error)
fi
exec node "$ROOT/lighthouse/run.mjs" "$@"
