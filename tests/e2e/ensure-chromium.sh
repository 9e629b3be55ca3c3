#!/usr/bin/env bash
# The end-to-end suite drives Debian's headless Chromium: the chromium-headless-shell package, the same Chromium build
# (Blink and V8) without the desktop browser around it, as Playwright drives headless by default. Install it when it is
# missing rather than skip. CHROMIUM_PATH chooses another (/usr/bin/chromium: the chromium package, the full browser).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
case "$CHROMIUM" in
  */chromium-headless-shell) PACKAGE=chromium-headless-shell ;;
  *) PACKAGE=chromium ;;
esac
echo "Chromium not found at $CHROMIUM: installing Debian's $PACKAGE package"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$PACKAGE" >/dev/null
test -x "$CHROMIUM"
