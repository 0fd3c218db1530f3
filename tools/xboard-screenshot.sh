#!/usr/bin/env bash
# A picture of jiang playing in XBoard, with its thinking in XBoard's engine output window: XBoard runs
# a game between jiang (Red, through the uci2wb adapter over UCCI) and an opponent on a virtual display
# (Xvfb), and after SECONDS of play the whole screen is saved as a PNG.
#
# usage: tools/xboard-screenshot.sh [-s SECONDS] [-o OUT.png] [-e OPPONENT] [JIANG]
#   JIANG defaults to build/jiang; OPPONENT to /usr/games/fairy-stockfish (a UCCI engine too).
# Needs: apt-get install xboard xvfb uci2wb x11-apps xdotool imagemagick fairy-stockfish fonts-wqy-zenhei
set -euo pipefail

seconds=30 out=docs/xboard.png opponent=/usr/games/fairy-stockfish
while getopts "s:o:e:" opt; do
  case $opt in
    s) seconds=$OPTARG ;; o) out=$OPTARG ;; e) opponent=$OPTARG ;;
    *) sed -n '2,9p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
jiang=$(realpath "${1:-build/jiang}")
for tool in /usr/games/xboard /usr/games/uci2wb Xvfb xwd xdotool convert; do
  command -v "$tool" >/dev/null || { echo "$tool missing: apt-get install xboard xvfb uci2wb x11-apps xdotool imagemagick" >&2; exit 2; }
done
[ -x "$jiang" ] || { echo "no jiang executable at $jiang" >&2; exit 2; }

# A display of our own: the first free number.
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
for n in $(seq 90 140); do
  if [ ! -e /tmp/.X$n-lock ] && [ ! -e /tmp/.X11-unix/X$n ]; then display=:$n; break; fi
done
Xvfb "$display" -screen 0 1280x720x24 >/dev/null 2>&1 &
pids+=($!)
export DISPLAY=$display
sleep 1

# One game at 1 minute + 1 s: a few moves played by the time of the picture, each thought over visibly.
/usr/games/xboard -variant xiangqi -boardSize small -showCoords true -showThinking true \
  -fcp "/usr/games/uci2wb -var xiangqi -x $jiang" -scp "/usr/games/uci2wb -var xiangqi -x $opponent" \
  -tc 1 -inc 1 -matchGames 1 -popupExitMessage false -popupMoveErrors false -soundProgram "" \
  -engineOutputUp true -engineOutputX 0 -engineOutputY 0 -engineOutputW 900 -engineOutputH 480 \
  >/dev/null 2>&1 &
pids+=($!)
# Without a window manager XBoard's windows all open at the corner: put the engine output beside the board.
sleep 3
board_width=$(xdotool search --onlyvisible --name "^xboard" getwindowgeometry %1 2>/dev/null |
  awk '/Geometry/ { split($2, size, "x"); print size[1]; exit }')
xdotool search --onlyvisible --name "Engine Output" windowmove %@ "$((${board_width:-340} + 10))" 0 >/dev/null 2>&1 || true
sleep "$seconds"
mkdir -p "$(dirname "$out")"
xwd -root -silent | convert xwd:- -crop 1250x485+0+0 "$out"
echo "screenshot of $display written to $out"
