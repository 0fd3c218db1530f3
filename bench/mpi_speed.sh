#!/usr/bin/env bash
# Speed of `mpirun -np 2` against one process, 1 thread a rank: the tuner (hc and adam on DATA repeated
# to POSITIONS) and self-play (GAMES games at 5000 nodes). For each run, the wall time and CPU time of one
# process, then the wall time of the 2 ranks and each rank's CPU time (what the wall time would be with a
# core a rank: on a shared machine the two can differ widely). Figures in docs/mpi.md.
#
# usage: bench/mpi_speed.sh [POSITIONS] [GAMES] [DATA]   (build build/jiang with MPI first)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
jiang="$here/build/jiang"
positions=${1:-300000}
games=${2:-30}
data=${3:-$here/data/selfplay-sample.txt}
[ -x "$jiang" ] || { echo "no jiang binary at $jiang (build first)" >&2; exit 2; }
command -v mpirun > /dev/null || { echo "no mpirun (apt-get install openmpi-bin)" >&2; exit 2; }
[ "$(id -u)" = 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
dir=$(mktemp -d /tmp/mpi-speed.XXXXXX)
trap 'rm -rf "$dir"' EXIT
awk -v want="$positions" '/^#/ { if (n < want) print; next } n < want { print; n++ }' \
  $(for _ in $(seq 1 $(( positions / 1000 + 1 ))); do echo "$data"; done) > "$dir/data.txt"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"

alone() {  # alone NAME COMMAND...
  local name=$1; shift
  echo -n "$name, 1 process: "
  TIMEFORMAT="%R s wall, CPU %U s user + %S s sys"
  { time nice "$@" > /dev/null 2> "$dir/$name-1.log"; } 2>&1
}
ranks() {  # ranks NAME COMMAND...
  local name=$1; shift
  TIMEFORMAT="%R s wall"
  echo -n "$name, 2 ranks: "
  { time nice mpirun -np 2 bash -c 'TIMEFORMAT="rank $OMPI_COMM_WORLD_RANK: CPU %U s user + %S s sys"
      { time "$@" > /dev/null 2> "'"$dir/$name"'-2.$OMPI_COMM_WORLD_RANK.log"; } 2> "'"$dir/$name"'-2.$OMPI_COMM_WORLD_RANK.cpu"' \
      bash "$@"; } 2>&1
  cat "$dir/$name"-2.*.cpu
}
tune=(tune --data "$dir/data.txt" --validation 0 --k 1 --threads 1 --force)
for algo in "hc --iterations 300" "adam --iterations 10"; do
  name=${algo%% *}
  alone "$name" "$jiang" "${tune[@]}" --algo $algo --out "$dir/$name-1.json"
  grep -ho 'this session: .*' "$dir/$name-1.log"
  ranks "$name" "$jiang" "${tune[@]}" --algo $algo --out "$dir/$name-2.json"
  grep -ho 'this session: .*' "$dir/$name-2.0.log"
  cmp -s "$dir/$name-1.json" "$dir/$name-2.json" && echo "$name: the same weights" || echo "$name: OTHER WEIGHTS"
done
selfplay=(selfplay --games "$games" --nodes 5000 --openings "$here/data/openings.fen" --random-plies 4 --seed 12 --threads 1)
alone selfplay "$jiang" "${selfplay[@]}" --out "$dir/games-1.txt"
ranks selfplay "$jiang" "${selfplay[@]}" --out "$dir/games-2.txt"
cmp -s <(tail -n +2 "$dir/games-1.txt") <(tail -n +2 "$dir/games-2.txt") && echo "selfplay: the same games" ||
  echo "selfplay: OTHER GAMES"
