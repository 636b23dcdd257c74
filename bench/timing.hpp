#pragma once
// What the benchmarks share: one run timed in wall-clock and CPU seconds, and the medians of a
// few runs printed in one line.

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

namespace grundy::bench {

struct timing {
  double wall = 0;
  double cpu = 0;
};

inline timing measure(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  f();
  const std::clock_t c1 = std::clock();
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
          static_cast<double>(c1 - c0) / CLOCKS_PER_SEC};
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// "median wall s (median CPU s) [wall of each run]"
inline std::string summary(const std::vector<timing>& runs) {
  std::vector<double> wall, cpu;
  std::string each;
  for (const auto& t : runs) {
    wall.push_back(t.wall);
    cpu.push_back(t.cpu);
    each += fmt::format("{}{:.3f}", each.empty() ? "" : " ", t.wall);
  }
  return fmt::format("{:.3f} s (CPU {:.3f} s) [{}]", median(wall), median(cpu), each);
}

} // namespace grundy::bench
