// bench_octal: the octal engines' speed and memory, as medians of a few runs.
//
//   bench_octal                                the standard suite (several minutes: the naive run is long)
//   bench_octal compare CODE N RUNS [NAIVE]    naive (NAIVE runs, default RUNS) against sparse on G(0..N-1)
//   bench_octal settle CODE RUNS               time to prove the period (sparse engine, as the CLI runs it)
//   bench_octal speed CODE N RUNS [portable] [held] [-jT]
//                                              sparse throughput and memory on G(0..N-1) on T threads;
//                                              `portable` keeps the proofs off the vector instructions,
//                                              `held` keeps two threads whatever the load (how the
//                                              threads' split itself bears a neighbour)
//   bench_octal search CODE N RUNS             the periodicity search alone on G(0..N-1), which a
//                                              run makes each time its values grow by an eighth
//
// Times are wall-clock and, in brackets, the process's CPU time: on a shared machine the
// second is the steadier measure of the work done.

#include <grundy/memory.hpp>

#include "timing.hpp"
#include <grundy/heap/analysis.hpp>
#include <grundy/octal/naive.hpp>
#include <grundy/octal/sparse.hpp>
#include <grundy/periodicity.hpp>

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

double median_wall(const std::vector<timing>& runs) {
  std::vector<double> wall;
  for (const auto& t : runs)
    wall.push_back(t.wall);
  return median(wall);
}

double median_cpu(const std::vector<timing>& runs) {
  std::vector<double> cpu;
  for (const auto& t : runs)
    cpu.push_back(t.cpu);
  return median(cpu);
}

void print_statistics(const sparse_engine& e, std::size_t n) {
  const auto& st = e.statistics();
  fmt::print(
      "  sparse: mask {}{}, {} rare heaps, {} naive steps, {} blocks, {} full proofs, {:.0f} proof pairs "
      "per heap\n",
      e.split().mask, e.split().heap_parity ? " (heap parity)" : "", e.rare_count(), st.naive_steps,
      st.blocks, st.full_scans, static_cast<double>(st.proof_pairs) / static_cast<double>(n));
  if (st.helper_blocks > 0)
    fmt::print("  second thread: prepared {} blocks of {}, proved {} heaps; the first thread waited for {}\n",
               st.helper_blocks, st.blocks, st.helper_proofs, st.helper_waits);
  if (st.paired_heaps > 0)
    fmt::print("  blocks as they come: {} heaps, {} waits for the other thread, {} late blocks begun again, "
               "{} trials against aimed witnesses\n",
               st.paired_heaps, st.paired_waits, st.paired_retaken, st.pairing_trials);
}

void compare(const std::string& text, std::size_t n, int runs, int naive_runs) {
  const auto code = octal_code::parse(text);
  std::vector<timing> naive, sparse;
  grundy_sequence a, b;
  for (int r = 0; r < naive_runs; ++r)
    naive.push_back(measure([&] { a = naive_values(code, n); }));
  sparse_engine last(code);
  for (int r = 0; r < runs; ++r) {
    sparse_engine e(code);
    sparse.push_back(measure([&] {
      b = {};
      e.extend(b, n);
    }));
    last = e;
  }
  fmt::print("compare {} to {} values: naive {}, sparse {}, CPU ratio {:.0f}x, identical: {}\n", code.str(),
             n, summary(naive), summary(sparse), median_cpu(naive) / median_cpu(sparse),
             a == b ? "yes" : "NO");
  print_statistics(last, n);
}

void settle(const std::string& text, int runs) {
  const auto code = octal_code::parse(text);
  std::vector<timing> times;
  heap_analysis a;
  for (int r = 0; r < runs; ++r)
    times.push_back(measure([&] { a = analyse(code); }));
  if (a.period)
    fmt::print("settle {}: {}, {} values, preperiod {}, period {}, proven {}\n", code.str(), summary(times),
               a.values.size(), a.period->preperiod, a.period->period, a.period->proven);
  else
    fmt::print("settle {}: {}, {} values, no period\n", code.str(), summary(times), a.values.size());
}

void speed(const std::string& text, std::size_t n, int runs, sparse_options options = {}) {
  const auto code = octal_code::parse(text);
  const bool vector_proofs = options.vector_proofs;
  const unsigned threads = options.threads;
  std::vector<timing> times;
  grundy_sequence values;
  sparse_engine last(code, options);
  for (int r = 0; r < runs; ++r) {
    sparse_engine e(code, options);
    times.push_back(measure([&] {
      values = {};
      e.extend(values, n);
    }));
    last = e;
  }
  const double cpu = median_cpu(times);
  fmt::print(
      "speed {} to {} values{}{}: {}, {:.2f} million values per second, {:.2f} per CPU second, max value "
      "{}, {} byte(s) per value stored ({:.1f} MB), peak resident {:.1f} MB\n",
      code.str(), n, vector_proofs ? "" : " (portable proofs)",
      threads > 1 ? fmt::format(", {} threads", threads) : std::string(), summary(times),
      static_cast<double>(n) / median_wall(times) / 1e6, static_cast<double>(n) / cpu / 1e6,
      values.max_value(), values.bytes_per_value(), static_cast<double>(values.memory_bytes()) / 1e6,
      static_cast<double>(peak_memory_bytes()) / 1e6);
  print_statistics(last, n);
}

void search(const std::string& text, std::size_t n, int runs) {
  const auto code = octal_code::parse(text);
  grundy_sequence values;
  sparse_engine(code).extend(values, n);
  std::vector<timing> times;
  std::optional<periodicity> p;
  for (int r = 0; r < runs; ++r)
    times.push_back(measure([&] { p = find_periodicity(values, code); }));
  // Milliseconds: a search on a million values takes a few.
  fmt::print("search {} on {} values: {:.3f} ms (CPU {:.3f} ms), median of {}, {}\n", code.str(), n,
             median_wall(times) * 1e3, median_cpu(times) * 1e3, runs,
             p ? fmt::format("preperiod {}, period {}, saltus {}, proven {}", p->preperiod, p->period,
                             p->saltus, p->proven)
               : std::string("no period"));
}

} // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const auto number = [&](std::size_t i, std::size_t fallback) {
    return i < args.size() ? static_cast<std::size_t>(std::strtoull(args[i].c_str(), nullptr, 10)) : fallback;
  };
  if (args.empty()) {
    compare("0.16", 1'000'000, 3, 1);
    settle("0.376", 3);
    speed("0.6", std::size_t{1} << 24, 3);
    sparse_options two;
    two.threads = 2;
    speed("0.6", std::size_t{1} << 24, 3, two);
  } else if (args[0] == "compare" && args.size() >= 3) {
    const int runs = static_cast<int>(number(3, 3));
    compare(args[1], number(2, 100000), runs, static_cast<int>(number(4, static_cast<std::size_t>(runs))));
  } else if (args[0] == "settle" && args.size() >= 2) {
    settle(args[1], static_cast<int>(number(2, 3)));
  } else if (args[0] == "speed" && args.size() >= 3) {
    sparse_options options;
    for (std::size_t i = 4; i < args.size(); ++i)
      if (args[i] == "portable")
        options.vector_proofs = false;
      else if (args[i] == "held") // both threads whatever the load: how the split itself bears it
        options.busy_cores = [](std::size_t) { return false; };
      else if (args[i].starts_with("-j"))
        options.threads = std::max(static_cast<unsigned>(std::strtoul(args[i].c_str() + 2, nullptr, 10)), 1u);
    speed(args[1], number(2, 1000000), static_cast<int>(number(3, 3)), options);
  } else if (args[0] == "search" && args.size() >= 3) {
    search(args[1], number(2, 1000000), static_cast<int>(number(3, 9)));
  } else {
    fmt::print(stderr, "usage: bench_octal [compare CODE N RUNS [NAIVE] | settle CODE RUNS | speed CODE N "
                       "RUNS [portable] [held] [-jTHREADS] | search CODE N RUNS]\n");
    return 2;
  }
  return 0;
}
