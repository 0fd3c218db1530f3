#!/bin/sh
# CTest's gui_browser: the browser tests, skipped (77) when there is no page or no Chromium to run.
# Usage: run.sh JIANG NODE_MODULES
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || { echo "no Chromium at ${CHROMIUM:-/usr/bin/chromium}: skipped"; exit 77; }
[ -d "$2/playwright-core" ] || { echo "no playwright-core in $2 (jiang built without its page): skipped"; exit 77; }
cd "$(dirname "$0")" && JIANG="$1" NODE_PATH="$2" exec node --test gui.test.cjs
