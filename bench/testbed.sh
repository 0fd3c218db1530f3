#!/usr/bin/env bash
# The evaluation's test bed against another engine (docs/tuning.md, "Against fairy-stockfish at fixed
# nodes"): jiang at a fixed node count against the opponent at its own, the openings of a set in order,
# so that every run of the bed plays the same openings with the same colours and two runs compare
# opening pair by opening pair (bench/paired.py). Both engines are deterministic at fixed nodes: a build
# replays its own games exactly, and a candidate differs from the baseline only where its play does.
# Resumable: the same command continues a stopped run; a finished one is only compared again.
#
# usage: bench/testbed.sh NAME "JIANG-SPEC" OPPONENT RUNDIR
#   NAME        the run's name: RUNDIR/NAME.pgn, NAME.out; the run named base is the one compared against
#   JIANG-SPEC  the jiang player's engine spec after its name, e.g. "cmd=/work/bin/jiang-5bcad1f" or
#               "cmd=/work/bin/jiang-5bcad1f option.weightsfile=/path/cand.json"
#   OPPONENT    the opponent (UCCI), e.g. fairy-stockfish built from its current source
# Environment: SET (a, b; default a: never c, the claim set), GAMES (600), JIANG_NODES (20000),
# OPPONENT_NODES (40000: jiang 5bcad1f scores 56-59% against fairy-stockfish c19b5f6 there), CONCURRENCY (1).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 4 ] || { sed -n '2,16p' "$0"; exit 2; }
name=$1 spec=$2 opponent=$(realpath "$3") rundir=$4
set_name=${SET:-a} games=${GAMES:-600}
case $set_name in a | b) ;; *) echo "testbed.sh: SET must be a or b (set c is for claims only)" >&2; exit 2 ;; esac
[ -x "$opponent" ] || { echo "testbed.sh: not an executable: $opponent" >&2; exit 2; }
[[ $name =~ ^[A-Za-z0-9._-]+$ ]] || { echo "testbed.sh: NAME: letters, digits, . _ - only" >&2; exit 2; }
mkdir -p "$rundir"
pgn="$rundir/$name.pgn"
resume=()
[ -e "$pgn.state" ] && resume=(--resume)
if [ ! -e "$pgn" ] || [ -e "$pgn.state" ]; then
  "$here/build/jiang" match --engine "name=jiang $spec proto=ucci nodes=${JIANG_NODES:-20000}" \
    --engine "name=opponent cmd=$opponent proto=ucci nodes=${OPPONENT_NODES:-40000}" --tc 10+0.1 \
    --games "$games" --concurrency "${CONCURRENCY:-1}" --openings "$here/data/match-openings-$set_name.fen" \
    --pgn "$pgn" --progress 10 "${resume[@]}" | tee -a "$rundir/$name.out"
fi
if [ "$name" != base ] && [ -e "$rundir/base.pgn" ]; then
  python3 "$here/bench/paired.py" "$rundir/base.pgn" "$pgn" jiang
fi
