#!/usr/bin/env bash
# Issue 27's two calibrations (docs/match.md, "Then use it"), each resumable and each stopping itself
# after a budget of hours, so that a run many hours long is played over several sessions: a run stopped
# at any moment continues where it stopped when the same command is given again (on another machine
# too, given RUNDIR's files, the same engines at the same paths and the same jiang build).
#
# usage: bench/calibrate.sh JIANG RUNDIR skill|round-robin [HOURS]
#   JIANG        the jiang build to calibrate (keep it at one commit for the whole calibration)
#   RUNDIR       where the games go: book4.pgn (the openings), level-L.pgn (+ .state) for each skill
#                level or round-robin.pgn (+ .state), *.out, and summary.txt (one line a finished run)
#   skill        a gauntlet for each of Skill Level 0, 5, 10, 15 and 19 against hoixiangqi, sjaakii,
#                maxqi and Debian's fairy-stockfish at UCI_Elo 1350, 1800, 2200 and 2600, and of that
#                fairy-stockfish at full strength against levels 10, 15 and 19: 4 s + 0.04 s, GAMES
#                (default 24) games a pairing; then the fitted table of all these games
#   round-robin  every engine of RUNDIR/engines.json (written if missing: jiang, fairy-stockfish 11.1
#                and current, ElephantEye, hoixiangqi, maxqi, sjaakii) against every other at
#                10 s + 0.1 s, GAMES (default 40) games a pairing; then its table
#   HOURS        stop (cleanly: the games finished so far are kept) after this many hours; default: none
# Two games at a time (CONCURRENCY, default 2): no engine here ponders, so a game uses one core at a
# time; the tables count every engine's time forfeits, so a loaded machine shows itself.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
usage() { sed -n '2,20p' "$0"; exit 2; }
[ $# -ge 3 ] || usage
jiang=$(realpath "$1") rundir=$2 what=$3 hours=${4:-0}
[ -x "$jiang" ] || { echo "calibrate.sh: not an executable: $jiang" >&2; exit 2; }
case $what in skill|round-robin) ;; *) echo "calibrate.sh: unknown calibration '$what'" >&2; usage ;; esac
[[ $hours =~ ^[0-9]+([.][0-9]+)?$ ]] || { echo "calibrate.sh: HOURS must be a number: $hours" >&2; exit 2; }
mkdir -p "$rundir"
rundir=$(realpath "$rundir")
deadline=0
[ "$hours" = 0 ] || deadline=$(( $(date +%s) + $(awk -v h="$hours" 'BEGIN { printf "%d", h * 3600 }') ))
book="$rundir/book4.pgn"
[ -s "$book" ] || python3 "$here/tools/book_openings.py" "$jiang" 4 "$book"

# One tournament of jiang's runner, resumed when its state file says it is under way, stopped by SIGTERM
# at the deadline. Returns 1 when the deadline stopped it; exits on any other failure.
play() {  # NAME MATCH ARGS...
  local name=$1
  shift
  local pgn="$rundir/$name.pgn" resume=() limit=()
  [ -f "$pgn.state" ] && resume=(--resume)
  if [ "$deadline" != 0 ]; then
    local left=$(( deadline - $(date +%s) ))
    [ "$left" -gt 60 ] || { echo "== $name: the budget is spent; run the same command again to go on"; return 1; }
    limit=(timeout --signal=TERM --kill-after=120 "$left")
  fi
  local cmd=("$jiang" match "$@" --concurrency "${CONCURRENCY:-2}" --openings "$book" --pgn "$pgn"
             --progress 10 "${resume[@]}")
  echo "== $name: ${cmd[*]}"
  local rc=0
  "${limit[@]}" "${cmd[@]}" 2>&1 | tee -a "$rundir/$name.out" || rc=$?
  # timeout says 124 when the budget ran out; anything else non-zero is a failure, not a pause.
  [ $rc != 124 ] || { echo "== $name: stopped by the budget; run the same command again to go on"; return 1; }
  [ $rc = 0 ] || { echo "calibrate.sh: $name: jiang match failed (exit $rc); see $rundir/$name.out" >&2; exit $rc; }
  echo "$(date -u +%FT%TZ) $name: finished, $(grep -c '^\[Result ' "$pgn") games | ${cmd[*]}" >> "$rundir/summary.txt"
}

if [ "$what" = skill ]; then
  refs=(--engine "name=hoixiangqi cmd=/usr/games/hoixiangqi proto=xboard"
        --engine "name=sjaakii cmd=/usr/games/sjaakii proto=xboard"
        --engine "name=maxqi cmd=/usr/games/maxqi proto=xboard")
  for elo in 1350 1800 2200 2600; do
    refs+=(--engine "name=fsf$elo cmd=/usr/games/fairy-stockfish proto=ucci option.UCI_LimitStrength=true option.UCI_Elo=$elo")
  done
  for level in 0 5 10 15 19; do
    grep -q " level-$level: " "$rundir/summary.txt" 2>/dev/null && continue
    play "level-$level" --tournament gauntlet --engine "name=jiang-L$level cmd=$jiang option.skilllevel=$level" \
         "${refs[@]}" --tc 4+0.04 --games "${GAMES:-24}" || exit 0
  done
  # The top levels beat every limited reference nearly always, which leaves their ratings loose (level
  # 19 scored 99.4%: +/- 364): fairy-stockfish at full strength, nearer them, ties them down.
  top=()
  for level in 10 15 19; do top+=(--engine "name=jiang-L$level cmd=$jiang option.skilllevel=$level"); done
  grep -q " top: " "$rundir/summary.txt" 2>/dev/null ||
    play top --tournament gauntlet --engine "name=fsf-full cmd=/usr/games/fairy-stockfish proto=ucci" "${top[@]}" \
         --tc 4+0.04 --games "${GAMES:-24}" || exit 0
  cat "$rundir"/level-*.pgn "$rundir/top.pgn" > "$rundir/skill-all.pgn"
  "$jiang" match --table "$rundir/skill-all.pgn" --anchor fsf2200=2200 | tee "$rundir/skill-table.txt"
else
  engines="$rundir/engines.json"
  [ -s "$engines" ] || cat > "$engines" <<EOF
[{"name": "jiang", "cmd": "$jiang"},
 {"name": "fairy-stockfish-11.1", "cmd": "/usr/games/fairy-stockfish", "proto": "ucci"},
 {"name": "fairy-stockfish-current", "cmd": "/work/opponents/fairy-stockfish", "proto": "ucci"},
 {"name": "elephanteye", "cmd": "/work/opponents/eleeye", "proto": "ucci"},
 {"name": "hoixiangqi", "cmd": "/usr/games/hoixiangqi", "proto": "xboard"},
 {"name": "maxqi", "cmd": "/usr/games/maxqi", "proto": "xboard"},
 {"name": "sjaakii", "cmd": "/usr/games/sjaakii", "proto": "xboard"}]
EOF
  grep -q " round-robin: " "$rundir/summary.txt" 2>/dev/null ||
    play round-robin --tournament round-robin --engines "$engines" --tc 10+0.1 --games "${GAMES:-40}" \
         --anchor fairy-stockfish-11.1=2000 || exit 0
  "$jiang" match --table "$rundir/round-robin.pgn" --anchor fairy-stockfish-11.1=2000 | tee "$rundir/round-robin-table.txt"
fi
