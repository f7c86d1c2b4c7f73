#!/usr/bin/env bash
# Refreshes .sqlx/ (the query cache that lets builds check SQL without a database):
# applies the migrations (the job queue's, then ours) to a scratch database with psql, then
# compiles every crate against it with the cache directory set, so the sqlx macros write
# their query files there. psql rather than `api migrate`: that binary needs the cache.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/ensure-postgres.sh
base=${DATABASE_URL%/*}
db=lario_sqlx_prepare
psql "$base/lario" -qc "drop database if exists $db with (force)" -c "create database $db" >/dev/null
export DATABASE_URL=$base/$db
apalis_dir=$(cargo metadata --format-version 1 | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(next(p["manifest_path"] for p in d["packages"] if p["name"] == "apalis-postgres").rsplit("/", 1)[0])')
for f in "$apalis_dir"/migrations/*.sql migrations/*.sql; do
  psql "$DATABASE_URL" -q -v ON_ERROR_STOP=1 -f "$f" >/dev/null
done
rm -rf .sqlx && mkdir .sqlx
# Touch the crates that hold queries so their macros run again; apalis-postgres's queries are
# cached here too, and its macros run again only when it is rebuilt.
find domain workflows workers api -name '*.rs' -exec touch {} +
cargo clean --quiet -p apalis-postgres
SQLX_OFFLINE=false SQLX_OFFLINE_DIR=$ROOT/.sqlx cargo check --workspace --all-targets --quiet
psql "$base/lario" -qc "drop database if exists $db with (force)" >/dev/null
echo "$(ls .sqlx | wc -l) queries cached in .sqlx/" >&2
