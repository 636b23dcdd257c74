#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (clang, with AddressSanitizer and UndefinedBehavior-
# Sanitizer) under build-fuzz/, replays each target's corpus (tests/fuzz/TARGET/), then fuzzes
# each for a bounded time: GRUNDY_FUZZ_SECONDS, 60 by default. New inputs gather in
# build-fuzz/corpus/; a crash, a failed check, a leak, a timeout or a sanitizer report stops
# with the input saved under build-fuzz/findings/, to become a file of the corpus and a
# regression test. Give target names to run only those.
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

# The compiler cache, when the machine has one: a second run rebuilds only what changed.
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++-14 "${launcher[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DGRUNDY_BUILD_FUZZ=ON \
  -DGRUNDY_BUILD_TESTS=OFF -DGRUNDY_BUILD_EXAMPLES=OFF -DGRUNDY_BUILD_BENCH=OFF -DGRUNDY_INSTALL=OFF \
  -DGRUNDY_MPI=OFF -DGRUNDY_PYTHON=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${targets[@]/#/fuzz_}"

export ASAN_OPTIONS=detect_leaks=1:check_initialization_order=1:strict_init_order=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-14/bin/llvm-symbolizer
summary=()
for t in "${targets[@]}"; do
  fuzzer="$build/fuzz/fuzz_$t"
  mkdir -p "$build/corpus/$t" "$build/findings/$t"
  "$fuzzer" -runs=0 "tests/fuzz/$t" 2>"$build/replay-$t.log" || {
    cat "$build/replay-$t.log" >&2
    exit 1
  }
  log="$build/fuzz-$t.log"
  if ! "$fuzzer" -seed="$seed" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -dict="fuzz/$t.dict" -artifact_prefix="$build/findings/$t/" -print_final_stats=1 \
    "$build/corpus/$t" "tests/fuzz/$t" >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    echo "fuzz: $t found an input that fails; see $build/findings/$t/" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  summary+=("fuzz_$t: $runs executions in $seconds s, nothing found")
done
printf 'fuzz: %s\n' "${summary[@]}" >&2
