#!/usr/bin/env bash
# make run: the whole product on this machine, with demo data. Ctrl-C stops what it started.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

step "PostgreSQL"
bash scripts/ensure-postgres.sh

step "Front-ends (npm ci, vite build)"
build_frontends

step "Rust binaries (cargo build)"
GIT_SHA=$(git rev-parse --short HEAD 2>/dev/null || echo dev) cargo build --bins

pids=()
cleanup() {
  trap - INT TERM EXIT
  echo >&2
  step "Stopping"
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup INT TERM EXIT

step "Starting sim, worker and api"
# Real time: the demo season moves to this week (its matches ahead, pre-emption open).
# The ticketing system keeps its titles across runs, as the real one would: a second `make run`
# goes on where the first stopped (the database remembers the titles too).
SIM_TICKETING_STATE=${SIM_TICKETING_STATE:-$ROOT/.run/sim-ticketing.json} \
  SIM_CLOCK_START=${SIM_CLOCK_START:-now} "$BIN/sim" & pids+=($!)
wait_for http://127.0.0.1:9090/_sim/health 30

step "Migrations and demo data (the stadium and season come from the ticketing simulator)"
"$BIN/api" migrate
"$BIN/api" seed
"$BIN/worker" & pids+=($!)
"$BIN/api" & pids+=($!)
wait_for http://127.0.0.1:8080/api/health 60

cat >&2 <<MSG

  Lario is running.
    Fan app           http://127.0.0.1:8080/
    Admin app         http://127.0.0.1:8080/admin
    API health        http://127.0.0.1:8080/api/health
    API documentation http://127.0.0.1:8080/api/docs/
    Job board         http://127.0.0.1:8090/
    Mailbox (sim)     http://127.0.0.1:9090/mail
    Ticketing (sim)   http://127.0.0.1:9090/ticketing   (JSON under /_sim/ticketing)
    SMTP (sim)        127.0.0.1:2525

  Demo accounts (development only; fixtures/demo.json):
    admin   admin@lario.test   / lario-admin-2026   (sign in at /admin/login)
    staff   staff@lario.test   / lario-staff-2026   (and cassa@lario.test / lario-cassa-2026)
    fan     tifoso@lario.test  / lario-tifoso-2026  (or any e-mail with a one-time code)
    company azienda@lario.test / lario-azienda-2026 (sign in at /corporate/login)
  Staff then give their authenticator's code: add the secret to an authenticator app, or
  print the code of now with  $BIN/api totp <secret>:
    admin KRUGS4ZANFZSAYLOEBQWI3LJNYQHI33U   staff KRUGS4ZANFZSA43UMFTGMIDUN52HA5DP
    cassa KRUGS4ZANFZSAY3BONZWCIDUN52HA5DP   (any other staff account enrols at its first sign-in)

  Ctrl-C stops everything.
MSG
wait -n "${pids[@]}" || true  # the first to stop (or Ctrl-C) stops all
