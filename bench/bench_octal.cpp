// bench_octal: the octal engines' speed and memory, as medians of a few runs.
//
//   bench_octal                      the standard suite (several minutes: the naive run is long)
//   bench_octal compare CODE N RUNS  naive against sparse on G(0..N-1)
//   bench_octal settle CODE RUNS     time to prove the period (sparse engine, as the CLI runs it)
//   bench_octal speed CODE N RUNS    sparse throughput and memory on G(0..N-1)

#include <grundy/memory.hpp>
#include <grundy/octal/analysis.hpp>
#include <grundy/octal/naive.hpp>
#include <grundy/octal/sparse.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

using namespace grundy;

double seconds(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

std::string list(const std::vector<double>& v) {
  std::string s;
  for (auto x : v)
    s += fmt::format("{}{:.3f}", s.empty() ? "" : " ", x);
  return s;
}

void compare(const std::string& text, std::size_t n, int runs, int naive_runs) {
  const auto code = octal_code::parse(text);
  std::vector<double> naive, sparse;
  grundy_sequence a, b;
  for (int r = 0; r < naive_runs; ++r)
    naive.push_back(seconds([&] { a = naive_values(code, n); }));
  sparse_engine last(code);
  for (int r = 0; r < runs; ++r) {
    sparse_engine e(code);
    sparse.push_back(seconds([&] {
      b = {};
      e.extend(b, n);
    }));
    last = e;
  }
  const auto& st = last.statistics();
  fmt::print(
      "compare {} to {} values: naive median {:.3f} s [{}], sparse median {:.3f} s [{}], ratio {:.0f}x, "
      "identical: {}\n",
      code.str(), n, median(naive), list(naive), median(sparse), list(sparse), median(naive) / median(sparse),
      a == b ? "yes" : "NO");
  fmt::print(
      "  sparse: mask {}{}, {} rare heaps, {} naive steps, {} full proofs, {:.0f} proof pairs per heap\n",
      last.split().mask, last.split().heap_parity ? " (heap parity)" : "", last.rare_count(), st.naive_steps,
      st.full_scans, static_cast<double>(st.proof_pairs) / static_cast<double>(n));
}

void settle(const std::string& text, int runs) {
  const auto code = octal_code::parse(text);
  std::vector<double> times;
  octal_analysis a;
  for (int r = 0; r < runs; ++r) {
    a = analyse_octal(code);
    times.push_back(a.seconds);
  }
  if (a.period)
    fmt::print("settle {}: median {:.3f} s [{}], {} values, preperiod {}, period {}, proven {}\n", code.str(),
               median(times), list(times), a.values.size(), a.period->preperiod, a.period->period,
               a.period->proven);
  else
    fmt::print("settle {}: median {:.3f} s [{}], {} values, no period\n", code.str(), median(times),
               list(times), a.values.size());
}

void speed(const std::string& text, std::size_t n, int runs) {
  const auto code = octal_code::parse(text);
  std::vector<double> times;
  grundy_sequence values;
  sparse_engine last(code);
  for (int r = 0; r < runs; ++r) {
    sparse_engine e(code);
    times.push_back(seconds([&] {
      values = {};
      e.extend(values, n);
    }));
    last = e;
  }
  const double t = median(times);
  fmt::print("speed {} to {} values: median {:.3f} s [{}], {:.2f} million values/s, max value {}, "
             "{} byte(s) per value stored ({:.1f} MB), peak resident {:.1f} MB\n",
             code.str(), n, t, list(times), static_cast<double>(n) / t / 1e6, values.max_value(),
             values.bytes_per_value(), static_cast<double>(values.memory_bytes()) / 1e6,
             static_cast<double>(peak_memory_bytes()) / 1e6);
  fmt::print("  sparse: mask {}, {} rare heaps, {} full proofs, {:.0f} proof pairs per heap\n",
             last.split().mask, last.rare_count(), last.statistics().full_scans,
             static_cast<double>(last.statistics().proof_pairs) / static_cast<double>(n));
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
  } else if (args[0] == "compare" && args.size() >= 3) {
    const int runs = static_cast<int>(number(3, 3));
    compare(args[1], number(2, 100000), runs, runs);
  } else if (args[0] == "settle" && args.size() >= 2) {
    settle(args[1], static_cast<int>(number(2, 3)));
  } else if (args[0] == "speed" && args.size() >= 3) {
    speed(args[1], number(2, 1000000), static_cast<int>(number(3, 3)));
  } else {
    fmt::print(stderr, "usage: bench_octal [compare CODE N RUNS | settle CODE RUNS | speed CODE N RUNS]\n");
    return 2;
  }
  return 0;
}
