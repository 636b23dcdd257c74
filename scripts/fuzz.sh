#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (clang, with AddressSanitizer and UndefinedBehavior-
# Sanitizer) under build-fuzz/, replays each target's corpus (tests/fuzz/TARGET/), then fuzzes
# each for a bounded time: GRUNDY_FUZZ_SECONDS, 60 by default, as many targets at once as there
# are cores. New inputs gather in build-fuzz/corpus/; a crash, a failed check, a leak, a
# timeout or a sanitizer report stops with the input saved under build-fuzz/findings/, to become
# a file of the corpus and a regression test. Give target names to run only those.
#
# The mutations follow GRUNDY_FUZZ_SEED (1 by default), so that a run from the committed corpus
# repeats: what a bounded run in CI meets, a longer run here met first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
seconds=${GRUNDY_FUZZ_SECONDS:-60}
seed=${GRUNDY_FUZZ_SEED:-1}
build=build-fuzz
targets=("$@")
if ((${#targets[@]} == 0)); then
  targets=(octal_code positions ranges play checkpoint octal_engines graph_readers heap_rule quotient_file
    web_requests graph_upload)
fi

cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DGRUNDY_BUILD_FUZZ=ON \
  -DGRUNDY_BUILD_TESTS=OFF -DGRUNDY_BUILD_EXAMPLES=OFF -DGRUNDY_BUILD_BENCH=OFF -DGRUNDY_INSTALL=OFF \
  -DGRUNDY_MPI=OFF -DGRUNDY_PYTHON=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${targets[@]/#/fuzz_}"

export ASAN_OPTIONS=detect_leaks=1:check_initialization_order=1:strict_init_order=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-14/bin/llvm-symbolizer
# One target a core at a time: each fuzzer is a single thread, and its seconds are its own. A
# target that passes leaves its line in summary-TARGET, one that fails a failed-TARGET.
fuzz_one() {
  local t=$1 fuzzer="$build/fuzz/fuzz_$1" log="$build/fuzz-$1.log"
  mkdir -p "$build/corpus/$t" "$build/findings/$t"
  if ! "$fuzzer" -runs=0 "tests/fuzz/$t" 2>"$build/replay-$t.log"; then
    cat "$build/replay-$t.log" >&2
    echo "fuzz: fuzz_$t fails on its corpus, tests/fuzz/$t" >&2
    touch "$build/failed-$t"
    return 1
  fi
  if ! "$fuzzer" -seed="$seed" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -dict="fuzz/$t.dict" -artifact_prefix="$build/findings/$t/" -print_final_stats=1 \
    "$build/corpus/$t" "tests/fuzz/$t" >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    echo "fuzz: $t found an input that fails; see $build/findings/$t/" >&2
    touch "$build/failed-$t"
    return 1
  fi
  local runs
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  echo "fuzz_$t: $runs executions in $seconds s, nothing found" >"$build/summary-$t"
}
rm -f "$build"/summary-* "$build"/failed-*
for t in "${targets[@]}"; do
  while (($(jobs -rp | wc -l) >= $(nproc))); do wait -n || true; done
  if compgen -G "$build/failed-*" >/dev/null; then break; fi # no new target after a failure
  fuzz_one "$t" &
done
wait
for t in "${targets[@]}"; do [ -f "$build/summary-$t" ] || exit 1; done
for t in "${targets[@]}"; do printf 'fuzz: %s\n' "$(cat "$build/summary-$t")" >&2; done
