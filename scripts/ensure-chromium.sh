#!/usr/bin/env bash
# Playwright cannot download its browsers here: the browser tests use Debian's Chromium's headless
# shell when it is installed, else the full Chromium (e2e/chromium.ts; decision 089). The shell is
# optional: without it the tests run on the full Chromium.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
root_with_apt() { [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; }
if [ -x /usr/bin/chromium ]; then
  if [ ! -x /usr/bin/chromium-headless-shell ] && root_with_apt; then
    echo "Installing Debian's chromium-headless-shell for the browser tests…"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null ||
      echo "chromium-headless-shell not installed: the browser tests use the full Chromium." >&2
  fi
  exit 0
fi
if root_with_apt; then
  echo "Chromium not found: installing Debian's chromium and chromium-headless-shell packages…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null ||
    echo "chromium-headless-shell not installed: the browser tests use the full Chromium." >&2
  exit 0
fi
echo "Chromium not found. Install it with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell" >&2
echo "or set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
exit 1
