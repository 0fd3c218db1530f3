#!/usr/bin/env bash
# The four optimisers side by side (docs/tuning.md): hc, sa, ga and adam each tune every
# parameter from the hand-set weights on the same self-play positions, then each result plays the hand-set
# weights (`jiang match`, 400 games at 5000 nodes from the 300 openings of data/match-openings-b.fen, none
# of which the self-play games started from), and the best of them plays the shipped defaults. Prints one
# table; leaves the weights, logs, loss histories (CSV), their plot (loss.svg) and the match results in
# OUTDIR, and skips a step whose output is already there, so that a rerun after an interruption goes on.
#
# Last, the best plays the hand-set weights again at a time control, as two engine processes
# (CONFIRM_TC, default 10+0.1; CONFIRM_GAMES games, default 200, two at a time; CONFIRM_GAMES=0 skips it).
#
# usage: bench/tune_optimisers.sh DATA OUTDIR [GAMES] [NODES]
#   DATA    labelled positions from `jiang selfplay` (with search scores: the labels blend 0.5 x result
#           and 0.5 x the score's win probability)
#   GAMES   games per match (default 400); NODES nodes a move in the matches (default 5000)
# Build build/jiang first. Each tune gets TUNE_SECONDS (default 3600) at most, on 2 threads.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
jiang="$here/build/jiang"
data=${1:?usage: bench/tune_optimisers.sh DATA OUTDIR [GAMES] [NODES]}
out=${2:?usage: bench/tune_optimisers.sh DATA OUTDIR [GAMES] [NODES]}
games=${3:-400}
nodes=${4:-5000}
seconds=${TUNE_SECONDS:-3600}
confirm_tc=${CONFIRM_TC:-10+0.1}
confirm_games=${CONFIRM_GAMES:-200}
handset="$here/data/weights-handset.json"
openings="$here/data/match-openings-b.fen"
[ -x "$jiang" ] || { echo "no jiang binary at $jiang (build first)" >&2; exit 2; }
[ -r "$data" ] || { echo "cannot read $data" >&2; exit 2; }
mkdir -p "$out"

# Each optimiser's settings. hc stops on its own (when a pass at step 1 finds nothing) and adam when the
# validation loss has not fallen for 10 epochs. The others' defaults end long before the loss stops
# falling (on 600,000 positions: sa's 2,300 iterations, ga's 100 generations, adam's 200 epochs all still
# gaining), so annealing cools 10x slower (23,000 iterations), the genetic algorithm breeds 600
# generations and adam may take 400 epochs.
declare -A settings=(
  [hc]="--algo hc"
  [sa]="--algo sa --sa-rate 0.9998"
  [ga]="--algo ga --ga-generations 600"
  [adam]="--algo adam --adam-epochs 400 --patience 10"
)
optimisers=(hc sa ga adam)

# A tune has ended when its log has the end line; --out is rewritten at every checkpoint, so its presence
# says nothing. An interrupted one resumes from its checkpoint, its log going on in the same file.
ended() { grep -qE '(finished|stopped) after [0-9]+ iterations' "$out/$1.log" 2> /dev/null; }
for name in "${optimisers[@]}"; do
  ended "$name" && continue
  if [ -s "$out/$name.checkpoint.json" ]; then
    echo "tuning: $name, resumed" >&2
    "$jiang" tune --resume "$out/$name.checkpoint.json" --time "$seconds" >> "$out/$name.log" 2>&1
  else
    echo "tuning: $name (${settings[$name]})" >&2
    # shellcheck disable=SC2086  # the settings are words
    "$jiang" tune --data "$data" --lambda 0.5 --weights "$handset" --threads 2 --time "$seconds" \
      ${settings[$name]} --out "$out/$name.json" --force > "$out/$name.log" 2>&1
  fi
  ended "$name" || { echo "the $name run did not end (see $out/$name.log)" >&2; exit 1; }
done
python3 "$here/tools/plot_loss.py" -o "$out/loss.svg" --title "From the hand-set weights, $(basename "$data")" \
  $(for name in "${optimisers[@]}"; do echo "$name=$out/$name.csv"; done)

match() {  # match NAME WEIGHTS BASELINE: the summary line of WEIGHTS against BASELINE (empty: the defaults)
  local name=$1 weights=$2 baseline=$3
  if [ ! -s "$out/match-$name.txt" ]; then
    echo "match: $name" >&2
    "$jiang" match --weights "$weights" ${baseline:+--baseline "$baseline"} --nodes "$nodes" --games "$games" \
      --openings "$openings" --threads 2 > "$out/match-$name.txt.part" 2>&1
    mv "$out/match-$name.txt.part" "$out/match-$name.txt"
  fi
  tail -1 "$out/match-$name.txt"
}
elo() { grep -io 'elo [-+0-9.]* +/- [0-9.]*' <<< "$1" | head -1; }  # "Elo" in-process, "elo" between engines

echo "| optimiser | train loss | validation loss | time | Elo against the hand-set weights |"
echo "|---|---|---|---|---|"
best="" best_elo=-100000
for name in "${optimisers[@]}"; do
  result=$(match "$name" "$out/$name.json" "$handset")
  losses=$(grep -o 'loss [0-9.]* -> [0-9.]*, validation [0-9.]* -> [0-9.]*' "$out/$name.log" | tail -1)
  train=$(sed -E 's/loss ([0-9.]+) -> ([0-9.]+),.*/\1 -> \2/' <<< "$losses")
  validation=$(sed -E 's/.*validation ([0-9.]+) -> ([0-9.]+)/\1 -> \2/' <<< "$losses")
  time=$(grep -o 'evaluations in [0-9.]* s' "$out/$name.log" | awk '{ t += $3 } END { print t " s" }')  # every session
  echo "| $name | $train | $validation | $time | $(elo "$result") |"
  value=$(elo "$result" | awk '{ print $2 + 0 }')
  if awk -v a="$value" -v b="$best_elo" 'BEGIN { exit !(a > b) }'; then best=$name best_elo=$value; fi
done
echo
echo "best: $best; against the shipped defaults: $(elo "$(match "$best-vs-defaults" "$out/$best.json" "")")"
[ "$confirm_games" -gt 0 ] || exit 0
confirmed="$out/match-$best-tc.txt"
if [ ! -s "$confirmed" ]; then
  echo "match: $best at $confirm_tc" >&2
  "$jiang" match --engine "name=$best cmd=$jiang option.weightsfile=$out/$best.json" \
    --engine "name=handset cmd=$jiang option.weightsfile=$handset" --tc "$confirm_tc" --games "$confirm_games" \
    --openings "$openings" --concurrency 2 --pgn "$out/$best-tc.pgn" > "$confirmed.part" 2>&1
  mv "$confirmed.part" "$confirmed"
fi
echo "$best against the hand-set weights at $confirm_tc: $(tail -1 "$confirmed"); $(grep 'forfeits' "$confirmed" | tr '\n' ' ')"
