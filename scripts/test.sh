#!/usr/bin/env bash
# Everything CI checks, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$1"; }

step "browser"
bash scripts/ensure-chromium.sh

step "lint"
npx eslint . --max-warnings=0
npx tsx scripts/check-imports.ts
npx prettier --check . --log-level warn

step "types"
npx tsc -p tsconfig.json --noEmit

step "database"
# The store and API suites run on SQLite and again on PostgreSQL (vitest.config.ts).
TEST_DATABASE_URL="$(bash scripts/ensure-postgres.sh)"
export TEST_DATABASE_URL
# The spam scores of the test inbox (issue 39) are asked of a real spamd on loopback.
TEST_SPAMD_ADDRESS="$(bash scripts/ensure-spamd.sh)"
export TEST_SPAMD_ADDRESS

step "unit and API tests (SQLite and PostgreSQL)"
npx vitest run

step "reliability (fuzzing and concurrency on the real service)"
npx vitest run -c vitest.reliability.config.ts

step "build"
npx vite build --logLevel warn

step "bundle budget"
npx tsx scripts/check-bundle-budget.ts

step "browser tests"
npx playwright test
