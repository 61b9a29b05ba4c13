#!/usr/bin/env bash
# Everything CI checks, in the order that fails fastest. Checks that do not depend on each other
# run side by side where each is one thread (ESLint, tsc) or waits on something else (installing
# and starting PostgreSQL and spamd), so the two cores of a contributor's machine both work
# (issue 36; BENCHMARKS.md, "The test suite").
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$1"; }

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

# `together NAME CMD NAME CMD …`: runs the commands at once, each with its output in a file,
# then prints each one's output in order under its name; fails if any failed.
together() {
  local names=() pids=() failed=0 i
  while [ "$#" -gt 0 ]; do
    names+=("$1")
    bash -c "$2" >"$logs/${#names[@]}.log" 2>&1 &
    pids+=("$!")
    shift 2
  done
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then
      printf -- '-- %s: ok\n' "${names[$i]}"
    else
      printf -- '-- %s: FAILED\n' "${names[$i]}"
      failed=1
    fi
    cat "$logs/$((i + 1)).log"
  done
  return "$failed"
}

step "browser"
bash scripts/ensure-chromium.sh

step "lint, types and the test databases (side by side)"
# The store and API suites run on SQLite and again on PostgreSQL (vitest.config.ts). The spam
# scores of the test inbox (issue 39) are asked of a real spamd on loopback. One after the other:
# both may install a Debian package, and dpkg takes one at a time.
together \
  "eslint" "npx eslint . --max-warnings=0" \
  "types" "npx tsc -p tsconfig.json --noEmit" \
  "imports and formatting" "npx tsx scripts/check-imports.ts && npx prettier --check . --log-level warn" \
  "PostgreSQL and spamd" "bash scripts/ensure-postgres.sh >'$logs/postgres' && bash scripts/ensure-spamd.sh >'$logs/spamd'"
TEST_DATABASE_URL="$(cat "$logs/postgres")"
export TEST_DATABASE_URL
TEST_SPAMD_ADDRESS="$(cat "$logs/spamd")"
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
