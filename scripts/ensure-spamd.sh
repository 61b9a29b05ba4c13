#!/usr/bin/env bash
# A SpamAssassin spamd on loopback for the spam-score tests of issue 39 (like ensure-postgres.sh).
#
# Prints the address (host:port) of a spamd that answers PING. With TEST_SPAMD_ADDRESS set,
# prints it and does nothing else. Otherwise, as root: installs Debian's spamassassin and spamc
# if missing and starts spamd on 127.0.0.1:7830 with local (offline) rules only (`-L`: no DNS
# blocklists, no Razor, no Pyzor), no user configuration, and three children kept alive (the
# checks score up to three locales' messages at once: decision 086). Without root and
# without a running spamd it prints nothing and exits 0: the tests that need it are skipped
# with a message.
#
#   export TEST_SPAMD_ADDRESS="$(bash scripts/ensure-spamd.sh)"
set -euo pipefail
if [ -n "${TEST_SPAMD_ADDRESS:-}" ]; then
  echo "$TEST_SPAMD_ADDRESS"
  exit 0
fi
HOST=127.0.0.1
PORT=7830
ping_spamd() {
  command -v spamc >/dev/null 2>&1 && spamc -d "$HOST" -p "$PORT" -K >/dev/null 2>&1
}
if ping_spamd; then
  echo "$HOST:$PORT"
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-spamd: not root and TEST_SPAMD_ADDRESS unset: spam-score tests will be skipped" >&2
  exit 0
fi
if ! command -v spamd >/dev/null 2>&1 || ! command -v spamc >/dev/null 2>&1; then
  echo "ensure-spamd: installing Debian's spamassassin and spamc…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq spamassassin spamc >/dev/null
fi
spamd --daemonize --local --nouser-config --username=nobody \
  --listen="$HOST:$PORT" --allowed-ips=127.0.0.1 \
  --max-children=3 --min-children=3 --min-spare=1 --max-spare=3 \
  --pidfile=/tmp/site-console-spamd.pid --syslog=/tmp/site-console-spamd.log
# Loading the rules takes a few seconds on a busy machine.
for _ in $(seq 1 150); do
  ping_spamd && break
  sleep 0.2
done
if ! ping_spamd; then
  echo "ensure-spamd: spamd did not answer; see /tmp/site-console-spamd.log" >&2
  exit 1
fi
echo "$HOST:$PORT"
