#!/usr/bin/env bash
# The apps' API types: the api's OpenAPI document (api-types/openapi.json) and what
# openapi-typescript makes of it (api-types/schema.d.ts), both committed.
#   bash scripts/api-types.sh          regenerates both from the api binary
#   bash scripts/api-types.sh --check  regenerates into a temp dir and fails when the files in
#                                      api-types/ differ (a Rust view changed, the types did not)
# Building the api is not this script's job: it runs $CARGO_TARGET_DIR/debug/api as it is (make
# test runs it right after the Rust tests, which build that binary). API_BIN overrides the path.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

check=false
case "${1:-}" in
  '') ;;
  --check) check=true ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

API_BIN=${API_BIN:-$BIN/api}
if [ ! -x "$API_BIN" ]; then
  echo "api-types: no api binary at $API_BIN (build it first: cargo build -p api)" >&2
  exit 1
fi

# openapi-typescript wants TypeScript 5; the package has its own, apart from the apps'.
npm_install api-types

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$API_BIN" openapi >"$out/openapi.json"
(cd api-types && node_modules/.bin/openapi-typescript "$out/openapi.json") >"$out/schema.d.ts"

# index.ts names the schemas for the apps: it must still compile against the new types (with the
# package's own TypeScript, strict, the generated file included), and a schema it does not name
# is pointed out.
cp api-types/index.ts "$out/index.ts"
if ! api-types/node_modules/.bin/tsc --noEmit --strict --target es2023 --module esnext \
    --moduleResolution bundler --verbatimModuleSyntax "$out/index.ts" "$out/schema.d.ts" >&2; then
  echo "api-types: index.ts does not compile against the api's types: rename or drop what it names" >&2
  exit 1
fi
python3 - "$out/openapi.json" api-types/index.ts <<'PY'
import json, re, sys
schemas = set(json.load(open(sys.argv[1]))["components"]["schemas"])
named = set(re.findall(r"Schemas\['(\w+)'\]", open(sys.argv[2]).read()))
for name in sorted(schemas - named):
    print(f"api-types: schema {name} has no name in api-types/index.ts yet", file=sys.stderr)
PY

if ! $check; then
  cp "$out/openapi.json" "$out/schema.d.ts" api-types/
  echo "api-types: openapi.json and schema.d.ts regenerated" >&2
  exit 0
fi

# git diff --exit-code between the committed files and the fresh ones (the start of the
# difference is shown: - committed, + generated now).
stale=()
for f in openapi.json schema.d.ts; do
  if ! git --no-pager diff --no-index --exit-code -- "api-types/$f" "$out/$f" >"$out/$f.diff" 2>&1; then
    stale+=("api-types/$f")
    head -n 40 "$out/$f.diff" >&2
  fi
done
if [ ${#stale[@]} -gt 0 ]; then
  {
    echo
    echo "api-types: ${stale[*]} differ from what the api binary ($API_BIN) generates now."
    echo "A Rust view or route changed without regenerating the apps' types: run"
    echo "  bash scripts/api-types.sh"
    echo "then fix what the apps' typecheck reports, and commit api-types/ with the change."
  } >&2
  exit 1
fi
echo "api-types: openapi.json and schema.d.ts match the api" >&2
