#!/usr/bin/env bash
# bench_octal_mpi.sh: one octal sequence under mpirun against one process (docs/cluster.md).
#
#   bench/bench_octal_mpi.sh [GRUNDY] [RUNS] [CODE] [MAX] [RANKS...]
#
# GRUNDY is a grundy built with GRUNDY_MPI (default build/apps/grundy), RUNS the rounds (default
# 3), CODE and MAX the run (default Officers, 0.6, to 2^24), RANKS the job sizes (default 2).
# Each round runs one process with one thread, then each job, interleaved so that a load that
# comes and goes touches them alike. Prints per run the wall seconds, the CPU seconds of all its
# processes, and under mpirun rank 0's --rank-stats line (batch, lag, round trip, messages);
# then the medians, and checks that every run wrote the same values.
set -euo pipefail
grundy=${1:-build/apps/grundy}
runs=${2:-3}
code=${3:-0.6}
max=${4:-16777216}
shift $(($# < 4 ? $# : 4))
jobs=("${@:-2}")
export OMPI_ALLOW_RUN_AS_ROOT=${OMPI_ALLOW_RUN_AS_ROOT:-1} OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:-1}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# One run, $1 ranks (0: one process, one thread): "wall cpu" appended to $scratch/times.$1.
run() {
  local ranks=$1 out="$scratch/values.$1"
  rm -f "$scratch"/cpu.*
  if [ "$ranks" = 0 ]; then
    /usr/bin/time -f "%e %U %S" -o "$scratch/cpu.0" "$grundy" octal "$code" --max "$max" --keep-going -q \
      --threads 1 --out "$out" >/dev/null
    read -r wall user sys <"$scratch/cpu.0"
  else
    local t0 t1
    t0=$(date +%s.%N)
    mpirun -q --oversubscribe -np "$ranks" sh -c \
      '/usr/bin/time -f "%U %S" -o "'"$scratch"'/cpu.$OMPI_COMM_WORLD_RANK" "$0" "$@"' \
      "$grundy" octal "$code" --max "$max" --keep-going -q --rank-stats --out "$out" >/dev/null 2>"$scratch/stats"
    t1=$(date +%s.%N)
    wall=$(echo "$t1 - $t0" | bc)
    user=$(cat "$scratch"/cpu.* | awk '{ s += $1 } END { print s }')
    sys=$(cat "$scratch"/cpu.* | awk '{ s += $2 } END { print s }')
    sed 's/^/    /' "$scratch/stats"
  fi
  local cpu
  cpu=$(echo "$user + $sys" | bc)
  echo "$wall $cpu" >>"$scratch/times.$ranks"
  printf '  %-22s %8.2f s wall %8.2f CPU s\n' "$([ "$ranks" = 0 ] && echo "one process, 1 thread" || echo "mpirun -np $ranks")" \
    "$wall" "$cpu"
  if [ "$ranks" != 0 ] && ! cmp -s "$out" "$scratch/values.0"; then
    echo "mpirun -np $ranks wrote other values than one process" >&2
    exit 1
  fi
}

echo "grundy octal $code --max $max --keep-going, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for ((round = 1; round <= runs; ++round)); do
  echo "round $round"
  run 0
  for ranks in "${jobs[@]}"; do run "$ranks"; done
done
one_wall=$(cut -d' ' -f1 "$scratch/times.0" | median)
one_cpu=$(cut -d' ' -f2 "$scratch/times.0" | median)
printf 'medians: one process %.2f s (%.2f CPU s)\n' "$one_wall" "$one_cpu"
for ranks in "${jobs[@]}"; do
  wall=$(cut -d' ' -f1 "$scratch/times.$ranks" | median)
  cpu=$(cut -d' ' -f2 "$scratch/times.$ranks" | median)
  printf '         mpirun -np %s %.2f s (%.2f CPU s): %.2fx the time of one process\n' "$ranks" "$wall" "$cpu" \
    "$(echo "$wall / $one_wall" | bc -l)"
done
echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
