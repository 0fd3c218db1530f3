#!/usr/bin/env bash
# Speed of the positions loss: one hill-climbing sweep (every parameter tried once, +8 then -8 if that
# did not help) with the full loss (`jiang tune --full-loss`: every position evaluated for every loss)
# and with the traced loss (the default), on the same data; and the traces' bytes a position.
#
# usage: bench/tune_speed.sh [POSITIONS] [DATA] [FULL_ITERATIONS]
#   POSITIONS        positions to tune on (default 100000): DATA repeated (whole games) up to this many
#   DATA             labelled positions (default data/selfplay-sample.txt, 9277 positions)
#   FULL_ITERATIONS  iterations of the full-loss run (default: the whole sweep, one per parameter); fewer for large
#                    POSITIONS, where the full sweep's time is extrapolated from their evaluations
# Build build/jiang first. Both runs use 2 threads, K = 1 and no validation set. The two runs' weights
# must be the same when the full-loss run does the whole sweep.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
jiang="$here/build/jiang"
positions=${1:-100000}
data=${2:-$here/data/selfplay-sample.txt}
sweep=$(python3 -c "import json, sys; print(len(json.load(open(sys.argv[1]))))" "$here/data/weights.json")
full_iterations=${3:-$sweep}
[ -x "$jiang" ] || { echo "no jiang binary at $jiang (build first)" >&2; exit 2; }
dir=$(mktemp -d /tmp/tune-speed.XXXXXX)
trap 'rm -rf "$dir"' EXIT

# Whole copies of DATA, then its first lines up to POSITIONS.
awk -v want="$positions" '
  FNR == 1 { pass++ }
  /^#/ { if (n < want) print; next }
  n < want { print; n++ }' $(for _ in $(seq 1 $(( positions / 1000 + 1 ))); do echo "$data"; done) > "$dir/data.txt"
echo "data: $(grep -vc '^#' "$dir/data.txt") positions from $data"

run() {  # run NAME ITERATIONS [OPTIONS...]: prints the log's "this session" line
  local name=$1 iterations=$2; shift 2
  nice "$jiang" tune --data "$dir/data.txt" --algo hc --hc-step 8 --hc-min-step 8 --validation 0 --k 1 \
    --threads 2 --iterations "$iterations" --out "$dir/$name.json" --force "$@" > "$dir/$name.log" 2>&1
  grep -o 'this session: .*' "$dir/$name.log"
}
seconds_each() { grep -o 'this session: .*' "$dir/$1.log" | sed -E 's/.* s, ([0-9.]+) s each/\1/'; }
evaluations() { grep -o 'this session: [0-9]*' "$dir/$1.log" | grep -o '[0-9]*$'; }

echo "traced loss, $sweep iterations: $(run traced "$sweep")"
grep -o 'traced [0-9]* positions in .*' "$dir/traced.log"
echo "full loss, $full_iterations iterations: $(run full "$full_iterations" --full-loss)"
traced_s=$(grep -o 'this session: .*' "$dir/traced.log" | sed -E 's/.* in ([0-9.]+) s,.*/\1/')
full_sweep_s=$(awk -v each="$(seconds_each full)" -v n="$(evaluations traced)" 'BEGIN { printf "%.1f", each * n }')
echo "one sweep ($(evaluations traced) evaluations): full loss ${full_sweep_s} s$([ "$full_iterations" = "$sweep" ] || echo ' (extrapolated)'), traced ${traced_s} s"
awk -v a="$full_sweep_s" -v b="$traced_s" 'BEGIN { printf "speed-up: %.0fx\n", a / b }'
if [ "$full_iterations" = "$sweep" ]; then
  cmp -s "$dir/full.json" "$dir/traced.json" && echo "weights: the same" || { echo "weights: DIFFERENT"; exit 1; }
fi
