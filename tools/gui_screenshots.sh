#!/bin/sh
# Takes the README's two pictures of `jiang gui` (docs/gui-play.png, docs/gui-analysis.png) in headless
# Chromium (Debian's chromium). Needs a build with the page: cmake --build build.
#   tools/gui_screenshots.sh [BUILD_DIR] [OUT_DIR]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
out=$(mkdir -p "${2:-$root/docs}" && cd "${2:-$root/docs}" && pwd)
NODE_PATH="$build/gui/web/node_modules" node "$root/gui/web/e2e/screenshots.cjs" "$build/jiang" "$out"
echo "wrote $out/gui-play.png and $out/gui-analysis.png"
