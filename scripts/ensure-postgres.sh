#!/usr/bin/env bash
# A PostgreSQL for the store and API tests on PostgreSQL (like ensure-chromium.sh).
#
# Prints the URL of a database whose role may create databases (each test file creates and drops
# its own). With TEST_DATABASE_URL set, prints it and does nothing else. Otherwise, as root:
# installs Debian's postgresql if missing, starts its cluster, and creates the role and database
# `site_console_test`. Without root and without a running server it prints nothing and exits 0:
# the PostgreSQL runs are then skipped with a message.
#
#   export TEST_DATABASE_URL="$(bash scripts/ensure-postgres.sh)"
set -euo pipefail
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "$TEST_DATABASE_URL"
  exit 0
fi
NAME=site_console_test
URL="postgres://$NAME:$NAME@127.0.0.1:5432/$NAME"
if [ "$(id -u)" != "0" ]; then
  echo "ensure-postgres: not root and TEST_DATABASE_URL unset: PostgreSQL tests will be skipped" >&2
  exit 0
fi
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "ensure-postgres: installing Debian's postgresql package…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
# The newest installed cluster; Debian's package creates `main` on install.
read -r VERSION CLUSTER < <(pg_lsclusters --no-header | sort -V | tail -n 1 | awk '{print $1, $2}')
if [ -z "${VERSION:-}" ]; then
  VERSION="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
  CLUSTER=main
  pg_createcluster "$VERSION" "$CLUSTER" >/dev/null
fi
pg_ctlcluster "$VERSION" "$CLUSTER" start >/dev/null 2>&1 || true
for _ in $(seq 1 50); do
  su postgres -c "pg_isready -q -h 127.0.0.1 -p 5432" && break
  sleep 0.2
done
psql_admin() { su postgres -c "psql -q -v ON_ERROR_STOP=1 -p 5432 -tAc \"$1\""; }
if [ "$(psql_admin "select 1 from pg_roles where rolname = '$NAME'")" != "1" ]; then
  psql_admin "create role $NAME login createdb password '$NAME'" >&2
fi
if [ "$(psql_admin "select 1 from pg_database where datname = '$NAME'")" != "1" ]; then
  psql_admin "create database $NAME owner $NAME" >&2
fi
# pg_trgm is created by the service's migration; a non-superuser may create it (trusted extension).
echo "$URL"
