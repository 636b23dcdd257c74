#!/usr/bin/env bash
# Times the graph-file readers on one random graph (200,000 vertices, 10^6 edges) written as an
# edge list, DOT and GraphML (bench/make_graph_files.py): `grundy graph digraph FILE --start v0`
# under /usr/bin/time -v, the median of 3 runs of each, side by side, with each format's ratio
# to the edge list. The command labels the graph too, alike for every format: the differences are
# the readers'.
#
# usage: bench/bench_readers.sh [GRUNDY [OTHER_GRUNDY]]   (default: build/apps/grundy)
# With OTHER_GRUNDY (say, a build of an earlier commit), both are measured on the same files.
set -euo pipefail
cd "$(dirname "$0")/.."
binaries=("${1:-build/apps/grundy}")
if (($# > 1)); then binaries+=("$2"); fi
dir=${GRUNDY_BENCH_DIR:-/tmp/grundy-bench-readers}
if [ ! -f "$dir/graph.graphml" ]; then python3 bench/make_graph_files.py "$dir"; fi
runs=3

median() { sort -n | sed -n "$(((runs + 1) / 2))p"; }

for grundy in "${binaries[@]}"; do
  echo "== $grundy"
  printf '%-10s %9s %10s %12s %9s %7s %7s\n' format wall_s max_rss_MB minor_faults system_s wall_x rss_x
  base_wall="" base_rss=""
  for f in graph.txt graph.dot graph.graphml; do
    walls=() rsss=() faults=() systems=()
    for ((i = 0; i < runs; i++)); do
      log=$(mktemp)
      /usr/bin/time -v "$grundy" graph digraph "$dir/$f" --start v0 --quiet >/dev/null 2>"$log" || {
        tail -n 30 "$log" >&2
        echo "bench: $grundy failed on $f" >&2
        exit 1
      }
      # Elapsed (wall clock) time (h:mm:ss or m:ss): m:ss.cc
      walls+=("$(sed -n 's/.*Elapsed (wall clock) time.*: //p' "$log" | awk -F: '{s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s}')")
      rsss+=("$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log")")
      faults+=("$(sed -n 's/.*Minor (reclaiming a frame) page faults: //p' "$log")")
      systems+=("$(sed -n 's/.*System time (seconds): //p' "$log")")
      rm -f "$log"
    done
    wall=$(printf '%s\n' "${walls[@]}" | median)
    rss=$(printf '%s\n' "${rsss[@]}" | median)
    fault=$(printf '%s\n' "${faults[@]}" | median)
    sys=$(printf '%s\n' "${systems[@]}" | median)
    if [ -z "$base_wall" ]; then base_wall=$wall base_rss=$rss; fi
    awk -v f="${f#graph.}" -v w="$wall" -v r="$rss" -v m="$fault" -v s="$sys" -v bw="$base_wall" -v br="$base_rss" \
      'BEGIN { printf "%-10s %9.2f %10.1f %12d %9.2f %7.2f %7.2f\n", f, w, r / 1024, m, s, w / bw, r / br }'
  done
done
