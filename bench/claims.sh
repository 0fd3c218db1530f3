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
#              (xb10, xb60, xbodds8; ../shared/tools/xboard-match.sh), one opening's pair of games at a
#              time, so that a stopped one loses at most its current pair
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

# One XBoard-refereed match on the first 20 openings of set c (XB_OPENINGS of them, to try it), each
# twice. XBoard cannot resume a match, so each opening is an XBoard run of its own (RUNDIR/NAME/opening-K.*:
# its two games and their summary): a stopped match continues at the first opening without its summary,
# and loses at most that pair.
xb() {  # NAME TIME INCREMENT ODDS
  local name=$1 dir="$rundir/$1" k=0 fen
  [ -x "$xboard_match" ] || { echo "claims.sh: $name: $xboard_match not found" >&2; return 1; }
  mkdir -p "$dir"
  local cmd=("$xboard_match" -n 2 -t "$2" -i "$3" -r "$4" -o "$dir/opening-K.fen" -p "$dir/opening-K.pgn"
             "ucci:$jiang" "ucci:$opponent")
  local openings_n=${XB_OPENINGS:-20}
  echo "== $name: one opening at a time (K = 1..$openings_n): ${cmd[*]}"
  while IFS= read -r fen; do
    k=$((k + 1))
    local chunk="$dir/opening-$k"
    if [ -f "$chunk.out" ] && xb_pair_done "$chunk.out"; then continue; fi
    echo "$fen" > "$chunk.fen"
    for attempt in 1 2; do  # a second try for a pair that XBoard did not finish (a crash, a hang)
      "${cmd[@]//opening-K/opening-$k}" > "$chunk.out.tmp" 2>&1 || true
      mv "$chunk.out.tmp" "$chunk.out"
      xb_pair_done "$chunk.out" && break
    done
    xb_pair_done "$chunk.out" || { echo "claims.sh: $name: opening $k: no two finished games in two tries" \
      "(see $chunk.out); played again when the claim is run again" >&2; return 1; }
    echo "$name: opening $k: $(tail -n 1 "$chunk.out")"
  done < <(grep -v '^#' "$openings" | grep -v '^$' | head -n "$openings_n")
  for k in $(seq 1 "$openings_n"); do cat "$dir/opening-$k.pgn"; done > "$rundir/$name.pgn"
  xb_total "$dir" "$openings_n" "ucci:$jiang" "ucci:$opponent" | tee "$rundir/$name.out"
  echo "$(date -u +%FT%TZ) $name: $(tail -n 1 "$rundir/$name.out") | ${cmd[*]}" >> "$rundir/summary.txt"
}

# Whether an opening's XBoard run finished both its games (its summary line counts W+D+L = 2).
xb_pair_done() {  # OUT
  tail -n 1 "$1" | grep -Eq ': (2-0-0|0-2-0|0-0-2|1-1-0|1-0-1|0-1-1) score '
}

# The summary of the first OPENINGS openings' runs, in xboard-match.sh's words and arithmetic (the
# score's normal margin over games).
xb_total() {  # DIR OPENINGS NAME1 NAME2
  python3 - "$@" <<'PY'
import math, re, sys
folder, openings, name1, name2 = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
w = d = l = 0
counts = [0, 0, 0, 0]  # forfeits and illegal moves of each engine
for out in (f"{folder}/opening-{k}.out" for k in range(1, openings + 1)):
    last = open(out).read().strip().splitlines()[-1]
    m = re.search(r": (\d+)-(\d+)-(\d+) score .*forfeits (\d+)/(\d+) illegal (\d+)/(\d+)", last)
    w, d, l = w + int(m[1]), d + int(m[2]), l + int(m[3])
    counts = [c + int(x) for c, x in zip(counts, m.groups()[3:])]
n = w + d + l
s = (w + 0.5 * d) / n
def elo(p): return -400 * math.log10(1 / p - 1)
se = math.sqrt((w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n / n)
sc = min(max(s, 0.5 / n), 1 - 0.5 / n)
lo, hi = max(sc - 1.96 * se, 0.5 / n), min(sc + 1.96 * se, 1 - 0.5 / n)
bound = '>' if s == 1 else ('<' if s == 0 else '')
margin = (elo(hi) - elo(lo)) / 2
print(f"{name1} vs {name2}: {w}-{d}-{l} score {100*s:.1f}% elo {bound}{elo(sc):+.0f} +/- {margin:.0f}; "
      f"forfeits {counts[0]}/{counts[1]} illegal {counts[2]}/{counts[3]}")
PY
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
