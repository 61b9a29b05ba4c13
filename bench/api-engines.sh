#!/usr/bin/env bash
# `npm run bench:api:engines`: bench/api.ts on SQLite, then on PostgreSQL (BENCH_DATABASE_URL, or
# the server of scripts/ensure-postgres.sh), one after the other on the same machine, with the
# load average before, between and after. The BENCH_* options of bench/api.ts apply to both.
set -euo pipefail
url="${BENCH_DATABASE_URL:-$(bash scripts/ensure-postgres.sh)}"
if [ -z "$url" ]; then
  echo "bench:api:engines: no PostgreSQL (set BENCH_DATABASE_URL, or run as root)" >&2
  exit 1
fi
date -u
uptime
BENCH_DATABASE_URL= npx tsx bench/api.ts
uptime
BENCH_DATABASE_URL="$url" npx tsx bench/api.ts
uptime
