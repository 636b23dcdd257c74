// bench_heap: heap sequences by their fast engines, as medians of a few runs.
//
//   bench_heap                          the standard suite: Grundy's game to 10^6 (3 runs) and its
//                                       cross-check against the generic engine to 10^5
//   bench_heap grundy N RUNS [CHECK]    Grundy's game to N values; CHECK > 0 compares the first
//                                       CHECK values with the generic engine's
//   bench_heap rule RULE N RUNS         any rule parse reads (squares, allbut(1,2), ...)
//
// Times are wall-clock and, in brackets, the process's CPU time: on a shared machine the second
// is the steadier measure of the work done.

#include <grundy/heap/sequence.hpp>
#include <grundy/memory.hpp>

#include "timing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

namespace {

using namespace grundy;

using bench::measure;
using bench::median;
using bench::summary;
using bench::timing;

void run(const heap_rule& rule, std::size_t n, int runs, std::size_t check) {
  std::vector<timing> times;
  grundy_sequence values;
  for (int r = 0; r < runs; ++r)
    times.push_back(measure([&] { values = heap_values(rule, n); }));
  fmt::print("{} to {} values: {}, max value {}, {:.1f} MB of values, peak resident {:.1f} MB\n", rule.str(),
             n, summary(times), values.max_value(), static_cast<double>(values.memory_bytes()) / 1e6,
             static_cast<double>(peak_memory_bytes()) / 1e6);
  if (check == 0) return;
  grundy_sequence reference;
  const auto t = measure([&] { reference = generic_heap_values(rule, check); });
  bool same = true;
  for (std::size_t h = 0; h < check; ++h)
    same = same && reference[h] == values[h];
  fmt::print("  generic engine to {} values: {}, identical: {}\n", check, summary({t}), same ? "yes" : "NO");
  if (!same) std::exit(1);
}

} // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const auto number = [&](std::size_t i, std::size_t fallback) {
    return i < args.size() ? static_cast<std::size_t>(std::stoull(args[i])) : fallback;
  };
  if (args.empty()) {
    run(heap_rule::grundys_game(), 1'000'000, 3, 100'000);
    return 0;
  }
  if (args[0] == "grundy") {
    run(heap_rule::grundys_game(), number(1, 1'000'000), static_cast<int>(number(2, 3)), number(3, 0));
    return 0;
  }
  if (args[0] == "rule" && args.size() >= 2) {
    run(heap_rule::parse(args[1]), number(2, 1'000'000), static_cast<int>(number(3, 3)), 0);
    return 0;
  }
  fmt::print(stderr, "usage: bench_heap [grundy N RUNS [CHECK] | rule RULE N RUNS]\n");
  return 2;
}
