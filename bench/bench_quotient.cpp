// bench_quotient: the misère quotient engine's time and memory, as medians of a few runs.
//
//   bench_quotient                      Q_30(0.07), Dawson's Kayles (order 360), 5 runs
//   bench_quotient RULE N RUNS          Q_N of any heap rule
//
// Times are wall-clock and, in brackets, the process's CPU time: on a shared machine the
// second is the steadier measure of the work done.

#include <grundy/memory.hpp>
#include <grundy/misere/quotient.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  using namespace grundy;
  const std::string rule_text = argc > 1 ? argv[1] : "0.07";
  const auto n = static_cast<heap_size>(argc > 2 ? std::stoul(argv[2]) : 30);
  const int runs = argc > 3 ? std::stoi(argv[3]) : 5;
  const auto rule = heap_rule::parse(rule_text);
  std::vector<double> wall, cpu;
  std::size_t order = 0, candidates = 0; // candidates: reports of candidates tried, all runs
  for (int r = 0; r < runs; ++r) {
    quotient_options options;
    options.on_progress = [&](const quotient_progress& p) { candidates += p.candidates > 0 ? 1 : 0; };
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    const auto q = compute_misere_quotient(rule, n, options);
    cpu.push_back(static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
    wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    order = q.order();
  }
  std::sort(wall.begin(), wall.end());
  std::sort(cpu.begin(), cpu.end());
  fmt::print("Q_{}({}): order {}, median of {} runs {:.2f} s ({:.2f} s CPU), peak resident {:.1f} MB\n", n,
             rule_text, order, runs, wall[wall.size() / 2], cpu[cpu.size() / 2],
             static_cast<double>(peak_memory_bytes()) / 1e6);
  fmt::print("{} candidate reports per run\n", candidates / static_cast<std::size_t>(runs));
}
