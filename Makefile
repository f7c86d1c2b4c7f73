# The two commands: `make run` (the whole product, with demo data) and `make test` (every test).
SHELL := /bin/bash
export CARGO_TARGET_DIR ?= $(HOME)/.cache/lario/target
export DATABASE_URL ?= postgres://lario:lario@127.0.0.1:5432/lario

.PHONY: run test e2e schemathesis api-types sqlx-prepare fmt lint

## Installs and starts what is missing, migrates, loads demo data, builds, runs api, worker and sim.
run:
	@bash scripts/run.sh

## cargo fmt check, clippy -D warnings, every Rust test, the API types check, schemathesis, Vitest for both apps, the Playwright journeys.
test:
	@bash scripts/test.sh

## Only the browser journeys (builds what they need).
e2e:
	@bash scripts/e2e.sh

## Only schemathesis against the api's OpenAPI document, anonymous, as a fan and as staff.
schemathesis:
	@bash scripts/schemathesis.sh

## Regenerates the apps' API types (api-types/) from the api binary's OpenAPI document (build it first).
api-types:
	@bash scripts/api-types.sh

## Refreshes the committed sqlx query cache (.sqlx/) against a migrated database.
sqlx-prepare:
	@bash scripts/sqlx-prepare.sh

fmt:
	cargo fmt --all
