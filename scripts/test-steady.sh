#!/usr/bin/env bash
# `npm run test:steady` (issue 36): the browser suite three times in a row beside two busy loops
# (scripts/cpu-burn.ts 2), with no retries (playwright.config.ts); every run must be green. Proves
# the suite asserts behaviour, not the machine's speed. Builds the dashboard first.
# Env: STEADY_RUNS (default 3); extra arguments go to `playwright test` (e.g. --workers=2).
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${STEADY_RUNS:-3}"
bash scripts/ensure-chromium.sh
npx vite build --logLevel warn

# node itself (not npx) so that the kill below reaches the burners' parent.
node --import tsx scripts/cpu-burn.ts 2 &
burn=$!
trap 'kill "$burn" 2>/dev/null || true' EXIT

for run in $(seq 1 "$runs"); do
  printf '\n== browser suite, run %s of %s, beside two busy loops (load: %s)\n' \
    "$run" "$runs" "$(cut -d' ' -f1-3 /proc/loadavg)"
  start=$(date +%s)
  if ! npx playwright test "$@"; then
    printf '\n== run %s of %s failed: the suite is not steady\n' "$run" "$runs"
    exit 1
  fi
  printf '== run %s of %s green in %s s\n' "$run" "$runs" "$(($(date +%s) - start))"
done
printf '\n== steady: %s runs in a row green beside two busy loops\n' "$runs"
