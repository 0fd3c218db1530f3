#!/usr/bin/env bash
# The soak: about 1000 games of jiang against several opponents at several time controls, through
# `jiang match` and through the XBoard GUI (../shared/tools/xboard-match.sh, UCCI through uci2wb), two
# lanes at once (one game at a time in each, so two cores). It reports, per leg and in total, the games
# played against those asked for, crashes, illegal moves, time forfeits, hangs and disconnections, and
# the memory of every process of this jiang binary at its first and last sample (no growth expected), then exits 1
# when jiang had any of them. The leg with two threads and pondering (up to four busy threads) runs
# alone afterwards: on a machine with fewer cores than busy threads, a clock loses to the scheduler.
#
# usage: tools/soak.sh [-s SCALE] [-o DIR] [-l LEGS] [JIANG]
#   SCALE  multiplies every leg's games (default 1: 1000 games in all; 0.02 for a quick look)
#   DIR    where the PGNs, logs and the summary go (default soak-YYYYmmdd-HHMMSS)
#   LEGS   a comma-separated choice of the legs below by name (default: all)
#   JIANG  the engine binary (default build/jiang)
# Needs: apt-get install xboard xvfb uci2wb fairy-stockfish hoichess fairymax sjaakii
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
scale=1 out="" only=""
while getopts "s:o:l:" opt; do
  case $opt in
    s) scale=$OPTARG ;; o) out=$OPTARG ;; l) only=$OPTARG ;; *) sed -n '2,15p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
jiang=$(realpath "${1:-$here/build/jiang}")
xboard_match=${XBOARD_MATCH:-$here/../shared/tools/xboard-match.sh}
out=${out:-soak-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out" && out=$(realpath "$out")
[ -x "$jiang" ] || { echo "no jiang binary at $jiang (build first)" >&2; exit 2; }
for tool in /usr/games/xboard /usr/games/uci2wb /usr/games/fairy-stockfish /usr/games/hoixiangqi /usr/games/maxqi \
            /usr/games/sjaakii Xvfb; do
  command -v "$tool" >/dev/null ||
    { echo "$tool missing: apt-get install xboard xvfb uci2wb fairy-stockfish hoichess fairymax sjaakii" >&2; exit 2; }
done
[ -x "$xboard_match" ] || [ -f "$xboard_match" ] || { echo "no xboard-match.sh at $xboard_match (set XBOARD_MATCH)" >&2; exit 2; }

# The legs: name, lane, games at scale 1, time control, opponent. `jiang match` legs name the opponent
# with an --engine spec; XBoard legs with xboard-match.sh's engine words. jiang's second instance plays
# with 2 threads and both ponder: the GUI's ponder, stop and ponderhit under time pressure.
legs=(
  "fsf-blitz   match 300 2+0.02  name=fairy-stockfish cmd=/usr/games/fairy-stockfish proto=ucci"
  "fsf-40moves match 100 40/2    name=fairy-stockfish cmd=/usr/games/fairy-stockfish proto=ucci"
  "self-ponder alone 100 3+0.03  name=jiang-t2 cmd=$jiang proto=uci ponder=on option.Threads=2"
  "self-blitz  match 100 2+0.02  name=jiang-b cmd=$jiang proto=ucci"
  "hoixiangqi  xboard 100 4+0.04 hoixiangqi"
  "maxqi       xboard 100 4+0.04 maxqi"
  "sjaakii     xboard 100 4+0.04 sjaakii"
  "fsf-xboard  xboard 100 4+0.04 fairy-stockfish"
)

selected() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }
games_at_scale() { python3 -c "print(max(2, 2 * round($1 * $scale / 2)))"; }

# One leg through jiang match; its report is the runner's own tally lines.
run_match_leg() {
  local name=$1 games=$2 tc=$3 opponent=$4 ponder=""
  [[ $opponent == *ponder=on* ]] && ponder=" ponder=on"
  "$jiang" match --engine "name=jiang cmd=$jiang proto=ucci$ponder" --engine "$opponent" \
    --tc "$tc" --games "$games" --concurrency 1 --openings "$here/data/match-openings-a.fen" \
    --pgn "$out/$name.pgn" --log "$out/$name.log" > "$out/$name.out" 2>&1 || true
}

# One leg through XBoard; the debug log tells an engine that exited from one that lost.
run_xboard_leg() {
  local name=$1 games=$2 tc=$3 opponent=$4
  bash "$xboard_match" -n "$games" -t "${tc%+*}" -i "${tc#*+}" -o "$here/../shared/data/openings.fen" \
    -p "$out/$name.pgn" -d "$out/$name.debug" "ucci:$jiang" "$opponent" > "$out/$name.out" 2>&1 || true
}

run_alone_leg() { run_match_leg "$@"; }

run_lane() {
  local lane=$1
  for leg in "${legs[@]}"; do
    read -r name leg_lane games tc opponent <<<"$leg"
    [ "$leg_lane" = "$lane" ] && selected "$name" || continue
    games=$(games_at_scale "$games")
    echo "$(date +%T) $name: $games games at $tc against ${opponent%% *}" >&2
    "run_${lane}_leg" "$name" "$games" "$tc" "$opponent"
    echo "$games $lane" > "$out/$name.asked"
  done
}

# Memory: the resident set of every process of this jiang binary every 20 s, as "seconds pid kB command"
# (other jiang processes on the machine are not the soak's).
sample_memory() {
  local start=$SECONDS
  while :; do
    for pid in $(pgrep -f "^$jiang( |$)" || true); do
      local rss; rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$pid/status" 2>/dev/null) || continue
      [ -n "$rss" ] && echo "$((SECONDS - start)) $pid $rss $(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | cut -c1-60)"
    done
    sleep 20
  done
}

echo "$jiang" > "$out/binary"
sample_memory > "$out/memory.txt" &
sampler=$!
trap 'kill $sampler 2>/dev/null || true' EXIT
run_lane match & match_lane=$!
run_lane xboard & xboard_lane=$!
wait $match_lane $xboard_lane
run_lane alone
kill $sampler 2>/dev/null || true

python3 "$here/tools/soak_report.py" "$out" | tee "$out/summary.txt"
