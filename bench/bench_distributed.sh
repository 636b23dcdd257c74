#!/usr/bin/env bash
# bench_distributed.sh: grundy graph under mpirun, as medians of a few runs (docs/cluster.md).
#
#   bench/bench_distributed.sh [GRUNDY] [RUNS]
#
# GRUNDY is a grundy built with GRUNDY_MPI (default build/apps/grundy), RUNS the runs per figure
# (default 3). Prints, for tablettes C=5 N=4: the seconds of one process and of 1 and 2 ranks
# (wall, and CPU per rank), each rank's peak memory; then the memory model: a rank's fixed
# memory, bytes per state (without edges) and per edge (what keeping the edges adds), from
# the peaks of 1 and 2 ranks: what halves with the second rank is what the graph takes.
set -euo pipefail
grundy=${1:-build/apps/grundy}
runs=${2:-3}
export OMPI_ALLOW_RUN_AS_ROOT=${OMPI_ALLOW_RUN_AS_ROOT:-1} OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:-1}
cell=(graph tablettes --colors 5 --tablets 4 --quiet)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# The first value of a JSON field (rank 0's comes after the whole run's).
field() { grep -o "\"$1\": [0-9.]*" | head -1 | sed 's/.*: //'; }

# One run: its JSON on stdout; each rank's "rank wall user+sys maxrss" in $scratch/cpu.
run() {
  local ranks=$1
  shift
  rm -f "$scratch"/cpu.*
  if [ "$ranks" = 0 ]; then
    /usr/bin/time -f "0 %e %U %S %M" -o "$scratch/cpu.0" "$grundy" "$@" --format json
  else
    mpirun -q --oversubscribe -np "$ranks" sh -c \
      '/usr/bin/time -f "$OMPI_COMM_WORLD_RANK %e %U %S %M" -o "'"$scratch"'/cpu.$OMPI_COMM_WORLD_RANK" "$0" "$@"' \
      "$grundy" "$@" --format json --rank-stats
  fi
}

report() {
  local label=$1 ranks=$2
  shift 2
  : >"$scratch/seconds"
  : >"$scratch/cpu"
  : >"$scratch/memory"
  for _ in $(seq "$runs"); do
    run "$ranks" "$@" >"$scratch/out"
    field seconds <"$scratch/out" >>"$scratch/seconds"
    cat "$scratch"/cpu.* | awk '{ printf "%.2f\n", $3 + $4 }' >>"$scratch/cpu"
    cat "$scratch"/cpu.* | awk '{ printf "%.1f\n", $5 / 1024 }' >>"$scratch/memory"
  done
  printf '%-28s %8.2f s   CPU per process %6.2f s   peak per process %7.1f MB\n' "$label" \
    "$(median <"$scratch/seconds")" "$(median <"$scratch/cpu")" "$(median <"$scratch/memory")"
}

echo "tablettes C=5 N=4, medians of $runs runs, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
report "one process, 1 thread" 0 "${cell[@]}" --threads 1
report "one process, 2 threads" 0 "${cell[@]}" --threads 2
report "mpirun, 1 rank" 1 "${cell[@]}"
report "mpirun, 2 ranks" 2 "${cell[@]}"

# The memory model. A rank's peak is fixed + (S * state + E * edge) / ranks, for S states and E
# edges; the peaks of 1 and 2 ranks, with and without edges, give the three unknowns.
peak() { run "$@" | field peak_memory_bytes; }
with1=$(peak 1 "${cell[@]}")
with2=$(peak 2 "${cell[@]}")
without1=$(peak 1 "${cell[@]}" --no-edges)
without2=$(peak 2 "${cell[@]}" --no-edges)
awk -v a="$with1" -v b="$with2" -v c="$without1" -v d="$without2" 'BEGIN {
  S = 5021330; E = 67292185
  state = 2 * (c - d) / S
  edge = (2 * (a - b) - S * state) / E
  printf "peak of 1 rank  %.1f MB, of 2 ranks %.1f MB each (without edges: %.1f, %.1f MB)\n",
    a / 1048576, b / 1048576, c / 1048576, d / 1048576
  printf "fixed per rank  %.0f MB\n", (a - S * state - E * edge) / 1048576
  printf "bytes per state %.1f (without edges)\n", state
  printf "bytes per edge  %.1f (what keeping the edges adds, per edge)\n", edge
}'
