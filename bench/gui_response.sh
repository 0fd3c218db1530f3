#!/bin/sh
# The page's median response to a move, the engine's reply excluded (the target: under 50 ms), against
# a bare request from the same page. Needs a build with the page and Debian's chromium.
#   bench/gui_response.sh [BUILD_DIR] [MOVES]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
NODE_PATH="$build/gui/web/node_modules" node "$root/bench/gui_response.cjs" "$build/jiang" "${2:-100}"
