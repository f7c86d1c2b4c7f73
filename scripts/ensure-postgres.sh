#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on $PGHOST:$PGPORT (default 127.0.0.1:5432) and
# that the product's role and database exist:
#   - installed but stopped (this machine's kind): start the cluster;
#   - not installed: install it from Debian's packages, then start it;
#   - role `lario` (password `lario`, CREATEDB: tests make a database each) and database `lario`.
# Idempotent: running it again changes nothing.
set -euo pipefail

PGHOST=${PGHOST:-127.0.0.1}
PGPORT=${PGPORT:-5432}
ROLE=${LARIO_DB_ROLE:-lario}
DB=${LARIO_DB_NAME:-lario}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}

ready() { command -v pg_isready >/dev/null && pg_isready -h "$PGHOST" -p "$PGPORT" -q; }

if ! ready; then
  if ! command -v pg_lsclusters >/dev/null || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
    echo "PostgreSQL is not installed: installing it from Debian's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
  fi
  read -r version cluster _ < <(pg_lsclusters -h | head -n 1)
  echo "Starting PostgreSQL $version/$cluster" >&2
  pg_ctlcluster "$version" "$cluster" start || true
  for _ in $(seq 1 60); do ready && break; sleep 0.5; done
  ready || { echo "PostgreSQL did not start; see /var/log/postgresql/" >&2; exit 1; }
fi

as_postgres psql -p "$PGPORT" -v ON_ERROR_STOP=1 -qAt -d postgres <<SQL >/dev/null
do \$\$
begin
  if not exists (select from pg_roles where rolname = '$ROLE') then
    create role $ROLE login password '$ROLE' createdb;
  else
    alter role $ROLE login createdb;
  end if;
end
\$\$;
SQL
if ! as_postgres psql -p "$PGPORT" -qAt -d postgres -c "select 1 from pg_database where datname = '$DB'" | grep -q 1; then
  as_postgres createdb -p "$PGPORT" -O "$ROLE" "$DB"
fi
echo "PostgreSQL ready: postgres://$ROLE:***@$PGHOST:$PGPORT/$DB" >&2
