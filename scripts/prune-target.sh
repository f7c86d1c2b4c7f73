#!/usr/bin/env bash
# The cargo target directory outside the clone only grows: every change of a workspace crate
# leaves its old test binaries and incremental caches behind (75 GB after two weeks filled this
# machine's disk). Removes what of ours has not been rebuilt for two days; third-party crates'
# artifacts stay (they change only with Cargo.lock). Cargo rebuilds anything it misses.
set -euo pipefail
dir=${CARGO_TARGET_DIR:-$HOME/.cache/lario/target}/debug
[ -d "$dir" ] || exit 0
ours='api|worker|workers|workflows|domain|integrations|sim|bench|ticketing_issue|onsale_holds|fulfilment|export'
tests=$(ls "$(dirname "$0")/../api/tests" "$(dirname "$0")/../domain/tests" "$(dirname "$0")/../workflows/tests" \
  "$(dirname "$0")/../workers/tests" "$(dirname "$0")/../sim/tests" "$(dirname "$0")/../integrations/tests" 2>/dev/null \
  | sed -n 's/\.rs$//p' | paste -sd'|' - || true)
pattern="^(lib)?(${ours}${tests:+|$tests})-[0-9a-f]{16}"
if [ -d "$dir/deps" ]; then
  # Of each of our artifacts (name and extension), keep the newest build: the others are
  # older versions of the same code. Cargo rebuilds a variant it still needs.
  { find "$dir/deps" -maxdepth 1 -type f -printf '%T@ %f\n' | sort -rn | cut -d' ' -f2 \
      | grep -E "$pattern" || true; } \
    | awk '{ key = $0; sub(/-[0-9a-f]{16}/, "", key); if (seen[key]++) print }' \
    | while read -r f; do rm -f "$dir/deps/$f"; done
fi
[ -d "$dir/incremental" ] && find "$dir/incremental" -mindepth 1 -maxdepth 1 -mtime +2 -exec rm -rf {} +
echo "target pruned: $(du -sh "$dir" 2>/dev/null | cut -f1) in $dir" >&2
