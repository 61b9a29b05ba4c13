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

# `collect NAME PID LOG`: waits for a check started in the background, prints its output, and
# says FAILED under its name if it failed; returns its status.
collect() {
  local status=0
  wait "$2" || status=$?
  cat "$3"
  [ "$status" -eq 0 ] || printf -- '-- %s: FAILED\n' "$1"
  return "$status"
}

step "browser"
bash scripts/ensure-chromium.sh

step "lint, types and the test databases (side by side)"
# ESLint (typed rules, one thread: the longest check by far) starts first and runs on beside the
# unit and API tests: once tsc and the import and format checks are done, the other core would
# otherwise sit idle until ESLint ends. Its output comes after the unit and API tests, and a lint
# error stops the run there, before the reliability and browser tests (decision 099). The package's
# own binary rather than npx, so that `$!` is ESLint itself and the trap stops it if the run ends
# early.
node_modules/.bin/eslint . --max-warnings=0 >"$logs/eslint.log" 2>&1 &
eslint=$!
trap 'kill "$eslint" 2>/dev/null || true; rm -rf "$logs"' EXIT
# The store and API suites run on SQLite and again on PostgreSQL (vitest.config.ts). The spam
# scores of the test inbox (issue 39) are asked of a real spamd on loopback. One after the other:
# both may install a Debian package, and dpkg takes one at a time.
together \
  "types" "npx tsc -p tsconfig.json --noEmit" \
  "imports and formatting" "npx tsx scripts/check-imports.ts && npx prettier --check . --log-level warn" \
  "PostgreSQL and spamd" "bash scripts/ensure-postgres.sh >'$logs/postgres' && bash scripts/ensure-spamd.sh >'$logs/spamd'"
TEST_DATABASE_URL="$(cat "$logs/postgres")"
export TEST_DATABASE_URL
TEST_SPAMD_ADDRESS="$(cat "$logs/spamd")"
export TEST_SPAMD_ADDRESS

step "unit and API tests (SQLite and PostgreSQL), beside ESLint"
unit=0
npx vitest run || unit=$?

step "eslint (ran beside the checks above)"
linted=0
collect eslint "$eslint" "$logs/eslint.log" || linted=$?
[ "$unit" -eq 0 ] || printf -- '-- unit and API tests: FAILED\n'
if [ "$linted" -ne 0 ] || [ "$unit" -ne 0 ]; then exit 1; fi

# Reliability runs one file at a time against services of its own and keeps about one core busy
# (its services and PostgreSQL answer; it waits): the browser tests take the rest of the machine
# beside it. Its timing checks compare against a control measured in the same moment, so the
# browser tests' load changes nothing it asserts (it passes beside two busy loops too). Its output
# is printed when it ends; the browser tests' as they run.
step "reliability (fuzzing and concurrency on the real service), beside the build and browser tests"
npx vitest run -c vitest.reliability.config.ts >"$logs/reliability.log" 2>&1 &
reliability=$!
trap 'kill "$reliability" 2>/dev/null || true; rm -rf "$logs"' EXIT

# (`set -e` does not act inside a command whose status is tested: each step says `|| return`.)
build_and_browser() {
  step "build"
  npx vite build --logLevel warn || return
  step "bundle budget"
  npx tsx scripts/check-bundle-budget.ts || return
  step "browser tests"
  npx playwright test
}
browser=0
build_and_browser || browser=$?

step "reliability (ran beside the browser tests)"
reliable=0
collect reliability "$reliability" "$logs/reliability.log" || reliable=$?
[ "$browser" -eq 0 ] || printf -- '-- build or browser tests: FAILED\n'
[ "$reliable" -eq 0 ] && [ "$browser" -eq 0 ]
