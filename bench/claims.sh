#!/usr/bin/env bash
# The strength claims of issue 25 (docs/strength.md), played one after another on set c, each
# resumable: a run stopped at any moment (a session's end, a reboot) continues where it stopped when the
# same command is given again, and a finished match is only summed up again, never replayed.
#
# usage: bench/claims.sh [-b BASE] [-x] JIANG OPPONENT RUNDIR [CLAIM...]
#   JIANG      the jiang to measure; OPPONENT the engine to measure it against (UCCI), e.g. fairy-stockfish
#              built from its current source (docs/strength.md says how)
#   RUNDIR     where the games go: CLAIM.pgn (+ .pgn.state while it runs), CLAIM.out, and summary.txt,
#              one line a finished claim with its date and command
#   CLAIM      any of (default: all, in this order)
#                tc10   200 games at 10 s + 0.1 s
#                tc60   100 games at 60 s + 0.6 s
#                odds8  200 games at 8:1 time odds: jiang 5 s + 0.05 s, the opponent 40 s + 0.4 s
#                base   400 games at 10 s + 0.1 s against BASE (-b PATH: the build at the start of
#                       issue 25, c4a456a); skipped without -b
#              and, with -x, the same three against the opponent refereed by XBoard, 40 games each
#              (xb10, xb60, xbodds8; ../shared/tools/xboard-match.sh; these restart from the beginning
#              when stopped, as XBoard cannot resume)
# One game pair at a time on each of the 2 cores (--concurrency 2; CONCURRENCY=1 leaves a core free for
# work of one core, such as a fixed-node match): never more games and other work than cores, as a
# loaded machine costs time-control games their clock.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
base="" xboard=0
while getopts "b:x" opt; do
  case $opt in
    b) base=$OPTARG ;; x) xboard=1 ;; *) sed -n '2,20p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || { sed -n '2,20p' "$0"; exit 2; }
jiang=$(realpath "$1") opponent=$(realpath "$2") rundir=$3
shift 3
claims=("$@")
[ ${#claims[@]} -gt 0 ] || { claims=(tc10 tc60 odds8 base); [ $xboard = 1 ] && claims+=(xb10 xb60 xbodds8); }
for f in "$jiang" "$opponent"; do [ -x "$f" ] || { echo "claims.sh: not an executable: $f" >&2; exit 2; }; done
[ -z "$base" ] || [ -x "$base" ] || { echo "claims.sh: -b: not an executable: $base" >&2; exit 2; }
openings="$here/data/match-openings-c.fen"
xboard_match="$here/../shared/tools/xboard-match.sh"
mkdir -p "$rundir"
rundir=$(realpath "$rundir")

# One match of jiang's runner: resumed when its state file says it is under way.
play() {  # NAME GAMES ENGINE_SPEC_1 ENGINE_SPEC_2 [MATCH ARGS...]
  local name=$1 games=$2 e1=$3 e2=$4
  shift 4
  local pgn="$rundir/$name.pgn" resume=()
  [ -f "$pgn.state" ] && resume=(--resume)
  local cmd=("$jiang" match --engine "$e1" --engine "$e2" --games "$games" --concurrency "${CONCURRENCY:-2}"
             --openings "$openings" --pgn "$pgn" --progress 10 "$@" "${resume[@]}")
  echo "== $name: ${cmd[*]}"
  "${cmd[@]}" 2>&1 | tee -a "$rundir/$name.out"
  echo "$(date -u +%FT%TZ) $name: $(tail -n 1 "$rundir/$name.out") | ${cmd[*]}" >> "$rundir/summary.txt"
}

# One XBoard-refereed match on the first 20 openings of set c, each twice.
xb() {  # NAME TIME INCREMENT ODDS
  local name=$1 openings20="$rundir/openings-20.fen"
  [ -x "$xboard_match" ] || { echo "claims.sh: $name: $xboard_match not found" >&2; return 1; }
  grep -v '^#' "$openings" | grep -v '^$' | head -n 20 > "$openings20"
  local cmd=("$xboard_match" -n 40 -t "$2" -i "$3" -r "$4" -o "$openings20" -p "$rundir/$name.pgn"
             "ucci:$jiang" "ucci:$opponent")
  echo "== $name: ${cmd[*]}"
  "${cmd[@]}" 2>&1 | tee "$rundir/$name.out"
  echo "$(date -u +%FT%TZ) $name: $(tail -n 1 "$rundir/$name.out") | ${cmd[*]}" >> "$rundir/summary.txt"
}

me="name=jiang cmd=$jiang proto=ucci"
# The opponent by its program's name in the PGN (fairy-stockfish), unless that is jiang's own.
them_name=$(basename "$opponent"); [ "$them_name" != jiang ] || them_name=opponent
them="name=$them_name cmd=$opponent proto=ucci"
for claim in "${claims[@]}"; do
  case $claim in
    tc10) play tc10 200 "$me" "$them" --tc 10+0.1 ;;
    tc60) play tc60 100 "$me" "$them" --tc 60+0.6 ;;
    odds8) play odds8 200 "$me tc=5+0.05" "$them tc=40+0.4" --tc 10+0.1 ;;
    base)
      if [ -z "$base" ]; then echo "== base: skipped (no -b BASE)"; continue; fi
      play base 400 "$me" "name=base cmd=$(realpath "$base") proto=ucci" --tc 10+0.1 ;;
    xb10) xb xb10 10 0.1 1 ;;
    xb60) xb xb60 60 0.6 1 ;;
    # jiang gets an eighth of the opponent's 40 s + 0.4 s.
    xbodds8) xb xbodds8 40 0.4 8 ;;
    *) echo "claims.sh: unknown claim '$claim' (tc10 tc60 odds8 base xb10 xb60 xbodds8)" >&2; exit 2 ;;
  esac
done
echo "== done; $rundir/summary.txt:"
cat "$rundir/summary.txt"
